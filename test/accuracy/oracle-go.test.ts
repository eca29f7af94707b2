// The Go oracle (go/types). It needs the go command, which CI does not install, so it
// is opt-in (CAIRN_GO_ORACLE_TESTS=1, where `go` is on the PATH): a tiny module of two packages
// with a method promoted through an embedded field, an interface call, a call through
// a function-typed variable, conversions (the type they name, in the workspace or not) and a builtin.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { buildOracle, corpusGopath, runGoOracle } from '../../scripts/accuracy/oracle-go.mjs';

const LIB = `package lib

type Base struct{}

func (Base) Hello() string { return "hi" }

type Greeter interface{ Greet() string }

type Thing struct {
	Base
	OnDone func()
}

func New() *Thing { return &Thing{} }
`;
const MAIN = `package main

import ("example.com/tiny/lib"; "time")

type Name string

func run(g lib.Greeter) {
	t := lib.New()
	t.Hello()
	g.Greet()
	t.OnDone()
	_ = Name("x")
	_ = len("x")
	_ = time.Duration(3)
}

func main() { run(nil) }
`;

describe.runIf(Boolean(process.env.CAIRN_GO_ORACLE_TESTS))('Go oracle (go/types)', () => {
  let work = '';
  let sites: any[] = [];
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'cairn-oracle-go-'));
    const root = join(work, 'gopath', 'src', 'example.com', 'tiny');
    mkdirSync(join(root, 'lib'), { recursive: true });
    writeFileSync(join(root, 'go.mod'), 'module example.com/tiny\n');
    writeFileSync(join(root, 'lib', 'lib.go'), LIB);
    writeFileSync(join(root, 'main.go'), MAIN);
    const out = join(work, 'sites.jsonl');
    const summary = runGoOracle(buildOracle(work), root, out, corpusGopath(work, work), work);
    expect(summary.files).toBe(2);
    sites = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const at = (line: number) => sites.find((s) => s.file === 'main.go' && s.line === line);

  it('answers a package-qualified call and a method promoted from an embedded field', () => {
    expect(at(8)).toMatchObject({ calleeName: 'New', column: 10, callColumn: 6, specifier: 'lib.New', status: 'in_repo' });
    expect(at(8).targets).toEqual([{ file: 'lib/lib.go', line: 14, column: 5, name: 'New', declKind: 'FuncDecl' }]);
    expect(at(9).targets).toEqual([{ file: 'lib/lib.go', line: 5, column: 12, name: 'Hello', declKind: 'MethodDecl' }]);
  });

  it("binds an interface call to the interface's method", () => {
    expect(at(10).targets).toEqual([{ file: 'lib/lib.go', line: 7, column: 24, name: 'Greet', declKind: 'InterfaceMethod' }]);
  });

  it('names the field a function-typed call goes through, and calls nothing for a conversion', () => {
    expect(at(11).targets[0]).toMatchObject({ file: 'lib/lib.go', line: 11, name: 'OnDone', declKind: 'FuncField' });
    expect(at(12)).toMatchObject({ calleeName: 'Name', status: 'indirect', targets: [] });
    expect(at(12).conversionTo).toEqual({ file: 'main.go', line: 5, column: 5, name: 'Name', declKind: 'TypeName' });
    expect(at(14)).toMatchObject({ status: 'indirect', targets: [], conversionTo: { file: null, name: 'Duration', declKind: 'TypeName', where: 'time' } });
    expect(at(13)).toMatchObject({ status: 'external', targets: [{ file: null, name: 'len', declKind: 'Builtin', where: 'builtin' }] });
  });
});
