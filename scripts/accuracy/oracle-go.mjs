// The Go oracle's node side: builds the go/types program in oracle-go/, lays a corpus
// out as a GOPATH (the copy at src/<module path from go.mod>, its dependencies from
// Debian's Go sources) and runs the program over it. GOPATH mode and no network: the
// go command never fetches a module here.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// cairn's own go.mod reader (the harness runs after `npm run build`).
import { goModulePath } from '../../dist/parsers/go/module-config.js';

const PROGRAM_DIR = join(dirname(fileURLToPath(import.meta.url)), 'oracle-go');
/** Where Debian's golang-*-dev packages install their sources. */
export const DEBIAN_GOPATH = '/usr/share/gocode';

/**
 * Go corpora the oracle measures: an install name, and where inside it the module lies.
 * client-go is Kubernetes' client library, staged in the Kubernetes source tree; its
 * sibling staged modules and the tree's vendor folder supply what it imports.
 */
export const GO_CORPORA = {
  'go-cobra': { install: 'go-cobra' },
  'go-x-tools': { install: 'go-x-tools' },
  'go-client-go': { install: 'go-kubernetes', sub: 'staging/src/k8s.io/client-go', gopaths: ['staging/src', 'vendor'] },
};

/** Installs Debian's Go when the go command is missing (needs root, as the corpora do). */
export function ensureGo() {
  if (spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0) return;
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const res = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'golang-go'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (res.status !== 0) throw new Error('the go command is missing and golang-go could not be installed');
}

/** The environment every go invocation here runs in: GOPATH mode, no network. */
export function goEnv(gopath, work) {
  return { ...process.env, GO111MODULE: 'off', GOFLAGS: '', GOPROXY: 'off', GOPATH: gopath, GOCACHE: process.env.GOCACHE ?? join(work, 'gocache') };
}

/** Builds the oracle program into `work`; returns the binary's path. */
export function buildOracle(work) {
  ensureGo();
  const binary = join(work, 'oracle-go');
  const res = spawnSync('go', ['build', '-o', binary, '.'], { cwd: PROGRAM_DIR, env: goEnv(DEBIAN_GOPATH, work), encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`building the Go oracle failed: ${res.stderr}`);
  return binary;
}

/**
 * The GOPATH for a corpus whose copy lies at `<work>/gopath/src/<module>`: the copy's
 * own GOPATH first, then folders of the source tree that hold its imports (each
 * linked as `src` of a GOPATH entry of its own), then Debian's Go sources.
 */
export function corpusGopath(work, tree, extra = []) {
  const entries = [join(work, 'gopath')];
  extra.forEach((folder, i) => {
    const entry = join(work, `gopath-${i}`);
    mkdirSync(entry, { recursive: true });
    if (!existsSync(join(entry, 'src'))) symlinkSync(join(tree, folder), join(entry, 'src'));
    entries.push(entry);
  });
  entries.push(DEBIAN_GOPATH);
  return entries.join(':');
}

/** Reads the module path of a corpus from its go.mod. */
export function corpusModule(root) {
  const goMod = join(root, 'go.mod');
  const module = existsSync(goMod) ? goModulePath(readFileSync(goMod, 'utf8')) : undefined;
  if (!module) throw new Error(`${root} has no go.mod naming its module`);
  return module;
}

/** Runs the oracle over `root`, writing sites to `outFile`; returns its summary. */
export function runGoOracle(binary, root, outFile, gopath, work) {
  const res = spawnSync(binary, [root, outFile], { env: goEnv(gopath, work), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`Go oracle failed (${res.status ?? res.signal}): ${(res.stderr ?? '').slice(-2000)}`);
  return JSON.parse(res.stdout.trim().split('\n').pop());
}
