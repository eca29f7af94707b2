// Changed spans come from the edit itself: an anchor the agent repeats to place new code,
// and unchanged context, never count as changed lines; each changed line maps to its root.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { changedLines, parseApplyPatch, parseHookEvent } from '../../review/edits.js';
import { cleanup, review, summary, workspace } from './helpers.js';

afterEach(cleanup);

const TWO = 'export interface A {\n  x: string;\n}\n\nexport function f(a: A): string {\n  return a.x;\n}\n';

/** Writes the post-edit file and returns an Edit event, with or without the host's originalFile. */
function edit(ws: string, path: string, original: string, oldString: string, newString: string, withOriginal = true) {
  writeFileSync(join(ws, path), original.replace(oldString, newString));
  return parseHookEvent(
    JSON.stringify({
      hook_event_name: 'PostToolUse',
      tool_name: 'Edit',
      tool_input: { file_path: join(ws, path), old_string: oldString, new_string: newString },
      tool_response: withOriginal ? { filePath: join(ws, path), originalFile: original } : { filePath: join(ws, path) },
    }),
  );
}

describe('changed lines of a line diff', () => {
  test('an insertion after a line it repeats is the inserted lines, not a window over the anchor', () => {
    expect(changedLines(['}', ''], ['}', '', 'function b() {', '}', ''])).toEqual([{ from: 2, to: 5 }]);
    expect(changedLines(['function c() {'], ['function b() {', '}', '', 'function c() {'])).toEqual([{ from: 0, to: 3 }]);
    // A field added to one type and another type appended: two runs, neither straddling.
    const before = ['interface A {', '  x: string;', '}', ''];
    const after = ['interface A {', '  x: string;', '  y: number;', '}', '', 'interface B {', '  z: string;', '}', ''];
    expect(changedLines(before, after)).toEqual([{ from: 2, to: 3 }, { from: 5, to: 9 }]);
  });

  test('a pure deletion is a point; a replacement is its new lines only', () => {
    expect(changedLines(['a', 'b', 'c'], ['a', 'c'])).toEqual([{ from: 1, to: 1 }]);
    expect(changedLines(['a', 'b', 'c'], ['a', 'B', 'c'])).toEqual([{ from: 1, to: 2 }]);
  });
});

describe('anchored edits select the declaration they add', () => {
  test('Edit anchored on the previous declaration’s closing brace selects only the new function', async () => {
    const ws = workspace({ 'src/m.ts': TWO });
    const added = '\n\nexport function g(a: A): number {\n  return a.x.length;\n}';
    for (const withOriginal of [true, false]) {
      const parsed = edit(ws, 'src/m.ts', TWO, '  return a.x;\n}', `  return a.x;\n}${added}`, withOriginal);
      expect(summary((await review(ws, parsed)).result)).toEqual({ roots: ['function:g'], coverage: ['rendered'] });
    }
  });

  test('Edit anchored at the end of the file (its last lines) selects only the appended type', async () => {
    const ws = workspace({ 'src/m.ts': TWO });
    const parsed = edit(ws, 'src/m.ts', TWO, '  return a.x;\n}\n', '  return a.x;\n}\n\nexport interface B {\n  y: A;\n}\n');
    expect(summary((await review(ws, parsed)).result)).toEqual({ roots: ['type:B'], coverage: ['rendered'] });
  });

  test('Edit anchored on the next declaration’s header selects the inserted type, not the anchor', async () => {
    const ws = workspace({ 'src/m.ts': TWO });
    const parsed = edit(ws, 'src/m.ts', TWO, 'export function f(', 'export type Id = string;\n\nexport function f(');
    expect(summary((await review(ws, parsed)).result)).toEqual({ roots: ['type:Id'], coverage: ['rendered'] });
  });

  test('a changed signature line selects its function even when the edit repeats the body around it', async () => {
    const ws = workspace({ 'src/m.ts': TWO });
    const parsed = edit(ws, 'src/m.ts', TWO, '}\n\nexport function f(a: A): string {\n  return a.x;', '}\n\nexport function f(a: A, b: A): string {\n  return a.x;');
    expect(summary((await review(ws, parsed)).result).roots).toEqual(['function:f']);
  });
});

