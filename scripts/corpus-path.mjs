// Where an installed corpus lies, installing it first when it is missing. The corpora
// script is the shared one beside the repository unless CAIRN_CORPORA_INSTALLER names another.
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const installer = process.env.CAIRN_CORPORA_INSTALLER ?? resolve(repo, '..', 'shared', 'corpora', 'install.sh');

const sh = (args) => execFileSync('bash', [installer, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 }).trim();

export function corpusPath(name) {
  try {
    return sh(['--path', name]);
  } catch {
    process.stderr.write(`installing corpus ${name}…\n`);
    const out = sh([name]);
    return out.split('\n').find((l) => l.startsWith(`${name}\t`))?.split('\t')[1] ?? sh(['--path', name]);
  }
}
