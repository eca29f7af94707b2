// Opt-in (CAIRN_CORPUS_TESTS=1): answers that must be true on real repositories, each case
// checked by reading the corpus's code. The built CLI indexes copies (corpora are read-only).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairn, cairnJson } from '../helpers/cli.js';

const enabled = Boolean(process.env.CAIRN_CORPUS_TESTS);
const installer = process.env.CAIRN_CORPORA_INSTALL ?? '../shared/corpora/install.sh';
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A fresh copy of an installed corpus, without its .git or .cairn. */
function copyOf(name: string): string {
  const out = execFileSync('bash', [installer, name], { encoding: 'utf8' }).trim().split('\n').pop()!;
  const source = out.split('\t')[1] ?? out;
  const dir = mkdtempSync(join(tmpdir(), `cairn-answers-${name}-`));
  copies.push(dir);
  cpSync(source, join(dir, 'src'), { recursive: true, filter: (p) => !p.endsWith('/.git') && !p.endsWith('/.cairn') });
  return join(dir, 'src');
}

function indexed(name: string, ...flags: string[]): string {
  const root = copyOf(name);
  const init = cairnJson(['init', ...flags, '-C', root]);
  expect(init.code, init.stderr).toBe(0);
  return root;
}

const ids = (rows: any[]) => rows.map((r) => r.symbol?.id ?? r.id);

const ALL_REASONS = 'missing_target,ambiguous_target,macro_or_function,indirect_call,excluded,external,builtin';

/** The reason of the first unresolved record in `file` whose specifier is `specifier`. */
function reasonAt(root: string, file: string, specifier: string): string | undefined {
  const rows = cairnJson(['unresolved', '--reason', ALL_REASONS, '--in', file, '--limit', '200', '-C', root]).body.data.references;
  return rows.find((u: any) => u.specifier === specifier && u.file_path === file)?.reason;
}

describe.runIf(enabled)('go-cobra', () => {
  let root = '';
  beforeAll(() => {
    root = indexed('go-cobra');
  });

  it('doctor says trusted: every unresolved call is external, builtin or indirect, but 4', () => {
    const quality = cairnJson(['doctor', '-C', root]).body.data.graph_quality;
    expect(quality.trust_verdict).toBe('trusted');
    expect(quality.verdict_causes).toEqual([]);
    // doc/*_test.go call rootCmd.PersistentFlags().Lookup on a variable of another file, and
    // man_docs.go calls (*header.Date).Format: left missing, never guessed.
    expect(quality.unresolved.missing_target).toBeLessThanOrEqual(4);
    expect(quality.unresolved.ambiguous_target).toBe(0);
  });

  it('tests-for candidates carry evidence and paths made of edges that exist', () => {
    const tests = cairnJson(['tests-for', 'legacyArgs', '-C', root]).body.data.tests;
    expect(tests.length).toBeGreaterThan(0);
    for (const t of tests) {
      for (const step of t.path) expect(step.source.id).not.toBe(step.target.id);
      if (t.evidence === 'same_module_candidate') expect(t.basis.shared_callees.length + t.basis.name_words.length).toBeGreaterThan(0);
    }
    // args_test.go: TestLegacyArgsRootAcceptsArgs and friends are named after it.
    expect(tests.map((t: any) => t.test.id)).toContain('args_test.go::TestLegacyArgsRootAcceptsArgs');
  });

  it('impact legacyArgs is not cut short by calls nobody can follow', () => {
    const run = cairnJson(['impact', 'legacyArgs', '-C', root]).body;
    expect(run.warnings.map((w: any) => w.code)).not.toContain('budget_reached');
    expect(run.truncated).toBe(false);
    // len, fmt.Errorf, append: counted apart, listed only on request.
    expect(run.data.outside_workspace.builtin).toBeGreaterThan(0);
    expect(run.data.outside_workspace.external).toBeGreaterThan(0);
    expect(run.data.outside_workspace.listed).toEqual([]);
    expect(run.data.unresolved_boundaries.every((b: any) => b.reason !== 'builtin' && b.reason !== 'external')).toBe(true);
  });

  it('a conversion is a reference to its type, and calls through function values are indirect', () => {
    // command.go:1225 `sort.Sort(commandSorterByName(c.commands))`, cobra.go:126 `int64(...)`: no calls.
    expect(reasonAt(root, 'command.go', 'commandSorterByName')).toBeUndefined();
    expect(reasonAt(root, 'cobra.go', 'int64')).toBeUndefined();
    const users = cairnJson(['callers', 'command.go::commandSorterByName', '-C', root]).body.data.neighbours;
    expect(users.map((n: any) => [n.symbol.id, n.relationship])).toContainEqual(['command.go::Command::Commands', 'references']);
    // command.go:993 `preExecHookFn(c)`, a package variable; command.go:1072 `c.Args(c, args)`, a PositionalArgs field.
    expect(reasonAt(root, 'command.go', 'preExecHookFn')).toBe('indirect_call');
    expect(reasonAt(root, 'command.go', 'c.Args')).toBe('indirect_call');
    // doc/cmd_test.go: `rootCmd.PersistentFlags().StringP(...)` on a package variable: pflag's.
    expect(reasonAt(root, 'doc/cmd_test.go', 'rootCmd.PersistentFlags().StringP')).toBe('external');
  });

  it('Command owns its methods, across files, and its users are its callers', () => {
    const node = cairnJson(['node', '--symbol', 'command.go::Command', '-C', root]).body.data;
    const members = ids(node.children);
    expect(members).toContain('command.go::Command::Execute');
    // completions.go declares `func (c *Command) initCompleteCmd(args []string)`.
    expect(members).toContain('completions.go::Command::initCompleteCmd');
    const method = cairnJson(['node', '--symbol', 'completions.go::Command::initCompleteCmd', '-C', root]).body.data;
    expect(method.parent.id).toBe('command.go::Command');
    // doc/man_docs.go: `func GenMan(cmd *cobra.Command, header *GenManHeader, w io.Writer) error`.
    const callers = cairnJson(['callers', 'command.go::Command', '--limit', '1000', '-C', root]).body.data;
    expect(callers.neighbours.filter((n: any) => n.symbol.id === 'doc/man_docs.go::GenMan').map((n: any) => n.relationship)).toEqual(['references']);
    // `type PositionalArgs func(cmd *Command, args []string) error` is a defined type.
    const search = cairnJson(['search', 'PositionalArgs', '-C', root]).body.data.symbols;
    expect(search.find((s: any) => s.id === 'args.go::PositionalArgs')?.kind).toBe('typedef');
    // The graph server gets the type and its methods as one `form` hyperedge.
    const push = JSON.parse(cairn(['export', '--format', 'graph-push', '-C', root]).stdout);
    const form = push.hyperedges.find((h: any) => h.relation === 'form' && h.label === 'Command and its members');
    expect(form.members.length).toBeGreaterThan(100);
  });
});

