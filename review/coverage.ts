// Human coverage: source-free counts by code (and branch), kept in their own LMDB
// environment under .cairn/review/ so that re-initialising the graph never wipes
// review history. Nothing here holds source, names, paths or hashes.
//
// A hook run does not open LMDB: loading and opening it costs more than the rest
// of a small review. It appends one line of counts to a journal next to the
// environment (an O_APPEND write of well under PIPE_BUF, so concurrent hooks do not
// interleave), and every reader folds the journal into LMDB in one transaction
// before answering.
import { appendFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { boundedOpen } from '../gate/gate.js';
import { cairnPath, makeCairnDirectory } from '../gate/cairn-paths.js';

/** Coverage lines are a few hundred bytes; a journal past this is not one cairn wrote. */
const MAX_JOURNAL_BYTES = 64 * 1024 * 1024;

export const COVERAGE_CODES = [
  'unsupported-event',
  'ineligible-path',
  'capture-unavailable',
  'no-supported-root',
  'ambiguous-attribution',
  'unsupported-syntax',
  'incomplete-graph',
  'expansion-limit',
  'input-limit',
  'analysis-deadline',
  'no-applicable-rule',
  'stale-result',
  'backend-timeout',
  'backend-error',
  'backend-invalid-response',
] as const;

export type CoverageCode = (typeof COVERAGE_CODES)[number];

/**
 * Outcomes that are not skips, counted alongside them: `rendered` (an input was built
 * but no backend was asked), `reviewed` (a backend answered, no finding passed its
 * threshold; not a verdict that the code is fine), `finding`, `graph-fact` (the
 * graph-facts backend told the agent one fact).
 */
export type CoverageOutcome = CoverageCode | 'rendered' | 'reviewed' | 'finding' | 'graph-fact';
const OUTCOMES = ['rendered', 'reviewed', 'finding', 'graph-fact'];

export interface CoverageEntry {
  code: CoverageOutcome;
  /** 'type' or 'function' when the count belongs to a branch; 'any' otherwise. */
  branch: 'type' | 'function' | 'any';
}

export interface CoverageCounts {
  runs: number;
  counts: Array<{ code: string; branch: string; count: number }>;
}

const dir = (workspace: string) => makeCairnDirectory(workspace, 'review');

async function open(workspace: string) {
  const path = dir(workspace);
  // LMDB opens its two files by name, following links: both are checked first.
  for (const file of ['data.mdb', 'lock.mdb']) cairnPath(workspace, `review/${file}`, 'file');
  const { open: openEnv } = await import('lmdb');
  const env = openEnv({ path, maxDbs: 4 });
  return { env, db: env.openDB<number, Array<string>>({ name: 'coverage' }) };
}

const journal = (workspace: string) => cairnPath(workspace, 'review/pending.jsonl', 'file');

/** Records one run's outcomes: one journal line, folded into LMDB by the next reader. */
export function recordCoverage(workspace: string, entries: CoverageEntry[]): void {
  dir(workspace);
  const counts: Record<string, number> = {};
  for (const e of entries) counts[`${e.code}|${e.branch}`] = (counts[`${e.code}|${e.branch}`] ?? 0) + 1;
  appendFileSync(journal(workspace), `${JSON.stringify(counts)}\n`);
}

/** Moves the journal's counts into LMDB. The journal is renamed first, so runs that append meanwhile start a new one. */
async function fold(workspace: string, db: Awaited<ReturnType<typeof open>>['db']): Promise<void> {
  if (!existsSync(journal(workspace))) return;
  const taken = `${journal(workspace)}.${process.pid}.folding`;
  renameSync(journal(workspace), taken);
  // Bounded, and never through a symlink: a journal that is not a plain file of its own counts nothing.
  const read = boundedOpen(taken, MAX_JOURNAL_BYTES);
  const lines = read.ok ? read.bytes.toString('utf8').split('\n').filter((l) => l.trim() !== '') : [];
  await db.transaction(() => {
    for (const line of lines) {
      let counts: Record<string, number>;
      try {
        counts = JSON.parse(line) as Record<string, number>;
      } catch {
        continue; // a torn line from a crashed writer counts nothing
      }
      db.put(['runs'], (db.get(['runs']) ?? 0) + 1);
      for (const [codeBranch, n] of Object.entries(counts)) {
        const [code, branch] = codeBranch.split('|');
        if (!(COVERAGE_CODES as readonly string[]).includes(code) && !OUTCOMES.includes(code)) continue;
        const key = ['count', code, branch];
        db.put(key, (db.get(key) ?? 0) + (Number.isInteger(n) ? n : 0));
      }
    }
  });
  rmSync(taken, { force: true });
}

export async function readCoverage(workspace: string): Promise<CoverageCounts> {
  const { env, db } = await open(workspace);
  try {
    await fold(workspace, db);
    const counts: CoverageCounts['counts'] = [];
    for (const { key, value } of db.getRange({ start: ['count'], end: ['count', '\uffff'] })) {
      counts.push({ code: String(key[1]), branch: String(key[2]), count: value });
    }
    return { runs: db.get(['runs']) ?? 0, counts };
  } finally {
    await env.close();
  }
}
