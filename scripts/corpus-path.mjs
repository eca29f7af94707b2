// Where an installed corpus lies, installing it first when it is missing. The corpora
// script is the shared one beside the repository unless CAIRN_CORPORA_INSTALLER names another.
// A corpus that script does not know (a project fetched at a recorded commit) is read from
// $CAIRN_CORPORA_DIR/<name> when that folder exists.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const installer = process.env.CAIRN_CORPORA_INSTALLER ?? resolve(repo, '..', 'shared', 'corpora', 'install.sh');

const sh = (args) => execFileSync('bash', [installer, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 }).trim();

export function corpusPath(name) {
  const local = process.env.CAIRN_CORPORA_DIR ? join(resolve(process.env.CAIRN_CORPORA_DIR), name) : undefined;
  if (local && existsSync(local)) return local;
  try {
    return sh(['--path', name]);
  } catch {
    process.stderr.write(`installing corpus ${name}…\n`);
    const out = sh([name]);
    return out.split('\n').find((l) => l.startsWith(`${name}\t`))?.split('\t')[1] ?? sh(['--path', name]);
  }
}
