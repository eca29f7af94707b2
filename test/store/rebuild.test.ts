// A batched rebuild equals a one-transaction rebuild, and a killed one leaves the live index alone.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openStore } from '../../store/index.js';
import { nextPath, oldPath, recoverSwap } from '../../store/rebuild.js';
import { graphPath } from '../../store/index.js';
import { facts as factsOf, type FileSpec } from './facts.js';

const specs: FileSpec[] = [
  { path: 'src/a.ts', symbols: [{ name: 'a', exported: true }, { name: 'helper' }], calls: [{ caller: 0, calleeName: 'helper' }, { caller: 0, calleeName: 'b' }], imports: [{ source: './b', imported: 'b', local: 'b' }] },
  { path: 'src/b.ts', symbols: [{ name: 'b', exported: true }], calls: [{ caller: 0, calleeName: 'missing' }] },
  { path: 'src/c.ts', symbols: [{ name: 'C', kind: 'class', exported: true }, { name: 'run', kind: 'method', qualifiedName: 'C.run', parent: 0, ownerType: 'C' }], calls: [{ caller: 1, calleeName: 'a' }] },
];

const meta = { schema_version: 0, git_head: null, indexed_at: 'then', workspace: '.', options: { include_library: false }, cairn_version: 'test' };

function dump(dir: string) {
  const store = openStore(dir, { readOnly: true });
  const out = { symbols: [...store.symbols()], edges: [...store.edges()], unresolved: [...store.unresolved()], stats: store.stats(), files: [...store.files()] };
  void store.close();
  return JSON.parse(JSON.stringify(out));
}

describe('batched rebuild', () => {
  test('equals the one-transaction rebuild, whatever the batch order', async () => {
    const one = mkdtempSync(join(tmpdir(), 'cairn-rebuild-'));
    const two = mkdtempSync(join(tmpdir(), 'cairn-rebuild-'));
    try {
      const facts = specs.map((s) => factsOf(s));
      const a = openStore(one);
      await a.apply({ upserts: facts, deletions: [], meta, unsupportedExtensions: {}, rebuild: true });
      await a.close();
      const b = openStore(two);
      const session = b.beginRebuild();
      session.add([facts[2]!]);
      session.add([facts[1]!, facts[0]!]);
      await session.finish(meta, {});
      await b.close();
      expect(dump(two)).toEqual(dump(one));
      expect(existsSync(nextPath(graphPath(two)))).toBe(false);
    } finally {
      rmSync(one, { recursive: true, force: true });
      rmSync(two, { recursive: true, force: true });
    }
  });

  test('an abandoned rebuild leaves the live index; an interrupted swap is undone on open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-rebuild-'));
    try {
      const facts = specs.map((s) => factsOf(s));
      const store = openStore(dir);
      await store.apply({ upserts: facts, deletions: [], meta, unsupportedExtensions: {}, rebuild: true });
      const before = dump(dir);
      const session = store.beginRebuild();
      session.add([facts[0]!]); // then the process "dies": nothing finishes
      expect(dump(dir)).toEqual(before);
      await session.abort();
      await store.close();
      expect(dump(dir)).toEqual(before);

      // A swap cut between its two renames: the live graph sits at -old.
      const { renameSync } = await import('node:fs');
      renameSync(graphPath(dir), oldPath(graphPath(dir)));
      recoverSwap(graphPath(dir));
      expect(dump(dir)).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
