import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { rustModulePath } from '../../parsers/rust/extract.js';
import { render, spanText } from './render.js';

const extract = (source: string, path = 'src/lib.rs') => extractFacts(path, source, 'rust');

describe('rust extraction', () => {
  it('extracts every item kind with nesting, owners and qualified names', async () => {
    const source = `//! crate docs
mod external;
#[path = "other.rs"]
mod renamed;
pub struct Point<T> { x: T }
enum Shape { Circle, Square }
union Bits { i: u32, f: f32 }
type Alias = Point<u8>;
pub const LIMIT: usize = 3;
static NAME: &str = "n";
pub trait Draw {
    fn draw(&self);
    fn twice(&self) { self.draw(); self.draw() }
}
impl<T> Point<T> {
    pub fn new(x: T) -> Self { Self { x } }
}
impl Draw for Point<u8> {
    fn draw(&self) {}
}
impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) }
}
impl std::fmt::Debug for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) }
}
pub mod outer {
    pub mod inner {
        pub fn deep() { fn local_helper() {} local_helper() }
    }
    impl super::Point<u8> { fn from_outer() {} }
}
macro_rules! square { ($x:expr) => { $x * $x }; }
`;
    const facts = await extract(source);
    await expect(render(facts)).toMatchFileSnapshot('__snapshots__/rust-items.txt');
    const byName = (q: string) => facts.symbols.find((s) => s.qualifiedName === q)!;
    // Methods of an impl hang under the same-file type; trait impls name their trait.
    expect(facts.symbols[byName('Point::new').parent!].qualifiedName).toBe('Point');
    expect(byName('Point::draw').attributes).toEqual({ trait: 'Draw' });
    // Duplicates are kept, never merged: the store numbers them.
    expect(facts.symbols.filter((s) => s.qualifiedName === 'Shape::fmt')).toHaveLength(2);
    expect(facts.symbols.every((s) => s.disambiguator === undefined)).toBe(true);
    expect(byName('external').attributes).toEqual({ external: 'true' });
    expect(byName('renamed').attributes).toEqual({ external: 'true', path: 'other.rs' });
    expect(facts.macros).toEqual(['square']);
    expect(facts.module).toBe('crate');
    for (const s of facts.symbols) expect(s.local).toBe(facts.symbols.indexOf(s));
  });

  it('extracts call sites with receivers, qualifiers, self types and indirect calls', async () => {
    const source = `struct Engine { hook: fn() }
impl Engine {
    fn start(&self, callback: impl Fn(u8)) {
        self.prepare();
        Self::build();
        Engine::build();
        crate::util::log("x");
        super::free();
        Vec::<u8>::with_capacity(4);
        parse::<u32>("1");
        self.items.iter().map(|x| x).count();
        callback(1);
        let f = |n: u8| n + 1;
        f(2);
        (self.hook)();
        make()();
        handlers[0]();
        <Engine as Default>::default();
        helper();
    }
    fn prepare(&self) {}
    fn build() {}
}
fn helper() {}
const X: u8 = compute();
`;
    const facts = await extract(source);
    await expect(render(facts)).toMatchFileSnapshot('__snapshots__/rust-calls.txt');
    const call = (specifier: string) => facts.callSites.find((c) => c.specifier === specifier)!;
    expect(call('self.prepare')).toMatchObject({ receiver: 'self', receiverType: 'Engine', calleeName: 'prepare' });
    expect(call('Self::build')).toMatchObject({ qualifier: 'Self', receiverType: 'Engine' });
    expect(call('crate::util::log')).toMatchObject({ qualifier: 'crate::util', calleeName: 'log' });
    expect(call('Vec::<u8>::with_capacity')).toMatchObject({ qualifier: 'Vec', calleeName: 'with_capacity' });
    expect(call('callback').indirect).toBe(true);
    expect(call('f').indirect).toBe(true);
    expect(call('(self.hook)').indirect).toBe(true);
    expect(call('handlers[0]').indirect).toBe(true);
    expect(call('helper').indirect).toBeUndefined();
    expect(call('compute').caller).toBeNull();
  });

  it('gives a receiver the type its parameter or let writes, unless a later binding hides it', async () => {
    const source = `fn scan(at: InputAt, cache: &mut Cache, boxed: Box<Prog>, seen: &dyn Input, opt: Option<Char>, items: Vec<u8>) {
    at.pos();
    cache.clear();
    boxed.len();
    seen.is_empty();
    opt.is_none();
    let local: crate::dfa::State = make();
    local.flags();
    let built = Config { size: 1 };
    built.size();
    let at = at.next();
    at.byte();
    match cache.get() {
        Some(cache) => cache.reset(),
        None => {}
    }
    items.iter().for_each(|items| items.len());
}
`;
    const facts = await extract(source);
    const typeAt = (line: number, name: string) => facts.callSites.find((c) => c.line === line && c.calleeName === name)?.receiverType;
    expect(typeAt(2, 'pos')).toBe('InputAt');
    expect(typeAt(3, 'clear')).toBe('Cache');
    expect(typeAt(4, 'len')).toBe('Prog');
    expect(typeAt(5, 'is_empty')).toBe('Input');
    expect(typeAt(6, 'is_none')).toBe('Option');
    expect(typeAt(8, 'flags')).toBe('State');
    expect(typeAt(10, 'size')).toBe('Config');
    // `let at = at.next()` reads the parameter; after it, `at` is the untyped let's.
    expect(typeAt(11, 'next')).toBe('InputAt');
    expect(typeAt(12, 'byte')).toBeUndefined();
    // a match arm's pattern and a closure parameter hide the outer name where they reach
    expect(typeAt(13, 'get')).toBe('Cache');
    expect(typeAt(14, 'reset')).toBeUndefined();
    expect(typeAt(17, 'iter')).toBe('Vec');
    expect(typeAt(17, 'len')).toBeUndefined();
  });

  it("gives self.field the type the impl's struct declares for it in the file", async () => {
    const source = `struct Fsm<'r, I> { prog: &'r Program, input: I, cache: Box<Cache> }
impl<'r, I: Input> Fsm<'r, I> {
    fn step(&mut self, mut at: InputAt) {
        self.prog.skip();
        self.input.at();
        self.cache.clear();
        self.other.go();
        at.pos();
    }
}
`;
    const facts = await extract(source);
    const typeAt = (line: number, name: string) => facts.callSites.find((c) => c.line === line && c.calleeName === name)?.receiverType;
    expect(typeAt(4, 'skip')).toBe('Program');
    // a generic parameter's field and an undeclared field say nothing
    expect(typeAt(5, 'at')).toBeUndefined();
    expect(typeAt(6, 'clear')).toBe('Cache');
    expect(typeAt(7, 'go')).toBeUndefined();
    expect(typeAt(8, 'pos')).toBe('InputAt');
  });

  it('extracts calls inside macro arguments and keeps macros as macro call sites', async () => {
    const source = `fn main() {
    println!("{} {}", first(1), second::run());
    assert_eq!(compute(), 4, "msg {}", describe());
    let v = vec![make(); 3];
    format!("{x}");
    tokio::select! { a = wait() => {} }
    outer!(inner!(deep()));
}
`;
    const facts = await extract(source, 'src/main.rs');
    await expect(render(facts)).toMatchFileSnapshot('__snapshots__/rust-macro-calls.txt');
    const names = facts.callSites.map((c) => `${c.kind}:${c.calleeName}@${c.line}:${c.column}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'macro:println@2:4', 'call:first@2:22', 'call:run@2:32',
        'macro:assert_eq@3:4', 'call:compute@3:15', 'call:describe@3:39',
        'macro:vec@4:12', 'call:make@4:17', 'macro:format@5:4', 'macro:select@6:4',
        'macro:outer@7:4', 'macro:inner@7:11', 'call:deep@7:18',
      ]),
    );
    // A token tree that is not an expression list (select!) yields only the macro itself.
    expect(facts.callSites.some((c) => c.calleeName === 'wait')).toBe(false);
    for (const c of facts.callSites) expect(facts.symbols[c.caller!].name).toBe('main');
    // The reported position is the callee's text in the original file.
    const lines = source.split('\n');
    for (const c of facts.callSites) expect(lines[c.line - 1].slice(c.column)).toMatch(new RegExp(`^${c.specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('recovers items from item-wrapping macros at their original positions', async () => {
    const source = `// é — non-ASCII before the macro shifts byte offsets
cfg_rt! {
    /// Spawns.
    pub fn spawn<T>(task: T) -> JoinHandle<T> {
        spawn_inner(task, None)
    }

    pub(crate) mod blocking {
        pub fn run() { crate::spawn(1); }
    }
}
cfg_if::cfg_if! {
    if #[cfg(unix)] {
        fn platform() -> &'static str { "unix" }
    } else if #[cfg(windows)] {
        fn platform() -> &'static str { "windows" }
    } else {
        fn platform() -> &'static str { "other" }
    }
}
mod sys {
    cfg_net! { pub struct Socket; impl Socket { pub fn open() -> Self { Socket } } }
}
impl Runtime {
    cfg_rt! { pub fn block_on(&self) { self.enter(); } }
}
not_items! { this is not rust + }
cfg_fs!(pub fn read() { open(); });
`;
    const facts = await extract(source, 'src/task/spawn.rs');
    await expect(render(facts)).toMatchFileSnapshot('__snapshots__/rust-wrapping-macros.txt');
    const spawn = facts.symbols.find((s) => s.name === 'spawn')!;
    expect(spawn).toMatchObject({ kind: 'function', wrappingMacro: 'cfg_rt', exported: true, startLine: 4, startColumn: 4, endLine: 6, endColumn: 5 });
    expect(spanText(source, spawn.startByte, spawn.endByte)).toMatch(/^pub fn spawn<T>\(task: T\)[\s\S]*\}$/);
    const platforms = facts.symbols.filter((s) => s.name === 'platform');
    expect(platforms).toHaveLength(3);
    for (const p of platforms) {
      expect(p.wrappingMacro).toBe('cfg_if');
      expect(spanText(source, p.startByte, p.endByte)).toMatch(/^fn platform\(\)/);
    }
    expect(facts.symbols.find((s) => s.qualifiedName === 'blocking::run')?.wrappingMacro).toBe('cfg_rt');
    expect(facts.symbols.find((s) => s.qualifiedName === 'sys::Socket::open')).toMatchObject({ kind: 'method', ownerType: 'Socket', wrappingMacro: 'cfg_net' });
    expect(facts.symbols.find((s) => s.qualifiedName === 'Runtime::block_on')).toMatchObject({ kind: 'method', ownerType: 'Runtime' });
    const inner = facts.callSites.find((c) => c.calleeName === 'spawn_inner')!;
    expect(facts.symbols[inner.caller!].name).toBe('spawn');
    expect(inner).toMatchObject({ line: 5, column: 8 });
    expect(facts.callSites.find((c) => c.calleeName === 'enter')).toMatchObject({ receiverType: 'Runtime' });
    const read = facts.symbols.find((s) => s.name === 'read')!;
    expect(read).toMatchObject({ wrappingMacro: 'cfg_fs', startLine: 28, startColumn: 8 });
    expect(facts.symbols[facts.callSites.find((c) => c.calleeName === 'open')!.caller!].name).toBe('read');
  });

  it('flattens use trees, re-exports and extern crates', async () => {
    const source = `use std::collections::HashMap;
use std::{fmt, io::{self, Read as _, Write}, sync::*};
pub use crate::runtime::{Builder, Runtime as Rt};
pub(crate) use self::inner::helper;
use super::parent;
use serde;
use ::std::mem;
extern crate alloc;
extern crate core as kore;
`;
    const facts = await extract(source);
    await expect(render(facts)).toMatchFileSnapshot('__snapshots__/rust-imports.txt');
    expect(facts.imports).toHaveLength(14);
    expect(facts.imports.filter((i) => i.reexport).map((i) => i.local)).toEqual(['Builder', 'Rt', 'helper']);
  });

  it("reads a use inside inline modules from the file's own module", async () => {
    // regex's `mod tests { use super::{decode_utf8, ..}; }` in src/utf8.rs names src/utf8.rs's function.
    const source = `pub fn decode_utf8() {}
mod tests {
    use super::{decode_utf8, *};
    use self::inner::probe;
    mod inner {
        use super::super::decode_utf8 as top;
        use super::super::super::parent_item;
        pub fn probe() {}
    }
}
`;
    const facts = await extract(source, 'src/utf8.rs');
    expect(facts.imports.map((i) => [i.source, i.imported, i.local])).toEqual([
      ['self', 'decode_utf8', 'decode_utf8'],
      ['self', '*', '*'],
      ['self::tests::inner', 'probe', 'probe'],
      ['self', 'decode_utf8', 'top'],
      ['super', 'parent_item', 'parent_item'],
    ]);
  });

  it('marks tests: attributes, cfg(test) modules and tests/ files', async () => {
    const source = `fn production() {}
#[test]
fn unit() { production(); }
#[tokio::test(flavor = "multi_thread")]
async fn async_unit() {}
#[rstest]
fn parametrised() {}
#[cfg(test)]
mod tests {
    use super::*;
    fn fixture() {}
    #[test]
    fn inside() { fixture(); }
}
#[cfg(not(test))]
fn not_test() {}
`;
    const facts = await extract(source);
    await expect(render(facts)).toMatchFileSnapshot('__snapshots__/rust-tests.txt');
    const tests = facts.symbols.filter((s) => s.isTest).map((s) => s.qualifiedName);
    expect(tests).toEqual(['unit', 'async_unit', 'parametrised', 'tests', 'tests::fixture', 'tests::inside']);
    const integration = await extract('fn helper() {}\n#[test]\nfn works() { helper() }\n', 'tokio/tests/io_read.rs');
    expect(integration.symbols.every((s) => s.isTest)).toBe(true);
    expect(integration.module).toBe('crate');
    for (const path of ['src/runtime/tests/queue.rs', 'src/io/tests.rs']) {
      expect((await extract('fn helper() {}', path)).symbols[0].isTest, path).toBe(true);
    }
    expect((await extract('fn helper() {}', 'src/testing.rs')).symbols[0].isTest).toBe(false);
  });

  it('reads an attribute whatever comments follow it: on its own line, below it, or on its line', async () => {
    const source = '#[test] // why\nfn trailing() {}\n#[test]\n/// doc\n// note\nfn documented() {}\n/* block */\n#[test] /* why */\nfn block() {}\nfn plain() {}\n';
    const facts = await extract(source);
    expect(facts.symbols.filter((s) => s.isTest).map((s) => s.name)).toEqual(['trailing', 'documented', 'block']);
  });

  it('still returns facts for files with syntax errors, and nothing for empty or comment-only files', async () => {
    const broken = await extract('fn ok() { a(); }\nfn broken( { b(); \nstruct After;\n');
    expect(broken.syntaxErrors).toBeGreaterThan(0);
    expect(broken.symbols.map((s) => s.name)).toEqual(expect.arrayContaining(['ok', 'After']));
    expect(broken.callSites.map((c) => c.calleeName)).toContain('a');
    for (const source of ['', '// just a comment\n/* and a block */\n//! inner doc\n']) {
      const facts = await extract(source);
      expect(facts).toMatchObject({ symbols: [], callSites: [], imports: [], references: [] });
      expect(facts.syntaxErrors).toBeUndefined();
    }
  });

  it('computes module paths from file paths', () => {
    const cases: [string, string, string][] = [
      ['src/lib.rs', '', 'crate'],
      ['src/main.rs', '', 'crate'],
      ['src/a.rs', '', 'crate::a'],
      ['src/a/mod.rs', '', 'crate::a'],
      ['src/a/b.rs', '', 'crate::a::b'],
      ['tokio/src/runtime/task/mod.rs', 'tokio', 'crate::runtime::task'],
      ['tokio/tests/rt_common.rs', 'tokio', 'crate'],
      ['tests/support/mod.rs', '', 'crate::support'],
      ['benches/spawn.rs', '', 'crate'],
      ['examples/echo/main.rs', '', 'crate'],
      ['src/bin/tool.rs', 'src', 'crate'],
      ['build.rs', '', 'crate'],
    ];
    for (const [path, , module] of cases) expect(rustModulePath(path).module, path).toBe(module);
    expect(rustModulePath('tokio/src/runtime/task/mod.rs').crateRoot).toBe('tokio/src');
  });
});