describe('MultiEdit without originalFile uses the host’s structuredPatch', () => {
  const before = 'export interface Options {\n  name: string;\n  retries: number;\n  verbose: boolean;\n}\n\nexport interface Other {\n  id: string;\n}\n';
  const after = 'export interface Options {\n  name: string;\n  retries: number | null;\n  timeoutMs?: number;\n  verbose: boolean;\n  tags: string[];\n}\n\nexport interface Other {\n  id: string;\n}\n';
  const edits = [
    { old_string: '  retries: number;', new_string: '  retries: number | null;\n  timeoutMs?: number;' },
    { old_string: '  verbose: boolean;\n}', new_string: '  verbose: boolean;\n  tags: string[];\n}' },
  ];
  // What the host reports: one hunk over the whole change, with context and 1-based line numbers.
  const structuredPatch = [
    {
      oldStart: 1,
      oldLines: 8,
      newStart: 1,
      newLines: 10,
      lines: [' export interface Options {', '   name: string;', '-  retries: number;', '+  retries: number | null;', '+  timeoutMs?: number;', '   verbose: boolean;', '+  tags: string[];', ' }', ' ', ' export interface Other {'],
    },
  ];
  const event = (ws: string, response: object) =>
    parseHookEvent(JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'MultiEdit', tool_input: { file_path: join(ws, 'src/o.ts'), edits }, tool_response: response }));

  test('two or three edits inside one interface select that interface', async () => {
    const ws = workspace({ 'src/o.ts': after });
    expect(summary((await review(ws, event(ws, { filePath: join(ws, 'src/o.ts'), edits, structuredPatch }))).result)).toEqual({ roots: ['type:Options'], coverage: ['rendered'] });
    // The same change reported with the original file agrees.
    expect(summary((await review(ws, event(ws, { originalFile: before }))).result).roots).toEqual(['type:Options']);
    // Without either, several edits cannot be located.
    expect(summary((await review(ws, event(ws, {}))).result)).toEqual({ roots: [], coverage: ['ambiguous-attribution'] });
  });

  test('a structuredPatch whose lines are not where it says is not trusted', async () => {
    const ws = workspace({ 'src/o.ts': after });
    const shifted = [{ ...structuredPatch[0], newStart: 2 }];
    expect(summary((await review(ws, event(ws, { structuredPatch: shifted }))).result).coverage).toEqual(['capture-unavailable']);
  });
});

describe('Write against originalFile', () => {
  test('a field added to one type and another type appended select both, each on its own', async () => {
    const original = 'export interface A {\n  x: string;\n}\n';
    const content = 'export interface A {\n  x: string;\n  y: number;\n}\n\nexport interface B {\n  a: A;\n}\n';
    const ws = workspace({ 'src/w.ts': content });
    const parsed = parseHookEvent(JSON.stringify({ tool_name: 'Write', tool_input: { file_path: join(ws, 'src/w.ts'), content }, tool_response: { type: 'update', originalFile: original } }));
    expect(summary((await review(ws, parsed)).result)).toEqual({ roots: ['type:A', 'type:B'], coverage: ['rendered', 'rendered'] });
  });

  test('a run that straddles an import and a declaration maps each line: the root proceeds, the import line counts once', async () => {
    const original = "import { Z } from './z';\n\nexport interface A {\n  x: string;\n}\n";
    const content = "import { Z } from './z';\nimport { Y } from './y';\nexport interface A {\n  x: string;\n  z: Z;\n}\n";
    const ws = workspace({ 'src/w.ts': content, 'src/z.ts': 'export type Z = number;\n', 'src/y.ts': 'export type Y = number;\n' });
    const parsed = parseHookEvent(JSON.stringify({ tool_name: 'Write', tool_input: { file_path: join(ws, 'src/w.ts'), content }, tool_response: { type: 'update', originalFile: original } }));
    expect(summary((await review(ws, parsed)).result)).toEqual({ roots: ['type:A'], coverage: ['ambiguous-attribution', 'rendered'] });
  });
});

describe('apply_patch hunks are diffed too', () => {
  test('a hunk that deletes and re-adds its anchor selects only the added declaration', async () => {
    const ws = workspace({ 'src/m.ts': TWO.replace('  return a.x;\n}\n', '  return a.x;\n}\n\nexport type Id = string;\n') });
    const patch = '*** Begin Patch\n*** Update File: src/m.ts\n@@\n   return a.x;\n-}\n+}\n+\n+export type Id = string;\n*** End Patch\n';
    expect(summary((await review(ws, { host: 'codex', ...parseApplyPatch(patch) })).result)).toEqual({ roots: ['type:Id'], coverage: ['rendered'] });
  });
});
