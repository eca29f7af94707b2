// Opt-in (CAIRN_CORPUS_TESTS=1): Go, Python, Java, C and C++ indexed end to end by the
// built CLI on copies of real corpora from the shared corpus script. The known callers
// were read in the corpora's code; counts are floors, so a better parser still passes.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cairnJson } from '../helpers/cli.js';

const enabled = Boolean(process.env.CAIRN_CORPUS_TESTS);
const installer = process.env.CAIRN_CORPORA_INSTALL ?? '../shared/corpora/install.sh';
const copies: string[] = [];

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

function corpus(name: string): string {
  const out = execFileSync('bash', [installer, name], { encoding: 'utf8' }).trim().split('\n').pop()!;
  return out.split('\t')[1] ?? out;
}

/** A fresh copy of the corpus (the installed one is read-only), indexed with `init`. */
function indexed(name: string): { root: string; stats: any } {
  const root = mkdtempSync(join(tmpdir(), `cairn-${name}-`));
  copies.push(root);
  cpSync(corpus(name), root, { recursive: true, filter: (src) => !src.endsWith('/.git') && !src.endsWith('/.cairn') });
  const init = cairnJson(['init', '-C', root]);
  expect(init.code, init.stderr).toBe(0);
  const status = cairnJson(['status', '-C', root]);
  return { root, stats: status.body.data.stats };
}

interface Neighbour {
  symbol: { id: string; qualified_name: string; file_path: string };
  resolution_kind: string;
}

function callers(root: string, symbol: string): Neighbour[] {
  const run = cairnJson(['callers', '-C', root, symbol, '--limit', '1000']);
  expect(run.code, run.stderr).toBe(0);
  return run.body.data.neighbours;
}

function callees(root: string, symbol: string): Neighbour[] {
  const run = cairnJson(['callees', '-C', root, symbol, '--limit', '1000']);
  expect(run.code, run.stderr).toBe(0);
  return run.body.data.neighbours;
}

/** Copying and indexing a corpus takes a while on a shared machine. */
const SLOW = 600_000;

const names = (list: Neighbour[]) => list.map((n) => `${n.symbol.qualified_name} ${n.resolution_kind}`);

describe.runIf(enabled)('languages on real corpora', () => {
  it('go-cobra: receivers, package calls, import paths to directories, tests', () => {
    const { root, stats } = indexed('go-cobra');
    expect(stats.files_by_language.go).toBeGreaterThanOrEqual(30);
    expect(stats.symbols).toBeGreaterThan(500);
    // command.go: `func (c *Command) Execute() error { _, err := c.ExecuteC(); ... }`
    expect(names(callees(root, 'command.go::Command::Execute'))).toEqual(['Command::ExecuteC receiver_type']);
    // cobra.go: CheckErr is called by UsageString (command.go) and, through the import
    // path github.com/spf13/cobra, by the doc package's examples.
    const check = names(callers(root, 'cobra.go::CheckErr'));
    expect(check).toContain('Command::UsageString package');
    expect(check).toContain('WriteStringAndCheck package');
    expect(check).toContain('ExampleGenMan exact');
  }, SLOW);

  it('py-requests: relative imports, module attributes, same-file calls', () => {
    const { root, stats } = indexed('py-requests');
    expect(stats.files_by_language.python).toBeGreaterThanOrEqual(15);
    // api.py: get/post/... call request(); request() builds `sessions.Session()` (from . import sessions).
    const request = names(callers(root, 'api.py::request'));
    for (const verb of ['get', 'post', 'put', 'patch', 'delete', 'head', 'options']) expect(request).toContain(`${verb} same_file`);
    expect(names(callees(root, 'api.py::request'))).toContain('Session exact');
  }, SLOW);

  it('java-commons-lang3: overloads, static calls, receivers, tests', () => {
    const { root, stats } = indexed('java-commons-lang3');
    expect(stats.files_by_language.java).toBeGreaterThanOrEqual(350);
    expect(stats.edges_by_resolution.receiver_type).toBeGreaterThan(1000);
    const s = 'src/main/java/org/apache/commons/lang3/StringUtils.java';
    // `isNotEmpty(cs) { return !isEmpty(cs); }`: an unqualified call in the same class.
    expect(names(callees(root, `${s}::StringUtils.isNotEmpty#isNotEmpty(CharSequence)`))).toEqual(['StringUtils.isEmpty receiver_type']);
    const tests = callers(root, `${s}::StringUtils.isEmpty#isEmpty(CharSequence)`).filter((n) => /(^|\/)src\/test\//.test(n.symbol.file_path));
    expect(tests.length).toBeGreaterThan(0);
  }, SLOW);

  // c-jq's source package is not fetchable here; c-redis covers the same C rules.
  it('c-redis: statics first, macros, definitions declared in headers', () => {
    const { root, stats } = indexed('c-redis');
    expect(stats.files_by_language.c).toBeGreaterThan(400);
    expect(stats.unresolved_by_reason.macro_or_function).toBeGreaterThan(0);
    // sds.c: `sds sdsnew(const char *init) { ... return sdsnewlen(init, initlen); }`
    expect(names(callees(root, 'src/sds.c::sdsnew'))).toEqual(['sdsnewlen exact']);
    // `static inline int sdsHdrSize(char type)` is called by _sdsnewlen in the same file.
    expect(names(callers(root, 'src/sds.c::sdsHdrSize'))).toContain('_sdsnewlen exact');
    // zmalloc is declared in zmalloc.h and defined once in zmalloc.c: callers across files bind to it.
    const zmalloc = callers(root, 'src/zmalloc.c::zmalloc');
    expect(zmalloc.length).toBeGreaterThan(100);
    expect(zmalloc.some((n) => n.symbol.file_path === 'src/sds.c' || n.symbol.file_path === 'src/adlist.c')).toBe(true);
  }, SLOW);

  it('cpp-fmt: classes, methods, headers as C++', () => {
    const { root, stats } = indexed('cpp-fmt');
    expect(stats.files_by_language.cpp).toBeGreaterThan(50);
    expect(stats.files_by_language.c ?? 0).toBe(0);
    expect(stats.symbols).toBeGreaterThan(2500);
    // core.h: error_handler::on_error calls detail::throw_format_error.
    expect(names(callers(root, 'throw_format_error'))).toContain('error_handler::on_error package');
  }, SLOW);
});
