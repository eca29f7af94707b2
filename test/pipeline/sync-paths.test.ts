// The watcher's sync: told which paths changed, it inventories, decides and parses only
// those, by the same rules as a sync of the whole tree; and it holds the writer lock only
// while the store is written.
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexGate } from '../../gate/config-files.js';
import { openStore } from '../../store/index.js';
import { takeInventory } from '../../workers/inventory.js';
import { acquireWriteLock } from '../../workers/lock.js';
import { indexWorkspace } from '../../workers/pipeline.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let fixture: Fixture | undefined;
afterEach(() => fixture?.remove());

const FILES = {
  '.gitignore': 'out/\n*.gen.ts\n',
  '.cairn.jsonc': '{ "privacyExcludes": ["secret/**"] }\n',
  'src/a.ts': 'export function a() { return b(); }\n',
  'src/b.ts': 'export function b() { return 1; }\n',
  'src/deep/c.ts': 'export function c() {}\n',
  'src/deep/.gitignore': 'skip.ts\n',
  'src/deep/skip.ts': 'export function skipped() {}\n',
  'src/x.gen.ts': 'export function generated() {}\n',
  'out/built.ts': 'export function built() {}\n',
  'node_modules/dep/index.ts': 'export function dep() {}\n',
  'secret/key.ts': 'export function key() {}\n',
  'real/d.ts': 'export function d() {}\n',
};

/** Files, folders, gone paths, ignored, private, library and beyond-a-link paths. */
const TARGETS = ['src/a.ts', 'src/deep', 'src/deep/skip.ts', 'src/x.gen.ts', 'out', 'out/built.ts', 'node_modules/dep', 'secret/key.ts', 'gone.ts', 'gone', 'link/d.ts', 'link', 'real', 'src'];

const entryPaths = (root: string, paths?: string[]) => takeInventory(root, { gate: indexGate(root), paths }).entries.map((e) => e.path);
const under = (path: string, targets: string[]) => targets.some((t) => path === t || path.startsWith(`${t}/`));

describe('inventory of some paths', () => {
  for (const git of [true, false]) {
    it(`${git ? 'in git' : 'outside git'}: lists what the whole tree's inventory lists at or under each path, and nothing else`, () => {
      fixture = makeFixture(FILES, { git });
      symlinkSync(join(fixture.root, 'real'), join(fixture.root, 'link'));
      const whole = entryPaths(fixture.root);
      expect(whole).toEqual(['real/d.ts', 'src/a.ts', 'src/b.ts', 'src/deep/c.ts']);
      for (const target of TARGETS) expect(entryPaths(fixture.root, [target]), target).toEqual(whole.filter((p) => under(p, [target])));
      expect(entryPaths(fixture.root, TARGETS)).toEqual(whole.filter((p) => under(p, TARGETS)));
    });
  }
});

