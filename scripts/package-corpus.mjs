// Corpora that the shared corpus script does not install, named (in a golden set, or
// to the benchmark) by where they come from:
//   debian:<package>          the package's files, installed with apt-get when missing
//                             (as root), copied out of the system with their paths from
//                             their common folder on (docs and manuals left out)
//   github:<owner>/<repo>@<commit>
//                             a checkout of that commit, whose folder the environment
//                             variable CAIRN_CORPUS_<REPO> names (REPO upper-cased, other
//                             characters as `_`): `git archive <commit> | tar -x -C <dir>`
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';

/** Whether a corpus name is one this module provides. */
export function isPackageCorpus(name) {
  return name.startsWith('debian:') || name.startsWith('github:');
}

/** The folder of a `debian:` or `github:` corpus. */
export function packageCorpusPath(name) {
  if (name.startsWith('github:')) return githubCorpus(name.slice('github:'.length));
  return debianCorpus(name.slice('debian:'.length));
}

function githubCorpus(spec) {
  const repo = spec.split('@')[0].split('/').pop() ?? spec;
  const variable = `CAIRN_CORPUS_${repo.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  const dir = process.env[variable];
  if (!dir || !existsSync(dir)) throw new Error(`corpus github:${spec}: set ${variable} to a checkout of that commit`);
  return dir;
}

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, out: result.stdout ?? '', err: result.stderr ?? '' };
}

function debianCorpus(pkg) {
  if (!/^[a-z0-9][a-z0-9.+-]*$/.test(pkg)) throw new Error(`not a Debian package name: ${pkg}`);
  let version = run('dpkg-query', ['-W', '-f', '${Version}', pkg]);
  if (!version.ok || version.out === '') {
    const install = run('apt-get', ['install', '-y', '--no-install-recommends', pkg]);
    if (!install.ok) throw new Error(`apt-get install ${pkg} failed: ${install.err.slice(-500)}`);
    version = run('dpkg-query', ['-W', '-f', '${Version}', pkg]);
  }
  const dir = join(tmpdir(), 'cairn-package-corpora', `${pkg}_${version.out.replace(/[^A-Za-z0-9.+-]/g, '_')}`);
  if (existsSync(join(dir, '.complete'))) return dir;
  const files = run('dpkg', ['-L', pkg]).out.split('\n').filter((path) => {
    if (path === '' || /\/share\/(doc|man|lintian|info)\//.test(path)) return false;
    try {
      return lstatSync(path).isFile(); // links and folders left out: each file once
    } catch {
      return false;
    }
  });
  if (files.length === 0) throw new Error(`package ${pkg} has no files to measure`);
  let root = dirname(files[0]);
  while (!files.every((f) => f.startsWith(`${root}${sep}`))) root = dirname(root);
  // The common folder itself is kept: it is often the package's name in its language's
  // module paths (`pl/utils.lua` is `require "pl.utils"`).
  root = dirname(root);
  rmSync(dir, { recursive: true, force: true });
  for (const file of files) {
    const to = join(dir, relative(root, file));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(file, to);
    spawnSync('chmod', ['--reference', file, to]);
  }
  writeFileSync(join(dir, '.complete'), `${pkg} ${version.out}\n`);
  return dir;
}
