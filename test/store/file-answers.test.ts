// A file's answers and call sites are stored without what the file already says (its
// path, its own symbols' ids), and read back whole.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { EdgeRecord, UnresolvedRecord } from '../../contracts/graph.js';
import { openEnv } from '../../store/env.js';
import { readAnswers, slotsById, storedAnswers } from '../../store/file-answers.js';
import { graphPath, openStore } from '../../store/index.js';
import type { FileAnswers } from '../../store/schema.js';
import { facts } from './facts.js';

const path = 'src/a.ts';
const slots = [`${path}::`, `${path}::late`, `${path}::early`];
const call: EdgeRecord = { source: `${path}::late`, target: 'src/b.ts::b', relationship: 'calls', resolution_kind: 'exact', confidence: 100, file_path: path, line: 3, column: 4, specifier: 'b' };
const injected: EdgeRecord = { source: 'src/b.ts::Service', target: `${path}::early`, relationship: 'injected_into', resolution_kind: 'exact', confidence: 100, file_path: path, line: 5, column: 0, specifier: 'Service' };
const unresolved: UnresolvedRecord = { source: `${path}::`, specifier: 'console.log', kind: 'call', file_path: path, line: 1, column: 0, reason: 'builtin' };
const contains: EdgeRecord = { source: `${path}::`, target: `${path}::late`, relationship: 'contains', resolution_kind: 'exact', confidence: 100, file_path: path, line: 2, column: 0 };

describe('stored answers', () => {
  test('name own sources by slot, leave the path out, and read back equal', () => {
    const answers: FileAnswers = { contains: [contains], sites: [call, injected, unresolved] };
    const copy = structuredClone(answers);
    const stored = storedAnswers(path, slotsById(slots), answers);
    expect(answers).toEqual(copy); // the records themselves are untouched
    expect(stored.sites.map((a) => a.source)).toEqual([1, 'src/b.ts::Service', 0]);
    expect(stored.contains[0]!.source).toBe(0);
    for (const answer of [...stored.contains, ...stored.sites]) expect(answer.file_path).toBeUndefined();
    expect(readAnswers(path, slots, structuredClone(stored))).toEqual(copy);
  });

  test('a sparse list keeps its holes', () => {
    const sites: FileAnswers['sites'] = [];
    sites[2] = call;
    const stored = storedAnswers(path, slotsById(slots), { contains: [], sites });
    expect(stored.sites.length).toBe(3);
    expect(0 in stored.sites).toBe(false);
    expect(readAnswers(path, slots, stored).sites[2]).toEqual(call);
  });
});

describe('the store', () => {
  test('keeps slots on disk and answers with ids, when symbols come out of source order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-answers-'));
    try {
      // Facts list `late` first, file_symbols lists by source position: slot 2 is `late`.
      const a = facts({
        path,
        symbols: [{ name: 'late', line: 50 }, { name: 'early', line: 10 }],
        calls: [
          { caller: 0, calleeName: 'early', line: 51 },
          { caller: 1, calleeName: 'late', line: 11 },
          { caller: null, calleeName: 'nowhere', line: 1 },
        ],
      });
      const meta = { schema_version: 0, git_head: null, indexed_at: 'now', workspace: '.', options: { include_library: false }, cairn_version: 'test' };
      const store = openStore(dir);
      await store.apply({ upserts: [a], deletions: [], meta, unsupportedExtensions: {}, rebuild: true });
      expect(store.outgoing(`${path}::late`).map((e) => [e.source, e.target, e.file_path])).toEqual([[`${path}::late`, `${path}::early`, path]]);
      expect(store.outgoing(`${path}::early`).map((e) => [e.source, e.target])).toEqual([[`${path}::early`, `${path}::late`]]);
      expect(store.unresolvedFrom(`${path}::`).map((u) => [u.specifier, u.file_path])).toEqual([['nowhere', path]]);
      await store.close();

      const env = openEnv(graphPath(dir), true);
      try {
        expect(env.dbs.file_symbols.get(path)).toEqual([`${path}::`, `${path}::early`, `${path}::late`]);
        const sites = env.dbs.call_sites.get(path) as Array<Record<string, unknown>>;
        expect(sites.map((s) => s.callerSlot)).toEqual([2, 1, 0]);
        for (const site of sites) for (const key of ['callerId', 'ord', 'path']) expect(site[key]).toBeUndefined();
        const stored = env.dbs.answers.get(path) as FileAnswers;
        expect(stored.sites.map((s) => s.source)).toEqual([2, 1, 0]);
        for (const answer of stored.sites) expect(answer.file_path).toBeUndefined();
      } finally {
        await env.root.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
