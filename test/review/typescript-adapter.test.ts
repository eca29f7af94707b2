import { describe, expect, test } from 'vitest';
import { analyzeTypeScript, openReviewFile } from '../../parsers/typescript/review.js';

const SOURCE = `import { A, type B as C } from './a';
import * as ns from './ns';
import D from './d';
import { Effect } from 'effect';
import { Effect as Fx } from 'effect';
export * from './x';
export { Y as Z } from './y';
export interface Foo<T> { a: A; b: ns.Bar; c: T; d: Array<C>; e: Local }
type Local = string | Foo<number>;
function over(x: number): A;
function over(x: any) { return x; }
export function plain(x: A): Local { const inner = (y: number) => y; inner(1); over(1); return helper(x) + ns.h(1); }
export const helper = async <T,>(x: T): Promise<T> => { return x; };
export const traced = Effect.fn("label")(function* (x: number) { yield* helper(x); });
export const untraced = Fx.fnUntraced((x: Local) => x);
export const bad = Effect.fn<number>((x: number) => x);
let mutable = () => 1;
const one = () => 1, two = () => 2;
interface Merged { a: string }
interface Merged { b: string }
class K {}
export { plain as renamed };
`;

describe('TypeScript review adapter', () => {
  test('classifies top-level declarations as roots or not, with reasons', async () => {
    const file = await openReviewFile(SOURCE, 'typescript');
    const byName = Object.fromEntries(file.facts.declarations.map((d) => [`${d.kind}:${d.name}`, d]));
    expect(byName['interface:Foo']).toMatchObject({ rootKind: 'type', ineligible: null, exported: true, startLine: 8, endLine: 8 });
    expect(byName['type:Local']).toMatchObject({ rootKind: 'type', ineligible: null, exported: false });
    expect(byName['function:over'].ineligible).toBe('function-overload');
    expect(byName['function:plain']).toMatchObject({ rootKind: 'function', ineligible: null });
    expect(byName['const-callable:helper']).toMatchObject({ rootKind: 'function', ineligible: null });
    expect(byName['const-callable:traced'].ineligible).toBeNull();
    expect(byName['const-callable:untraced'].ineligible).toBeNull();
    expect(byName['const-callable:bad'].ineligible).toBe('unsupported-callable');
    expect(byName['const-callable:mutable'].ineligible).toBe('unsupported-callable');
    expect(byName['const-callable:one'].ineligible).toBe('unsupported-callable');
    expect(byName['interface:Merged'].ineligible).toBe('declaration-merging');
    expect(byName['class:K'].ineligible).toBe('not-a-root');
    expect(file.facts.reExports).toEqual([
      { exported: '*', imported: '*', specifier: './x' },
      { exported: 'Z', imported: 'Y', specifier: './y' },
    ]);
    expect(file.facts.localExports).toEqual({ renamed: 'plain' });
    expect(file.facts.imports.find((i) => i.local === 'C')).toMatchObject({ imported: 'B', typeOnly: true });
    expect(file.facts.imports.find((i) => i.local === 'D')).toMatchObject({ imported: 'default' });
    file.dispose();
  });

  test('reports outbound references in source order without binders, locals or the Effect wrapper', async () => {
    const file = await openReviewFile(SOURCE, 'typescript');
    const decl = (name: string) => file.facts.declarations.find((d) => d.name === name)!;
    const refs = (name: string) => file.references(decl(name)).map((r) => `${r.kind}:${r.name}${r.member ? `.${r.member}` : ''}`);
    expect(refs('Foo')).toEqual(['type:A', 'type:ns.Bar', 'type:Array', 'type:C', 'type:Local']);
    expect(refs('plain')).toEqual(['type:A', 'type:Local', 'call:over', 'call:helper', 'call:ns.h']);
    expect(refs('traced')).toEqual(['call:helper']);
    expect(refs('untraced')).toEqual(['type:Local']);
    file.dispose();
  });

  test('offsets are string indices, also after non-ASCII text', async () => {
    const source = `// héllo wörld ✓\nexport interface X { a: string }\n`;
    const file = await openReviewFile(source, 'typescript');
    const d = file.facts.declarations[0];
    expect(source.slice(d.start, d.end)).toBe('export interface X { a: string }');
    file.dispose();
  });
});

describe('Effect wrapper import rules', () => {
  const roots = async (source: string) =>
    (await analyzeTypeScript(source, 'typescript')).declarations.map((d) => `${d.name}:${d.ineligible ?? 'root'}`);

  test('a value import of { Effect } from effect, or a namespace import of effect/Effect, establishes the wrapper', async () => {
    expect(await roots("import { Effect } from 'effect';\nexport const a = Effect.fn(function* () {});\n")).toEqual(['a:root']);
    expect(await roots("import * as E from 'effect/Effect';\nexport const a = E.fnUntraced((x: number) => x);\n")).toEqual(['a:root']);
  });

  test('type-only imports, shadowed bindings, extra arguments and labels on fnUntraced do not', async () => {
    expect(await roots("import type { Effect } from 'effect';\nexport const a = Effect.fn(function* () {});\n")).toEqual(['a:unsupported-callable']);
    expect(await roots("import { Effect } from 'effect';\nconst Effect = { fn: (f: any) => f };\nexport const a = Effect.fn(() => 1);\n")).toEqual([
      'Effect:not-a-root',
      'a:unsupported-callable',
    ]);
    expect(await roots("import { Effect } from 'effect';\nexport const a = Effect.fn(() => 1, (x) => x);\n")).toEqual(['a:unsupported-callable']);
    expect(await roots("import { Effect } from 'effect';\nexport const a = Effect.fnUntraced('label')(() => 1);\n")).toEqual(['a:unsupported-callable']);
    expect(await roots("import { Effect } from 'other';\nexport const a = Effect.fn(() => 1);\n")).toEqual(['a:unsupported-callable']);
  });
});
