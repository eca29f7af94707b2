// Incremental apply must equal a fresh build of the same tree, record for record.
import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { openStore } from '../../store/index.js';
import type { ModuleConfigFact } from '../../contracts/facts.js';
import { buildStore, change, dump, tempWorkspace, type FileSpec } from './facts.js';

/**
 * Builds `before`, applies the change that turns it into `after`, and compares with a fresh
 * build of `after`; module configuration files too when given.
 */
async function expectIncrementalEqualsFresh(before: FileSpec[], after: FileSpec[], configs?: { before: ModuleConfigFact[]; after: ModuleConfigFact[] }) {
  const afterPaths = new Set(after.map((f) => f.path));
  const beforeByPath = new Map(before.map((f) => [f.path, JSON.stringify(f)]));
  const upserts = after.filter((f) => beforeByPath.get(f.path) !== JSON.stringify(f));
  const deletions = before.map((f) => f.path).filter((p) => !afterPaths.has(p));

  const incremental = await buildStore(before, configs?.before);
  const fresh = await buildStore(after, configs?.after);
  try {
    await incremental.store.apply(change(upserts, deletions, false, configs?.after));
    expect(dump(incremental.store)).toEqual(dump(fresh.store));
    return { incremental: dump(incremental.store), fresh: dump(fresh.store) };
  } finally {
    await incremental.cleanup();
    await fresh.cleanup();
  }
}

const util = (symbols: FileSpec['symbols']): FileSpec => ({ path: 'src/util.ts', symbols });
const user = (calls: FileSpec['calls'], imports: FileSpec['imports'] = []): FileSpec => ({
  path: 'src/user.ts',
  symbols: [{ name: 'main' }],
  calls: calls!.map((c) => ({ caller: 0, ...c })),
  imports,
});

describe('incremental apply equals a fresh build', () => {
  test('a deleted symbol turns its callers unresolved', async () => {
    const { incremental } = await expectIncrementalEqualsFresh(
      [util([{ name: 'f', exported: true }, { name: 'g', exported: true }]), user([{ calleeName: 'f' }, { calleeName: 'g' }], [{ source: './util', imported: 'f' }])],
      [util([{ name: 'g', exported: true }]), user([{ calleeName: 'f' }, { calleeName: 'g' }], [{ source: './util', imported: 'f' }])],
    );
    expect(incremental.unresolved.map((u) => u.specifier)).toEqual(['f']);
    expect(incremental.edges.filter((e) => e.relationship === 'calls').map((e) => e.target)).toEqual(['src/util.ts::g']);
  });

  test('an added symbol binds a previously unresolved call', async () => {
    const { incremental } = await expectIncrementalEqualsFresh(
      [util([{ name: 'g' }]), user([{ calleeName: 'f' }])],
      [util([{ name: 'g' }, { name: 'f' }]), user([{ calleeName: 'f' }])],
    );
    expect(incremental.unresolved).toEqual([]);
  });

  test('a name becoming ambiguous unbinds name_only callers', async () => {
    const { incremental } = await expectIncrementalEqualsFresh(
      [util([{ name: 'f' }]), user([{ calleeName: 'f' }])],
      [util([{ name: 'f' }]), { path: 'src/extra.ts', symbols: [{ name: 'f' }] }, user([{ calleeName: 'f' }])],
    );
    expect(incremental.unresolved[0]).toMatchObject({ reason: 'ambiguous_target', candidate_count: 2 });
  });

  test('a renamed file moves the targets of its importers', async () => {
    await expectIncrementalEqualsFresh(
      [util([{ name: 'f', exported: true }]), user([{ calleeName: 'f' }], [{ source: './util', imported: 'f' }])],
      [{ path: 'src/tools.ts', symbols: [{ name: 'f', exported: true }] }, user([{ calleeName: 'f' }], [{ source: './util', imported: 'f' }])],
    );
    await expectIncrementalEqualsFresh(
      [util([{ name: 'f', exported: true }]), user([{ calleeName: 'f' }], [{ source: './util', imported: 'f' }])],
      [{ path: 'src/util/index.ts', symbols: [{ name: 'f', exported: true }] }, user([{ calleeName: 'f' }], [{ source: './util', imported: 'f' }])],
    );
  });

  test('a change deep in a re-export chain re-resolves the importer', async () => {
    const chain = (innerName: string): FileSpec[] => [
      { path: 'src/lib/core.ts', symbols: [{ name: innerName, exported: true }] },
      { path: 'src/lib/index.ts', imports: [{ source: './core', imported: '*', local: '*', reexport: true }] },
      user([{ calleeName: 'run' }], [{ source: './lib', imported: 'run' }]),
      { path: 'src/other.ts', symbols: [{ name: 'run' }] },
    ];
    const { incremental } = await expectIncrementalEqualsFresh(chain('run'), chain('start'));
    expect(incremental.unresolved[0]).toMatchObject({ reason: 'missing_target' });
  });

  test('moving positions only keeps every answer; changing a kind re-resolves', async () => {
    await expectIncrementalEqualsFresh(
      [util([{ name: 'f', line: 10 }]), user([{ calleeName: 'f' }])],
      [util([{ name: 'f', line: 40 }]), user([{ calleeName: 'f' }])],
    );
    await expectIncrementalEqualsFresh(
      [util([{ name: 'f' }]), user([{ calleeName: 'f' }])],
      [util([{ name: 'f', kind: 'variable' }]), user([{ calleeName: 'f' }])],
    );
  });

  test('Rust: impl methods moving to another module file', async () => {
    const tree = (implPath: string): FileSpec[] => [
      { path: 'src/lib.rs', symbols: [{ name: 'a', kind: 'module' }] },
      { path: 'src/a.rs', symbols: [{ name: 'B', kind: 'struct' }] },
      {
        path: implPath,
        symbols: [
          { name: 'impl B', kind: 'impl', qualifiedName: 'B', ownerType: 'B' },
          { name: 'new', qualifiedName: 'B::new', parent: 0, ownerType: 'B' },
        ],
      },
      {
        path: 'src/main_user.rs',
        symbols: [{ name: 'go' }],
        imports: [{ source: 'crate::a', imported: 'B', local: 'B' }],
        calls: [{ caller: 0, calleeName: 'new', qualifier: 'B', specifier: 'B::new' }],
      },
    ];
    await expectIncrementalEqualsFresh(tree('src/b.rs'), tree('src/c/mod.rs'));
  });

  test('a file becoming unparseable drops its symbols and unbinds its callers', async () => {
    await expectIncrementalEqualsFresh(
      [util([{ name: 'f' }]), user([{ calleeName: 'f' }])],
      [{ ...util([]), status: 'binary' }, user([{ calleeName: 'f' }])],
    );
  });
});

