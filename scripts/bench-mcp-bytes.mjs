#!/usr/bin/env node
// Bytes per MCP answer, compact (the default) against verbose (the CLI's envelope), on
// real queries: `cairn mcp` driven by the MCP SDK's client in an indexed workspace, for
// the most-called functions of a sample of its files (callers, tests-for, impact), the
// functions with the most calls out (callees) and their names (search). Counts the
// envelope text only; the freshness stamp beside it is counted apart.
//
//   node scripts/bench-mcp-bytes.mjs --workspace DIR [--label go-kubernetes] [--symbols 10] [--out bench/results/mcp-bytes-LABEL.json]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { takeOption } from './take-option.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const workspace = resolve(takeOption(args, '--workspace', '.'));
const label = takeOption(args, '--label', workspace.split('/').pop());
const count = Number(takeOption(args, '--symbols', '10'));
const out = takeOption(args, '--out', join(repo, 'bench', 'results', `mcp-bytes-${label}.json`));

// Symbols to ask about: from a sample of the index's files, the most called and the most calling functions.
const { openStore } = await import(pathToFileURL(join(repo, 'dist', 'store', 'index.js')).href);
const store = openStore(workspace, { readOnly: true });
const files = [...store.files()].filter((f) => f.status === 'ok').map((f) => f.path);
const candidates = [];
for (let i = 0; i < files.length; i += Math.max(1, Math.floor(files.length / 400))) {
  for (const s of store.symbolsInFile(files[i])) {
    if (s.kind !== 'function' && s.kind !== 'method') continue;
    candidates.push({ id: s.id, name: s.name, in: store.incomingRefs(s.id).length, out: store.outgoing(s.id).length });
  }
}
await store.close();
const mostCalled = [...candidates].sort((a, b) => b.in - a.in).slice(0, count);
const mostCalling = [...candidates].sort((a, b) => b.out - a.out).slice(0, count);

const client = new Client({ name: 'cairn-bench', version: '0.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(repo, 'bin', 'cairn.js'), 'mcp'], cwd: workspace, env: { ...process.env, CAIRN_REVIEW_SERVER: 'off' }, stderr: 'ignore' }));
const rows = [];
const ask = async (tool, args) => {
  const sizes = {};
  for (const verbose of [true, false]) {
    const answer = await client.callTool({ name: tool, arguments: { workspace, ...args, verbose } });
    sizes[verbose ? 'verbose' : 'compact'] = Buffer.byteLength(answer.content[0].text);
    sizes.stamp = Buffer.byteLength(answer.content[1]?.text ?? '');
  }
  rows.push({ tool, args, ...sizes });
};
for (const s of mostCalled) {
  await ask('cairn_callers', { symbol: s.id });
  await ask('cairn_tests_for', { symbol: s.id });
  await ask('cairn_impact', { symbol: s.id });
}
for (const s of mostCalling) {
  await ask('cairn_callees', { symbol: s.id });
  await ask('cairn_search', { query: s.name });
}
await client.close();

const byTool = {};
for (const r of rows) {
  const t = (byTool[r.tool] ??= { answers: 0, verbose_bytes: 0, compact_bytes: 0 });
  t.answers += 1;
  t.verbose_bytes += r.verbose;
  t.compact_bytes += r.compact;
}
for (const t of Object.values(byTool)) {
  t.verbose_mean = Math.round(t.verbose_bytes / t.answers);
  t.compact_mean = Math.round(t.compact_bytes / t.answers);
  t.ratio = +(t.compact_bytes / t.verbose_bytes).toFixed(3);
}
const record = {
  benchmark: 'mcp-bytes',
  workspace: label,
  commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim(),
  node: process.version,
  by_tool: byTool,
  stamp_bytes_mean: Math.round(rows.reduce((n, r) => n + r.stamp, 0) / rows.length),
  rows,
};
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(record, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(byTool)}\n`);
