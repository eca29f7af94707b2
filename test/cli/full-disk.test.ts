// A full disk during init or sync is named as one (exit 1, one line), the previous
// index is left as it was, and the half-built environment and the lock are removed;
// with 4 KiB free nothing crashes. The disk is real: a small tmpfs mounted on the
// workspace's `.cairn/` inside a private user and mount namespace (`unshare`), so the
// test needs no privileges and leaves no mount behind.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CAIRN } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let fx: Fixture;
let out: string;

beforeAll(() => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 160; i++) {
    files[`src/m${i}.ts`] = Array.from({ length: 12 }, (_, j) => `export function f${i}_${j}(x: number) { return f${i}_${(j + 1) % 12}(x) + ${j}; }\n`).join('');
  }
  fx = makeFixture(files, { git: true });
  mkdirSync(join(fx.root, '.cairn'));
  out = mkdtempSync(join(tmpdir(), 'cairn-full-disk-'));
});
afterAll(() => {
  fx.remove();
  rmSync(out, { recursive: true, force: true });
});

/**
 * One shell run inside the namespace (the mount lives as long as it): a first init on
 * a 4 MiB disk, then init with 1,100 KiB left (less than a second index needs), sync
 * of a change with about 1 MiB left, and init with 4 KiB left. Each step records its
 * exit code, stderr, what is left in .cairn and a digest of the exported graph.
 */
const SCRIPT = `
set -u
node=$1; cairn=$2; ws=$3; out=$4
mount -t tmpfs -o size=4m tmpfs "$ws/.cairn" || { echo "mount refused" >&2; exit 97; }
leave() { avail=$(df -k --output=avail "$ws/.cairn" | tail -1); [ "$avail" -gt "$1" ] && dd if=/dev/zero of="$ws/.cairn/fill-$1" bs=1k count=$((avail - $1)) 2>/dev/null; true; }
step() {
  name=$1; shift
  "$node" "$cairn" "$@" -C "$ws" > "$out/$name.stdout" 2> "$out/$name.stderr"; echo $? > "$out/$name.code"
  ls -A "$ws/.cairn" > "$out/$name.left"
  "$node" "$cairn" export -C "$ws" | sha256sum > "$out/$name.graph"
}
step first init
leave 1100
step init-short init
for f in "$ws"/src/*.ts; do echo 'export function added() { return 0; }' >> "$f"; done
leave 1030
step sync-short sync
leave 4
step init-4k init
`;

test('init and sync on a full disk: named, the previous index unchanged, nothing left behind', () => {
  const run = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', SCRIPT, 'sh', process.execPath, CAIRN, fx.root, out], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, CAIRN_REVIEW_SERVER: 'off' },
  });
  expect(run.status, `unshare could not mount a small tmpfs (user namespaces needed): ${run.stderr}`).toBe(0);
  const read = (name: string, part: string) => readFileSync(join(out, `${name}.${part}`), 'utf8');
  expect(read('first', 'code').trim(), read('first', 'stderr')).toBe('0');
  const graph = read('first', 'graph');
  for (const [step, mode] of [['init-short', 'init'], ['sync-short', 'sync'], ['init-4k', 'init']]) {
    const code = read(step, 'code').trim();
    const stderr = read(step, 'stderr');
    expect(code, `${step}: ${stderr}`).toBe('1');
    // lmdb-js's native code may print its own note of the failed write first, without a
    // line break; cairn's answer is one line.
    const lines = stderr.split('\n').flatMap((l) => (l.includes(`cairn ${mode}: `) ? [l.slice(l.indexOf(`cairn ${mode}: `))] : []));
    expect(lines, stderr).toEqual([expect.stringMatching(new RegExp(`^cairn ${mode}: the disk holding \\.cairn is full \\([\\d,]+ KiB free\\): free some space and run the command again; the previous index is unchanged$`))]);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(read(step, 'stdout')).toBe('');
    expect(read(step, 'graph'), step).toBe(graph);
    const left = read(step, 'left').split('\n').filter((n) => n !== '' && !n.startsWith('fill-'));
    expect(left.sort(), step).toEqual(['.gitignore', 'graph']);
  }
}, 150_000);
