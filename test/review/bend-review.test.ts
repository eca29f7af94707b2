// The Bend review profile in process: datatype roots, alias imports, Base leaves, and
// everything the profile does not bind kept as an omission.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseHookEvent } from '../../review/edits.js';
import { before, cleanup, editEvent, review, summary } from './helpers.js';
import { bendWorkspace, PAYMENT_BEND, paymentBendEdit, RECEIPT_BEND } from './go-bend-fixtures.js';
import { BASE_PATH, baseProvenance } from '../../parsers/bend/base-catalog.js';

afterEach(cleanup);

const edges = (r: Awaited<ReturnType<typeof review>>['result'], i = 0) =>
  r.units[i].input?.evidence.edges.map((e) => `${e.name}:${e.status}${e.reason ? `:${e.reason}` : ''}`) ?? r.units[i].omitted.map((o) => `${o.name}:omitted:${o.reason}`);

describe('Bend review', () => {
  test('a datatype root: its alias import resolves in the other file; Base leaves are not edges', async () => {
    const ws = bendWorkspace();
    const { result, interpreter } = await review(ws, parseHookEvent(paymentBendEdit(ws)));
    expect(summary(result)).toEqual({ roots: ['type:Payment'], coverage: ['rendered'] });
    expect(edges(result)).toEqual(['R.Receipt:expanded']);
    const unit = result.units[0];
    expect(unit.completeness).toBe('complete');
    expect(unit.input!.artifact).toMatchObject({ kind: 'type', name: 'Payment', domain: 'bend/payment.bend' });
    expect(unit.input!.artifact.source).toBe('type Payment is Data:\n  Card{number: String, receipt: R.Receipt}\n  Cash{amount: U32}');
    expect(unit.input!.evidence.nodes.map((n) => `${n.domain}:${n.kind}:${n.name}`)).toEqual(['bend/receipt.bend:datatype:Receipt']);
    expect(interpreter.accessLog.filter((a) => a.op === 'read').map((a) => a.path)).toEqual(['bend/payment.bend', 'bend/receipt.bend']);
  });

  test('with import Base, List resolves to the bundled declaration of the pinned Base catalog; its own reference stays in library scope', async () => {
    const text = PAYMENT_BEND.replace('Cash{amount: U32}', 'Cash{amount: U32, coins: List<U32>}');
    const ws = bendWorkspace({ 'bend/payment.bend': text });
    const { result, interpreter } = await review(ws, parseHookEvent(paymentBendEdit(ws, text)));
    expect(edges(result)).toEqual(['R.Receipt:expanded', 'List:expanded', 'List:included']);
    const unit = result.units[0];
    expect(unit.completeness).toBe('complete');
    const list = unit.input!.evidence.nodes.find((n) => n.name === 'List')!;
    expect(list).toMatchObject({ domain: BASE_PATH, kind: 'datatype', source: 'type List<T: Data> is Data:\n  Nil{}\n  Cons{head: T, tail: List<T>}' });
    // Bundled: never captured, never a freshness source, never a path the gate is asked about.
    expect(interpreter.accessLog.map((a) => a.path)).not.toContain(BASE_PATH);
    expect(unit.sources.map((s) => s.path)).toEqual(['bend/payment.bend', 'bend/receipt.bend']);
    expect(unit.rules.every((r) => r.runs)).toBe(true);
  });

  test('a local List shadows the catalog; Base composites the catalog does not hold stay omissions; without import Base, List is unresolved', async () => {
    const local = PAYMENT_BEND.replace('Cash{amount: U32}', 'Cash{amount: U32, coins: List}').concat('\ntype List is Data:\n  Empty{}\n');
    const ws = bendWorkspace({ 'bend/payment.bend': local });
    const shadowed = (await review(ws, parseHookEvent(paymentBendEdit(ws, local)))).result;
    expect(shadowed.units[0].input!.evidence.nodes.map((n) => `${n.domain}:${n.name}`)).toEqual(['bend/receipt.bend:Receipt', 'bend/payment.bend:List']);
    const maybe = PAYMENT_BEND.replace('Cash{amount: U32}', 'Cash{amount: U32, tip: Maybe<U32>}');
    const ws2 = bendWorkspace({ 'bend/payment.bend': maybe });
    expect(edges((await review(ws2, parseHookEvent(paymentBendEdit(ws2, maybe)))).result)).toEqual(['R.Receipt:expanded', 'Maybe:omitted:base-composite']);
    const noBase = PAYMENT_BEND.replace('import Base\n', '').replace('Cash{amount: U32}', 'Cash{amount: U32, coins: List<U32>}');
    const ws3 = bendWorkspace({ 'bend/payment.bend': noBase });
    expect(edges((await review(ws3, parseHookEvent(paymentBendEdit(ws3, noBase)))).result)).toContain('List:omitted:unresolved-binding');
  });

  test('an import alias named like any name the catalog says Base declares (a constructor, a namespace) marks the root incomplete', async () => {
    for (const alias of ['Cons', 'Math']) {
      const text = PAYMENT_BEND.replace(' as R', ` as ${alias}`).replace('R.Receipt', `${alias}.Receipt`);
      const ws = bendWorkspace({ 'bend/payment.bend': text });
      const event = editEvent(ws, 'bend/payment.bend', before(text, 'Cash{amount: Nat}', 'Cash{amount: U32}'), 'Cash{amount: Nat}', 'Cash{amount: U32}');
      const unit = (await review(ws, parseHookEvent(event))).result.units[0];
      expect(unit.omitted.map((o) => `${o.name}:${o.reason}`), alias).toEqual(['(scope):base-alias-conflict', `${alias}.Receipt:base-alias-conflict`]);
      expect(unit.input?.evidence.nodes ?? []).toEqual([]);
    }
  });

  test('the catalog records where its facts come from: Bend release, commit, module and its hashes', () => {
    expect(baseProvenance()).toEqual({
      project: 'Bend',
      repository: 'github.com/HigherOrderCO/Bend',
      release: '0.2.38',
      commit: '58372e05fb96ec228cd09310f6a6418f1967a48f',
      module: 'src/fun/builtins.bend',
      module_git_blob: '2d708f3020512a3b9946afe8923729cf460d785c',
      module_sha256: 'aef29c2988b21c98ed7ed6db51ded7a8374e982017005d19f70e4bd51d7355a8',
    });
  });

  test('without import Base, leaf names are unresolved', async () => {
    const text = PAYMENT_BEND.replace('import Base\n', '');
    const ws = bendWorkspace({ 'bend/payment.bend': text });
    const { result } = await review(ws, parseHookEvent(paymentBendEdit(ws, text)));
    expect(edges(result)).toEqual(['String:omitted:unresolved-binding', 'R.Receipt:expanded', 'U32:omitted:unresolved-binding']);
  });

  test('an unsupported field type is an omission at its place; an unsupported import marks the scope', async () => {
    const text = PAYMENT_BEND.replace('Cash{amount: U32}', 'Cash{amount: U32, f: U32 -> U32}');
    const ws = bendWorkspace({ 'bend/payment.bend': text });
    expect(edges((await review(ws, parseHookEvent(paymentBendEdit(ws, text)))).result)).toEqual(['R.Receipt:expanded', 'f: U32 -> U32:omitted:unsupported-field-type']);
    const hub = PAYMENT_BEND.replace('import Base\n', 'import Base\nimport user/lib\n');
    const ws2 = bendWorkspace({ 'bend/payment.bend': hub });
    expect(edges((await review(ws2, parseHookEvent(paymentBendEdit(ws2, hub)))).result)).toEqual(['(scope):omitted:unsupported-import', 'R.Receipt:expanded']);
  });

  test('an edit in a def selects nothing; an edit of an import line is ambiguous; a late import rejects the file', async () => {
    const ws = bendWorkspace();
    const inDef = editEvent(ws, 'bend/payment.bend', PAYMENT_BEND.replace('return 0', 'return 1'), 'return 1', 'return 0');
    expect(summary((await review(ws, parseHookEvent(inDef))).result)).toEqual({ roots: [], coverage: ['no-supported-root'] });
    const onImport = editEvent(ws, 'bend/payment.bend', PAYMENT_BEND.replace('as R', 'as Q'), 'as Q', 'as R');
    expect(summary((await review(ws, parseHookEvent(onImport))).result)).toEqual({ roots: [], coverage: ['ambiguous-attribution'] });
    const late = `${PAYMENT_BEND}import ./x.bend as X\n`;
    writeFileSync(join(ws, 'bend/payment.bend'), late);
    expect(summary((await review(ws, parseHookEvent(paymentBendEdit(ws, late)))).result)).toEqual({ roots: [], coverage: ['unsupported-syntax'] });
  });

  test('a context-excluded import is checked and never read', async () => {
    const ws = bendWorkspace({ '.cairn.jsonc': JSON.stringify({ contextExcludes: ['bend/receipt.bend'] }) });
    const { result, interpreter } = await review(ws, parseHookEvent(paymentBendEdit(ws)));
    expect(edges(result)).toEqual(['R.Receipt:omitted:context-excluded']);
    expect(interpreter.accessLog.filter((a) => a.path === 'bend/receipt.bend').map((a) => a.op)).toEqual(['check']);
  });

  test('two datatypes of one name are not roots; a recursive reference is included, not re-read', async () => {
    const twice = 'import Base\n\ntype T is Data:\n  A{}\n\ntype T is Data:\n  B{}\n';
    const ws = bendWorkspace({ 'bend/t.bend': twice });
    const r = await review(ws, parseHookEvent(editEvent(ws, 'bend/t.bend', twice.replace('B{}', 'C{}'), 'C{}', 'B{}')));
    expect(summary(r.result)).toEqual({ roots: [], coverage: ['unsupported-syntax'] });
    const list = 'import Base\n\ntype Chain is Data:\n  Link{head: U32, tail: Chain}\n  End{}\n';
    const ws2 = bendWorkspace({ 'bend/chain.bend': list });
    const c = await review(ws2, parseHookEvent(editEvent(ws2, 'bend/chain.bend', list.replace('  End{}\n', ''), '  Link{head: U32, tail: Chain}\n', '  Link{head: U32, tail: Chain}\n  End{}\n')));
    expect(edges(c.result)).toEqual(['Chain:included']);
  });

  test('receipt.bend alone: a root whose only references are Base leaves is complete', async () => {
    const ws = bendWorkspace();
    const r = await review(ws, parseHookEvent(editEvent(ws, 'bend/receipt.bend', RECEIPT_BEND.replace(', lines: Nat', ''), 'id: U32}', 'id: U32, lines: Nat}')));
    expect(summary(r.result)).toEqual({ roots: ['type:Receipt'], coverage: ['rendered'] });
    expect(r.result.units[0].completeness).toBe('complete');
  });
});
