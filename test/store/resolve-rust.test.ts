import { afterEach, describe, expect, test } from 'vitest';
import { answerAt, buildStore, type FileSpec } from './facts.js';

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups) await c();
  cleanups = [];
});

async function graph(specs: FileSpec[]) {
  const built = await buildStore(specs);
  cleanups.push(built.cleanup);
  return built.store;
}

// crate layout: src/lib.rs (root), src/a.rs (crate::a), src/a/deep.rs (crate::a::deep), src/b/mod.rs (crate::b)
const lib: FileSpec = {
  path: 'src/lib.rs',
  symbols: [{ name: 'a', kind: 'module' }, { name: 'b', kind: 'module' }, { name: 'root_fn' }],
};
const a: FileSpec = {
  path: 'src/a.rs',
  symbols: [
    { name: 'f', exported: true },
    { name: 'B', kind: 'struct', exported: true },
    { name: 'deep', kind: 'module' },
  ],
};
const bImpl: FileSpec = {
  path: 'src/b/mod.rs',
  symbols: [
    { name: 'impl B', kind: 'impl', qualifiedName: 'B', ownerType: 'B' },
    { name: 'new', kind: 'function', qualifiedName: 'B::new', parent: 0, ownerType: 'B' },
    { name: 'size', kind: 'method', qualifiedName: 'B::size', parent: 0, ownerType: 'B' },
    { name: 'g' },
  ],
};
const deep: FileSpec = { path: 'src/a/deep.rs', symbols: [{ name: 'h', exported: true }] };

function caller(calls: FileSpec['calls'], imports: FileSpec['imports'] = [], symbols: FileSpec['symbols'] = []): FileSpec {
  return { path: 'src/a/deep.rs', symbols: [{ name: 'h', exported: true }, ...(symbols ?? [])], calls: calls!.map((c) => ({ caller: 0, ...c })), imports };
}

