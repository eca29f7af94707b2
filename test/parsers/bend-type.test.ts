import { describe, expect, it } from 'vitest';
import { analyzeBend, MAX_BEND_BYTES, MAX_TYPE_NESTING } from '../../parsers/bend/analyze.js';

const PAYMENT = `# Payments.
import Base
import ./receipt.bend as R
import ../shared/money.bend as M

# A payment and how it was made.
type Payment is Data:
  Card{number: String, receipt: R.Receipt}  # the card path
  # cash has no receipt
  Cash{amount: M.Amount, note: Maybe<String>}

type Box<A: Data, -B: Type> is Data:
  Box{value: A, list: List<Box<A, B>>}

type Vec<q: Quant, A: Data(q)> is Data(q):
  Nil{}
  Cons{head: A, tail: Vec<q, A>, weight: Weighted<&1, A>}

type Empty_ is Type:

def total(p: Payment) -> U32:
  "type Fake is Data:"
  return 0
`;

describe('Bend type-shape surface', () => {
  const facts = analyzeBend(PAYMENT);

  it('reads the leading imports', () => {
    expect(facts.imports.map((i) => (i.kind === 'relative' ? `${i.alias}=${i.path}` : i.kind))).toEqual(['base', 'R=./receipt.bend', 'M=../shared/money.bend']);
    expect(facts.rejected).toBeNull();
  });

  it('reads datatypes, their parameters, constructors and fields', () => {
    expect(facts.datatypes.map((d) => [d.name, d.resultKind, d.resultQuantity, d.params.map((p) => `${p.role}:${p.name}:${p.kind}${p.quantity ? `(${p.quantity})` : ''}`)])).toEqual([
      ['Payment', 'Data', null, []],
      ['Box', 'Data', null, ['type:A:Data', 'erased:B:Type']],
      ['Vec', 'Data', 'q', ['quantity:q:Quant', 'type:A:Data(q)']],
      ['Empty_', 'Type', null, []],
    ]);
    const payment = facts.datatypes[0];
    expect(payment.constructors.map((c) => [c.name, c.fields.map((f) => f.name)])).toEqual([
      ['Card', ['number', 'receipt']],
      ['Cash', ['amount', 'note']],
    ]);
    expect(facts.datatypes[3].constructors).toEqual([]);
  });

  it('reports outbound references with coordinates that point at the text', () => {
    const refs = facts.datatypes.flatMap((d) => d.references.map((r) => ({ d: d.name, text: PAYMENT.slice(r.span.start, r.span.end), line: r.span.line, q: r.qualifier })));
    expect(refs).toEqual([
      { d: 'Payment', text: 'String', line: 8, q: null },
      { d: 'Payment', text: 'R.Receipt', line: 8, q: 'R' },
      { d: 'Payment', text: 'M.Amount', line: 10, q: 'M' },
      { d: 'Payment', text: 'Maybe', line: 10, q: null },
      { d: 'Payment', text: 'String', line: 10, q: null },
      { d: 'Box', text: 'List', line: 13, q: null },
      { d: 'Box', text: 'Box', line: 13, q: null },
      { d: 'Vec', text: 'Vec', line: 17, q: null },
      { d: 'Vec', text: 'Weighted', line: 17, q: null },
    ]);
    for (const d of facts.datatypes) for (const r of d.references) {
      const lineStart = PAYMENT.lastIndexOf('\n', r.span.start - 1) + 1;
      expect(r.span.column).toBe(r.span.start - lineStart);
    }
  });

  it('keeps quantity arguments and parameters out of the dependencies', () => {
    const cons = facts.datatypes[2].constructors[1];
    const tail = cons.fields[1].type;
    expect(tail?.args.map((a) => a.kind)).toEqual(['quantity-parameter', 'type']);
    expect(cons.fields[2].type?.args.map((a) => (a.kind === 'quantity-literal' ? a.value : a.kind))).toEqual(['&1', 'type']);
  });

  it('attributes a declaration from its header to its last body line, comments inside kept and trailing ones not', () => {
    const payment = facts.datatypes[0];
    expect(PAYMENT.slice(payment.span.start, payment.span.end)).toBe(
      'type Payment is Data:\n  Card{number: String, receipt: R.Receipt}  # the card path\n  # cash has no receipt\n  Cash{amount: M.Amount, note: Maybe<String>}',
    );
    expect([payment.span.line, payment.endLine]).toEqual([7, 10]);
  });

  it('lists bindings; a quoted literal in a def body creates nothing', () => {
    expect(facts.bindings.map((b) => `${b.kind}:${b.name}`)).toEqual(['type:Payment', 'type:Box', 'type:Vec', 'type:Empty_', 'def:total']);
    expect(facts.outside).toEqual([]);
  });
});

