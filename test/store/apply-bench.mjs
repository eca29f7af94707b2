// Synthetic throughput of the store's apply(): FILES files × SYMBOLS symbols × CALLS call
// sites of TypeScript-shaped facts, written as one init, then a one-file edit, then reads.
// Runs against compiled output: `npx tsc -p tsconfig.json --outDir <dir>` then
//   node test/store/apply-bench.mjs <dir> [files] [symbols] [calls]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [buildDir = 'dist', files = '1000', symbolsPer = '50', callsPer = '200'] = process.argv.slice(2);
const { openStore, graphPath } = await import(pathToFileURL(resolve(buildDir, 'store/index.js')).href);
const FILES = Number(files);
const SYMBOLS = Number(symbolsPer);
const CALLS = Number(callsPer);

function fileFacts(i, edit = 0) {
  const path = `pkg${i % 50}/src/file${i}.ts`;
  const symbols = [];
  for (let s = 0; s < SYMBOLS; s++) {
    const method = s % 5 === 4;
    symbols.push({
      local: s,
      name: method ? `method${s}_${i % 7}` : `fn${s}_${i}${edit && s === 0 ? 'x' : ''}`,
      qualifiedName: method ? `Klass${i}.method${s}_${i % 7}` : `fn${s}_${i}`,
      kind: method ? 'method' : s === 0 ? 'class' : 'function',
      parent: method ? 0 : null,
      ownerType: method ? `Klass${i}` : undefined,
      isTest: false,
      exported: true,
      startLine: s * 10 + 1, endLine: s * 10 + 9, startColumn: 0, endColumn: 1, startByte: s * 300, endByte: s * 300 + 290,
    });
  }
  const imports = [];
  for (let k = 1; k <= 4; k++) {
    const j = (i + k * 37) % FILES;
    imports.push({ source: `../../pkg${j % 50}/src/file${j}`, imported: `fn1_${j}`, local: `fn1_${j}`, reexport: false, typeOnly: false, line: k });
  }
  imports.push({ source: 'react', imported: 'useState', local: 'useState', reexport: false, typeOnly: false, line: 5 });
  const callSites = [];
  for (let c = 0; c < CALLS; c++) {
    const caller = c % SYMBOLS;
    const line = (caller * 10 + 2) + (c % 7);
    const pick = c % 10;
    let site;
    if (pick < 4) { const j = (i + ((c % 4) + 1) * 37) % FILES; site = { calleeName: `fn1_${j}`, specifier: `fn1_${j}` }; }
    else if (pick < 6) site = { calleeName: `fn${(c % SYMBOLS) | 1}_${i}`, specifier: `fn${(c % SYMBOLS) | 1}_${i}` };
    else if (pick < 8) site = { calleeName: `method${(c % 10) * 5 + 4}_${c % 7}`, specifier: `x.method`, receiver: 'x' };
    else if (pick < 9) site = { calleeName: `fn2_${(i * 7 + c) % FILES}`, specifier: 'global' };
    else site = { calleeName: 'useState', specifier: 'useState' };
    callSites.push({ caller, kind: 'call', line, column: c % 40, ...site });
  }
  return { path, language: 'typescript', size: 15000, mtimeMs: 1, hash: `h${i}-${edit}`, status: 'ok', symbols, callSites, imports, references: [] };
}

const meta = { schema_version: 0, git_head: null, indexed_at: new Date().toISOString(), workspace: '.', options: { include_library: false }, cairn_version: 'bench' };
const dir = mkdtempSync(join(tmpdir(), 'cairn-bench-'));
const mb = (n) => Math.round(n / 1048576);
try {
  const store = openStore(dir);
  let t = performance.now();
  const upserts = Array.from({ length: FILES }, (_, i) => fileFacts(i));
  const buildMs = performance.now() - t;
  t = performance.now();
  await store.apply({ upserts, deletions: [], meta, unsupportedExtensions: {}, rebuild: true });
  const initMs = performance.now() - t;
  const rssAfterInit = process.memoryUsage().rss;
  upserts.length = 0;

  t = performance.now();
  const stats = store.stats();
  const statsMs = performance.now() - t;

  t = performance.now();
  await store.apply({ upserts: [fileFacts(FILES >> 1, 1)], deletions: [], meta, unsupportedExtensions: {} });
  const editMs = performance.now() - t;

  t = performance.now();
  await store.apply({ upserts: [fileFacts(7, 0)], deletions: [], meta, unsupportedExtensions: {} });
  const touchMs = performance.now() - t;

  const target = `pkg${37 % 50}/src/file37.ts::fn1_37`;
  t = performance.now();
  const callers = store.incoming(target).length;
  const incomingMs = performance.now() - t;
  t = performance.now();
  const exact = store.search('fn3_123', 20).length;
  const searchExactMs = performance.now() - t;
  t = performance.now();
  const sub = store.search('3_12', 20).length;
  const searchSubMs = performance.now() - t;
  t = performance.now();
  const none = store.search('zzzz', 20).length;
  const searchMissMs = performance.now() - t;
  await store.close();
  const size = statSync(join(graphPath(dir), 'data.mdb')).size;
  const calls = FILES * CALLS;
  console.log(JSON.stringify({
    files: FILES, symbols: FILES * SYMBOLS, call_sites: calls,
    build_facts_ms: Math.round(buildMs),
    init_apply_ms: Math.round(initMs),
    call_sites_per_s: Math.round(calls / (initMs / 1000)),
    rss_after_init_mb: mb(rssAfterInit),
    index_mb: mb(size),
    stats_ms: +statsMs.toFixed(2),
    one_file_edit_ms: Math.round(editMs), one_file_touch_ms: Math.round(touchMs),
    incoming_ms: +incomingMs.toFixed(2), incoming_edges: callers,
    search_exact_ms: +searchExactMs.toFixed(2), search_substring_ms: Math.round(searchSubMs), search_miss_ms: Math.round(searchMissMs),
    results: { exact, sub, none },
    edges: stats.edges_by_resolution, unresolved: stats.unresolved_by_reason,
  }, null, 1));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
