// The Rust oracle's reading of save-analysis (scripts/accuracy/oracle-rust/sites.mjs),
// from a checked-in analysis of a tiny crate (rust-save-analysis/: its source and the
// JSON Debian's rustc 1.63 wrote with -Zsave-analysis, trimmed of docs and signatures).
// No compiler is needed: the harness's build step is what `npm run accuracy` measures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { RustOracle } from '../../scripts/accuracy/oracle-rust/sites.mjs';
// @ts-expect-error plain ESM script without type declarations
import { RustTokens } from '../../scripts/accuracy/oracle-rust/tokens.mjs';

const ROOT = join(__dirname, 'rust-save-analysis');
const analysis = JSON.parse(readFileSync(join(ROOT, 'libtiny.json'), 'utf8'));

function sites() {
  const oracle = new RustOracle(ROOT, [analysis]).run();
  return { oracle, sites: oracle.sortedSites() as any[] };
}
const at = (list: any[], line: number, name: string) => list.find((s) => s.line === line && s.calleeName === name);

describe('Rust oracle (save-analysis)', () => {
  const { oracle, sites: list } = sites();

  it('answers a function call with its definition in the corpus', () => {
    const s = at(list, 40, 'helper');
    expect(s).toMatchObject({ class: 'in_repo', status: 'in_repo', column: 24, callColumn: 24, kind: 'call' });
    expect(s.targets).toEqual([{ file: 'src/lib.rs', line: 31, column: 3, name: 'helper', declKind: 'Function' }]);
  });

  it("answers a call through a trait with the type's own method where the type is known", () => {
    // self.area() inside impl Shape for Square, and square.twice() on a local of type Square.
    expect(at(list, 16, 'area').targets[0]).toMatchObject({ line: 12, name: 'area' });
    expect(at(list, 49, 'twice').targets[0]).toMatchObject({ line: 15, name: 'twice' });
    expect(at(list, 41, 'default').targets[0]).toMatchObject({ line: 26, name: 'default', declKind: 'Method' });
    // In the trait's default method and on a generic, the trait's method is the answer.
    expect(at(list, 5, 'area').targets[0]).toMatchObject({ line: 3, name: 'area' });
    expect(at(list, 36, 'area').targets[0]).toMatchObject({ line: 3, name: 'area' });
  });

  it('classifies the standard library as builtin, constructions, function values and macros', () => {
    expect(at(list, 43, 'new')).toMatchObject({ class: 'builtin', specifier: 'String::new', callColumn: 15 });
    expect(at(list, 43, 'new').targets[0]).toMatchObject({ file: null, where: 'alloc' });
    expect(at(list, 44, 'ok')).toMatchObject({ class: 'builtin', specifier: '"7".parse::<u32>().ok', callColumn: 17 });
    expect(at(list, 40, 'Square')).toMatchObject({ class: 'in_repo' });
    expect(at(list, 40, 'Square').targets[0]).toMatchObject({ line: 9, declKind: 'Struct' });
    expect(at(list, 50, 'Some')).toMatchObject({ class: 'builtin', status: 'external' });
    expect(at(list, 49, 'apply')).toMatchObject({ class: 'indirect', status: 'in_repo' });
    expect(at(list, 49, 'apply').targets[0].declKind).toBe('FuncVar');
    expect(at(list, 49, 'double')).toMatchObject({ class: 'indirect' });
    expect(at(list, 46, 'println')).toMatchObject({ kind: 'macro', class: 'macro', targets: [] });
  });

  it('leaves out constructor patterns and names that are not called', () => {
    // `Some(n) =>` is a pattern; `None` and the struct literal `Config { .. }` are no calls.
    expect(at(list, 46, 'Some')).toBeUndefined();
    expect(list.filter((s: any) => s.calleeName === 'Config')).toEqual([]);
    expect(oracle.patternsLeftOut).toBe(2);
    expect(list.every((s: any) => s.file === 'src/lib.rs')).toBe(true);
  });
});

describe('Rust tokens', () => {
  it('finds where a call starts and whether parentheses are a pattern', () => {
    const src = 'fn f() {\n    let v = a.b(1)[0]?.c::<u8>(x);\n    match y { Some(Foo(z)) => 1, _ => 2 };\n    let w = Some(Foo(z));\n}\n';
    const tokens = new RustTokens(src);
    const c = tokens.index(2, 23);
    expect(tokens.text(c)).toBe('c');
    expect(tokens.tokens[tokens.callStart(c)]).toMatchObject({ line: 2, column: 12, text: 'a' });
    expect(tokens.text(tokens.afterName(c))).toBe('(');
    const foo = tokens.index(3, 19);
    expect(tokens.inPattern(foo + 1)).toBe(true);
    const built = tokens.index(4, 17);
    expect(tokens.text(built)).toBe('Foo');
    expect(tokens.inPattern(built + 1)).toBe(false);
  });

  it('counts columns in code points for rustc and in UTF-16 units for cairn', () => {
    const tokens = new RustTokens('let s = "𑓙"; f(s);\n');
    const f = tokens.index(1, 13);
    expect(tokens.tokens[f]).toMatchObject({ text: 'f', column: 14, point: 13 });
  });

  it('skips comments, strings and nested block comments', () => {
    const tokens = new RustTokens('/* a /* b */ c(1) */ r#"x(")"# // d(2)\ne(3)');
    expect(tokens.tokens.map((t: any) => t.text)).toEqual(['r#"x(")"#', 'e', '(', '3', ')']);
  });
});