describe.runIf(enabled)('py-requests', () => {
  let root = '';
  beforeAll(() => {
    root = indexed('py-requests');
  });

  it('a bare name that several symbols carry is refused with its candidates', () => {
    const run = cairnJson(['callers', 'get', '-C', root]);
    expect(run.body.ok).toBe(false);
    expect(run.body.warnings[0].code).toBe('ambiguous_symbol');
    expect(ids(run.body.data.candidates).sort()).toEqual(['api.py::get', 'cookies.py::RequestsCookieJar.get', 'sessions.py::Session.get', 'structures.py::LookupDict.get']);
    // A qualifier selects.
    expect(cairnJson(['callers', 'Session.get', '-C', root]).body.ok).toBe(true);
  });

  it('calls into urllib3, the standard library and values made by them are external, and doctor trusts the graph', () => {
    // adapters.py: `from urllib3.util.retry import Retry`, then `Retry.from_int(max_retries)`.
    expect(reasonAt(root, 'adapters.py', 'Retry.from_int')).toBe('external');
    // utils.py: `zip_file = zipfile.ZipFile(archive)`, then `zip_file.namelist()`.
    expect(reasonAt(root, 'utils.py', 'zip_file.namelist')).toBe('external');
    // cookies.py: `new_cj = RequestsCookieJar()` (a cookielib.CookieJar), then `new_cj.set_policy(...)`.
    expect(reasonAt(root, 'cookies.py', 'new_cj.set_policy')).toBe('external');
    expect(cairnJson(['doctor', '-C', root]).body.data.graph_quality.trust_verdict).toBe('trusted');
  });
});

describe.runIf(enabled)('ts-trpc', () => {
  it('reports its skipped vendor/ folder, and calls into it are excluded', () => {
    const root = copyOf('ts-trpc');
    const init = cairnJson(['init', '-C', root]).body.data;
    expect(init.skipped_folders).toEqual([{ path: 'vendor', files: 7 }]);
    const excluded = cairnJson(['unresolved', '--reason', 'excluded', '-C', root]).body.data.references;
    expect(excluded.length).toBe(6);
    expect(cairnJson(['doctor', '-C', root]).body.data.skipped_folders).toEqual([{ path: 'vendor', files: 7 }]);
  });

  it('a sync keeps what init --include-library took in', () => {
    const root = copyOf('ts-trpc');
    expect(cairnJson(['init', '--include-library', '-C', root]).code).toBe(0);
    const files = cairnJson(['status', '-C', root]).body.data.stats.files;
    const sync = cairnJson(['sync', '-C', root]).body.data;
    expect(sync.options).toEqual({ include_library: true, source: 'recorded' });
    expect(sync.files.deleted).toBe(0);
    expect(cairnJson(['status', '-C', root]).body.data.stats.files).toBe(files);
  });

  it('a call through a parameter property (opts.createContext) is indirect_call', () => {
    const root = indexed('ts-trpc');
    const indirect = cairnJson(['unresolved', '--reason', 'indirect_call', '--in', 'adapters/fetch/', '-C', root]).body.data.references;
    // adapters/fetch/fetchRequestHandler.ts: `opts.createContext?.({ req: opts.req, ... })`.
    expect(indirect.map((u: any) => u.specifier)).toContain('opts.createContext');
  });
});
