// Opt-in (CAIRN_CORPUS_TESTS=1; CI runs it): the built CLI over copies of real
// corpora from the shared installer. Counts and a few symbols and callers that were
// checked by reading the code.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cairnJson } from '../helpers/cli.js';

const enabled = Boolean(process.env.CAIRN_CORPUS_TESTS);
const installer = process.env.CAIRN_CORPORA_INSTALL ?? '../shared/corpora/install.sh';
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Installs (if needed) and copies a corpus: corpora are read-only. */
function copyOf(name: string): string {
  const out = execFileSync('bash', [installer, name], { encoding: 'utf8' }).trim().split('\n').pop()!;
  const source = out.split('\t')[1] ?? out;
  const dir = mkdtempSync(join(tmpdir(), `cairn-corpus-${name}-`));
  copies.push(dir);
  cpSync(source, join(dir, 'src'), { recursive: true });
  return join(dir, 'src');
}

describe.runIf(enabled)('index over real corpora', () => {
  it('rust-regex: every file indexed, known symbols and callers', () => {
    const root = copyOf('rust-regex');
    const init = cairnJson(['init', '-C', root]);
    expect(init.code, init.stderr).toBe(0);
    // 63 Rust files and `test`, an executable `#!/bin/bash` script at the root.
    expect(init.body.data.files.inventoried).toBe(64);
    expect(init.body.data.statuses).toEqual({ ok: 64 });
    const stats = cairnJson(['status', '-C', root]).body.data.stats;
    expect(stats.files_by_language).toEqual({ bash: 1, rust: 63 });
    expect(stats.symbols).toBeGreaterThan(900);
    expect(stats.call_sites).toBeGreaterThan(5000);
    // Two `Regex::new`, one per flavour; naming it bare is refused as ambiguous.
    const ambiguous = cairnJson(['callers', 'Regex::new', '-C', root]).body;
    expect(ambiguous.warnings[0].code).toBe('ambiguous_symbol');
    expect(ambiguous.data.candidates.map((s: any) => s.id).sort()).toEqual(['src/re_bytes.rs::Regex::new', 'src/re_unicode.rs::Regex::new']);
    // `impl FromStr for Regex { fn from_str(s) { Regex::new(s) } }` in re_unicode.rs.
    const callers = cairnJson(['callers', 'src/re_unicode.rs::Regex::new', '-C', root]).body;
    expect(callers.data.neighbours.map((n: any) => n.symbol.id)).toContain('src/re_unicode.rs::Regex::from_str');
    // `pub fn is_match(&self, text) { self.is_match_at(text, 0) }`: the unicode flavour's own method.
    const callees = cairnJson(['callees', 'src/re_unicode.rs::Regex::is_match', '-C', root]).body;
    expect(callees.data.neighbours.map((n: any) => [n.symbol.id, n.resolution_kind])).toEqual([['src/re_unicode.rs::Regex::is_match_at', 'receiver_type']]);
    // `RegexBuilder` is defined inside a `macro_rules!` template: unresolved, never guessed.
    const built = cairnJson(['callees', 'src/re_unicode.rs::Regex::new', '-C', root]).body;
    expect(built.data.unresolved.map((u: any) => u.specifier)).toContain('RegexBuilder::new');
    expect(cairnJson(['sync', '-C', root]).body.data.analysed).toBe(0);
  });

  it('ts-zod: every file indexed, known symbols, exact import bindings', () => {
    const root = copyOf('ts-zod');
    const init = cairnJson(['init', '-C', root]);
    expect(init.code, init.stderr).toBe(0);
    expect(init.body.data.files.inventoried).toBe(332);
    const stats = cairnJson(['status', '-C', root]).body.data.stats;
    expect(stats.symbols).toBeGreaterThan(5000);
    const search = cairnJson(['search', 'safeParse', '--kind', 'method', '-C', root]).body;
    expect(search.data.symbols.map((s: any) => s.id)).toContain('v3/types.ts::ZodType.safeParse');
    // v3/types.ts imports `errorUtil` and friends from ./helpers; `processCreateParams` is a
    // local function used by every schema factory in the same file.
    const callers = cairnJson(['callers', 'v3/types.ts::processCreateParams', '--min-confidence', '60', '-C', root]).body;
    expect(callers.data.total).toBeGreaterThan(20);
  });
});
