// Answers that say when they may be wrong: stale sources, unusable indexes, misses
// with suggestions, bad input that is named as such.
import { appendFileSync, openSync, closeSync, writeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';
import { RUST_TS_FIXTURE } from './fixtures.js';

const GO = {
  'go.mod': 'module example.com/app\n\ngo 1.22\n',
  'cmd/command.go': `package cmd

import "fmt"

type Command struct{}

func (c *Command) ExecuteC() error {
	fmt.Println("run")
	return nil
}

func Transform(x int) int {
	return len([]int{x})
}
`,
};

describe('stale sources', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = makeFixture(RUST_TS_FIXTURE, { git: true });
    expect(cairn(['init', '-C', repo.root]).code).toBe(0);
  });
  afterAll(() => repo.remove());

  it('answers on a fresh index carry no stale_source warning', () => {
    for (const args of [['callers', 'web/greet.ts::greet'], ['callees', 'helper'], ['node', '--symbol', 'Greeter.run'], ['explore', 'Circle::area'], ['tests-for', 'web/greet.ts::greet'], ['impact', 'web/greet.ts::greet'], ['search', 'area'], ['unresolved']]) {
      const { code, body } = cairnJson([...args, '-C', repo.root]);
      expect(code, args.join(' ')).toBe(0);
      expect(body.warnings.map((w: any) => w.code), args.join(' ')).not.toContain('stale_source');
    }
  });

  it('after an edit, every answer relying on the edited file says so, names it and asks for a sync', () => {
    const edited = makeFixture(RUST_TS_FIXTURE, { git: true });
    try {
      expect(cairn(['init', '-C', edited.root]).code).toBe(0);
      // Same size, new bytes: the stat differs, so the hash decides.
      edited.write('web/greet.ts', RUST_TS_FIXTURE['web/greet.ts']!.replace('hello', 'HELLO'));
      for (const args of [['callers', 'web/greet.ts::greet'], ['node', '--symbol', 'Greeter.run'], ['explore', 'web/greet.ts::greet'], ['tests-for', 'web/greet.ts::greet'], ['impact', 'web/greet.ts::greet'], ['search', 'greet']]) {
        const { code, body } = cairnJson([...args, '-C', edited.root]);
        expect(code, args.join(' ')).toBe(0);
        const warning = body.warnings.find((w: any) => w.code === 'stale_source');
        expect(warning, args.join(' ')).toMatchObject({ files: ['web/greet.ts'] });
        expect(body.next_action).toBe('cairn sync');
      }
      // Files the answer does not rely on are not reported.
      const other = cairnJson(['callees', 'Circle::area', '-C', edited.root]).body;
      expect(other.warnings.map((w: any) => w.code)).not.toContain('stale_source');
      // The human form prints the warning too.
      expect(cairn(['callers', 'web/greet.ts::greet', '-C', edited.root]).stdout).toMatch(/\[stale_source\] 1 file\(s\) this answer relies on changed .*web\/greet\.ts.*cairn sync/);
      // Touching a file without changing its bytes is not a change.
      edited.write('web/greet.ts', RUST_TS_FIXTURE['web/greet.ts']!);
      expect(cairnJson(['callers', 'web/greet.ts::greet', '-C', edited.root]).body.warnings).toEqual([]);
    } finally {
      edited.remove();
    }
  });

  it('diff --files on an unsynced tree is ok:false with stale_source, and names a new source file the index lacks', () => {
    const edited = makeFixture(RUST_TS_FIXTURE, { git: true });
    try {
      expect(cairn(['init', '-C', edited.root]).code).toBe(0);
      edited.write('web/greet.ts', `${RUST_TS_FIXTURE['web/greet.ts']}\nexport function added() { return 1; }\n`);
      edited.write('web/new.ts', 'export function fresh() { return 2; }\n');
      const { code, body } = cairnJson(['diff', '--files', 'web/greet.ts', 'web/new.ts', '-C', edited.root]);
      expect(code).toBe(1);
      expect(body.ok).toBe(false);
      expect(body.next_action).toBe('cairn sync');
      expect(body.warnings.find((w: any) => w.code === 'stale_source')).toMatchObject({ files: ['web/greet.ts', 'web/new.ts'] });
      // After a sync the same mapping is fresh.
      expect(cairn(['sync', '-C', edited.root]).code).toBe(0);
      const synced = cairnJson(['diff', '--files', 'web/greet.ts', '-C', edited.root]);
      expect(synced.code).toBe(0);
      expect(synced.body.data.symbols.map((s: any) => s.symbol.name)).toContain('added');
    } finally {
      edited.remove();
    }
  });
});

