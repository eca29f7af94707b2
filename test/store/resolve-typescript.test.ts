import { afterEach, describe, expect, test } from 'vitest';
import type { ModuleConfigFact } from '../../contracts/facts.js';
import { answerAt, buildStore, change, dump, type FileSpec } from './facts.js';

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

// The caller `main` in src/main.ts makes one call per line (1000, 1001, ...).
const main = (calls: FileSpec['calls'], imports: FileSpec['imports'] = [], extra: FileSpec['symbols'] = []): FileSpec => ({
  path: 'src/main.ts',
  symbols: [{ name: 'main', exported: true }, ...(extra ?? [])],
  calls: calls!.map((c) => ({ caller: 0, ...c })),
  imports,
});

describe('TypeScript resolution', () => {
  test('named import through a .js specifier binds exactly the exported symbol', async () => {
    const store = await graph([
      { path: 'src/util.ts', symbols: [{ name: 'helper', exported: true }] },
      { path: 'src/other.ts', symbols: [{ name: 'helper', exported: true }] },
      main([{ calleeName: 'helper' }], [{ source: './util.js', imported: 'helper' }]),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/util.ts::helper', resolution_kind: 'exact', confidence: 100, relationship: 'calls' });
  });

  test('aliases, barrel index files, export-as and export-star chains are followed', async () => {
    const store = await graph([
      { path: 'src/lib/core.ts', symbols: [{ name: 'inner', exported: true }] },
      { path: 'src/lib/impl.ts', imports: [{ source: './core', imported: 'inner', local: 'outer', reexport: true }] },
      { path: 'src/lib/index.ts', imports: [{ source: './impl', imported: '*', local: '*', reexport: true }] },
      main([{ calleeName: 'go' }], [{ source: './lib', imported: 'outer', local: 'go' }]),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/lib/core.ts::inner', resolution_kind: 'exact' });
  });

  test('namespace imports bind members exactly; default imports bind the default export', async () => {
    const store = await graph([
      { path: 'src/math.ts', symbols: [{ name: 'add', exported: true }, { name: 'hidden', exported: false }] },
      { path: 'src/widget.tsx', symbols: [{ name: 'Widget', exported: true }] },
      main(
        [
          { calleeName: 'add', receiver: 'm', specifier: 'm.add' },
          { calleeName: 'hidden', receiver: 'm', specifier: 'm.hidden' },
          { calleeName: 'Widget' },
        ],
        [
          { source: './math', imported: '*', local: 'm' },
          { source: './widget', imported: 'default', local: 'Widget' },
        ],
      ),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/math.ts::add', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ reason: 'missing_target' });
    expect(answerAt(store, 'src/main.ts', 1002)).toMatchObject({ target: 'src/widget.tsx::Widget', resolution_kind: 'exact' });
  });

  test('imports from packages outside the workspace are missing_target even when a workspace symbol has the name', async () => {
    const store = await graph([
      { path: 'src/hooks.ts', symbols: [{ name: 'useState', exported: true }] },
      main([{ calleeName: 'useState' }, { calleeName: 'readFile', receiver: 'fs', specifier: 'fs.readFile' }], [
        { source: 'react', imported: 'useState' },
        { source: 'node:fs', imported: '*', local: 'fs' },
      ]),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ reason: 'external', note: 'external:react' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ reason: 'external', note: 'external:node:fs' });
  });

  test('this.m() binds the enclosing class method, then an inherited one, at receiver_type', async () => {
    const store = await graph([
      {
        path: 'src/base.ts',
        symbols: [
          { name: 'Base', kind: 'class', exported: true },
          { name: 'log', kind: 'method', qualifiedName: 'Base.log', parent: 0, ownerType: 'Base' },
        ],
      },
      {
        path: 'src/main.ts',
        imports: [{ source: './base', imported: 'Base' }],
        symbols: [
          { name: 'Child', kind: 'class', exported: true, bases: ['Base'] },
          { name: 'run', kind: 'method', qualifiedName: 'Child.run', parent: 0, ownerType: 'Child' },
          { name: 'step', kind: 'method', qualifiedName: 'Child.step', parent: 0, ownerType: 'Child' },
        ],
        calls: [
          { caller: 1, calleeName: 'step', receiver: 'this', specifier: 'this.step', receiverType: 'Child', line: 1000 },
          { caller: 1, calleeName: 'log', receiver: 'this', specifier: 'this.log', receiverType: 'Child', line: 1001 },
          { caller: 1, calleeName: 'nope', receiver: 'this', specifier: 'this.nope', receiverType: 'Child', line: 1002 },
        ],
      },
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/main.ts::Child.step', resolution_kind: 'receiver_type', confidence: 90 });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ target: 'src/base.ts::Base.log', resolution_kind: 'receiver_type' });
    expect(answerAt(store, 'src/main.ts', 1002)).toMatchObject({ reason: 'missing_target' });
  });

  test('an inferred receiver type binds its method at receiver_type', async () => {
    const store = await graph([
      {
        path: 'src/repo.ts',
        symbols: [
          { name: 'Repo', kind: 'class', exported: true },
          { name: 'save', kind: 'method', qualifiedName: 'Repo.save', parent: 0, ownerType: 'Repo' },
        ],
      },
      {
        path: 'src/cache.ts',
        symbols: [
          { name: 'Cache', kind: 'class', exported: true },
          { name: 'save', kind: 'method', qualifiedName: 'Cache.save', parent: 0, ownerType: 'Cache' },
        ],
      },
      main([{ calleeName: 'save', receiver: 'repo', receiverType: 'Repo', specifier: 'repo.save' }], [{ source: './repo', imported: 'Repo' }]),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/repo.ts::Repo.save', resolution_kind: 'receiver_type' });
  });

  test('static members of an imported class are exact; TS namespace members are namespace', async () => {
    const store = await graph([
      {
        path: 'src/factory.ts',
        symbols: [
          { name: 'Factory', kind: 'class', exported: true },
          { name: 'create', kind: 'method', qualifiedName: 'Factory.create', parent: 0, ownerType: 'Factory' },
        ],
      },
      main(
        [
          { calleeName: 'create', receiver: 'Factory', specifier: 'Factory.create' },
          { calleeName: 'parse', receiver: 'Config', specifier: 'Config.parse' },
        ],
        [{ source: './factory', imported: 'Factory' }],
        [
          { name: 'Config', kind: 'namespace' },
          { name: 'parse', kind: 'function', qualifiedName: 'Config.parse', parent: 1 },
        ],
      ),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/factory.ts::Factory.create', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ target: 'src/main.ts::Config.parse', resolution_kind: 'namespace', confidence: 80 });
  });

  test('same_file, then name_only when globally unique, else ambiguous or missing', async () => {
    const store = await graph([
      { path: 'src/a.ts', symbols: [{ name: 'twice' }, { name: 'unique' }] },
      { path: 'src/b.ts', symbols: [{ name: 'twice' }] },
      main([{ calleeName: 'local' }, { calleeName: 'unique' }, { calleeName: 'twice' }, { calleeName: 'nowhere' }], [], [{ name: 'local' }]),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/main.ts::local', resolution_kind: 'same_file', confidence: 60 });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ target: 'src/a.ts::unique', resolution_kind: 'name_only', confidence: 30 });
    expect(answerAt(store, 'src/main.ts', 1002)).toMatchObject({
      reason: 'ambiguous_target',
      candidate_count: 2,
      candidates: ['src/a.ts::twice', 'src/b.ts::twice'],
    });
    expect(answerAt(store, 'src/main.ts', 1003)).toMatchObject({ reason: 'missing_target' });
  });

  test('member calls on unknown receivers: standard names stay missing, free functions are never targets', async () => {
    const store = await graph([
      {
        path: 'src/stack.ts',
        symbols: [
          { name: 'Stack', kind: 'class', exported: true },
          { name: 'push', kind: 'method', qualifiedName: 'Stack.push', parent: 0, ownerType: 'Stack' },
          { name: 'peekTop', kind: 'method', qualifiedName: 'Stack.peekTop', parent: 0, ownerType: 'Stack' },
          { name: 'render' },
        ],
      },
      main([
        { calleeName: 'push', receiver: 'xs', specifier: 'xs.push' },
        { calleeName: 'peekTop', receiver: 's', specifier: 's.peekTop' },
        { calleeName: 'render', receiver: 'view', specifier: 'view.render' },
      ]),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ reason: 'builtin' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ target: 'src/stack.ts::Stack.peekTop', resolution_kind: 'name_only' });
    expect(answerAt(store, 'src/main.ts', 1002)).toMatchObject({ reason: 'missing_target' });
  });

  test('indirect calls, unresolvable relative imports and new expressions', async () => {
    const store = await graph([
      { path: 'src/shape.ts', symbols: [{ name: 'Shape', kind: 'class', exported: true }] },
      main(
        [
          { calleeName: 'cb', indirect: true },
          { calleeName: 'gone' },
          { calleeName: 'Shape', kind: 'new', specifier: 'new Shape' },
        ],
        [
          { source: './missing', imported: 'gone' },
          { source: './shape', imported: 'Shape' },
        ],
      ),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ reason: 'indirect_call' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ reason: 'missing_target', note: 'unresolved import:./missing' });
    expect(answerAt(store, 'src/main.ts', 1002)).toMatchObject({ target: 'src/shape.ts::Shape', resolution_kind: 'exact' });
  });

  test('file-scope calls come from the file symbol', async () => {
    const store = await graph([{ path: 'src/main.ts', symbols: [{ name: 'boot' }], calls: [{ calleeName: 'boot', caller: null }] }]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ source: 'src/main.ts::', target: 'src/main.ts::boot' });
    expect(store.symbol('src/main.ts::')).toMatchObject({ kind: 'file', name: 'main.ts' });
  });

  test('ambiguous records keep the exact candidate count and list at most 16 ids', async () => {
    const many: FileSpec[] = Array.from({ length: 20 }, (_, i) => ({ path: `src/m${String(i).padStart(2, '0')}.ts`, symbols: [{ name: 'dup' }] }));
    const store = await graph([...many, main([{ calleeName: 'dup' }])]);
    const answer = answerAt(store, 'src/main.ts', 1000) as { candidate_count: number; candidates: string[] };
    expect(answer).toMatchObject({ reason: 'ambiguous_target', candidate_count: 20 });
    expect(answer.candidates).toEqual(many.slice(0, 16).map((f) => `${f.path}::dup`));
  });
  test('a call or new never binds an interface or type alias; a same-named exported constant is the target', async () => {
    const store = await graph([
      {
        path: 'src/errors.ts',
        symbols: [
          { name: 'EmptyError', kind: 'interface', exported: true },
          { name: 'EmptyError', kind: 'constant', exported: true },
          { name: 'Options', kind: 'type_alias', exported: true },
        ],
      },
      main(
        [
          { calleeName: 'EmptyError', kind: 'new', specifier: 'EmptyError' },
          { calleeName: 'EmptyError' },
          { calleeName: 'Options' },
          { calleeName: 'EmptyError', receiver: 'errors', specifier: 'errors.EmptyError' },
        ],
        [
          { source: './errors', imported: 'EmptyError' },
          { source: './errors', imported: 'Options' },
          { source: './errors', imported: '*', local: 'errors' },
        ],
      ),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/errors.ts::EmptyError#2', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ target: 'src/errors.ts::EmptyError#2', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/main.ts', 1002)).toMatchObject({ reason: 'missing_target' });
    expect(answerAt(store, 'src/main.ts', 1003)).toMatchObject({ target: 'src/errors.ts::EmptyError#2', resolution_kind: 'exact' });
  });

  test('members of an exported constant bind through it; a constant of this file is same_file', async () => {
    const store = await graph([
      {
        path: 'src/schema.ts',
        symbols: [
          { name: 'Schema', kind: 'constant', exported: true },
          { name: 'optional', kind: 'method', qualifiedName: 'Schema.optional', parent: 0 },
        ],
      },
      main(
        [
          { calleeName: 'optional', receiver: 'Schema', specifier: 'Schema.optional' },
          { calleeName: 'required', receiver: 'Schema', specifier: 'Schema.required' },
          { calleeName: 'make' },
        ],
        [{ source: './schema', imported: 'Schema' }],
        [{ name: 'make', kind: 'constant', exported: true }],
      ),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/schema.ts::Schema.optional', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ reason: 'missing_target' });
    expect(answerAt(store, 'src/main.ts', 1002)).toMatchObject({ target: 'src/main.ts::make', resolution_kind: 'same_file' });
  });

  test('runtime globals and object-literal members are never bound by name', async () => {
    const store = await graph([
      {
        path: 'src/proxy.ts',
        symbols: [
          { name: 'makeProxy', exported: true },
          { name: 'defineProperty', kind: 'method', qualifiedName: 'makeProxy.defineProperty', parent: 0 },
          { name: 'BigInt', exported: true },
          { name: 'insert', kind: 'method', qualifiedName: 'makeProxy.insert', parent: 0 },
        ],
      },
      main([
        { calleeName: 'defineProperty', receiver: 'Object', specifier: 'Object.defineProperty' },
        { calleeName: 'BigInt' },
        { calleeName: 'insert', receiver: 'sql', specifier: 'sql.insert' },
        { calleeName: 'Map', kind: 'new', specifier: 'Map' },
        { calleeName: 'Headers', kind: 'new', specifier: 'Headers' },
        { calleeName: 'enqueue', receiver: 'controller', specifier: 'controller.enqueue' },
      ]),
    ]);
    // The web platform's globals and the standard stream methods are the runtime's own.
    expect(answerAt(store, 'src/main.ts', 1004)).toMatchObject({ reason: 'builtin', note: 'global:Headers' });
    expect(answerAt(store, 'src/main.ts', 1005)).toMatchObject({ reason: 'builtin' });
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ reason: 'builtin', note: 'global:Object' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ reason: 'builtin', note: 'global:BigInt' });
    expect(answerAt(store, 'src/main.ts', 1002)).toMatchObject({ reason: 'missing_target' });
    expect(answerAt(store, 'src/main.ts', 1003)).toMatchObject({ reason: 'builtin', note: 'global:Map' });
  });

  test('super(...) binds the base class constructor, inherited through the base chain', async () => {
    const store = await graph([
      {
        path: 'src/base.ts',
        symbols: [
          { name: 'Root', kind: 'class', exported: true },
          { name: 'constructor', kind: 'constructor', qualifiedName: 'Root.constructor', parent: 0, ownerType: 'Root' },
          { name: 'Base', kind: 'class', exported: true, bases: ['Root'] },
        ],
      },
      {
        path: 'src/main.ts',
        imports: [{ source: './base', imported: 'Base' }],
        symbols: [
          { name: 'Child', kind: 'class', exported: true, bases: ['Base'] },
          { name: 'constructor', kind: 'constructor', qualifiedName: 'Child.constructor', parent: 0, ownerType: 'Child' },
          { name: 'Orphan', kind: 'class', bases: ['Elsewhere'] },
          { name: 'constructor', kind: 'constructor', qualifiedName: 'Orphan.constructor', parent: 2, ownerType: 'Orphan' },
        ],
        calls: [
          { caller: 1, calleeName: 'super', line: 1000 },
          { caller: 3, calleeName: 'super', line: 1001 },
        ],
      },
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/base.ts::Root.constructor', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ reason: 'missing_target' });
  });

  test('a typed receiver binds through the extends chain; overload declarations of one member count once', async () => {
    const store = await graph([
      {
        path: 'src/pipeable.ts',
        symbols: [
          { name: 'Pipeable', kind: 'interface', exported: true },
          { name: 'pipe', kind: 'method', qualifiedName: 'Pipeable.pipe', parent: 0, ownerType: 'Pipeable' },
          { name: 'pipe', kind: 'method', qualifiedName: 'Pipeable.pipe', parent: 0, ownerType: 'Pipeable' },
          { name: 'pipe', kind: 'method', qualifiedName: 'Pipeable.pipe', parent: 0, ownerType: 'Pipeable' },
          { name: 'Observable', kind: 'class', exported: true, bases: ['Pipeable'] },
          { name: 'Other', kind: 'class', exported: true },
          { name: 'pipe', kind: 'method', qualifiedName: 'Other.pipe', parent: 5, ownerType: 'Other' },
        ],
      },
      main(
        [
          { calleeName: 'pipe', receiver: 'source', receiverType: 'Observable', specifier: 'source.pipe' },
          { calleeName: 'pipe', receiver: 'other', specifier: 'other.pipe' },
        ],
        [{ source: './pipeable', imported: 'Observable' }],
      ),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/pipeable.ts::Pipeable.pipe', resolution_kind: 'receiver_type' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ reason: 'ambiguous_target' });
  });

  test('a namespace re-exported with export * as binds its members exactly', async () => {
    const store = await graph([
      { path: 'src/schemas.ts', symbols: [{ name: 'string', exported: true }] },
      { path: 'src/index.ts', imports: [{ source: './schemas', imported: '*', local: 'z', reexport: true }] },
      { path: 'src/mocker.ts', symbols: [{ name: 'Mocker', kind: 'class', exported: true }, { name: 'string', kind: 'method', qualifiedName: 'Mocker.string', parent: 0, ownerType: 'Mocker' }] },
      main([{ calleeName: 'string', receiver: 'z', specifier: 'z.string' }], [{ source: './index', imported: 'z' }]),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/schemas.ts::string', resolution_kind: 'exact' });
  });
  test('members of a constant with a declared type bind through the type, not the object literal', async () => {
    const store = await graph([
      {
        path: 'src/provider.ts',
        symbols: [
          { name: 'Provider', kind: 'interface', exported: true },
          { name: 'schedule', kind: 'method', qualifiedName: 'Provider.schedule', parent: 0, ownerType: 'Provider' },
          { name: 'provider', kind: 'constant', exported: true, attributes: { type: 'Provider' } },
          { name: 'schedule', kind: 'method', qualifiedName: 'provider.schedule', parent: 2 },
        ],
      },
      main([{ calleeName: 'schedule', receiver: 'provider', specifier: 'provider.schedule' }], [{ source: './provider', imported: 'provider' }]),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/provider.ts::Provider.schedule', resolution_kind: 'receiver_type' });
  });
  test('a class inherits members from the classes it extends, never from the types it implements', async () => {
    const store = await graph([
      {
        path: 'src/scheduler.ts',
        symbols: [
          { name: 'TimestampProvider', kind: 'interface', exported: true },
          { name: 'now', kind: 'method', qualifiedName: 'TimestampProvider.now', parent: 0, ownerType: 'TimestampProvider' },
          { name: 'Base', kind: 'class', exported: true },
          { name: 'flush', kind: 'method', qualifiedName: 'Base.flush', parent: 2, ownerType: 'Base' },
          { name: 'Scheduler', kind: 'class', exported: true, bases: ['Base', 'TimestampProvider'], attributes: { implements: ['TimestampProvider'] } },
          { name: 'run', kind: 'method', qualifiedName: 'Scheduler.run', parent: 4, ownerType: 'Scheduler' },
        ],
        calls: [
          { caller: 5, calleeName: 'now', receiver: 'this', specifier: 'this.now', line: 1000 },
          { caller: 5, calleeName: 'flush', receiver: 'this', specifier: 'this.flush', line: 1001 },
        ],
      },
    ]);
    expect(answerAt(store, 'src/scheduler.ts', 1000)).toMatchObject({ reason: 'missing_target' });
    expect(answerAt(store, 'src/scheduler.ts', 1001)).toMatchObject({ target: 'src/scheduler.ts::Base.flush', resolution_kind: 'receiver_type' });
  });
  test('a receiver typed through a namespace import (Fiber.Fiber) binds the interface member, not a same-named value', async () => {
    const store = await graph([
      {
        path: 'src/Fiber.ts',
        symbols: [
          { name: 'Fiber', kind: 'interface', exported: true },
          { name: 'await', kind: 'method', qualifiedName: 'Fiber.await', parent: 0, ownerType: 'Fiber' },
          { name: 'Fiber', kind: 'constant', exported: true },
        ],
      },
      { path: 'src/impl.ts', symbols: [{ name: 'FiberImpl', kind: 'class' }, { name: 'await', kind: 'method', qualifiedName: 'FiberImpl.await', parent: 0, ownerType: 'FiberImpl' }] },
      main(
        [
          { calleeName: 'await', receiver: 'fiber', receiverType: 'Fiber.Fiber', specifier: 'fiber.await' },
          { calleeName: 'interrupt', receiver: 'fiber', receiverType: 'Fiber.Fiber', specifier: 'fiber.interrupt' },
        ],
        [{ source: './Fiber', imported: '*', local: 'Fiber' }],
      ),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/Fiber.ts::Fiber.await', resolution_kind: 'receiver_type' });
    // No method `interrupt` on the interface: a property holding a function, never a same-named guess.
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ reason: 'indirect_call' });
  });
});

const tsconfig = (path: string, aliases: Array<{ pattern: string; targets: string[] }>, baseUrl?: string): ModuleConfigFact => ({
  path,
  kind: 'tsconfig',
  hash: `hash-${path}`,
  aliases,
  ...(baseUrl !== undefined ? { baseUrl } : {}),
});

describe('TypeScript module configuration', () => {
  const util = { path: 'lib/core/util.ts', symbols: [{ name: 'helper', exported: true }] };

  test('tsconfig paths aliases and baseUrl lead bare specifiers into the workspace', async () => {
    const built = await buildStore(
      [
        util,
        { path: 'lib/index.ts', symbols: [{ name: 'entry', exported: true }] },
        main(
          [{ calleeName: 'helper' }, { calleeName: 'entry' }, { calleeName: 'ext' }],
          [
            { source: '@core/util', imported: 'helper' },
            { source: 'lib', imported: 'entry' },
            { source: 'react', imported: 'ext' },
          ],
        ),
      ],
      [tsconfig('tsconfig.json', [{ pattern: '@core/*', targets: ['lib/core/*'] }], '.')],
    );
    cleanups.push(built.cleanup);
    expect(answerAt(built.store, 'src/main.ts', 1000)).toMatchObject({ target: 'lib/core/util.ts::helper', resolution_kind: 'exact' });
    expect(answerAt(built.store, 'src/main.ts', 1001)).toMatchObject({ target: 'lib/index.ts::entry', resolution_kind: 'exact' });
    expect(answerAt(built.store, 'src/main.ts', 1002)).toMatchObject({ reason: 'external', note: 'external:react' });
  });

  test('without a configuration a bare specifier stays outside the workspace', async () => {
    const store = await graph([util, main([{ calleeName: 'helper' }], [{ source: '@core/util', imported: 'helper' }])]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ reason: 'external', note: 'external:@core/util' });
  });

  test('the nearest tsconfig above the importing file applies; an exact pattern beats a wildcard, a longer prefix a shorter', async () => {
    const built = await buildStore(
      [
        util,
        { path: 'lib/special.ts', symbols: [{ name: 'helper', exported: true }] },
        { path: 'lib/other/util.ts', symbols: [{ name: 'helper', exported: true }] },
        main([{ calleeName: 'helper' }], [{ source: '@core/util', imported: 'helper' }]),
        { path: 'app/deep/use.ts', symbols: [{ name: 'use' }], calls: [{ caller: 0, calleeName: 'helper', line: 1000 }, { caller: 0, calleeName: 'helper', line: 1001 }], imports: [{ source: '@core/util', imported: 'helper' }] },
        { path: 'app/deep/use2.ts', symbols: [{ name: 'use' }], calls: [{ caller: 0, calleeName: 'helper', line: 1000 }], imports: [{ source: '@core/x', imported: 'helper' }] },
      ],
      [
        tsconfig('tsconfig.json', [{ pattern: '@core/*', targets: ['lib/core/*'] }]),
        tsconfig('app/tsconfig.json', [
          { pattern: '@core/*', targets: ['lib/other/*'] },
          { pattern: '@core/util', targets: ['lib/special.ts'] },
          { pattern: '@*', targets: ['nowhere/*'] },
        ]),
      ],
    );
    cleanups.push(built.cleanup);
    expect(answerAt(built.store, 'src/main.ts', 1000)).toMatchObject({ target: 'lib/core/util.ts::helper' });
    expect(answerAt(built.store, 'app/deep/use.ts', 1000)).toMatchObject({ target: 'lib/special.ts::helper' });
    // `@core/x` fits `@core/*` (longer prefix) before `@*`; lib/other/x does not exist: outside the workspace.
    expect(answerAt(built.store, 'app/deep/use2.ts', 1000)).toMatchObject({ reason: 'external', note: 'external:@core/x' });
  });

  test("a package's exports lead its own name into its sources (self-reference)", async () => {
    const manifest: ModuleConfigFact = {
      path: 'pkg/package.json',
      kind: 'package',
      hash: 'h',
      name: 'tinypkg',
      aliases: [
        { pattern: 'tinypkg', targets: ['pkg/dist/index.js', 'pkg/src/index.ts'] },
        { pattern: 'tinypkg/*', targets: ['pkg/src/*.ts'] },
      ],
    };
    const built = await buildStore(
      [
        { path: 'pkg/src/index.ts', symbols: [{ name: 'make', exported: true }] },
        { path: 'pkg/src/v2.ts', symbols: [{ name: 'make', exported: true }] },
        { path: 'pkg/src/use.ts', symbols: [{ name: 'use' }], calls: [{ caller: 0, calleeName: 'make', line: 1000 }, { caller: 0, calleeName: 'make', line: 1001, receiver: 'v2', specifier: 'v2.make' }], imports: [{ source: 'tinypkg', imported: 'make' }, { source: 'tinypkg/v2', imported: '*', local: 'v2' }] },
        // Outside the package, its name is an ordinary external package.
        { path: 'other/use.ts', symbols: [{ name: 'use' }], calls: [{ caller: 0, calleeName: 'make', line: 1000 }], imports: [{ source: 'tinypkg', imported: 'make' }] },
      ],
      [manifest],
    );
    cleanups.push(built.cleanup);
    expect(answerAt(built.store, 'pkg/src/use.ts', 1000)).toMatchObject({ target: 'pkg/src/index.ts::make', resolution_kind: 'exact' });
    expect(answerAt(built.store, 'pkg/src/use.ts', 1001)).toMatchObject({ target: 'pkg/src/v2.ts::make', resolution_kind: 'exact' });
    expect(answerAt(built.store, 'other/use.ts', 1000)).toMatchObject({ reason: 'external', note: 'external:tinypkg' });
  });

  test('a changed, added or removed configuration re-resolves the importers, as a fresh build would', async () => {
    const files = [util, main([{ calleeName: 'helper' }], [{ source: '@core/util', imported: 'helper' }])];
    const steps: Array<ModuleConfigFact[]> = [
      [tsconfig('tsconfig.json', [{ pattern: '@core/*', targets: ['lib/core/*'] }])],
      [tsconfig('tsconfig.json', [{ pattern: '@core/*', targets: ['lib/none/*'] }])],
      [tsconfig('tsconfig.json', [{ pattern: '@core/*', targets: ['lib/none/*'] }]), tsconfig('src/tsconfig.json', [{ pattern: '@core/*', targets: ['lib/core/*'] }])],
      [],
    ];
    const store = await graph(files);
    for (const configs of steps) {
      await store.apply(change([], [], false, configs));
      const fresh = await buildStore(files, configs);
      expect(dump(store)).toEqual(dump(fresh.store));
      await fresh.cleanup();
    }
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ note: 'external:@core/util' });
  });
});

describe('TypeScript receiver type recipes', () => {
  // schemas.ts: `export function string(): ZodString`, `interface ZodString extends ZodType { min(): this }`,
  // `interface ZodType { parse(): unknown; optional(): ZodOptional }`, `interface ZodOptional extends ZodType {}`.
  const schemas: FileSpec = {
    path: 'src/schemas.ts',
    symbols: [
      { name: 'string', exported: true, attributes: { returns: 'ZodString' } },
      { name: 'ZodType', kind: 'interface', exported: true },
      { name: 'parse', kind: 'method', qualifiedName: 'ZodType.parse', parent: 1, ownerType: 'ZodType' },
      { name: 'optional', kind: 'method', qualifiedName: 'ZodType.optional', parent: 1, ownerType: 'ZodType', attributes: { returns: 'ZodOptional' } },
      { name: 'ZodString', kind: 'interface', exported: true, bases: ['ZodType'] },
      { name: 'min', kind: 'method', qualifiedName: 'ZodString.min', parent: 4, ownerType: 'ZodString', attributes: { returns: 'this' } },
      { name: 'ZodOptional', kind: 'interface', exported: true, bases: ['ZodType'] },
      { name: 'Mocker', kind: 'class', exported: true },
      { name: 'parse', kind: 'method', qualifiedName: 'Mocker.parse', parent: 7, ownerType: 'Mocker' },
      { name: 'min', kind: 'method', qualifiedName: 'Mocker.min', parent: 7, ownerType: 'Mocker' },
      { name: 'shadow', exported: true },
    ],
  };

  test('declared return types carry a call chain to the method it reaches', async () => {
    const store = await graph([
      schemas,
      main(
        [
          { calleeName: 'min', receiver: 'z.string()', receiverType: 'z.string()', specifier: 'z.string().min' },
          { calleeName: 'parse', receiver: 'z.string().min(1)', receiverType: 'z.string().min()', specifier: 'z.string().min(1).parse' },
          { calleeName: 'parse', receiver: 's', receiverType: 'z.string().optional()', specifier: 's.parse' },
          { calleeName: 'parse', receiver: 'z.shadow()', receiverType: 'z.shadow()', specifier: 'z.shadow().parse' },
          { calleeName: 'parse', receiver: 'q', receiverType: '{ZodOptional}.min()', specifier: 'q.parse' },
        ],
        [{ source: './schemas', imported: '*', local: 'z' }],
      ),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/schemas.ts::ZodString.min', resolution_kind: 'receiver_type' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ target: 'src/schemas.ts::ZodType.parse', resolution_kind: 'receiver_type' });
    expect(answerAt(store, 'src/main.ts', 1002)).toMatchObject({ target: 'src/schemas.ts::ZodType.parse', resolution_kind: 'receiver_type' });
    // No declared return type, or a method the type lacks: no answer from the recipe, and no guess at 90.
    expect(answerAt(store, 'src/main.ts', 1003)).not.toMatchObject({ resolution_kind: 'receiver_type' });
    expect(answerAt(store, 'src/main.ts', 1004)).not.toMatchObject({ resolution_kind: 'receiver_type' });
  });

  test('callback parameters take the types the called function declares for them', async () => {
    const store = await graph([
      {
        path: 'src/lift.ts',
        symbols: [
          { name: 'operate', exported: true, attributes: { callbacks: ['0:0:Observable', '0:1:Subscriber'] } },
          { name: 'Observable', kind: 'class', exported: true },
          { name: 'constructor', kind: 'constructor', qualifiedName: 'Observable.constructor', parent: 1, ownerType: 'Observable', attributes: { callbacks: ['0:0:Subscriber'] } },
          { name: 'subscribe', kind: 'method', qualifiedName: 'Observable.subscribe', parent: 1, ownerType: 'Observable' },
          { name: 'Subscriber', kind: 'class', exported: true },
          { name: 'next', kind: 'method', qualifiedName: 'Subscriber.next', parent: 4, ownerType: 'Subscriber' },
          { name: 'Other', kind: 'class', exported: true },
          { name: 'next', kind: 'method', qualifiedName: 'Other.next', parent: 6, ownerType: 'Other' },
        ],
      },
      main(
        [
          { calleeName: 'subscribe', receiver: 'source', receiverType: 'operate(#0.0)', specifier: 'source.subscribe' },
          { calleeName: 'next', receiver: 'subscriber', receiverType: 'operate(#0.1)', specifier: 'subscriber.next' },
          { calleeName: 'next', receiver: 'subscriber', receiverType: 'new Observable(#0.0)', specifier: 'subscriber.next' },
          { calleeName: 'next', receiver: 'x', receiverType: 'operate(#1.0)', specifier: 'x.next' },
        ],
        [
          { source: './lift', imported: 'operate' },
          { source: './lift', imported: 'Observable' },
        ],
      ),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/lift.ts::Observable.subscribe', resolution_kind: 'receiver_type' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ target: 'src/lift.ts::Subscriber.next', resolution_kind: 'receiver_type' });
    expect(answerAt(store, 'src/main.ts', 1002)).toMatchObject({ target: 'src/lift.ts::Subscriber.next', resolution_kind: 'receiver_type' });
    expect(answerAt(store, 'src/main.ts', 1003)).toMatchObject({ reason: 'builtin' });
  });

  test('export { x as y } re-exports a local symbol or an import binding, namespaces included', async () => {
    const store = await graph([
      { path: 'src/schemas.ts', symbols: [{ name: '_enum', exported: true }, { name: 'string', exported: true }], imports: [{ source: '', imported: '_enum', local: 'enum', reexport: true }] },
      { path: 'src/index.ts', imports: [{ source: './schemas', imported: '*', local: 'z' }, { source: '', imported: 'z', local: 'z', reexport: true }] },
      main(
        [
          { calleeName: 'enum', receiver: 'z', specifier: 'z.enum' },
          { calleeName: 'string', receiver: 'z', specifier: 'z.string' },
        ],
        [{ source: './index', imported: 'z' }],
      ),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/schemas.ts::_enum', resolution_kind: 'exact' });
    expect(answerAt(store, 'src/main.ts', 1001)).toMatchObject({ target: 'src/schemas.ts::string', resolution_kind: 'exact' });
  });

  test('a namespace reached through a namespace (z.coerce.number) binds exactly', async () => {
    const store = await graph([
      { path: 'src/coerce.ts', symbols: [{ name: 'number', exported: true }] },
      { path: 'src/mocker.ts', symbols: [{ name: 'Mocker', kind: 'class', exported: true }, { name: 'number', kind: 'method', qualifiedName: 'Mocker.number', parent: 0, ownerType: 'Mocker' }] },
      { path: 'src/index.ts', imports: [{ source: './coerce', imported: '*', local: 'coerce', reexport: true }] },
      main([{ calleeName: 'number', receiver: 'z.coerce', specifier: 'z.coerce.number' }], [{ source: './index', imported: '*', local: 'z' }]),
    ]);
    expect(answerAt(store, 'src/main.ts', 1000)).toMatchObject({ target: 'src/coerce.ts::number', resolution_kind: 'exact' });
  });
});
