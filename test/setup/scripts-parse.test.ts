// The benchmark and accuracy scripts run outside the default suite (they need corpora and
// minutes), so nothing else notices when one stops parsing: a merge once left a stray `};`
// in scripts/bench.mjs. Each must at least compile.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? scripts(join(dir, e.name)) : e.name.endsWith('.mjs') ? [join(dir, e.name)] : []));
}

describe('scripts', () => {
  it('every .mjs under scripts/ compiles', () => {
    const broken: string[] = [];
    for (const file of scripts(join(ROOT, 'scripts'))) {
      try {
        execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' });
      } catch {
        broken.push(relative(ROOT, file));
      }
    }
    expect(broken).toEqual([]);
  });
});
