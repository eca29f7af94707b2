// The Rust review profile (type-shape v1): roots, Cargo module authority, `mod` chains,
// scope uncertainty and the standard-library derive refinement, on fixtures in temp dirs.
import { afterEach, describe, expect, test } from 'vitest';
import { openRustFile } from '../../parsers/rust/review.js';
import { readCargoManifest } from '../../parsers/rust/cargo.js';
import { parseHookEvent } from '../../review/edits.js';
import { RUST_ADDED, RUST_CRATE } from './fixtures.js';
import { before, cleanup, editEvent, review, summary, workspace } from './helpers.js';

afterEach(cleanup);

const orderEdit = (ws: string, text = RUST_CRATE['src/order.rs']) =>
  parseHookEvent(editEvent(ws, 'src/order.rs', before(text, '', RUST_ADDED), '    pub order_id: String,\n', `    pub order_id: String,\n${RUST_ADDED}`));

const edges = (unit: { input: { evidence: { edges: Array<{ name: string; status: string; reason: string | null }> } } | null }) =>
  unit.input!.evidence.edges.map((e) => `${e.name}:${e.status}${e.reason ? `:${e.reason}` : ''}`);

describe('Rust review adapter', () => {
  test('struct, enum and type items are roots; attributes and doc comments belong to their item; uses are flattened', async () => {
    const source = '#[derive(Debug)]\n/// doc\npub struct A<T> { a: T, b: crate::m::B, c: [u8; 4], d: [u8; N] }\nenum E { X = 1 }\ntype T2 = Vec<A<u8>>;\nfn f() {}\nuse a::{self, b::{C, D as E2}, *};\nmod m;\nmod inline {}\n';
    const file = await openRustFile(source);
    const roots = file.facts.declarations.map((d) => `${d.kind}:${d.name}:${d.rootKind ?? d.ineligible}`);
    expect(roots).toEqual(['struct:A:type', 'enum:E:type', 'type:T2:type', 'function:f:not-a-root']);
    expect(source.slice(file.facts.declarations[0].start, file.facts.declarations[0].end)).toMatch(/^#\[derive\(Debug\)\]\n\/\/\/ doc\npub struct A/);
    expect(file.facts.uses.map((u) => `${u.local}=${u.path.join('::')}`)).toEqual(['a=a', 'C=a::b::C', 'E2=a::b::D', '*=a']);
    expect(file.facts.modules).toEqual([{ name: 'm', inline: false }, { name: 'inline', inline: true }]);
    expect(file.facts.uncertain).toBeNull();
    const refs = file.references(file.facts.declarations[0]).map((r) => (r.unsupported ? `!${r.unsupported}` : (r.path ?? [r.name]).join('::')));
    expect(refs).toEqual(['crate::m::B', '!array-length']);
    expect(file.references(file.facts.declarations[2]).map((r) => r.name)).toEqual(['Vec', 'A']);
  });

  test('only standard-library derives keep the scope certain', async () => {
    const uncertain = async (attr: string) => (await openRustFile(`${attr}\npub struct S { a: u8 }\n`)).facts.uncertain;
    expect(await uncertain('#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]')).toBeNull();
    expect(await uncertain('#[derive(Debug, Serialize)]')).toBe('attribute');
    expect(await uncertain('#[derive(serde::Serialize)]')).toBe('attribute');
    expect(await uncertain('#[cfg(test)]')).toBe('attribute');
    expect(await uncertain('#[repr(C)]')).toBe('attribute');
    expect(await uncertain('macro_rules! m { () => {} }')).toBe('macro');
    expect(await uncertain('extern crate serde;')).toBe('extern-crate');
  });

  test('Cargo manifests: explicit editions and targets only', () => {
    expect(readCargoManifest('[package]\nname="a"\nedition="2021"\n')).toEqual({ ok: true, edition: '2021', lib: null, bins: [] });
    expect(readCargoManifest('[package]\nname="a"\nedition="2018"\n[lib]\npath="lib/root.rs"\n[[bin]]\nname="x"\npath="src/x.rs"\n')).toEqual({
      ok: true,
      edition: '2018',
      lib: 'lib/root.rs',
      bins: [{ name: 'x', path: 'src/x.rs' }],
    });
    expect(readCargoManifest('[package]\nname="a"\nedition.workspace=true\n')).toEqual({ ok: false, reason: 'manifest-inherited-edition' });
    expect(readCargoManifest('[package]\nname="a"\n')).toEqual({ ok: false, reason: 'manifest-no-edition' });
    expect(readCargoManifest('[package]\nname="a"\nedition="2015"\n')).toEqual({ ok: false, reason: 'manifest-edition' });
    expect(readCargoManifest('[package]\nname="a"\nedition="2021"\n[[test]]\nname="t"\n')).toEqual({ ok: false, reason: 'manifest-test-target' });
    expect(readCargoManifest('[package]\nname="a"\nedition="2021"\n[[bin]]\nname="x"\n')).toEqual({ ok: false, reason: 'manifest-bin' });
    expect(readCargoManifest('[package\n')).toEqual({ ok: false, reason: 'manifest-syntax' });
  });
});

describe('Rust review run', () => {
  test('positive: an edited struct with crate:: and aliased use bindings resolves across verified Cargo modules (complete)', async () => {
    const ws = workspace(RUST_CRATE);
    const { result } = await review(ws, orderEdit(ws));
    expect(summary(result)).toEqual({ roots: ['type:Order'], coverage: ['rendered'] });
    const unit = result.units[0];
    expect(edges(unit)).toEqual(['Cents:expanded', 'UnitPrice:expanded', 'Status:expanded', 'Cents:included']);
    expect(unit.input!.evidence.nodes.map((n) => `${n.domain}:${n.kind}:${n.name}`)).toEqual(['src/money.rs:type:Cents', 'src/money.rs:struct:Price', 'src/order.rs:enum:Status']);
    expect(unit.completeness).toBe('complete');
    expect(unit.rules.every((r) => r.runs)).toBe(true);
    // The manifest and the crate root are binding evidence: freshness dependencies, never provider input.
    const present = unit.sources.filter((s) => s.digest !== 'absent').map((s) => s.path);
    expect(present.sort()).toEqual(['Cargo.toml', 'src/lib.rs', 'src/money.rs', 'src/order.rs']);
    // The module alternatives whose absence the binding relied on are dependencies too.
    expect(unit.sources.filter((s) => s.digest === 'absent').map((s) => s.path)).toEqual(['src/money/mod.rs', 'src/order/mod.rs']);
    expect(JSON.stringify(unit.input)).not.toContain('[package]');
    expect(unit.spent.files).toBe(4);
  });

  test('freshness: creating the absent module alternative, or changing the manifest, makes the review stale', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const ws = workspace(RUST_CRATE);
    const { result, interpreter } = await review(ws, orderEdit(ws));
    const sources = result.units[0].sources;
    expect(await interpreter.fresh(sources)).toBe(true);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(ws, 'src/money'));
    writeFileSync(join(ws, 'src/money/mod.rs'), 'pub type Cents = u8;\n');
    expect(await interpreter.fresh(sources)).toBe(false);
    const again = await review(ws, orderEdit(ws));
    expect(again.result.units[0].omitted.map((o) => o.reason)).toEqual(['ambiguous-module', 'ambiguous-module']);
    const other = workspace(RUST_CRATE);
    const second = await review(other, orderEdit(other));
    writeFileSync(join(other, 'Cargo.toml'), '[package]\nname = "shop"\nedition = "2018"\n');
    expect(await second.interpreter.fresh(second.result.units[0].sources)).toBe(false);
  });

  test('similar but clear: an edit to an impl method selects no root', async () => {
    const ws = workspace(RUST_CRATE);
    const text = RUST_CRATE['src/order.rs'];
    const parsed = parseHookEvent(editEvent(ws, 'src/order.rs', text.replace('self.status == Status::Paid', 'self.status != Status::Open'), 'self.status != Status::Open', 'self.status == Status::Paid'));
    expect(summary((await review(ws, parsed)).result)).toEqual({ roots: [], coverage: ['no-supported-root'] });
  });

  test('a child module with both child.rs and child/mod.rs is ambiguous; rules needing it do not run', async () => {
    const ws = workspace({ ...RUST_CRATE, 'src/money/mod.rs': 'pub type Cents = u32;\n' });
    const { result } = await review(ws, orderEdit(ws));
    const unit = result.units[0];
    expect(unit.omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['crate::money::Cents:ambiguous-module'.replace('crate::money::', ''), 'UnitPrice:ambiguous-module']);
    expect(Object.fromEntries(unit.rules.map((r) => [r.ruleId, r.runs]))).toEqual({
      'cairn/absent-with-several-meanings': false,
      'cairn/bare-primitives-for-domain-values': true,
      'cairn/impossible-field-combinations': false,
    });
  });

  test('incomplete: a derive outside the standard library makes the scope uncertain; root-only rules still run', async () => {
    const text = RUST_CRATE['src/order.rs'].replace('#[derive(Debug, Clone, PartialEq)]', '#[derive(Debug, Serialize)]');
    const ws = workspace({ ...RUST_CRATE, 'src/order.rs': text });
    const { result } = await review(ws, orderEdit(ws, text));
    const unit = result.units[0];
    expect(unit.omitted[0]).toEqual({ name: '(scope)', relation: 'type', depth: 1, reason: 'uncertain-attribute' });
    expect(unit.completeness).toBe('incomplete-irrelevant');
    expect(unit.rules.filter((r) => r.runs).map((r) => r.ruleId)).toEqual(['cairn/bare-primitives-for-domain-values']);
  });

  test('a privacy-excluded module is checked, never opened', async () => {
    const ws = workspace({ ...RUST_CRATE, '.cairn.jsonc': '{ "privacyExcludes": ["src/money.rs"] }' });
    const { result, interpreter } = await review(ws, orderEdit(ws));
    expect(interpreter.accessLog.filter((a) => a.path === 'src/money.rs').every((a) => a.op === 'check')).toBe(true);
    expect(interpreter.accessLog.some((a) => a.path === 'src/money.rs')).toBe(true);
    expect(result.units[0].omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['Cents:privacy-excluded', 'UnitPrice:privacy-excluded']);
  });

  test('a Cargo manifest outside the workspace gives no module authority and is never read', async () => {
    const outer = workspace({ 'Cargo.toml': RUST_CRATE['Cargo.toml'] });
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const ws = join(outer, 'inner');
    mkdirSync(join(ws, 'src'), { recursive: true });
    for (const [p, t] of Object.entries(RUST_CRATE)) if (p !== 'Cargo.toml') writeFileSync(join(ws, p), t);
    const { result, interpreter } = await review(ws, orderEdit(ws));
    expect(result.units[0].omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['Cents:no-cargo-manifest', 'UnitPrice:no-cargo-manifest']);
    expect(interpreter.accessLog.map((a) => a.path)).toEqual(['src/order.rs', 'src/order.rs']);
  });

  test('unsupported manifests, extern crates and super:: paths are explicit omissions', async () => {
    const inherited = workspace({ ...RUST_CRATE, 'Cargo.toml': '[package]\nname = "shop"\nedition.workspace = true\n' });
    expect((await review(inherited, orderEdit(inherited))).result.units[0].omitted.map((o) => o.reason)).toEqual(['manifest-inherited-edition', 'manifest-inherited-edition']);
    const text = 'use std::collections::HashMap;\npub struct Order {\n    pub order_id: String,\n    pub customer_id: String,\n    pub lines: HashMap<String, u32>,\n    pub up: super::Thing,\n    pub ext: serde_json::Value,\n}\n';
    const ws = workspace({ ...RUST_CRATE, 'src/order.rs': text });
    const { result } = await review(ws, orderEdit(ws, text));
    expect(result.units[0].omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['HashMap:external-crate', 'super::Thing:unsupported-path', 'serde_json::Value:unresolved-path']);
  });

  test('same-file names shadow builtins; a same-file trait is unresolved supporting evidence', async () => {
    const text = 'pub trait Option {}\npub struct Order {\n    pub order_id: String,\n    pub customer_id: String,\n    pub o: Option<u8>,\n}\n';
    const ws = workspace({ ...RUST_CRATE, 'src/order.rs': text });
    const { result } = await review(ws, orderEdit(ws, text));
    expect(result.units[0].omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['Option:unsupported-target']);
  });

  test('mod child; chains: src/a/mod.rs and a nested child resolve through self:: and use', async () => {
    const ws = workspace({
      'Cargo.toml': '[package]\nname = "x"\nedition = "2024"\n[[bin]]\nname = "tool"\npath = "src/tool.rs"\n',
      'src/tool.rs': 'mod a;\nuse a::inner::Leaf;\npub struct Root {\n    pub leaf: Leaf,\n    pub mid: self::a::Mid,\n}\n',
      'src/a/mod.rs': 'pub mod inner;\npub struct Mid { pub n: u8 }\n',
      'src/a/inner.rs': 'pub struct Leaf { pub n: u8 }\nstruct Hidden;\n',
    });
    const text = 'mod a;\nuse a::inner::Leaf;\npub struct Root {\n    pub leaf: Leaf,\n    pub mid: self::a::Mid,\n}\n';
    const parsed = parseHookEvent(editEvent(ws, 'src/tool.rs', text.replace('    pub mid: self::a::Mid,\n', ''), '    pub leaf: Leaf,\n', '    pub leaf: Leaf,\n    pub mid: self::a::Mid,\n'));
    const { result } = await review(ws, parsed);
    expect(result.units[0].omitted).toEqual([]);
    expect(result.units[0].input!.evidence.nodes.map((n) => `${n.domain}:${n.name}`)).toEqual(['src/a/inner.rs:Leaf', 'src/a/mod.rs:Mid']);
  });
});