describe('symbol names, suggestions and typo-tolerant search', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = makeFixture(GO, { git: true });
    expect(cairn(['init', '-C', repo.root]).code).toBe(0);
  });
  afterAll(() => repo.remove());

  it("accepts the language's own separator: Go's Command.ExecuteC is Command::ExecuteC", () => {
    const dotted = cairnJson(['node', '--symbol', 'Command.ExecuteC', '-C', repo.root]);
    expect(dotted.code).toBe(0);
    expect(dotted.body.data.symbol.qualified_name).toBe('Command::ExecuteC');
    expect(cairnJson(['callees', 'Command::ExecuteC', '-C', repo.root]).code).toBe(0);
  });

  it('a miss suggests the nearest names', () => {
    const miss = cairnJson(['callers', 'ExecuteX', '-C', repo.root]);
    expect(miss.code).toBe(1);
    expect(miss.body.data.suggestions).toContain('ExecuteC');
    expect(miss.body.warnings[0].message).toMatch(/nearest indexed names: .*ExecuteC/);
    // The name exists under another qualifier: those qualified names are offered.
    const wrongOwner = cairnJson(['callers', 'Other.ExecuteC', '-C', repo.root]);
    expect(wrongOwner.body.data.suggestions).toEqual(['Command::ExecuteC']);
  });

  it('search falls back to names a typo away, and says so', () => {
    const { code, body } = cairnJson(['search', 'tranform', '-C', repo.root]);
    expect(code).toBe(0);
    expect(body.data.match).toBe('typo_tolerant');
    expect(body.data.symbols.map((s: any) => s.name)).toEqual(['Transform']);
    expect(body.warnings[0].code).toBe('typo_tolerant_match');
    expect(cairn(['search', 'tranform', '-C', repo.root]).stdout).toMatch(/typo-tolerant/);
    expect(cairnJson(['search', 'transf', '-C', repo.root]).body.data.match).toBe('name');
  });

  it('Go builtins and calls into other packages are their own reasons, listed only on request', () => {
    const listed = cairnJson(['unresolved', '-C', repo.root]).body;
    expect(listed.data.references).toEqual([]);
    expect(listed.data.outside_workspace).toEqual({ external: 1, builtin: 1 });
    const outside = cairnJson(['unresolved', '--reason', 'external,builtin', '-C', repo.root]).body;
    expect(outside.data.references.map((r: any) => [r.specifier, r.reason])).toEqual([
      ['fmt.Println', 'external'],
      ['len', 'builtin'],
    ]);
    expect(cairnJson(['unresolved', '--reason', 'nonsense', '-C', repo.root]).code).toBe(2);
    const doctor = cairnJson(['doctor', '-C', repo.root]).body;
    expect(doctor.data.graph_quality.outside_workspace).toEqual({ external: 1, builtin: 1, total: 2 });
    expect(doctor.data.graph_quality.unresolved.total).toBe(0);
  });
});

