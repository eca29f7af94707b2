// Fixture workspaces written by tests into temp dirs, optionally as git repositories.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface Fixture {
  root: string;
  write(path: string, content: string | Buffer): void;
  git(...args: string[]): string;
  commit(message?: string): string;
  remove(): void;
}

/** `options.root`: an empty or missing directory to use instead of a new temp dir. */
export function makeFixture(files: Record<string, string | Buffer> = {}, options: { git?: boolean; root?: string } = {}): Fixture {
  const root = options.root ?? mkdtempSync(join(tmpdir(), 'cairn-fixture-'));
  mkdirSync(root, { recursive: true });
  const fixture: Fixture = {
    root,
    write(path, content) {
      const full = join(root, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
    },
    git(...args) {
      return execFileSync('git', args, {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'cairn test',
          GIT_AUTHOR_EMAIL: 'test@example.invalid',
          GIT_COMMITTER_NAME: 'cairn test',
          GIT_COMMITTER_EMAIL: 'test@example.invalid',
          GIT_CONFIG_NOSYSTEM: '1',
        },
      }).trim();
    },
    commit(message = 'change') {
      fixture.git('add', '-A');
      fixture.git('commit', '-q', '--no-gpg-sign', '-m', message);
      return fixture.git('rev-parse', 'HEAD');
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
  for (const [path, content] of Object.entries(files)) fixture.write(path, content);
  if (options.git) {
    fixture.git('init', '-q', '-b', 'main');
    fixture.commit('initial');
  }
  return fixture;
}
