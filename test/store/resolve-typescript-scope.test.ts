// A bare call binds only to a function its scope can see: a function declared inside
// another function is that function's local (effect's `raceAll` declares an `onExit`
// beside the module's exported `onExit`; `function loop() { loop() }` names itself).
import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

const SOURCE = `export const onExit = (self: number, f: () => void) => self;

export const raceAll = (all: number[]) => {
  const onExit = (exit: number) => exit;
  return all.map((x) => onExit(x));
};

export const scoped = (self: number) => onExit(self, () => {});

export const splitLines = () => {
  function loop(n: number): number {
    return n > 0 ? loop(n - 1) : 0;
  }
  return loop(3);
};

export const pump = () => {
  const step = function loop(n: number): number {
    return n > 0 ? loop(n - 1) : 0;
  };
  return step(2);
};

const run = <A>(f: () => A): A => f();
export const entry = (m: string) => m;
export const make = run(function () {
  function entry(m: string) { return m; }
  return { a: entry("a") };
});
export const top = () => entry("b");

export type Error<T> = T extends string ? T : never;
export const fail = () => new Error("unimplemented");
`;

describe('TypeScript bare calls and scope', () => {
  it('never binds a call to a function declared inside another function it is not in', async () => {
    open = await indexFiles({ 'src/effect.ts': SOURCE });
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer('src/effect.ts', spec, nth));
    expect(at('onExit', 0)).toBe('src/effect.ts::raceAll.onExit (same_file)');
    expect(at('onExit', 1)).toBe('src/effect.ts::onExit (same_file)');
    expect(at('loop', 0)).toBe('src/effect.ts::splitLines.loop (same_file)');
    expect(at('loop', 1)).toBe('src/effect.ts::splitLines.loop (same_file)');
    // `function loop` in pump is a function expression, no symbol: splitLines' loop is out of scope.
    expect(at('loop', 2)).toBe('missing_target not in scope:loop');
    // Inside a callback (which belongs to no symbol) the locals of the function it is written in are seen.
    expect(at('entry', 0)).toBe('src/effect.ts::make.entry (same_file)');
    expect(at('entry', 1)).toBe('src/effect.ts::entry (same_file)');
  });

  it('leaves a runtime global to the runtime when the file declares only a type of its name', async () => {
    open = await indexFiles({
      'src/effect.ts': SOURCE,
      'src/schema.ts': 'export class Error { constructor(readonly message: string) {} }\n',
    });
    expect(describeAnswer(open.answer('src/effect.ts', 'Error'))).toBe('builtin global:Error');
  });
});
