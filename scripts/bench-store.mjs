#!/usr/bin/env node
// The store alone: analyses a corpus once in this process, then writes and resolves
// the same facts into a fresh index N times (beginRebuild, add, finish) and prints the
// CPU and wall milliseconds of each round. With --compare REV, REV's build does the
// same in the same process, the rounds alternating, so both see the same machine.
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
  const [{ takeInventory }, { indexGate }, { analyseBatch }, { openStore }, { readModuleConfigs }] = await Promise.all([
    load('workers/inventory.js'),
    load('gate/config-files.js'),
    load('workers/analyse-file.js'),
    load('store/index.js'),
    load('workers/module-configs.js'),
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
    return { cpu_ms: Math.round((used.user + used.system) / 1000), wall_ms: Math.round(performance.now() - started), resolve_ms: Math.round(resolveMs) };
  };
}

for (const build of await alternatingBuilds(args, storeOf)) {
  console.log(`${args.corpus} ${build.name}: ${build.rounds.map((x) => `${x.cpu_ms} CPU ms (${x.wall_ms} ms, resolve ${x.resolve_ms})`).join('; ')}`);
}