describe('outside the profile', () => {
  it('a multi-line literal or a comment never starts a declaration', () => {
    const f = analyzeBend('def f() -> String:\n  return "a\ntype Fake is Data:\n  X{}\n"\n# type Also is Data:\ntype Real is Data:\n  R{}\n');
    expect(f.datatypes.map((d) => d.name)).toEqual(['Real']);
  });

  it('multi-line constructors, other indentation, literals and unsupported fields are omissions', () => {
    const f = analyzeBend('type T is Data:\n  A{x: U32}\n  B{\n    y: U32\n  }\n    C{z: U32}\n\tD{}\n  E{s: "str"}\n  F{f: U32 -> U32, g: Nat}\n  G{n: Nat, v: Vec<n>}\n');
    const [t] = f.datatypes;
    expect(t.constructors.map((c) => c.name)).toEqual(['A', 'F', 'G']);
    expect(t.omissions.map((o) => `${o.reason}@${o.span.line}`)).toEqual([
      'multiline-constructor@3', 'multiline-constructor@4', 'multiline-constructor@5', 'indentation@6', 'indentation@7', 'literal@8', 'unsupported-field-type@9', 'field-shadowing@10',
    ]);
    expect(t.references.map((r) => r.name)).toEqual(['U32', 'Nat', 'Nat']);
  });

  it('shadowing by a generic parameter of an alias makes the reference unsupported', () => {
    const f = analyzeBend('import ./r.bend as R\ntype T<R: Data> is Data:\n  A{x: R.Receipt, y: R}\n');
    expect(f.datatypes[0].omissions.map((o) => o.reason)).toEqual(['parameter-shadowing']);
    expect(f.datatypes[0].references).toEqual([]);
  });

  it('unsupported headers, computed kinds and unknown top-level syntax are outside facts', () => {
    const f = analyzeBend('type A(n: Nat) is Data:\n  X{}\ntype B<A: Data(q)> is Data:\ntype C is Data(&1):\ntype D is Data\nenum E:\n  x\n  X{}\n');
    expect(f.datatypes).toEqual([]);
    expect(f.outside.map((o) => `${o.reason}@${o.span.line}-${o.endLine}`)).toEqual([
      'unsupported-header@1-2', 'unsupported-header@3-3', 'unsupported-header@4-4', 'unsupported-header@5-5', 'unrecognized-top-level@6-8',
    ]);
    expect(f.bindings.map((b) => `${b.kind}:${b.name}`)).toEqual(['unsupported-type:A', 'unsupported-type:B', 'unsupported-type:C', 'unsupported-type:D']);
  });

  it('classifies imports this profile cannot bind', () => {
    const f = analyzeBend('import Foo\nimport user/lib\nimport /abs/x.bend as X\nimport ./x.txt as Y\nimport ./x.bend\nimport Base\ntype T is Data:\n');
    expect(f.imports.map((i) => (i.kind === 'unsupported' ? i.form : i.kind))).toEqual(['bare', 'hub', 'absolute', 'malformed', 'malformed', 'base']);
  });

  it('a late import rejects the file', () => {
    expect(analyzeBend('type T is Data:\n  A{}\nimport Base\n')).toEqual({ imports: [], datatypes: [], bindings: [], outside: [], rejected: { reason: 'late-import', line: 3 } });
  });

  it('a type named twice (or like a def) is not a unique root', () => {
    const f = analyzeBend('type T is Data:\n  A{}\ndef T() -> U32:\n  return 1\ntype U is Data:\n');
    expect(f.datatypes.map((d) => [d.name, d.duplicate])).toEqual([['T', true], ['U', false]]);
  });

  it('refuses oversized files and bounds nesting', () => {
    expect(analyzeBend('#'.repeat(MAX_BEND_BYTES + 1)).rejected).toEqual({ reason: 'too-large', line: 1 });
    const deep = `${'L<'.repeat(MAX_TYPE_NESTING + 1)}U32${'>'.repeat(MAX_TYPE_NESTING + 1)}`;
    const f = analyzeBend(`type T is Data:\n  A{x: ${deep}}\n`);
    expect(f.datatypes[0].omissions.map((o) => o.reason)).toEqual(['nesting-limit']);
  });
});