// Random small TypeScript workspaces and random edits.
const NAMES = ['a', 'b', 'c', 'd'];
const PATHS = ['src/x.ts', 'src/y.ts', 'src/z/index.ts', 'lib/w.ts'];
const SOURCES = ['./x', './y', './z', '../src/x', '../lib/w', 'pkg'];

const fileArb = (path: string) =>
  fc.record({
    symbols: fc.array(
      fc.record({
        name: fc.constantFrom(...NAMES),
        exported: fc.boolean(),
        kind: fc.constantFrom('function' as const, 'function' as const, 'class' as const, 'variable' as const),
        // Test symbols too, so the test indexes are compared after every edit.
        isTest: fc.boolean(),
      }),
      { maxLength: 4 },
    ),
    calls: fc.array(
      fc.record({
        calleeName: fc.constantFrom(...NAMES),
        receiver: fc.option(fc.constantFrom('ns', 'obj'), { nil: undefined }),
        kind: fc.constantFrom('call' as const, 'call' as const, 'new' as const),
      }),
      { maxLength: 4 },
    ),
    imports: fc.array(
      fc.record({
        source: fc.constantFrom(...SOURCES),
        imported: fc.constantFrom(...NAMES, '*'),
        local: fc.constantFrom(...NAMES, 'ns'),
        reexport: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
  }).map((f): FileSpec => ({
    path,
    symbols: f.symbols,
    calls: f.calls.map((c) => ({ ...c, caller: f.symbols.length > 0 ? 0 : null })),
    imports: f.imports.map((i) => (i.reexport && i.imported === '*' ? { ...i, local: '*' } : i)),
  }));

const treeArb = fc
  .tuple(...PATHS.map((p) => fc.option(fileArb(p), { nil: undefined })))
  .map((files) => files.filter((f): f is FileSpec => f !== undefined));

/** A tree and an edit of it: most files stay, some are replaced, added or deleted. */
const editArbOf = (file: (path: string) => fc.Arbitrary<FileSpec>) => fc
  .tuple(
    ...PATHS.map((p) =>
      fc.tuple(
        fc.option(file(p), { nil: undefined }),
        fc.oneof({ arbitrary: fc.constant('keep' as const), weight: 3 }, { arbitrary: fc.constant('drop' as const), weight: 1 }, { arbitrary: file(p), weight: 1 }),
      ),
    ),
  )
  .map((pairs) => {
    const before: FileSpec[] = [];
    const after: FileSpec[] = [];
    for (const [old, edit] of pairs) {
      if (old) before.push(old);
      if (edit === 'keep') {
        if (old) after.push(old);
      } else if (edit !== 'drop') after.push(edit);
    }
    return { before, after };
  });
const editArb = editArbOf(fileArb);

/** Files that import names from the bare specifier `pkg` and call them: what a module configuration changes. */
const importsPkgArb = (path: string) =>
  fc
    .record({
      exported: fc.subarray(['a', 'b']),
      imported: fc.subarray(['a', 'b', '*']),
      calls: fc.array(fc.constantFrom('a', 'b', 'ns.a'), { maxLength: 3 }),
    })
    .map(({ exported, imported, calls }): FileSpec => ({
      path,
      symbols: [{ name: 'main' }, ...exported.map((name) => ({ name, exported: true }))],
      calls: calls.map((c) => (c.startsWith('ns.') ? { caller: 0, calleeName: 'a', receiver: 'ns', specifier: c } : { caller: 0, calleeName: c })),
      imports: imported.map((name) => ({ source: 'pkg', imported: name, local: name === '*' ? 'ns' : name })),
    }));
const configuredEditArb = editArbOf(importsPkgArb);

/** A workspace's module configuration: maybe a tsconfig mapping `pkg` somewhere, maybe a package named `pkg`. */
const configsArb = fc
  .record({
    tsconfig: fc.constantFrom(undefined, 'src/x', 'lib/w', 'src/z', 'src/none'),
    nested: fc.constantFrom(undefined, 'x', 'y'),
    manifest: fc.boolean(),
  })
  .map(({ tsconfig, nested, manifest }): ModuleConfigFact[] => {
    const out: ModuleConfigFact[] = [];
    if (manifest) out.push({ path: 'package.json', kind: 'package', hash: 'p', name: 'pkg', aliases: [{ pattern: 'pkg', targets: ['lib/w.ts'] }] });
    if (nested) out.push({ path: 'src/tsconfig.json', kind: 'tsconfig', hash: nested, aliases: [{ pattern: 'pkg', targets: [`src/${nested}`] }] });
    if (tsconfig) out.push({ path: 'tsconfig.json', kind: 'tsconfig', hash: tsconfig, aliases: [{ pattern: 'pkg', targets: [tsconfig] }] });
    return out;
  });

describe('incremental apply equals a fresh build (random trees)', () => {
  fcTest.prop([configuredEditArb, configsArb, configsArb], { numRuns: 40 })('small edits of a tree and of its module configuration', async ({ before, after }, configsBefore, configsAfter) => {
    await expectIncrementalEqualsFresh(before, after, { before: configsBefore, after: configsAfter });
  });
  fcTest.prop([treeArb, treeArb], { numRuns: 10 })('any tree to any tree', async (before, after) => {
    await expectIncrementalEqualsFresh(before, after);
  });
  fcTest.prop([editArb], { numRuns: 30 })('small edits of a tree', async ({ before, after }) => {
    await expectIncrementalEqualsFresh(before, after);
  });
});

test('several applies in a row stay equal to a fresh build', async () => {
  const ws = tempWorkspace();
  const store = openStore(ws.dir);
  try {
    const steps: FileSpec[][] = [
      [util([{ name: 'f' }]), user([{ calleeName: 'f' }, { calleeName: 'g' }])],
      [util([{ name: 'f' }, { name: 'g' }]), user([{ calleeName: 'f' }, { calleeName: 'g' }])],
      [util([{ name: 'g' }]), { path: 'src/more.ts', symbols: [{ name: 'g' }] }, user([{ calleeName: 'f' }, { calleeName: 'g' }])],
    ];
    let previous: FileSpec[] = [];
    for (const step of steps) {
      const paths = new Set(step.map((f) => f.path));
      await store.apply(change(step, previous.map((f) => f.path).filter((p) => !paths.has(p))));
      previous = step;
    }
    const fresh = await buildStore(previous);
    expect(dump(store)).toEqual(dump(fresh.store));
    await fresh.cleanup();
  } finally {
    await store.close();
    ws.cleanup();
  }
});
