// This build and, with --compare REV, REV's build, each on a copy of its own of a
// corpus, measured in alternating rounds so that both see the same moments of the
// machine. The command line of the narrower benchmarks: CORPUS [--rounds N] [--compare REV].
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRevision } from './build-revision.mjs';
import { corpusPath } from './corpus-path.mjs';
import { takeOption } from './take-option.mjs';

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** `{ corpus, rounds, compareRev }` from this process's arguments; `script` names it in the usage error. */
export function benchArguments(script) {
  const argv = process.argv.slice(2);
  const rounds = Number(takeOption(argv, '--rounds', '3'));
  const compareRev = takeOption(argv, '--compare', undefined);
  const [corpus] = argv;
  if (!corpus) throw new Error(`usage: ${script} CORPUS [--rounds N] [--compare REV]`);
  return { corpus, rounds, compareRev };
}

/**
 * Runs `rounds` rounds; in each, every build measures once. `prepare(root, dir)` is
 * called once per build (its checkout and its copy of the corpus) and returns the
 * measurement, sync or async. Returns `[{ name, rounds: [results] }]`, this build first.
 */
export async function alternatingBuilds({ corpus, rounds, compareRev }, prepare) {
  const scratch = mkdtempSync(join(tmpdir(), 'cairn-bench-builds-'));
  const other = compareRev ? buildRevision(repo, compareRev) : null;
  try {
    const builds = [{ name: 'this build', root: repo }, ...(other ? [{ name: compareRev, root: other.dir }] : [])];
    for (const build of builds) {
      const dir = join(scratch, build.name.replace(/\W/g, '_'));
      cpSync(corpusPath(corpus), dir, { recursive: true });
      build.measure = await prepare(build.root, dir);
      build.rounds = [];
    }
    for (let r = 0; r < rounds; r++) for (const build of builds) build.rounds.push(await build.measure());
    return builds.map(({ name, rounds: results }) => ({ name, rounds: results }));
  } finally {
    other?.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  }
}
