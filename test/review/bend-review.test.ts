// The Bend review profile in process: datatype roots, alias imports, Base leaves, and
// everything the profile does not bind kept as an omission.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseHookEvent } from '../../review/edits.js';
import { cleanup, editEvent, review, summary } from './helpers.js';
import { bendWorkspace, PAYMENT_BEND, paymentBendEdit, RECEIPT_BEND } from './go-bend-fixtures.js';

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

  test('List and other Base composites are explicit omissions (no pinned catalog ships with cairn)', async () => {
    const text = PAYMENT_BEND.replace('Cash{amount: U32}', 'Cash{amount: U32, coins: List<U32>}');
    const ws = bendWorkspace({ 'bend/payment.bend': text });
    const { result } = await review(ws, parseHookEvent(paymentBendEdit(ws, text)));
    expect(edges(result)).toEqual(['R.Receipt:expanded', 'List:omitted:base-composite']);
    expect(result.units[0].rules.map((r) => `${r.ruleId}:${r.runs}`)).toEqual([
      'cairn/absent-with-several-meanings:false',
      'cairn/bare-primitives-for-domain-values:true',
      'cairn/impossible-field-combinations:false',
    ]);
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