describe('a sync of some paths', () => {
  it('syncs the paths it is given and no other; a folder for what lies under it; an ignore file makes it a sync of the whole tree', async () => {
    fixture = makeFixture(FILES, { git: true });
    const root = fixture.root;
    await indexWorkspace(root, { mode: 'init' });
    fixture.write('src/a.ts', 'export function a() { return 2; }\nexport function a2() {}\n');
    fixture.write('src/b.ts', 'export function b() { return 3; }\n');
    fixture.write('src/new/e.ts', 'export function e() {}\n');

    const one = await indexWorkspace(root, { mode: 'sync', paths: ['src/a.ts'] });
    expect(one.files).toMatchObject({ inventoried: 1, changed: 1, added: 0, deleted: 0 });
    expect(one.analysed).toBe(1);

    const folder = await indexWorkspace(root, { mode: 'sync', paths: ['src/new'] });
    expect(folder.files).toMatchObject({ inventoried: 1, changed: 0, added: 1, deleted: 0 });

    rmSync(join(root, 'src/deep'), { recursive: true });
    const gone = await indexWorkspace(root, { mode: 'sync', paths: ['src/deep'] });
    expect(gone.files).toMatchObject({ inventoried: 0, deleted: 1 });

    // src/b.ts changed but was never named: still as first indexed.
    const store = openStore(root, { readOnly: true });
    expect(store.symbolsInFile('src/a.ts').map((s) => s.name)).toContain('a2');
    expect(store.symbolsInFile('src/new/e.ts').map((s) => s.name)).toEqual(['e']);
    expect(store.file('src/deep/c.ts')).toBeUndefined();
    expect(store.file('src/b.ts')?.hash).not.toBe(undefined);
    const bHash = store.file('src/b.ts')!.hash;
    await store.close();

    fixture.write('.gitignore', 'out/\n');
    const whole = await indexWorkspace(root, { mode: 'sync', paths: ['.gitignore'] });
    // The whole tree: b's change is found, and the file the ignore rule let in is added.
    expect(whole.files.inventoried).toBe(5);
    expect(whole.files).toMatchObject({ changed: 1, added: 1 });
    const after = openStore(root, { readOnly: true });
    expect(after.file('src/b.ts')!.hash).not.toBe(bHash);
    expect(after.file('src/x.gen.ts')).toBeDefined();
    // Counts of the whole tree kept by the partial syncs: the library folder left out is still named.
    expect(after.meta()?.skipped_folders).toEqual([{ path: 'node_modules', files: 1 }]);
    await after.close();
  });

  it("outside git, a new folder, a link and a file below a link are asked the walk's own rules", async () => {
    fixture = makeFixture(FILES);
    const root = fixture.root;
    await indexWorkspace(root, { mode: 'init' });
    symlinkSync(join(root, 'real'), join(root, 'link'));
    mkdirSync(join(root, 'fresh'));
    fixture.write('fresh/f.ts', 'export function f() {}\n');
    fixture.write('fresh/skip.gen.ts', 'export function ignored() {}\n');
    symlinkSync(join(root, 'real', 'd.ts'), join(root, 'fresh', 'l.ts'));
    const report = await indexWorkspace(root, { mode: 'sync', paths: ['fresh', 'link', 'link/d.ts'] });
    expect(report.files).toMatchObject({ inventoried: 1, added: 1 });
    expect(report.skipped.symlink).toBe(1);
  });
});

describe('a sync told whether the workspace is a git work tree', () => {
  it('asks git nothing: told it is not one, it lists the paths by the walk and records no commit', async () => {
    fixture = makeFixture(FILES, { git: true });
    const root = fixture.root;
    await indexWorkspace(root, { mode: 'init' });
    fixture.write('src/a.ts', 'export function a() { return 7; }\n');
    const told = await indexWorkspace(root, { mode: 'sync', paths: ['src/a.ts'], git: false });
    expect(told).toMatchObject({ git: false, git_head: null, files: { inventoried: 1, changed: 1 } });
    const asked = await indexWorkspace(root, { mode: 'sync', paths: ['src/a.ts'] });
    expect(asked.git).toBe(true);
    expect(asked.git_head).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('the writer lock of a watcher sync', () => {
  it('is free while files are parsed (another writer takes it then) and taken only to write: the sync waits for it', async () => {
    fixture = makeFixture(FILES, { git: true });
    const root = fixture.root;
    await indexWorkspace(root, { mode: 'init' });
    fixture.write('src/a.ts', 'export function a() { return 5; }\nexport function parsedWhileUnlocked() {}\n');
    let taken: Promise<string | undefined> | undefined;
    let released = 0;
    const report = await indexWorkspace(root, {
      mode: 'sync',
      lockOnlyToWrite: true,
      paths: ['src/a.ts'],
      progress: () => {
        // No wait: the lock is free now, while the sync parses, or this is index_locked.
        taken ??= acquireWriteLock(root, 0).then(
          (release) => {
            setTimeout(() => {
              released = Date.now();
              release();
            }, 300);
            return 'taken';
          },
          (error: { code?: string }) => error.code,
        );
      },
    });
    const finished = Date.now();
    expect(await taken).toBe('taken');
    expect(released).toBeGreaterThan(0);
    // The write came after the other writer let go.
    expect(finished).toBeGreaterThanOrEqual(released);
    expect(report.files.changed).toBe(1);
    const store = openStore(root, { readOnly: true });
    expect(store.symbolsInFile('src/a.ts').map((s) => s.name)).toContain('parsedWhileUnlocked');
    await store.close();
  });

  it('a plain sync holds it from the start: another writer is refused while it parses', async () => {
    fixture = makeFixture(FILES, { git: true });
    const root = fixture.root;
    await indexWorkspace(root, { mode: 'init' });
    fixture.write('src/a.ts', 'export function a() { return 6; }\n');
    let refused: unknown;
    await indexWorkspace(root, {
      mode: 'sync',
      progress: () => {
        refused ??= acquireWriteLock(root, 0).then(
          (release) => (release(), 'taken'),
          (error: { code?: string }) => error.code,
        );
      },
    });
    expect(await refused).toBe('index_locked');
  });
});
