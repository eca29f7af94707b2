// What each watcher sync is asked to bring up to date: the whole tree on start, then the
// paths that changed (a folder made whole as its path), never paths cairn does not
// index, and the whole tree again when a burst outgrows a batch.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexReport } from '../../contracts/index-report.js';
import { startWatcher, type SyncScope, type Watcher } from '../../agents/watcher.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let fixture: Fixture | undefined;
let watcher: Watcher | undefined;
afterEach(async () => {
  await watcher?.stop();
  fixture?.remove();
});

const report = { files: { added: 0, changed: 0, deleted: 0 } } as IndexReport;

async function watch(options: { maxBatchPaths?: number; debounceMs?: number; maxWaitMs?: number } = {}) {
  fixture = makeFixture({ '.cairn.jsonc': '{ "privacyExcludes": ["private/**"] }\n', 'src/a.ts': 'export function a() {}\n' });
  const scopes: SyncScope[] = [];
  watcher = await startWatcher(fixture.root, { debounceMs: 100, ...options, sync: async (_signal, scope) => (scopes.push(scope), report) });
  await expect.poll(() => scopes.length, { timeout: 10_000 }).toBe(1);
  return scopes;
}

describe('watcher sync scopes', () => {
  it('the whole tree on start; then the changed paths alone, a new folder as one path, nothing for paths never indexed', async () => {
    const scopes = await watch();
    expect(scopes[0]).toEqual({ wholeTree: 'start' });
    const root = fixture!.root;
    writeFileSync(join(root, 'src/a.ts'), 'export function a() { return 1; }\n');
    writeFileSync(join(root, 'notes.txt'), 'not source\n');
    mkdirSync(join(root, 'private'));
    writeFileSync(join(root, 'private/key.ts'), 'export const k = 1;\n');
    await expect.poll(() => scopes.length, { timeout: 10_000 }).toBe(2);
    expect(scopes[1]).toEqual({ paths: ['src/a.ts'] });
    mkdirSync(join(root, 'lib'));
    await expect.poll(() => scopes.length, { timeout: 10_000 }).toBe(3);
    expect(scopes[2]).toEqual({ paths: ['lib'] });
  });

  it('a burst of more paths than a batch holds is synced as the whole tree', async () => {
    // A quiet time long enough that a loaded machine's 30 writes still fall into one batch.
    const scopes = await watch({ maxBatchPaths: 10, debounceMs: 1_500, maxWaitMs: 10_000 });
    for (let i = 0; i < 30; i++) writeFileSync(join(fixture!.root, `src/m${i}.ts`), `export function m${i}() {}\n`);
    await expect.poll(() => scopes.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await watcher!.settled();
    expect(scopes.slice(1)).toContainEqual({ wholeTree: 'burst' });
  });
});
