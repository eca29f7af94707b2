// Corpora taken from Debian binary packages that ship sources (Ruby gems, PHP libraries):
// the package at an exact version is downloaded with `apt-get download` and unpacked with
// `dpkg-deb -x` under the temp directory, once; nothing is installed. A golden set or a
// benchmark names such a corpus as { package, version, root }: `root` is the folder inside
// the package that holds the sources (`usr/lib/ruby/vendor_ruby`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * @typedef {object} DebianCorpus
 * @property {string} package
 * @property {string} version
 * @property {string} root  folder inside the package holding the sources
 */

function run(command, args, cwd) {
  const res = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (res.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${res.status ?? res.signal}): ${(res.stderr ?? '').slice(-800)}`);
  return res.stdout;
}

/** The sources folder of a Debian package at a version, fetched and unpacked on first use. */
export function debianCorpus(/** @type {DebianCorpus} */ spec) {
  const base = join(tmpdir(), 'cairn-debian-corpora', `${spec.package}_${spec.version}`);
  const sources = join(base, 'tree', spec.root);
  if (existsSync(sources)) return sources;
  rmSync(base, { recursive: true, force: true });
  const download = join(base, 'download');
  mkdirSync(download, { recursive: true });
  run('apt-get', ['download', `${spec.package}=${spec.version}`], download);
  const deb = readdirSync(download).find((f) => f.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${spec.package}=${spec.version} left no .deb`);
  const unpacked = join(base, 'unpacking');
  run('dpkg-deb', ['-x', join(download, deb), unpacked]);
  renameSync(unpacked, join(base, 'tree'));
  if (!existsSync(sources)) throw new Error(`${spec.package} ${spec.version} has no ${spec.root}`);
  return sources;
}
