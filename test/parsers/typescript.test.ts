import { describe, expect, it } from 'vitest';
import type { Language } from '../../contracts/facts.js';
import { extractFacts } from '../../parsers/index.js';
import { render, spanText } from './render.js';

const extract = (source: string, path = 'src/mod.ts', language: Language = 'typescript') => extractFacts(path, source, language);

describe('typescript extraction', () => {
  it('extracts every declaration kind with nesting, owners and export flags', async () => {
    const source = `export function plain(a: number): number { return a; }
function* generate() { yield 1; }
export class Service<T> extends Base<T> implements Runner, Stopper {
  private handler = () => this.run();
  constructor(private readonly dep: Dep) { super(); }
  get size(): number { return 1; }
  set size(value: number) {}
  static create(): Service<number> { return new Service(dep); }
  #secret() {}
  run(): void {}
}
export abstract class Shape { abstract area(): number; describe() { return this.area(); } }
export interface Runner { run(): void; name: string }
export type Id = string | number;
export enum Color { Red, Green }
export namespace Geometry { export function area() {} namespace Inner { function deep() {} } }
declare module 'virtual' { export function fromModule(): void; }
export const arrow = (x: number) => x * 2;
const expression = function named() {};
let notAFunction = 3;
function outer() { const innerArrow = () => 1; function innerFn() {} return innerArrow() + innerFn(); }
export default class {}
`;
    const facts = await extract(source);
    await expect(render(facts)).toMatchFileSnapshot('__snapshots__/ts-declarations.txt');
    const q = (name: string) => facts.symbols.find((s) => s.qualifiedName === name);
    expect(q('Service')).toMatchObject({ kind: 'class', exported: true, bases: ['Base', 'Runner', 'Stopper'] });
    expect(q('Service.constructor')).toMatchObject({ kind: 'constructor', ownerType: 'Service' });
    expect(q('Service.handler')).toMatchObject({ kind: 'method', ownerType: 'Service' });
    expect(facts.symbols.filter((s) => s.qualifiedName === 'Service.size').map((s) => s.attributes?.accessor)).toEqual(['get', 'set']);
    expect(q('Geometry.Inner.deep')?.kind).toBe('function');
    expect(q('outer.innerArrow')?.kind).toBe('function');
    expect(q('notAFunction')).toBeUndefined();
    expect(q('arrow')?.exported).toBe(true);
    expect(q('expression')?.exported).toBeUndefined();
    const service = q('Service')!;
    expect(spanText(source, service.startByte, service.endByte)).toMatch(/^class Service<T>[\s\S]*\}$/);
  });

  it('folds overload signatures into their implementation and keeps bodiless ones', async () => {
    const source = `export function parse(input: string): number;
export function parse(input: Buffer): number;
export function parse(input: unknown): number { return 0; }
declare function ambient(a: string): void;
declare function ambient(a: number): void;
export declare function declared(): void;
export declare const declaredArrow: () => void;
class Box {
  get(key: string): string;
  get(key: number): string;
  get(key: unknown): string { return ''; }
}
`;
    const facts = await extract(source);
    await expect(render(facts)).toMatchFileSnapshot('__snapshots__/ts-overloads.txt');
    const parse = facts.symbols.filter((s) => s.name === 'parse');
    expect(parse).toHaveLength(1);
    expect(parse[0]).toMatchObject({ startLine: 3, attributes: { overloads: '2' }, exported: true });
    expect(facts.symbols.filter((s) => s.name === 'ambient')).toHaveLength(2);
    expect(facts.symbols.filter((s) => s.qualifiedName === 'Box.get')).toHaveLength(1);
    expect(facts.symbols.find((s) => s.name === 'declared')).toMatchObject({ exported: true });
  });

  it('extracts call sites: members, this receivers, new, indirect and local bindings', async () => {
    const source = `import * as ns from './ns';
export class Client {
  send(callback: () => void, opts = {}) {
    this.connect();
    ns.util.format('x');
    const fn = pick();
    fn();
    callback();
    handlers[name]();
    (getHandler())();
    factory()();
    new Request(opts);
    new ns.Response();
    const local = () => 1;
    local();
    items.map((item) => transform(item)).filter(Boolean);
    super.toString();
    maybe?.call();
    const mod = require('lib');
  }
  connect() {}
}
setup();
`;
    const facts = await extract(source);
    await expect(render(facts)).toMatchFileSnapshot('__snapshots__/ts-calls.txt');
    const call = (specifier: string) => facts.callSites.find((c) => c.specifier === specifier)!;
    expect(call('this.connect')).toMatchObject({ receiver: 'this', receiverType: 'Client', calleeName: 'connect' });
    expect(call('ns.util.format')).toMatchObject({ receiver: 'ns.util', calleeName: 'format' });
    expect(call('fn').indirect).toBe(true);
    expect(call('callback').indirect).toBe(true);
    expect(call('handlers[name]').indirect).toBe(true);
    expect(call('local').indirect).toBeUndefined();
    expect(call('Request')).toMatchObject({ kind: 'new', calleeName: 'Request' });
    expect(call('ns.Response')).toMatchObject({ kind: 'new', receiver: 'ns', calleeName: 'Response' });
    expect(call('setup').caller).toBeNull();
    // A bound require is an import and, like every call, a call site.
    expect(call('require')).toMatchObject({ kind: 'call', calleeName: 'require' });
    expect(facts.imports).toContainEqual(expect.objectContaining({ source: 'lib', imported: '*', local: 'mod' }));
  });

  it('states receiver types as recipes the binder can follow across files', async () => {
    const source = `import * as z from './schemas';
import { operate } from './lift';
export function make<T>(init: (this: Ctx, source: Source<T>, sink: Sink) => void, value: T): Maker<T> { return null!; }
export function same<T>(value: T): T { return value; }
export const schema = z.object({}).strict();
class Holder {
  field: Registry;
  made = new Cache();
  constructor(private readonly store: Store, plain: Plain) { this.later = new Later(); }
  run() {
    this.field.add();
    this.made.get();
    this.store.put();
    this.later.go();
    const local = z.string().min(1);
    local.parse();
    schema.parse();
    operate((source, subscriber) => { source.subscribe(); subscriber.next(); });
    new Observable((s) => s.complete());
    (value as Shape).area();
    z.string().optional().parse();
    same(1).toFixed();
    function inner(this: Other) { this.field.add(); }
  }
}
`;
    const facts = await extract(source);
    const symbol = (name: string) => facts.symbols.find((s) => s.qualifiedName === name)!;
    // Declared result types and callback parameter types (type parameters and \`this:\` parameters left out).
    expect(symbol('make').attributes).toMatchObject({ returns: 'Maker', callbacks: ['0:0:Source', '0:1:Sink'] });
    expect(symbol('same').attributes?.returns).toBeUndefined();
    expect(symbol('schema').attributes).toMatchObject({ type: 'z.object().strict()' });
    const receiverType = (specifier: string) => facts.callSites.find((c) => c.specifier === specifier)?.receiverType;
    expect(receiverType('this.field.add')).toBe('Registry');
    expect(receiverType('this.made.get')).toBe('Cache');
    expect(receiverType('this.store.put')).toBe('Store');
    expect(receiverType('this.later.go')).toBe('Later');
    expect(receiverType('z.string().min')).toBe('z.string()');
    expect(receiverType('local.parse')).toBe('z.string().min()');
    expect(receiverType('schema.parse')).toBe('z.object().strict()');
    expect(receiverType('source.subscribe')).toBe('operate(#0.0)');
    expect(receiverType('subscriber.next')).toBe('operate(#0.1)');
    expect(receiverType('s.complete')).toBe('new Observable(#0.0)');
    expect(receiverType('(value as Shape).area')).toBe('Shape');
    expect(receiverType('z.string().optional().parse')).toBe('z.string().optional()');
    expect(receiverType('same(1).toFixed')).toBe('same()');
    // A plain function rebinds \`this\`: the class's fields say nothing about it.
    expect(facts.callSites.filter((c) => c.specifier === 'this.field.add').map((c) => c.receiverType)).toEqual(['Registry', undefined]);
  });

  it('places every call at its callee name, or at its argument list when the callee has no name', async () => {
    const source = `a.b().c().d();
curry(1)(2)(3);
new ns.Klass();
obj["key"]();
`;
    const facts = await extract(source);
    const at = facts.callSites.map((c) => `${c.specifier}@${c.line}:${c.column}`);
    expect(at).toEqual(expect.arrayContaining(['a.b@1:2', 'a.b().c@1:6', 'a.b().c().d@1:10', 'curry@2:0', 'curry(1)@2:8', 'curry(1)(2)@2:11', 'ns.Klass@3:7', 'obj["key"]@4:4']));
    // No two calls share a position.
    expect(new Set(at.map((x) => x.slice(x.indexOf('@')))).size).toBe(at.length);
  });

  it('extracts imports of every form and re-exports', async () => {
    const source = `import def, { named, other as renamed, type OnlyType } from './a';
import * as space from "./b";
import type { T } from './types';
import './side-effect';
import legacy = require('./legacy');
export { x as y, z } from './c';
export type { U } from './types';
export * from './d';
export * as bundle from './e';
const { readFile, writeFile: write } = require('fs');
const path = require('path');
async function load() { return import('./lazy'); }
export { load };
function main() {}
export default main;
`;
    const facts = await extract(source);
    await expect(render(facts)).toMatchFileSnapshot('__snapshots__/ts-imports.txt');
    expect(facts.imports).toHaveLength(18);
    // `export { load }` re-exports what `load` names here, without a source.
    expect(facts.imports).toContainEqual(expect.objectContaining({ source: '', imported: 'load', local: 'load', reexport: true }));
    expect(facts.symbols.find((s) => s.name === 'load')?.exported).toBe(true);
    expect(facts.symbols.find((s) => s.name === 'main')?.exported).toBe(true);
  });

  it('turns test()/it() blocks into test symbols named by their describe chain', async () => {
    const source = `import { describe, it, expect } from 'vitest';
function helper() { return 1; }
describe('Parser', () => {
  beforeEach(() => reset());
  it('parses numbers', () => {
    expect(helper()).toBe(1);
  });
  describe.each([1, 2])('with %i', (n) => {
    test.each([[1]])('case %s', (value) => { check(value, n); });
    ${'it'}.only(\`template title\`, async () => { await run(); });
    ${'it'}.todo('later');
  });
});
test('top level', () => go());
expect('not a test').toBe('x');
`;
    const facts = await extract(source, 'src/parser.test.ts');
    await expect(render(facts)).toMatchFileSnapshot('__snapshots__/ts-tests.txt');
    const tests = facts.symbols.filter((s) => s.kind === 'test').map((s) => s.qualifiedName);
    expect(tests).toEqual(['Parser > parses numbers', 'Parser > with %i > case %s', 'Parser > with %i > template title', 'Parser > with %i > later', 'top level']);
    expect(facts.symbols.every((s) => s.isTest)).toBe(true);
    const caller = (name: string) => facts.symbols[facts.callSites.find((c) => c.calleeName === name)!.caller!].qualifiedName;
    expect(caller('helper')).toBe('Parser > parses numbers');
    expect(caller('check')).toBe('Parser > with %i > case %s');
    expect(caller('reset')).toBe('Parser');
    expect(caller('go')).toBe('top level');
    // The block calls themselves are call sites of the enclosing symbol (file scope at the top).
    const blockCalls = facts.callSites.filter((c) => ['it', 'describe', 'test', 'each', 'only', 'todo'].includes(c.calleeName));
    expect(blockCalls.map((c) => [c.specifier, c.caller === null ? '<file>' : facts.symbols[c.caller].qualifiedName])).toEqual([
      ['describe', '<file>'],
      ['it', 'Parser'],
      ['describe.each', 'Parser'],
      ['test.each', 'Parser > with %i'],
      ['it.only', 'Parser > with %i'],
      ['it.todo', 'Parser > with %i'],
      ['test', '<file>'],
    ]);
    // In a file that is not a test file, only the blocks themselves are tests.
    const inline = await extract(`export function f() {}\nit('works', () => f());\ntest('not a block');\n`, 'src/f.ts');
    expect(inline.symbols.map((s) => [s.qualifiedName, s.isTest])).toEqual([['f', false], ['works', true]]);
    expect(inline.callSites.map((c) => c.calleeName)).toEqual(['it', 'f', 'test']);
    for (const path of ['src/a.spec.tsx', 'src/__tests__/a.ts', 'lib/b.test.mjs']) {
      const facts = await extract('function h() {}', path, path.endsWith('.tsx') ? 'tsx' : path.endsWith('.mjs') ? 'javascript' : 'typescript');
      expect(facts.symbols[0].isTest, path).toBe(true);
    }
  });

  it('makes exported non-function variables symbols, and records super() and new X!() once', async () => {
    const source = `export interface EmptyError { message: string }
export const EmptyError = createErrorClass((base) => base);
export const twice = (x: number) => x * 2, limit = 3;
export let counter = 0;
const hidden = make();
export const Schema = { optional() { return 1; } };
class Child extends Base {
  constructor() { super(1); const socket = new WebSocket!(url); }
}
`;
    const facts = await extract(source);
    const kinds = facts.symbols.map((s) => [s.qualifiedName, s.kind, s.exported ?? false]);
    expect(kinds).toEqual([
      ['EmptyError', 'interface', true],
      ['EmptyError', 'constant', true],
      ['twice', 'function', true],
      ['limit', 'constant', true],
      ['counter', 'variable', true],
      ['Schema', 'constant', true],
      ['Schema.optional', 'method', false],
      ['Child', 'class', false],
      ['Child.constructor', 'constructor', false],
    ]);
    const calls = facts.callSites.filter((c) => c.line === 8).map((c) => [c.calleeName, c.kind, c.indirect ?? false]);
    expect(calls).toEqual([['super', 'call', false], ['WebSocket', 'new', false]]);
  });

  it('infers a receiver type from a parameter annotation or a local declaration, nearest first', async () => {
    const source = `function run(source: Observable<number>, plain, list: string[]) {
  source.subscribe();
  plain.go();
  list.push(1);
  const sub = new Subscriber();
  sub.next(1);
  const typed: Scheduler = pick();
  typed.schedule();
  function inner(source) { source.subscribe(); }
  [1].forEach((sub) => sub.next());
  const fiber: Fiber.Fiber<A, E> = fork();
  fiber.await();
}
export const provider: Provider = { schedule() {} };
const make = pick();
export const exported = pick();
function calls(callback, { delay }, _super = base) {
  callback(); delay(); _super(); make(); exported(); topLevel();
  const helper = () => 1;
  helper();
}
`;
    const facts = await extract(source);
    expect(facts.symbols.find((s) => s.name === 'provider')).toMatchObject({ kind: 'constant', attributes: { type: 'Provider' } });
    const indirect = facts.callSites.filter((c) => c.line === 18 || c.line === 20).map((c) => [c.calleeName, c.indirect ?? false]);
    expect(indirect).toEqual([
      ['callback', true], ['delay', true], ['_super', true], ['make', true], ['exported', false], ['topLevel', false], ['helper', false],
    ]);
    const types = facts.callSites.filter((c) => c.receiver !== undefined).map((c) => [c.line, c.specifier, c.receiverType ?? null]);
    expect(types).toEqual([
      [2, 'source.subscribe', 'Observable'],
      [3, 'plain.go', null],
      [4, 'list.push', null],
      [6, 'sub.next', 'Subscriber'],
      [8, 'typed.schedule', 'Scheduler'],
      [9, 'source.subscribe', null],
      [10, '[1].forEach', null],
      [10, 'sub.next', null],
      [12, 'fiber.await', 'Fiber.Fiber'],
    ]);
  });

  it('recovers declarations the grammar misreads: generic call signatures on a new line, variance, escaped backticks', async () => {
    const source = `export interface Channel<out A, in B = never> { run(a: A): B }
type Message<T extends string> = \`use \\\`\${T}\\\` here\`
export const setLazy: {
  (lazy: boolean): <A extends Atom<any>>(self: A) => A
  /** data-first */
  <
    A extends Atom<any>,
    B
  >(self: A, lazy: boolean): A
} = dual(2, (self, lazy) => withLazy(self, lazy))
export function after() { return setLazy(true); }
`;
    const facts = await extract(source);
    expect(facts.symbols.map((s) => [s.qualifiedName, s.kind])).toEqual([
      ['Channel', 'interface'],
      ['Channel.run', 'method'],
      ['Message', 'type_alias'],
      ['setLazy', 'constant'],
      ['after', 'function'],
    ]);
    expect(facts.callSites.map((c) => [c.line, c.column, c.specifier])).toEqual([
      [10, 4, 'dual'],
      [10, 28, 'withLazy'],
      [11, 33, 'setLazy'],
    ]);
  });

  it('parses TSX and JavaScript with JSX', async () => {
    const tsx = `export function App({ items }: Props) { return <List items={items.map((i) => render(i))} />; }\n`;
    const tsxFacts = await extract(tsx, 'src/App.tsx', 'tsx');
    expect(tsxFacts.symbols.map((s) => s.qualifiedName)).toEqual(['App']);
    expect(tsxFacts.callSites.map((c) => c.calleeName)).toEqual(['map', 'render']);
    expect(tsxFacts.syntaxErrors).toBeUndefined();
    const js = `const React = require('react');
class Widget extends React.Component {
  handle = () => this.setState({});
  render() { return <div onClick={this.handle}>{format(this.props)}</div>; }
}
module.exports = { Widget };
`;
    const jsFacts = await extract(js, 'src/widget.js', 'javascript');
    await expect(render(jsFacts)).toMatchFileSnapshot('__snapshots__/js-jsx.txt');
    expect(jsFacts.syntaxErrors).toBeUndefined();
    expect(jsFacts.symbols.find((s) => s.qualifiedName === 'Widget.handle')?.kind).toBe('method');
    const params = await extract('function run(cb, opt = 1, ...rest) { cb(); opt(); rest(); other(); }\n', 'lib/run.cjs', 'javascript');
    expect(params.callSites.map((c) => [c.calleeName, c.indirect ?? false])).toEqual([['cb', true], ['opt', true], ['rest', true], ['other', false]]);
  });

  it('reports UTF-16 columns and UTF-8 byte offsets after non-ASCII text', async () => {
    const source = `const greeting = "héllo 😀"; export function après() { return déjà(); }\n`;
    const facts = await extract(source);
    const fn = facts.symbols.find((s) => s.name === 'après')!;
    expect(fn.startColumn).toBe(source.indexOf('function'));
    expect(fn.startByte).toBe(Buffer.byteLength(source.slice(0, source.indexOf('function'))));
    expect(spanText(source, fn.startByte, fn.endByte)).toBe('function après() { return déjà(); }');
    expect(facts.callSites[0]).toMatchObject({ calleeName: 'déjà', column: source.indexOf('déjà') });
  });

  it('still returns facts for files with syntax errors, and nothing for empty or comment-only files', async () => {
    const broken = await extract('export function ok() { a(); }\nfunction broken( { b(); \nexport class After {}\n');
    expect(broken.syntaxErrors).toBeGreaterThan(0);
    expect(broken.symbols.map((s) => s.name)).toContain('ok');
    for (const source of ['', '// comment\n/** doc */\n']) {
      const facts = await extract(source);
      expect(facts).toMatchObject({ symbols: [], callSites: [], imports: [], references: [] });
      expect(facts.module).toBeUndefined();
    }
  });
});
