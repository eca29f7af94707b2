// Corpora at a pinned commit of a public repository, named `github:<owner>/<repo>@<commit>`
// (in a golden set, or to the benchmark). Nothing is fetched: the environment variable
// CAIRN_CORPUS_<REPO> (REPO upper-cased, other characters as `_`) names a folder holding
// that commit's files (`git archive <commit> | tar -x -C <folder>`).
import { existsSync } from 'node:fs';

/** Whether a corpus name is a pinned repository. */
export function isGithubCorpus(name) {
  return name.startsWith('github:');
}

/** The folder of a `github:` corpus. */
export function githubCorpus(name) {
  const spec = name.slice('github:'.length);
  const repo = spec.split('@')[0].split('/').pop() ?? spec;
  const variable = `CAIRN_CORPUS_${repo.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  const dir = process.env[variable];
  if (!dir || !existsSync(dir)) throw new Error(`corpus ${name}: set ${variable} to a folder holding that commit's files`);
  return dir;
}
