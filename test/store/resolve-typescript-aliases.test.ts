// Module constants that name another value, the way zod exports its factories:
// `const stringType = ZodString.create; export { stringType as string }`. A call through
// the export binds to the constant, and a member call on its result is typed by the
// declared result of what the constant names.
import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

describe('TypeScript constants that name another value', () => {
  it('bind calls through their exported name and type the results of those calls', async () => {
    open = await indexFiles({
      'src/types.ts': `export abstract class ZodType {
  parse(data: unknown): unknown { return data; }
}
export class ZodString extends ZodType {
  static create = (params?: object): ZodString => new ZodString();
  min(n: number): ZodString { return this; }
}
const stringType = ZodString.create;
const again = stringType;
export { stringType as string, again };
`,
      'src/index.ts': `export * from "./types";\n`,
      'src/use.test.ts': `import * as z from "./index";
const schema = z.string();
schema.parse(1);
z.string().min(2);
z.again().min(3);
`,
    });
    const at = (spec: string) => describeAnswer(open!.answer('src/use.test.ts', spec));
    expect(at('z.string')).toBe('src/types.ts::stringType (exact)');
    expect(at('schema.parse')).toBe('src/types.ts::ZodType.parse (receiver_type)');
    expect(at('z.string().min')).toBe('src/types.ts::ZodString.min (receiver_type)');
    expect(at('z.again().min')).toBe('src/types.ts::ZodString.min (receiver_type)');
  });
});

describe('TypeScript names bound by destructuring', () => {
  it('are local values: a call through one is indirect, never a same-file function of that name', async () => {
    open = await indexFiles({
      'src/cases.test.ts': `const cases = [{ build: () => 1, check: () => 2 }];
function build() { return 0; }
function check() { return 0; }
function run() {
  for (const [name, build] of Object.entries(cases)) build();
  for (const { check } of cases) check();
  const { build: make = build } = cases[0];
  make();
}
`,
    });
    const at = (spec: string) => describeAnswer(open!.answer('src/cases.test.ts', spec));
    expect(at('build')).toBe('indirect_call');
    expect(at('check')).toBe('indirect_call');
    expect(at('make')).toBe('indirect_call');
  });
});

describe('TypeScript super.m()', () => {
  it('binds to the method of the base class (or its bases), never to one of the same name elsewhere', async () => {
    open = await indexFiles({
      'src/subject.ts': `export class Subject { next(v: number) {} complete() {} }
export class Other { next(v: number) {} }
`,
      'src/behavior.ts': `import { Subject } from "./subject";
class Middle extends Subject {}
export class BehaviorSubject extends Middle {
  next(v: number) { super.next(v); super.complete(); }
}
export class Failure extends Error { toString() { return super.toString(); } }
`,
    });
    const at = (spec: string) => describeAnswer(open!.answer('src/behavior.ts', spec));
    expect(at('super.next')).toBe('src/subject.ts::Subject.next (receiver_type)');
    expect(at('super.complete')).toBe('src/subject.ts::Subject.complete (receiver_type)');
    expect(at('super.toString')).toBe('builtin base:Error');
  });
});
