// A call through a property of a parameter (`opts.createContext()`) calls a function value
// the options carry: indirect_call, unless the declared type resolves it to a method.
import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

const FILES = {
  'src/types.ts': `export type CreateContextFn = (opts: { req: string }) => Promise<object>;
export type HandlerOptions = {
  req: string;
  createContext?: CreateContextFn;
  onError?: (e: Error) => void;
};
export type FetchOptions<TRouter> = HandlerOptions & { router: TRouter };
export interface Service {
  run(): void;
}
`,
  'src/handler.ts': `import type { FetchOptions, HandlerOptions, Service } from './types';
export async function handle(opts: HandlerOptions, svc: Service) {
  await opts.createContext?.({ req: opts.req });
  opts.onError?.(new Error('x'));
  svc.run();
}
export function fetchHandler<TRouter>(opts: FetchOptions<TRouter>) {
  const createContext = async () => opts.createContext?.({ req: opts.req });
  return createContext();
}
`,
};

describe("TypeScript calls through a parameter's property", () => {
  it('are indirect_call unless the declared type names a method', async () => {
    open = await indexFiles(FILES);
    const at = (spec: string) => describeAnswer(open!.answer('src/handler.ts', spec));
    expect(at('opts.createContext')).toMatch(/^indirect_call/);
    expect(at('opts.onError')).toMatch(/^indirect_call/);
    // Through an intersection with type arguments, in an arrow function.
    expect(describeAnswer(open!.answer('src/handler.ts', 'opts.createContext', 1))).toMatch(/^indirect_call/);
    expect(at('svc.run')).toBe('src/types.ts::Service.run (receiver_type)');
  });
});
