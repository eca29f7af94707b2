// The Rust oracle's node side: builds a corpus copy with Debian's rustc (1.63, the last
// with save-analysis; RUSTC_BOOTSTRAP lets a stable compiler take `-Z` flags) and cargo,
// offline, its dependencies from Debian's crate sources (/usr/share/cargo/registry, a
// "directory" source), then reads the analysis rustc wrote (oracle-rust/sites.mjs).
// The harness installs rustc, cargo and the corpus's crate packages when missing. A
// newer rustc earlier on the PATH is never used: the Debian binaries are called by path.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RustOracle } from './oracle-rust/sites.mjs';

export const DEBIAN_RUSTC = '/usr/bin/rustc';
export const DEBIAN_CARGO = '/usr/bin/cargo';
const DEBIAN_CRATES = '/usr/share/cargo/registry';

/**
 * Rust corpora the oracle measures: an install name and the Debian crate packages the
 * build needs beyond those the corpus's own package pulls in (regex's default
 * `perf-literal` feature needs aho-corasick, which librust-regex-dev does not depend on).
 * `cargo test --no-run` builds the library, its unit tests, integration tests and examples.
 */
export const RUST_CORPORA = {
  'rust-regex': { install: 'rust-regex', packages: ['librust-aho-corasick-dev'] },
};

const installed = (pkg) => spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.includes('install ok installed');

/** Installs Debian's rustc, cargo and the corpus's crate packages when missing (needs root, as the corpora do). */
export function ensureRust(spec) {
  const missing = [];
  if (!existsSync(DEBIAN_RUSTC)) missing.push('rustc');
  if (!existsSync(DEBIAN_CARGO)) missing.push('cargo');
  missing.push(...spec.packages.filter((pkg) => !installed(pkg)));
  if (missing.length === 0) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const res = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
  if (res.status !== 0) throw new Error(`could not install ${missing.join(', ')}`);
}

/** Cargo's home for the build: crates.io replaced by Debian's crate sources, no network. */
function writeCargoHome(home) {
  mkdirSync(home, { recursive: true });
  writeFileSync(
    join(home, 'config.toml'),
    ['[source.crates-io]', 'replace-with = "debian"', '[source.debian]', `directory = "${DEBIAN_CRATES}"`, '[net]', 'offline = true', ''].join('\n'),
  );
}

/**
 * Builds `root` with save-analysis into `work/target` and runs the oracle, writing sites
 * to `outFile`; returns its summary. The copy is left as it was (cargo's lock file removed).
 */
export function runRustOracle(root, work, outFile, spec) {
  ensureRust(spec);
  const home = join(work, 'cargo-home');
  const target = join(work, 'target');
  writeCargoHome(home);
  const hadLock = existsSync(join(root, 'Cargo.lock'));
  const env = {
    ...process.env,
    CARGO_HOME: home,
    CARGO_TARGET_DIR: target,
    RUSTC: DEBIAN_RUSTC,
    RUSTC_BOOTSTRAP: '1',
    RUSTFLAGS: '-Zsave-analysis',
    CARGO_BUILD_JOBS: '2',
  };
  delete env.RUSTUP_TOOLCHAIN;
  delete env.RUSTC_WRAPPER;
  const build = spawnSync(DEBIAN_CARGO, ['test', '--no-run', '--offline', '--quiet'], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (!hadLock) rmSync(join(root, 'Cargo.lock'), { force: true });
  if (build.status !== 0) throw new Error(`cargo test --no-run failed (${build.status ?? build.signal}): ${(build.stderr ?? '').slice(-2000)}`);
  const t0 = Date.now();
  // Libraries and tests write their analysis under deps/, examples under examples/.
  const dirs = ['deps', 'examples'].map((d) => join(target, 'debug', d, 'save-analysis')).filter((d) => existsSync(d));
  const summary = writeRustSites(root, dirs, outFile);
  const version = spawnSync(DEBIAN_RUSTC, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return { ...summary, ms: Date.now() - t0, config: `${version} -Zsave-analysis, cargo test --no-run offline over Debian's crate sources` };
}

/** Reads every save-analysis file of `dirs` and writes the corpus's call sites to `outFile`, one JSON line each. */
export function writeRustSites(root, dirs, outFile) {
  const files = dirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => join(dir, f)));
  const analyses = files.map((f) => JSON.parse(readFileSync(f, 'utf8')));
  const oracle = new RustOracle(root, analyses).run();
  const sites = oracle.sortedSites();
  writeFileSync(outFile, sites.map((s) => `${JSON.stringify(s)}\n`).join(''));
  const classes = {};
  for (const s of sites) classes[s.class] = (classes[s.class] ?? 0) + 1;
  return {
    files: new Set(sites.map((s) => s.file)).size,
    crates: [...oracle.crates].sort(),
    sites: sites.length,
    classes,
    patterns_left_out: oracle.patternsLeftOut,
    refs_without_token: oracle.refsWithoutToken,
  };
}
