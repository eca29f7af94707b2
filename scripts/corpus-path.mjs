// Where an installed corpus lies, installing it first when it is missing. The corpora
// script is the shared one beside the repository unless CAIRN_CORPORA_INSTALLER names another;
// a folder named after the corpus in CAIRN_CORPORA_DIR (a project unpacked at a recorded
// commit, for languages the installer has no corpus of) comes first.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const installer = process.env.CAIRN_CORPORA_INSTALLER ?? resolve(repo, '..', 'shared', 'corpora', 'install.sh');

const sh = (args) => execFileSync('bash', [installer, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 }).trim();

/** The corpus folder of that name in CAIRN_CORPORA_DIR, if there is one. */
export function localCorpus(name) {
  const dir = process.env.CAIRN_CORPORA_DIR;
  return dir && existsSync(join(dir, name)) ? resolve(dir, name) : undefined;
}

export function corpusPath(name) {
  const local = localCorpus(name);
  if (local) return local;
  try {
    return sh(['--path', name]);
  } catch {
    process.stderr.write(`installing corpus ${name}…\n`);
    const out = sh([name]);
    return out.split('\n').find((l) => l.startsWith(`${name}\t`))?.split('\t')[1] ?? sh(['--path', name]);
  }
}
