// The graph-facts backend (the default): without any model, a hook event gets structural
// evidence from the index about the edited roots, bounded, source-free beyond locations,
// and labelled as evidence, not a verdict. `none` stays silent.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { argumentCounts, parameterShape } from '../../parsers/typescript/callables.js';
import { cairnIn, cleanup, workspace } from './helpers.js';

afterEach(cleanup);

const M = `export function greet(name: string, loud?: boolean): string {
  return loud ? name.toUpperCase() : name;
}
export const shout = (s: string) => greet(s, true);
export function unused(): number {
  return 1;
}
`;
const APP = `import { greet, shout } from './m';
export function main(id: string) {
  console.log(greet(id));
  return shout(
    id,
  );
}
`;
const TEST = `import { greet } from '../src/m';
test('greets', () => {
  expect(greet('a')).toBe('a');
});
`;

function indexed(extra: Record<string, string> = {}): string {
  const ws = workspace({ 'src/m.ts': M, 'src/app.ts': APP, 'test/m.test.ts': TEST, ...extra });
  const init = cairnIn(ws, ['init']);
  expect(init.code, init.stderr).toBe(0);
  return ws;
}

/** Applies an Edit to src/m.ts and runs the hook on it; returns what the agent is told (null: nothing). */
function hook(ws: string, oldString: string, newString: string, env?: NodeJS.ProcessEnv): string | null {
  const path = join(ws, 'src/m.ts');
  const original = readFileSync(path, 'utf8');
  writeFileSync(path, original.replace(oldString, newString));
  const event = { hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: path, old_string: oldString, new_string: newString }, tool_response: { originalFile: original } };
  const r = cairnIn(ws, ['review', '--event', '-'], { input: JSON.stringify(event), env });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim() === '' ? null : (JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string);
}

describe('graph facts', () => {
  test('a changed parameter list: the call sites whose argument count no longer fits, and the tests that reach it', () => {
    const ws = indexed();
    const told = hook(ws, 'greet(name: string, loud?: boolean)', 'greet(name: string, loud: boolean, times: number)')!;
    expect(told.split('\n')).toEqual([
      'cairn graph facts (structural evidence from the index, not a verdict):',
      '- function greet (src/m.ts:1) now takes 3 arguments; of its 3 call sites, 3 checked: 3 pass another count',
      '    src/app.ts:3 passes 1 argument (call confidence 100)',
      '    test/m.test.ts:3 passes 1 argument (call confidence 100)',
      '    src/m.ts:4 passes 2 arguments (call confidence 60)',
      '  tests that reach it: test/m.test.ts:2 greets (100)',
    ]);
    expect(told).not.toContain('toUpperCase'); // locations, never source
  });

  test('a parameter list whose call sites all still fit says so; a body-only edit says nothing', () => {
    const ws = indexed();
    const fits = hook(ws, 'loud?: boolean)', 'loud?: boolean, times = 1)')!;
    expect(fits).toContain('- function greet (src/m.ts:1) now takes 1 to 3 arguments; of its 3 call sites, 3 checked: all fit');
    expect(hook(ws, 'return 1;', 'return 2;')).toBeNull();
  });

  test('a removed or renamed declaration: the places that still reference it', () => {
    const ws = indexed();
    const told = hook(ws, 'export const shout = (s: string) => greet(s, true);\n', '')!;
    expect(told.split('\n')).toEqual([
      'cairn graph facts (structural evidence from the index, not a verdict):',
      '- function shout (src/m.ts:4 before the edit) is gone from the file; the index still has 1 reference to it:',
      '    src/app.ts:4 calls it (confidence 100)',
    ]);
    // The next edit of the file is about what it removes: a declaration nothing references says nothing.
    expect(hook(ws, 'export function unused(): number {\n  return 1;\n}\n', '')).toBeNull();
    // A rename is a removal of the old name.
    expect(hook(ws, 'export function greet(', 'export function welcome(')).toContain('- function greet (src/m.ts:1 before the edit) is gone from the file; the index still has 2 references to it:'); // src/m.ts's own call went with shout
  });

  test('backend none stays silent; without an index the graph backend says nothing', () => {
    const ws = indexed();
    writeFileSync(join(ws, '.cairn.jsonc'), '{ "backend": { "kind": "none" } }\n');
    expect(hook(ws, 'greet(name: string, loud?: boolean)', 'greet(name: string)')).toBeNull();
    const bare = workspace({ 'src/m.ts': M, 'src/app.ts': APP });
    expect(hook(bare, 'greet(name: string, loud?: boolean)', 'greet(name: string)')).toBeNull();
  });

  test('a privacy-excluded caller is neither read nor named; caller files read are bounded; the facts stay within 20 lines', () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 30; i++) many[`src/use${String(i).padStart(2, '0')}.ts`] = `import { greet } from './m';\nexport const u${i} = () => greet('x');\n`;
    const ws = indexed({ ...many, 'src/secret.ts': "import { greet } from './m';\nexport const s = () => greet('x');\n" });
    writeFileSync(join(ws, '.cairn.jsonc'), '{ "privacyExcludes": ["src/secret.ts"] }\n');
    const told = hook(ws, 'greet(name: string, loud?: boolean)', 'greet(name: string, loud: boolean)')!;
    const lines = told.split('\n');
    expect(lines.length).toBeLessThanOrEqual(20);
    expect(told).not.toContain('secret');
    // 32 call sites besides the secret one: 8 files read (src/app.ts, test/m.test.ts and six others), and the local call, which passes 2).
    expect(lines[1]).toBe('- function greet (src/m.ts:1) now takes 2 arguments; of its 33 call sites, 9 checked: 8 pass another count');
    // A removal with more references than lines: the rest is counted, not printed.
    const now = readFileSync(join(ws, 'src/m.ts'), 'utf8');
    const gone = hook(ws, now, now.replaceAll('greet', 'welcome'))!.split('\n');
    expect(gone.length).toBe(20);
    expect(gone[gone.length - 1]).toMatch(/^ {2}\(\d+ more lines of facts left out\)$/);
  });
});

describe('callable shapes', () => {
  const shape = async (source: string) => {
    const shaped = await parameterShape(source, 'typescript', 0, source.trimEnd().length);
    return shaped && { required: shaped.required, max: shaped.max };
  };

  test('parameters: optional, defaulted, rest and this; arrows; a non-callable binds none', async () => {
    expect(await shape('function f(this: Window, a: string, b = 1, c?: number) {}')).toEqual({ required: 1, max: 3 });
    expect(await shape('export function f(a: string, ...rest: number[]) {}')).toEqual({ required: 1, max: null });
    expect(await shape('export const f = async <T,>(a: T, b: T): Promise<T> => a;')).toEqual({ required: 2, max: 2 });
    expect(await shape('const f = x => x;')).toEqual({ required: 1, max: 1 });
    expect(await shape('const a = 1, f = () => 2;')).toBeNull();
    expect(await shape('interface I { f(a: string): void }')).toBeNull();
  });

  test('arguments at an indexed call site; a spread or a moved line is unknown', async () => {
    const source = 'f(1, 2);\nobj.f(...xs);\nnew f();\ng(f(1));\n';
    expect(await argumentCounts(source, 'typescript', [{ line: 1, column: 0, name: 'f' }, { line: 2, column: 0, name: 'f' }, { line: 3, column: 4, name: 'f' }, { line: 4, column: 2, name: 'f' }, { line: 4, column: 0, name: 'f' }])).toEqual([
      2,
      null,
      0,
      1,
      null, // g's call, not f's
    ]);
  });
});
