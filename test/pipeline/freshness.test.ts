import { initialTransition, transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import { applyVerified, classifyInventory, freshnessMachine, isFresh, type IndexedState } from '../../machines/freshness.js';
import { decideFreshness } from '../../workers/freshness-check.js';

const indexed: IndexedState[] = [
  { path: 'a.rs', size: 10, mtime_ms: 1, hash: 'ha', status: 'ok' },
  { path: 'b.rs', size: 20, mtime_ms: 2, hash: 'hb', status: 'ok' },
  { path: 'c.rs', size: 30, mtime_ms: 3, hash: 'hc', status: 'ok' },
  { path: 'gone.rs', size: 5, mtime_ms: 5, hash: 'hg', status: 'ok' },
  { path: 'big.rs', size: 5000, mtime_ms: 9, hash: '', status: 'too_large' },
];
const byPath = Object.fromEntries(indexed.map((s) => [s.path, s]));

describe('freshness classification', () => {
  it('uses the stat fast path, then hashes only suspects', () => {
    const { decision, suspects } = classifyInventory(
      byPath,
      [
        { path: 'a.rs', size: 10, mtimeMs: 1 }, // unchanged by stat
        { path: 'b.rs', size: 20, mtimeMs: 99 }, // same size, new mtime: suspect
        { path: 'c.rs', size: 31, mtimeMs: 3 }, // size moved: changed without hashing
        { path: 'new.rs', size: 1, mtimeMs: 1 },
        { path: 'big.rs', size: 5000, mtimeMs: 9 },
        { path: 'huge.rs', size: 9000, mtimeMs: 1 },
      ],
      1000,
    );
    expect(suspects).toEqual(['b.rs']);
    expect(decision.unchanged).toEqual(['a.rs', 'big.rs']);
    expect(decision.changed).toEqual(['c.rs']);
    expect(decision.added).toEqual(['new.rs']);
    expect(decision.deleted).toEqual(['gone.rs']);
    expect(decision.unindexable).toEqual(['huge.rs']);
  });

  it('a suspect with the same hash is touched, not changed; a vanished one is deleted', () => {
    const base = classifyInventory(byPath, [], 1000).decision;
    const next = applyVerified(byPath, { ...base, deleted: [] }, [
      { path: 'a.rs', hash: 'ha' },
      { path: 'b.rs', hash: 'other' },
      { path: 'c.rs', hash: null },
    ]);
    expect(next.touched).toEqual(['a.rs']);
    expect(next.changed).toEqual(['b.rs']);
    expect(next.deleted).toEqual(['c.rs']);
  });

  it('files that can never be indexed do not make the index stale', () => {
    const { decision } = classifyInventory(byPath, indexed.map((s) => ({ path: s.path, size: s.size, mtimeMs: s.mtime_ms })).concat({ path: 'huge.rs', size: 9000, mtimeMs: 1 }), 1000);
    expect(isFresh(decision)).toBe(true);
  });
});

describe('freshness machine', () => {
  it('emits a verify command for suspects and finishes on the verified facts', () => {
    let [snapshot] = initialTransition(freshnessMachine, { indexed, maxBytes: 1000 });
    let actions;
    [snapshot, actions] = transition(freshnessMachine, snapshot, {
      type: 'INVENTORY',
      entries: indexed.map((s) => ({ path: s.path, size: s.size, mtimeMs: s.path === 'b.rs' ? 100 : s.mtime_ms })),
    });
    const verify = actions.find((a) => a.type === 'command');
    expect(verify?.params).toEqual({ kind: 'verify', paths: ['b.rs'] });
    expect(snapshot.value).toBe('verifying');
    [snapshot] = transition(freshnessMachine, snapshot, { type: 'VERIFIED', results: [{ path: 'b.rs', hash: 'changed' }] });
    expect(snapshot.status).toBe('done');
    expect(snapshot.output?.changed).toEqual(['b.rs']);
  });

  it('needs no verification when nothing moved, and the bridge never calls the verifier', async () => {
    let calls = 0;
    const decision = await decideFreshness(
      indexed,
      indexed.map((s) => ({ path: s.path, size: s.size, mtimeMs: s.mtime_ms })),
      1000,
      async () => {
        calls++;
        return [];
      },
    );
    expect(calls).toBe(0);
    expect(isFresh(decision)).toBe(true);
    expect(decision.unchanged).toHaveLength(indexed.length);
  });
});
