// Runs the review tests with CAIRN_REVIEW_AUDIT_DUMP set, so that every audit log their
// fixtures produce (in process, or written by the built cairn) lands in one directory,
// normalised (test/review/helpers.ts). Run it on two builds and compare the directories:
//
//   node scripts/review-audits.mjs OUT_DIR && diff -r BEFORE_DIR OUT_DIR
//
// The test files are those that build review workspaces with test/review/helpers.ts.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: node scripts/review-audits.mjs OUT_DIR\n');
  process.exit(2);
}
const target = resolve(out);
rmSync(target, { recursive: true, force: true });

const files = [];
for (const room of ['test/review', 'test/agents', 'test/contracts']) {
  for (const name of readdirSync(join(repo, room)).sort()) {
    const path = join(repo, room, name);
    if (!name.endsWith('.test.ts')) continue;
    const text = readFileSync(path, 'utf8');
    if (text.includes("review/helpers.js'") || text.includes("from './helpers.js'")) files.push(relative(repo, path));
  }
}
const run = spawnSync('npx', ['vitest', 'run', ...files], { cwd: repo, stdio: 'inherit', env: { ...process.env, CAIRN_REVIEW_AUDIT_DUMP: target } });
process.exit(run.status ?? 1);
