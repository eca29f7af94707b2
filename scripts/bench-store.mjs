#!/usr/bin/env node
// The store alone: analyses a corpus once in this process, then writes and resolves
// the same facts into a fresh index N times (beginRebuild, add, finish) and prints the
// CPU and wall milliseconds of each round. With --compare REV, REV's build does the
// same in the same process, the rounds alternating, so both see the same machine.
// Beside the times, the bytes each build stored for a file's answers and call sites (the
// encoded values before compression), the two largest per-file records.
//
//   node scripts/bench-store.mjs ts-zod [--rounds 3] [--compare REV]
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { alternatingBuilds, benchArguments } from './alternating-builds.mjs';

const args = benchArguments('bench-store.mjs');

const META = { schema_version: 0, git_head: null, indexed_at: 'bench', workspace: '.', options: { include_library: false }, cairn_version: 'bench' };

/** One build's store, fed the facts its own analysis produced for `dir`. */
async function storeOf(root, dir) {
  const load = (path) => import(join(root, 'dist', path));
  const [{ takeInventory }, { indexGate }, { analyseBatch }, { openStore, graphPath }, { readModuleConfigs }, { openEnv }] = await Promise.all([
    load('workers/inventory.js'),
    load('gate/config-files.js'),
    load('workers/analyse-file.js'),
    load('store/index.js'),
    load('workers/module-configs.js'),
    load('store/env.js'),
  ]);
  const gate = indexGate(dir, dir);
  const inventory = takeInventory(dir, { gate });
  const facts = await analyseBatch(gate, inventory.entries.map((e) => ({ path: e.path, language: e.language })));
  const configs = readModuleConfigs(gate, inventory.configs);
  return async () => {
    rmSync(join(dir, '.cairn'), { recursive: true, force: true });
    const batch = structuredClone(facts);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const store = openStore(dir);
    const session = store.beginRebuild();
    for (let i = 0; i < batch.length; i += 64) session.add(batch.slice(i, i + 64));
    const { resolveMs } = await session.finish(META, {}, configs);
    await store.close();
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - started;
    return { cpu_ms: Math.round((used.user + used.system) / 1000), wall_ms: Math.round(wall), resolve_ms: Math.round(resolveMs), bytes: await storedBytes(openEnv, graphPath(dir)) };
  };
}

/** Bytes of the values in the answers and call_sites databases, as encoded (getBinary undoes the compression). */
async function storedBytes(openEnv, path) {
  const env = openEnv(path, true);
  try {
    const bytes = {};
    for (const name of ['answers', 'call_sites']) {
      const db = env.dbs[name];
      bytes[name] = 0;
      for (const key of db.getKeys({})) bytes[name] += db.getBinary(key).length;
    }
    return bytes;
  } finally {
    await env.root.close();
  }
}

const mb = (n) => (n / 1e6).toFixed(2);
for (const build of await alternatingBuilds(args, storeOf)) {
  const { answers, call_sites } = build.rounds[0].bytes;
  console.log(`${args.corpus} ${build.name}: ${build.rounds.map((x) => `${x.cpu_ms} CPU ms (${x.wall_ms} ms, resolve ${x.resolve_ms})`).join('; ')}; stored answers ${mb(answers)} MB, call sites ${mb(call_sites)} MB`);
}
