// How the command line treats a person who mistypes: one hint and one line on where
// help is (never the whole usage), errors that name the option, help as JSON in
// --json mode, and completions generated from the same definitions.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CAIRN, cairn, cairnJson } from '../helpers/cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'cairn-manners-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('usage errors', () => {
  it('a mistyped command prints the hint and one line on help, not the usage', () => {
    const run = cairn(['serach', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("error: unknown command 'serach'\n(Did you mean search?)\nRun 'cairn --help' for the commands, 'cairn <command> --help' for one.\n");
    expect(run.stdout).toBe('');
  });

  it("a command's usage error points at that command's help", () => {
    const run = cairn(['search', '--lim', '3', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("error: unknown option '--lim'\n(Did you mean --limit?)\nRun 'cairn search --help' for its usage.\n");
    const nested = cairn(['hooks', 'install', '--bogus']);
    expect(nested.stderr).toMatch(/Run 'cairn hooks install --help' for its usage\.\n$/);
    expect(nested.stderr).not.toMatch(/Usage:/);
  });

  it('an over-long argument is named by the option or placeholder it fills', () => {
    const long = 'a'.repeat(1000);
    expect(cairn(['search', long]).stderr).toBe('cairn: <query> is 1000 bytes long; the bound on an argument is 900 bytes\n');
    expect(cairn(['search', 'x', '--in', long]).stderr).toBe('cairn: the value of --in is 1000 bytes long; the bound on an argument is 900 bytes\n');
    const json = cairnJson(['-C', scratch, 'callers', `--in=${long}`, 'x']);
    expect(json.code).toBe(2);
    expect(json.body.warnings[0].message).toBe('the value of --in is 1005 bytes long; the bound on an argument is 900 bytes');
  });
});

describe('--json --help', () => {
  it('prints the command definition as one envelope', () => {
    const root = cairnJson(['--help']);
    expect(root.code).toBe(0);
    expect(root.body.command).toBe('help');
    expect(root.body.data.commands.map((c: { name: string }) => c.name)).toContain('search');
    const search = cairnJson(['search', '--help']);
    expect(search.body.data.usage).toBe('cairn search [options] <query>');
    expect(search.body.data.arguments).toEqual([{ name: 'query', description: 'a name or part of one', required: true, variadic: false }]);
    expect(search.body.data.options.map((o: { long: string }) => o.long)).toContain('--limit');
    expect(cairnJson(['help', 'hooks', 'install']).body.data.usage).toBe('cairn hooks install [options]');
  });
});

describe('cairn completion', () => {
  const script = (shell: string) => cairn(['completion', shell]);

  it('bash: the generated function completes commands, subcommands, options and choices', () => {
    const file = join(scratch, 'cairn.bash');
    writeFileSync(file, script('bash').stdout);
    const complete = (...words: string[]) =>
      spawnSync('bash', ['-c', `source ${JSON.stringify(file)}; COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _cairn; printf '%s\\n' "\${COMPREPLY[@]}"`, 'bash', 'cairn', ...words], {
        encoding: 'utf8',
      }).stdout.trim().split('\n');
    expect(complete('se')).toEqual(['search', 'serve']);
    expect(complete('hooks', 'in')).toEqual(['install']);
    expect(complete('hooks', 'install', '--c')).toEqual(['--claude', '--codex']);
    expect(complete('search', 'x', '--li')).toEqual(['--limit']);
    expect(complete('search', 'x', '--js')).toEqual(['--json']);
    expect(complete('completion', '')).toEqual(['bash', 'zsh', 'fish']);
  });

  it('zsh and fish: every command and option of the definitions appears', () => {
    const commands = cairnJson(['--help']).body.data.commands as Array<{ name: string; options: Array<{ long?: string }> }>;
    const zsh = script('zsh').stdout;
    const fish = script('fish').stdout;
    expect(zsh).toMatch(/^#compdef cairn\n/);
    for (const command of commands) {
      expect(zsh).toContain(`'${command.name}:`);
      expect(fish).toContain(`-a ${command.name} -d`);
      for (const option of command.options) if (option.long) expect(fish).toContain(`-l ${option.long.slice(2)}`);
    }
  });

  it('an unknown shell is a usage error listing the shells', () => {
    const run = cairn(['completion', 'tcsh']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Allowed choices are bash, zsh, fish\./);
  });
});

describe('an index of nothing says why', () => {
  const folder = (name: string, files: Record<string, string>) => {
    const root = join(scratch, name);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    mkdirSync(root, { recursive: true });
    return root;
  };

  it('init in an empty folder says no file has an extension cairn parses', () => {
    const run = cairn(['init', '-C', folder('empty', {})]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Indexed 0 files/);
    const listed = /\[nothing_indexed\] nothing indexed: no file here has an extension cairn parses \(([^)]*)\)/.exec(run.stdout)?.[1].split(' ');
    expect(listed).toEqual(expect.arrayContaining(['.ts', '.rs', '.go', '.py', '.java', '.c', '.cpp']));
  });

  it('init where the ignore rules exclude everything names the count and the rule (a walk outside git)', () => {
    const root = folder('ignored', { '.gitignore': '# everything\n/*\n', 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': '', 'tools/c.py': 'x = 1\n', 'README.md': '' });
    const run = cairnJson(['init', '-C', root]);
    expect(run.code).toBe(0);
    expect(run.body.data.files.inventoried).toBe(0);
    expect(run.body.warnings).toEqual([
      {
        code: 'nothing_indexed',
        message: 'nothing indexed: the ignore rules left out 3 source files (`/*` in .gitignore:2 took 3)',
        ignored: 3,
        rules: [{ rule: '/*', source: '.gitignore:2', files: 3 }],
        library: 0,
      },
    ]);
  });

  it('in a git work tree the rules are git\'s own, and library folders are counted apart', () => {
    const root = folder('git-ignored', { '.gitignore': 'src/\n', 'src/a.ts': '', 'src/b.ts': '', 'vendor/v.go': 'package v\n' });
    spawnSync('git', ['init', '-q', '.'], { cwd: root });
    const run = cairn(['init', '-C', root]);
    expect(run.stdout).toMatch(/nothing indexed: the ignore rules left out 2 source files \(`src\/` in \.gitignore:1 took 2\); 1 source file in library or dot folders \(--include-library indexes them\)/);
  });

  it('sync without an index fails and leaves the folder as it was', () => {
    const root = folder('no-index', { 'a.ts': 'export const a = 1;\n' });
    const run = cairn(['sync', '-C', root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('cairn sync: no index here yet: run `cairn init` first\n');
    expect(readdirSync(root)).toEqual(['a.ts']);
  });
});

describe('serve --json', () => {
  it('prints the envelope once it listens, and a failure as an envelope too', async () => {
    const server = spawn(process.execPath, [CAIRN, 'serve', '--json', '--listen', '127.0.0.1:0', '--data', join(scratch, 'server')], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.includes('\n')) resolve(out);
        });
        server.once('exit', () => reject(new Error(`serve exited: ${out}`)));
      });
      const body = JSON.parse(line);
      expect(body).toMatchObject({ contract_version: '0.3', command: 'serve', ok: true, warnings: [], next_action: 'none' });
      expect(body.data).toEqual({ listening: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), storage: 'lmdb', token_required: false });
      expect(line.split('\n')).toEqual([line.trim(), '']);
    } finally {
      server.kill('SIGTERM');
    }
    const refused = cairnJson(['serve', '--data', 'a', '--database', 'b', '-C', scratch]);
    expect(refused.code).toBe(2);
    expect(refused.body).toMatchObject({ command: 'serve', ok: false, warnings: [{ code: 'invalid_argument', message: 'give --data or --database, not both' }] });
  });
});

describe('enumerated options are checked', () => {
  it('a value outside the list is a usage error that lists the allowed values', () => {
    const cases: Array<[string[], RegExp]> = [
      [['search', 'x', '--kind', 'bogus'], /Allowed choices are function, method, constructor, class, struct, .*config\./],
      [['files', '--status', 'bogus'], /Allowed choices are ok, too_large, binary, not_utf8, parse_error, unreadable\./],
      [['impact', 'x', '--direction', 'bogus'], /--direction must be callers, callees or both \(got "bogus"\)/],
      [['impact', 'x', '--format', 'bogus'], /--format must be text, dot, mermaid, html \(got "bogus"\)/],
      [['export', '--format', 'bogus'], /unknown export format "bogus" \(supported: jsonl, graph-push\)/],
      [['unresolved', '--reason', 'bogus'], /--reason takes missing_target, ambiguous_target/],
      [['completion', 'bogus'], /Allowed choices are bash, zsh, fish\./],
    ];
    for (const [args, message] of cases) {
      const run = cairnJson([...args, '-C', scratch]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.body.warnings[0].code).toBe('invalid_argument');
      expect(run.body.warnings[0].message).toMatch(message);
    }
  });
});
