// LMDB's reader table: sized for the concurrency cairn allows, and a full table is a
// busy index (try again), never a damaged one (rebuild).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { failureResult } from '../../cli/run.js';
import { openEnv } from '../../store/env.js';
import { MAX_READERS } from '../../store/readers.js';

describe("LMDB's reader table", () => {
  test('a new index has room for MAX_READERS readers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-readers-'));
    try {
      const env = openEnv(join(dir, 'graph'), false);
      expect(MAX_READERS).toBeGreaterThan(126);
      expect((env.root.getStats() as { maxReaders: number }).maxReaders).toBe(MAX_READERS);
      await env.root.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a full table is index_busy with no action, exit 1 and no stack: never "run cairn init"', () => {
    let stderr = '';
    const result = failureResult('search', new Error('MDB_READERS_FULL: Environment maxreaders limit reached'), { stderr: (t) => void (stderr += t) });
    expect(result).toMatchObject({ ok: false, exit_code: 1, next_action: 'none', warnings: [{ code: 'index_busy' }] });
    expect(result.warnings[0]!.message).not.toMatch(/init/);
    expect(stderr).toBe('');
  });
});
