// Properties of the Bend type-shape extractor: on generated files (datatypes from a
// model, defs whose comments and literals hold fake declarations, unsupported lines)
// and on arbitrary text it never throws, stays within its bounds, answers the same
// twice, finds exactly the modelled datatypes, and every coordinate it reports points
// back at the text it names.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { analyzeBend, MAX_BEND_DECLARATIONS, type BendFileFacts, type Span } from '../parsers/bend/analyze.js';

const upper = fc.stringMatching(/^[A-Z][A-Za-z0-9_]{0,6}$/);
const lower = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/).filter((s) => !['type', 'def', 'law', 'import', 'is', 'as'].includes(s));

type TypeModel = { name: string; qualifier: string | null; args: Array<TypeModel | '&0' | '&1' | '&2'> };
const typeModel: fc.Arbitrary<TypeModel> = fc.letrec<{ t: TypeModel }>((tie) => ({
  t: fc.record({
    name: upper,
    qualifier: fc.option(fc.constantFrom('R', 'M'), { nil: null }),
    args: fc.oneof({ depthSize: 'small' }, fc.constant([]), fc.array(fc.oneof(tie('t'), fc.constantFrom('&0' as const, '&1' as const, '&2' as const)), { minLength: 1, maxLength: 3 })),
  }),
})).t;
const renderType = (t: TypeModel): string => `${t.qualifier ? `${t.qualifier}.` : ''}${t.name}${t.args.length ? `<${t.args.map((a) => (typeof a === 'string' ? a : renderType(a))).join(', ')}>` : ''}`;
const refsOf = (t: TypeModel): string[] => [`${t.qualifier ? `${t.qualifier}.` : ''}${t.name}`, ...t.args.flatMap((a) => (typeof a === 'string' ? [] : refsOf(a)))];

const constructorModel = fc.record({
  name: upper,
  fields: fc.uniqueArray(fc.record({ name: lower, type: typeModel }), { selector: (f) => f.name, maxLength: 4 }),
  comment: fc.boolean(),
});
const datatypeModel = fc.record({ name: upper, kind: fc.constantFrom('Data', 'Type'), constructors: fc.array(constructorModel, { maxLength: 4 }) });

// Lines that must never produce a declaration, inside a def body.
const decoy = fc.constantFrom('  # type Fake is Data:', '  x = "type Fake is Data:"', "  c = 'type Fake is Data:'", '  s = "open\ntype Fake is Data:\n  Fake{}\n"', '  return 0');

const fileModel = fc.record({
  imports: fc.array(fc.constantFrom('import Base', 'import ./r.bend as R', 'import ../m/money.bend as M', 'import user/lib', 'import Foo'), { maxLength: 3 }),
  items: fc.array(fc.oneof(datatypeModel.map((d) => ({ datatype: d })), fc.array(decoy, { maxLength: 3 }).map((body) => ({ def: body })), fc.constantFrom({ junk: 'enum E:\n  a' }, { junk: '# a note' }, { junk: '' })), { maxLength: 6 }),
});

function renderFile(m: fc.RecordValue<{ imports: string[]; items: Array<Record<string, unknown>> }>): { text: string; datatypes: Array<{ name: string; constructors: string[]; refs: string[] }> } {
  const out: string[] = [...(m.imports as string[])];
  const datatypes: Array<{ name: string; constructors: string[]; refs: string[] }> = [];
  let n = 0;
  for (const item of m.items as Array<Record<string, any>>) {
    if (item.datatype) {
      const d = item.datatype;
      const name = `${d.name}${n++}`; // distinct names: a duplicate is a separate property
      out.push(`type ${name} is ${d.kind}:`);
      for (const c of d.constructors) {
        if (c.comment) out.push('  # about the next constructor');
        out.push(`  ${c.name}{${c.fields.map((f: any) => `${f.name}: ${renderType(f.type)}`).join(', ')}}`);
      }
      datatypes.push({ name, constructors: d.constructors.map((c: any) => c.name), refs: d.constructors.flatMap((c: any) => c.fields.flatMap((f: any) => refsOf(f.type))) });
    } else if (item.def) {
      out.push(`def f${n++}() -> U32:`, ...item.def);
    } else out.push(item.junk);
  }
  return { text: out.join('\n') + '\n', datatypes };
}