describe('input that is not what a command expects', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = makeFixture({ 'a.ts': 'export function a() { return b(); }\nfunction b() { return 1; }\n' });
  });
  afterAll(() => repo.remove());

  it('a damaged data.mdb is unusable, with the reason and how to rebuild, and init rebuilds it', () => {
    expect(cairn(['init', '-C', repo.root]).code).toBe(0);
    const mdb = join(repo.root, '.cairn', 'graph', 'data.mdb');
    const fd = openSync(mdb, 'r+');
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 0);
    closeSync(fd);
    const doctor = cairnJson(['doctor', '-C', repo.root]);
    expect(doctor.code).toBe(1);
    expect(doctor.body.data.index).toMatchObject({ present: true, reason: expect.stringMatching(/no valid meta page/) });
    expect(doctor.body.data.graph_quality.trust_verdict).toBe('unusable');
    expect(doctor.body.next_action).toBe('cairn init');
    expect(cairn(['doctor', '-C', repo.root]).stdout).toMatch(/^Index: unusable \(\.cairn\/graph: data\.mdb has no valid meta page/);
    const status = cairnJson(['status', '-C', repo.root]);
    expect(status.body.data.freshness).toBe('unusable');
    const callers = cairnJson(['callers', 'b', '-C', repo.root]);
    expect(callers.code).toBe(1);
    expect(callers.body.warnings[0]).toMatchObject({ code: 'index_unusable' });
    expect(cairn(['sync', '-C', repo.root]).code).toBe(1);
    // A truncated file too.
    writeFileSync(mdb, 'not an index');
    expect(cairnJson(['status', '-C', repo.root]).body.data.index.reason).toMatch(/shorter than the two meta pages/);
    expect(cairn(['init', '-C', repo.root]).code).toBe(0);
    expect(cairnJson(['callers', 'b', '-C', repo.root]).code).toBe(0);
  });

  it('replay of a file that is not an audit log is bad input (exit 2) saying what was expected', () => {
    writeFileSync(join(repo.root, 'notes.jsonl'), '{"hello":"world"}\n');
    const run = cairn(['replay', join(repo.root, 'notes.jsonl')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/line 1 is not an audit log line; an audit log .* has one JSON object a line/);
    expect(run.stdout).not.toMatch(/DIVERGED/);
    writeFileSync(join(repo.root, 'empty.jsonl'), '');
    expect(cairn(['replay', join(repo.root, 'empty.jsonl')]).code).toBe(2);
  });

  it('review --file of a path that does not exist is an error', () => {
    const run = cairnJson(['review', '--file', 'nope.ts', '--line', '1', '-C', repo.root]);
    expect(run.code).toBe(2);
    expect(run.body.warnings[0]).toMatchObject({ code: 'file_not_found' });
  });

  it('usage errors always carry data', () => {
    const unknown = cairnJson(['callers', '--bogus', 'x', '-C', repo.root]);
    expect(unknown.code).toBe(2);
    expect(unknown.body.data).toEqual({});
    const bad = cairnJson(['unresolved', '--limit', 'many', '-C', repo.root]);
    expect(bad.code).toBe(2);
    expect(bad.body.data).toEqual({});
  });

  it('subcommand --help shows the global options', () => {
    const help = cairn(['callers', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/-C, --workspace <dir>/);
    expect(help.stdout).toMatch(/--json/);
    expect(help.stdout).toMatch(/--no-tests/);
  });

  it('rules validate reports every problem of every file, each at file:line:col', () => {
    const rule = join(repo.root, 'bad.jsonc');
    writeFileSync(
      rule,
      '{\n  "version": 2,\n  "id": "Bad Id",\n  "title": "",\n  "extra": 1,\n  "question": "q",\n  "criteria": ["c"],\n  "message": "m",\n  "inputs": [{ "languages": ["cobol"], "kind": "type" }]\n}\n',
    );
    const other = join(repo.root, 'worse.jsonc');
    writeFileSync(other, '{ "version": 1, ');
    appendFileSync(other, '\n');
    const run = cairn(['rules', 'validate', rule, other]);
    expect(run.code).toBe(2);
    const lines = run.stderr.split('\n').filter((l) => /:\d+:\d+: /.test(l));
    expect(lines.some((l) => l.includes('bad.jsonc:2:') && /version must be 1/.test(l))).toBe(true);
    expect(lines.some((l) => l.includes('bad.jsonc:3:') && /id uses/.test(l))).toBe(true);
    expect(lines.some((l) => l.includes('bad.jsonc:4:') && /title must be/.test(l))).toBe(true);
    expect(lines.some((l) => l.includes('bad.jsonc:5:') && /unknown key "extra"/.test(l))).toBe(true);
    expect(lines.some((l) => l.includes('bad.jsonc:9:') && /unknown language "cobol"/.test(l))).toBe(true);
    expect(lines.some((l) => l.includes('worse.jsonc:'))).toBe(true);
  });
});