describe('Rust resolution', () => {
  test('use bindings and written crate/self/super paths are exact', async () => {
    const store = await graph([
      lib,
      a,
      bImpl,
      caller(
        [
          { calleeName: 'new', qualifier: 'B', specifier: 'B::new' },
          { calleeName: 'f', qualifier: 'crate::a', specifier: 'crate::a::f' },
          { calleeName: 'f', qualifier: 'super', specifier: 'super::f' },
          { calleeName: 'local', qualifier: 'self', specifier: 'self::local' },
          { calleeName: 'f' },
          { calleeName: 'g', qualifier: 'crate::b', specifier: 'crate::b::g' },
        ],
        [
          { source: 'crate::a', imported: 'B', local: 'B' },
          { source: 'super', imported: 'f', local: 'f' },
        ],
        [{ name: 'local' }],
      ),
    ]);
    expect(answerAt(store, 'src/a/deep.rs', 1000)).toMatchObject({ target: 'src/b/mod.rs::B::new', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/a/deep.rs', 1001)).toMatchObject({ target: 'src/a.rs::f', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/a/deep.rs', 1002)).toMatchObject({ target: 'src/a.rs::f', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/a/deep.rs', 1003)).toMatchObject({ target: 'src/a/deep.rs::local', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/a/deep.rs', 1004)).toMatchObject({ target: 'src/a.rs::f', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/a/deep.rs', 1005)).toMatchObject({ target: 'src/b/mod.rs::g', resolution_kind: 'exact' });
  });

  test('module bindings and child modules are namespace; glob uses are package', async () => {
    const store = await graph([
      lib,
      a,
      bImpl,
      {
        path: 'src/main_mod.rs',
        symbols: [
          { name: 'run' },
          { name: 'inner', kind: 'module' },
          { name: 'helper', qualifiedName: 'inner::helper', parent: 1 },
        ],
        imports: [
          { source: 'crate::a', imported: 'self', local: 'a' },
          { source: 'crate::b', imported: '*', local: '*' },
        ],
        calls: [
          { caller: 0, calleeName: 'f', qualifier: 'a', specifier: 'a::f' },
          { caller: 0, calleeName: 'g' },
          { caller: 0, calleeName: 'helper', qualifier: 'inner', specifier: 'inner::helper' },
        ],
      },
    ]);
    expect(answerAt(store, 'src/main_mod.rs', 1000)).toMatchObject({ target: 'src/a.rs::f', resolution_kind: 'namespace', confidence: 80 });
    expect(answerAt(store, 'src/main_mod.rs', 1001)).toMatchObject({ target: 'src/b/mod.rs::g', resolution_kind: 'package', confidence: 80 });
    expect(answerAt(store, 'src/main_mod.rs', 1002)).toMatchObject({ target: 'src/main_mod.rs::inner::helper', resolution_kind: 'namespace' });
  });

  test('self.m() binds the impl type method or the default of a trait the type implements, at receiver_type; Self:: is exact', async () => {
    const store = await graph([
      lib,
      {
        path: 'src/a.rs',
        symbols: [
          { name: 'Walk', kind: 'trait', exported: true },
          { name: 'stride', kind: 'method', qualifiedName: 'Walk::stride', parent: 0, ownerType: 'Walk' },
          { name: 'Dog', kind: 'struct' },
          { name: 'impl Dog', kind: 'impl', qualifiedName: 'Dog', ownerType: 'Dog' },
          { name: 'bark', kind: 'method', qualifiedName: 'Dog::bark', parent: 3, ownerType: 'Dog' },
          { name: 'new', kind: 'function', qualifiedName: 'Dog::new', parent: 3, ownerType: 'Dog' },
          { name: 'run', kind: 'method', qualifiedName: 'Dog::run', parent: 3, ownerType: 'Dog' },
          { name: 'pace', kind: 'method', qualifiedName: 'Walk::pace', parent: 0, ownerType: 'Walk' },
          { name: 'impl Walk for Dog', kind: 'impl', qualifiedName: 'Dog', ownerType: 'Dog' },
          { name: 'pace', kind: 'method', qualifiedName: 'Dog::pace', parent: 8, ownerType: 'Dog', attributes: { trait: 'Walk' } },
          // A trait Dog does not implement: its `len` is nothing `self.len()` in Dog can reach
          // (regex's `Program` derefs to a slice, and its `self.len()` is the slice's).
          { name: 'Input', kind: 'trait', exported: true },
          { name: 'len', kind: 'method', qualifiedName: 'Input::len', parent: 10, ownerType: 'Input' },
        ],
        calls: [
          { caller: 6, calleeName: 'bark', receiver: 'self', receiverType: 'Dog', specifier: 'self.bark' },
          { caller: 6, calleeName: 'stride', receiver: 'self', receiverType: 'Dog', specifier: 'self.stride' },
          { caller: 6, calleeName: 'new', qualifier: 'Self', receiverType: 'Dog', specifier: 'Self::new' },
          { caller: 6, calleeName: 'fly', receiver: 'self', receiverType: 'Dog', specifier: 'self.fly' },
          { caller: 6, calleeName: 'len', receiver: 'self', receiverType: 'Dog', specifier: 'self.len' },
        ],
      },
    ]);
    expect(answerAt(store, 'src/a.rs', 1000)).toMatchObject({ target: 'src/a.rs::Dog::bark', resolution_kind: 'receiver_type', confidence: 90 });
    expect(answerAt(store, 'src/a.rs', 1001)).toMatchObject({ target: 'src/a.rs::Walk::stride', resolution_kind: 'receiver_type' });
    expect(answerAt(store, 'src/a.rs', 1002)).toMatchObject({ target: 'src/a.rs::Dog::new', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/a.rs', 1003)).toMatchObject({ reason: 'missing_target' });
    expect(answerAt(store, 'src/a.rs', 1004)).toMatchObject({ reason: 'missing_target' });
  });

  test('a tuple struct called by name constructs it: an edge to the struct of this module or the one a use names', async () => {
    const store = await graph([
      lib,
      { path: 'src/a.rs', symbols: [{ name: 'Point', kind: 'struct', exported: true }] },
      caller(
        [{ calleeName: 'Wrap' }, { calleeName: 'Point' }],
        [{ source: 'crate::a', imported: 'Point', local: 'Point' }],
        [{ name: 'Wrap', kind: 'struct' }],
      ),
    ]);
    expect(answerAt(store, 'src/a/deep.rs', 1000)).toMatchObject({ target: 'src/a/deep.rs::Wrap', resolution_kind: 'same_file' });
    expect(answerAt(store, 'src/a/deep.rs', 1001)).toMatchObject({ target: 'src/a.rs::Point', resolution_kind: 'exact' });
  });

  test('x.m() on a written receiver type binds to that type, among same-named types the one the file uses', async () => {
    const regex = (path: string): FileSpec => ({
      path,
      symbols: [
        { name: 'Regex', kind: 'struct', exported: true },
        { name: 'impl Regex', kind: 'impl', qualifiedName: 'Regex', ownerType: 'Regex' },
        { name: 'find', kind: 'method', qualifiedName: 'Regex::find', parent: 1, ownerType: 'Regex' },
      ],
    });
    const store = await graph([
      { path: 'src/lib.rs', symbols: [{ name: 'stub', kind: 'module' }] },
      regex('src/re_bytes.rs'),
      regex('src/re_unicode.rs'),
      {
        path: 'src/stub.rs',
        symbols: [
          // a cfg-chosen stub of another type's name, in an inline module
          { name: 'imp', kind: 'module' },
          { name: 'Regex', kind: 'struct', qualifiedName: 'imp::Regex', parent: 0 },
          { name: 'find', kind: 'method', qualifiedName: 'imp::Regex::find', parent: 1, ownerType: 'Regex' },
        ],
      },
      {
        path: 'src/search.rs',
        symbols: [{ name: 'run' }],
        imports: [{ source: 'crate::re_unicode', imported: 'Regex', local: 'Regex' }],
        calls: [{ caller: 0, calleeName: 'find', receiver: 're', receiverType: 'Regex', specifier: 're.find' }],
      },
      {
        path: 'src/other.rs',
        symbols: [{ name: 'run' }],
        imports: [{ source: 'crate::stub', imported: 'Regex', local: 'Regex' }],
        calls: [{ caller: 0, calleeName: 'find', receiver: 're', receiverType: 'Regex', specifier: 're.find' }],
      },
    ]);
    expect(answerAt(store, 'src/search.rs', 1000)).toMatchObject({ target: 'src/re_unicode.rs::Regex::find', resolution_kind: 'receiver_type' });
    // `crate::stub::Regex` is no type defined at the top of src/stub.rs: no edge to its inline stub
    expect(answerAt(store, 'src/other.rs', 1000)).not.toHaveProperty('target');
  });

  test("the prelude's constructors are builtin and paths through its types external, unless the crate defines them", async () => {
    const store = await graph([
      lib,
      { path: 'src/a.rs', symbols: [{ name: 'Vec', kind: 'struct', exported: true }, { name: 'new', kind: 'function', qualifiedName: 'Vec::new', ownerType: 'Vec' }] },
      caller([
        { calleeName: 'Some' },
        { calleeName: 'Err' },
        { calleeName: 'with_capacity', qualifier: 'String', specifier: 'String::with_capacity' },
        { calleeName: 'new', qualifier: 'Box', specifier: 'Box::new' },
        { calleeName: 'new', qualifier: 'Vec', specifier: 'Vec::new' },
      ]),
    ]);
    expect(answerAt(store, 'src/a/deep.rs', 1000)).toMatchObject({ reason: 'builtin' });
    expect(answerAt(store, 'src/a/deep.rs', 1001)).toMatchObject({ reason: 'builtin' });
    expect(answerAt(store, 'src/a/deep.rs', 1002)).toMatchObject({ reason: 'external', note: 'external:std' });
    expect(answerAt(store, 'src/a/deep.rs', 1003)).toMatchObject({ reason: 'external', note: 'external:std' });
    // the crate's own `Vec` is not the prelude's
    expect(answerAt(store, 'src/a/deep.rs', 1004)).not.toMatchObject({ reason: 'external' });
  });

  test('macros, std paths, other crates and std method names stay unresolved with the right reason', async () => {
    const store = await graph([
      lib,
      a,
      bImpl,
      caller(
        [
          { calleeName: 'println', kind: 'macro', specifier: 'println!' },
          { calleeName: 'new', qualifier: 'HashMap', specifier: 'HashMap::new' },
          { calleeName: 'from_str', qualifier: 'serde_json', specifier: 'serde_json::from_str' },
          { calleeName: 'unwrap', receiver: 'x', specifier: 'x.unwrap' },
          { calleeName: 'size', receiver: 'thing', specifier: 'thing.size' },
          { calleeName: 'handler', indirect: true },
          { calleeName: 'my_macro', kind: 'macro', specifier: 'my_macro!' },
        ],
        [
          { source: 'std::collections', imported: 'HashMap', local: 'HashMap' },
          { source: 'serde_json', imported: 'self', local: 'serde_json' },
        ],
      ),
    ]);
    // a standard macro is the language's own; any other macro stays macro_or_function
    expect(answerAt(store, 'src/a/deep.rs', 1000)).toMatchObject({ reason: 'builtin', kind: 'macro' });
    expect(answerAt(store, 'src/a/deep.rs', 1006)).toMatchObject({ reason: 'macro_or_function', kind: 'macro' });
    expect(answerAt(store, 'src/a/deep.rs', 1001)).toMatchObject({ reason: 'external', note: 'external:std' });
    expect(answerAt(store, 'src/a/deep.rs', 1002)).toMatchObject({ reason: 'external', note: 'external:serde_json' });
    expect(answerAt(store, 'src/a/deep.rs', 1003)).toMatchObject({ reason: 'builtin' });
    // a member name defined by exactly one workspace type binds by name at the lowest tier
    expect(answerAt(store, 'src/a/deep.rs', 1004)).toMatchObject({ target: 'src/b/mod.rs::B::size', resolution_kind: 'name_only' });
    expect(answerAt(store, 'src/a/deep.rs', 1005)).toMatchObject({ reason: 'indirect_call' });
  });

  test('plain calls: same module first, then a unique name anywhere; two crates make it ambiguous', async () => {
    const store = await graph([
      lib,
      a,
      deep,
      { path: 'src/b/mod.rs', symbols: [{ name: 'twin' }, { name: 'solo' }, { name: 'mine' }], calls: [{ caller: 2, calleeName: 'mine', line: 1000 }, { caller: 2, calleeName: 'twin', line: 1001 }, { caller: 2, calleeName: 'solo', line: 1002 }] },
      { path: 'other/src/lib.rs', symbols: [{ name: 'twin' }] },
      { path: 'src/c.rs', symbols: [{ name: 'user' }], calls: [{ caller: 0, calleeName: 'twin', line: 1000 }, { caller: 0, calleeName: 'solo', line: 1001 }] },
    ]);
    expect(answerAt(store, 'src/c.rs', 1000)).toMatchObject({ reason: 'ambiguous_target', candidates: ['other/src/lib.rs::twin', 'src/b/mod.rs::twin'] });
    expect(answerAt(store, 'src/c.rs', 1001)).toMatchObject({ target: 'src/b/mod.rs::solo', resolution_kind: 'name_only' });
    expect(answerAt(store, 'src/b/mod.rs', 1000)).toMatchObject({ target: 'src/b/mod.rs::mine', resolution_kind: 'same_file' });
    expect(answerAt(store, 'src/b/mod.rs', 1002)).toMatchObject({ target: 'src/b/mod.rs::solo', resolution_kind: 'same_file' });
    expect(answerAt(store, 'src/b/mod.rs', 1001)).toMatchObject({ target: 'src/b/mod.rs::twin', resolution_kind: 'same_file' });
  });
  test('two types of one name: `T::f()` and `self.f()` bind to the impl in the defining file', async () => {
    const flavour = (path: string): FileSpec => ({
      path,
      symbols: [
        { name: 'Regex', kind: 'struct', exported: true },
        { name: 'impl Regex', kind: 'impl', qualifiedName: 'Regex', ownerType: 'Regex' },
        { name: 'new', kind: 'function', qualifiedName: 'Regex::new', parent: 1, ownerType: 'Regex' },
        { name: 'is_match', kind: 'method', qualifiedName: 'Regex::is_match', parent: 1, ownerType: 'Regex' },
        { name: 'is_match_at', kind: 'method', qualifiedName: 'Regex::is_match_at', parent: 1, ownerType: 'Regex' },
      ],
      calls: [
        { caller: 3, calleeName: 'is_match_at', receiver: 'self', specifier: 'self.is_match_at' },
        { caller: 3, calleeName: 'new', qualifier: 'Regex', specifier: 'Regex::new' },
      ],
    });
    const store = await graph([{ path: 'src/lib.rs', symbols: [] }, flavour('src/re_bytes.rs'), flavour('src/re_unicode.rs')]);
    for (const path of ['src/re_bytes.rs', 'src/re_unicode.rs']) {
      expect(answerAt(store, path, 1000)).toMatchObject({ target: `${path}::Regex::is_match_at`, resolution_kind: 'receiver_type' });
      expect(answerAt(store, path, 1001)).toMatchObject({ target: `${path}::Regex::new`, resolution_kind: 'exact' });
    }
  });
  test("integration tests reach the package's library by its crate name, at the package tier", async () => {
    const store = await graph([
      { path: 'src/lib.rs', symbols: [{ name: 'render', exported: true }, { name: 'shapes', kind: 'module' }] },
      { path: 'src/shapes.rs', symbols: [{ name: 'Circle', kind: 'struct', exported: true }, { name: 'new', kind: 'function', qualifiedName: 'Circle::new', ownerType: 'Circle' }] },
      {
        path: 'tests/render_tests.rs',
        symbols: [{ name: 'uses_render', isTest: true }],
        calls: [
          { caller: 0, calleeName: 'render' },
          { caller: 0, calleeName: 'new', qualifier: 'Circle', specifier: 'Circle::new' },
          { caller: 0, calleeName: 'render', qualifier: 'mylib', specifier: 'mylib::render' },
          { caller: 0, calleeName: 'to_string', qualifier: 'serde', specifier: 'serde::to_string' },
        ],
        imports: [
          { source: 'mylib', imported: 'render', local: 'render' },
          { source: 'mylib::shapes', imported: 'Circle', local: 'Circle' },
        ],
      },
    ]);
    expect(answerAt(store, 'tests/render_tests.rs', 1000)).toMatchObject({ target: 'src/lib.rs::render', resolution_kind: 'package' });
    expect(answerAt(store, 'tests/render_tests.rs', 1001)).toMatchObject({ target: 'src/shapes.rs::Circle::new', resolution_kind: 'package' });
    expect(answerAt(store, 'tests/render_tests.rs', 1002)).toMatchObject({ target: 'src/lib.rs::render', resolution_kind: 'package' });
    expect(answerAt(store, 'tests/render_tests.rs', 1003)).toMatchObject({ reason: 'missing_target' });
  });
});