function spansOf(f: BendFileFacts): Span[] {
  return [
    ...f.imports.map((i) => i.span),
    ...f.bindings.map((b) => b.span),
    ...f.outside.map((o) => o.span),
    ...f.datatypes.flatMap((d) => [d.span, d.nameSpan, ...d.references.map((r) => r.span), ...d.omissions.map((o) => o.span), ...d.constructors.flatMap((c) => [c.span, ...c.fields.map((x) => x.span)])]),
  ];
}

/** A span's line and column agree with its offset, and it lies inside the text. */
function expectCoordinates(text: string, s: Span) {
  expect(0 <= s.start && s.start <= s.end && s.end <= text.length).toBe(true);
  const before = text.slice(0, s.start);
  expect(s.line).toBe(before.split('\n').length);
  expect(s.column).toBe(s.start - (before.lastIndexOf('\n') + 1));
}

describe('Bend extractor', () => {
  test.prop([fileModel], { numRuns: 150 })('finds exactly the modelled datatypes, with references that point at their text', (m) => {
    const { text, datatypes } = renderFile(m as any);
    const facts = analyzeBend(text);
    expect(analyzeBend(text)).toEqual(facts);
    expect(facts.rejected).toBeNull();
    expect(facts.datatypes.map((d) => ({ name: d.name, constructors: d.constructors.map((c) => c.name), refs: d.references.map((r) => text.slice(r.span.start, r.span.end)) }))).toEqual(datatypes);
    for (const d of facts.datatypes) {
      expect(d.omissions).toEqual([]);
      expect(text.slice(d.nameSpan.start, d.nameSpan.end)).toBe(d.name);
      expect(text.slice(d.span.start, d.span.end).startsWith(`type ${d.name} `)).toBe(true);
      for (const r of d.references) expect(text.slice(r.span.start, r.span.end)).toBe(r.qualifier ? `${r.qualifier}.${r.name}` : r.name);
    }
    for (const s of spansOf(facts)) expectCoordinates(text, s);
  });

  const chunk = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom('type ', 'T', ' is Data:', ' is Type:', '\n', '\n  ', '{', '}', ': ', ', ', '<', '>', '&1', '"', "'", '#', 'import ', './x.bend as R', 'def ', '\t', '\r\n', '.', '-', '(q)', 'Quant'),
  );
  test.prop([fc.array(chunk, { maxLength: 120 })], { numRuns: 200 })('arbitrary text: no throw, bounded, the same twice, coordinates in range', (chunks) => {
    const text = chunks.join('');
    const facts = analyzeBend(text);
    expect(analyzeBend(text)).toEqual(facts);
    expect(facts.bindings.length).toBeLessThanOrEqual(MAX_BEND_DECLARATIONS);
    for (const s of spansOf(facts)) expectCoordinates(text, s);
    for (const d of facts.datatypes) expect(text.slice(d.nameSpan.start, d.nameSpan.end)).toBe(d.name);
  });

  test.prop([fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 3000 })], { numRuns: 30 })('deep and long declarations stay bounded', (depth, width) => {
    const deep = `${'L<'.repeat(depth)}U32${'>'.repeat(depth)}`;
    const wide = Array.from({ length: width }, (_, i) => `f${i}: U32`).join(', ');
    const text = `type T is Data:\n  A{x: ${deep}}\n  B{${wide}}\n`;
    const facts = analyzeBend(text);
    expect(facts.datatypes).toHaveLength(1);
    for (const s of spansOf(facts)) expectCoordinates(text, s);
  });
});
