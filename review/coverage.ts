// Human coverage: source-free counts by code (and branch), kept in their own LMDB
// environment under .cairn/review/ so that re-initialising the graph never wipes
// review history. Nothing here holds source, names, paths or hashes.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

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

/** Outcomes that are not skips, counted alongside them. */
export type CoverageOutcome = CoverageCode | 'reviewed' | 'finding';

export interface CoverageEntry {
  code: CoverageOutcome;
  /** 'type' or 'function' when the count belongs to a branch; 'any' otherwise. */
  branch: 'type' | 'function' | 'any';
}

export interface CoverageCounts {
  runs: number;
  counts: Array<{ code: string; branch: string; count: number }>;
}

const dir = (workspace: string) => join(workspace, '.cairn', 'review');

async function open(workspace: string) {
  mkdirSync(dir(workspace), { recursive: true });
  const { open: openEnv } = await import('lmdb');
  const env = openEnv({ path: dir(workspace), maxDbs: 4 });
  return { env, db: env.openDB<number, Array<string>>({ name: 'coverage' }) };
}

export async function recordCoverage(workspace: string, entries: CoverageEntry[]): Promise<void> {
  const { env, db } = await open(workspace);
  try {
    await db.transaction(() => {
      db.put(['runs'], (db.get(['runs']) ?? 0) + 1);
      for (const e of entries) {
        const key = ['count', e.code, e.branch];
        db.put(key, (db.get(key) ?? 0) + 1);
      }
    });
  } finally {
    await env.close();
  }
}

export async function readCoverage(workspace: string): Promise<CoverageCounts> {
  const { env, db } = await open(workspace);
  try {
    const counts: CoverageCounts['counts'] = [];
    for (const { key, value } of db.getRange({ start: ['count'], end: ['count', '\uffff'] })) {
      counts.push({ code: String(key[1]), branch: String(key[2]), count: value });
    }
    return { runs: db.get(['runs']) ?? 0, counts };
  } finally {
    await env.close();
  }
}
