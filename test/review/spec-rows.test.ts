// Rows of the direct-edit review spec, each reproduced on a fixture.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseHookEvent } from '../../review/edits.js';
import { humanText } from '../../review/output.js';
import { cleanup, review, summary, workspace } from './helpers.js';

afterEach(cleanup);

/** Writes `after` and returns the Edit event that turned `before` into it. */
function edit(ws: string, path: string, before: string, oldString: string, newString: string) {
  writeFileSync(join(ws, path), before.replace(oldString, newString));
  return parseHookEvent(JSON.stringify({ tool_name: 'Edit', tool_input: { file_path: join(ws, path), old_string: oldString, new_string: newString }, tool_response: { originalFile: before } }));
}

describe('TypeScript primitives and typeof', () => {
  test('bigint is a primitive, not an unresolved binding', async () => {
    const text = 'export interface Amount {\n  cents: number;\n}\n';
    const ws = workspace({ 'src/a.ts': text });
    const { result } = await review(ws, edit(ws, 'src/a.ts', text, '  cents: number;', '  cents: bigint;'));
    expect(result.units[0].omitted).toEqual([]);
    expect(result.units[0].completeness).toBe('complete');
  });

  test('typeof an undeclared name is an omission, never complete; typeof a declared one is unchanged', async () => {
    const text = 'const settings = { a: 1 };\nexport interface Options {\n  f: string;\n}\n';
    const ws = workspace({ 'src/o.ts': text });
    const unbound = (await review(ws, edit(ws, 'src/o.ts', text, '  f: string;', '  f: typeof notDeclaredAnywhere;'))).result.units[0];
    expect(unbound.omitted).toEqual([{ name: 'notDeclaredAnywhere', relation: 'type', depth: 1, reason: 'unresolved-binding' }]);
    expect(unbound.completeness).not.toBe('complete');
    const bound = (await review(ws, edit(ws, 'src/o.ts', text, '  f: string;', '  f: typeof settings;'))).result.units[0];
    expect(bound.omitted).toEqual([]);
  });

  test('a multi-declarator const is unsupported-callable, not ambiguous-attribution', async () => {
    const text = 'export const f = () => 1, g = () => 2;\n';
    const ws = workspace({ 'src/m.ts': text });
    const { result } = await review(ws, edit(ws, 'src/m.ts', text, '() => 2', '() => 3'));
    expect(summary(result)).toEqual({ roots: [], coverage: ['unsupported-syntax'] });
    expect(result.coverage).toEqual([{ code: 'unsupported-syntax', branch: 'function' }]);
  });
});

describe('coverage and omissions', () => {
  test('skips at root selection count under their branch (type or function), not any', async () => {
    const text = 'export function f(): number;\nexport function f(x?: number): number {\n  return x ?? 0;\n}\ntype A = { a: string };\ninterface A2 { b: string }\n';
    const ws = workspace({ 'src/c.ts': text });
    const { result } = await review(ws, edit(ws, 'src/c.ts', text, 'return x ?? 0;', 'return x ?? 1;'));
    expect(result.coverage).toEqual([{ code: 'unsupported-syntax', branch: 'function' }]);
  });

  test('the same omission reached along several paths prints once, with its count', () => {
    const unit = { path: 'src/a.ts', kind: 'type', name: 'A', startLine: 1, status: 'dry-run', completeness: 'incomplete-irrelevant', inputBytes: 10, rules: [], omitted: [1, 2, 3, 4].map(() => ({ name: 'Deep', relation: 'type', depth: 5, reason: 'depth-limit' })) };
    const text = humanText({ host: null, dryRun: true, backend: 'none', units: [unit as never], findings: [], facts: [], coverage: [] });
    expect(text.split('\n').filter((l) => l.includes('omitted'))).toEqual(['    omitted type Deep at depth 5: depth-limit (4 times)']);
  });
});

describe('rules with a schema input', () => {
  const RULE = JSON.stringify({
    version: 1,
    id: 'team/zod-shapes',
    title: 'Zod shapes',
    question: 'Does the shape say what it means?',
    criteria: ['names say what they hold'],
    message: 'Say what it means.',
    inputs: [
      { languages: ['typescript'], kind: 'schema' },
      { languages: ['rust'], kind: 'type', requires: ['root-declaration'] },
    ],
  });
  const configured = (entry: object) => workspace({ 'rules/zod.jsonc': RULE, '.cairn.jsonc': JSON.stringify({ rules: [{ path: 'rules/zod.jsonc', ...entry }] }) });
  const load = async (ws: string) => (await import('../../review/config.js')).loadConfig(ws, { XDG_CONFIG_HOME: join(ws, 'none') });

  test('a disabled rule may hold a schema input; enabling it where the schema input is selected fails', async () => {
    expect((await load(configured({ enabled: false }))).rules.find((r) => r.rule.id === 'team/zod-shapes')!.settings.enabled).toBe(false);
    await expect(load(configured({}))).rejects.toThrow(/rule team\/zod-shapes: its schema input \(typescript\) cannot be enabled/);
  });

  test('enabled for languages that leave the schema input out, its other inputs run', async () => {
    const config = await load(configured({ languages: ['rust'] }));
    const { applicableInput } = await import('../../review/completeness.js');
    const rule = config.rules.find((r) => r.rule.id === 'team/zod-shapes')!;
    expect(applicableInput(rule, 'type', 'rust')).toMatchObject({ kind: 'type' });
    expect(applicableInput(rule, 'type', 'typescript')).toBeNull();
  });
});

describe('per-source ceilings', () => {
  test('a Python or Go source may be up to 2 MiB; TypeScript, Rust and Bend stay at 256 KiB; a lower configured ceiling wins', async () => {
    const { sourceCeiling } = await import('../../parsers/review/profiles.js');
    const config = 2 * 1024 * 1024;
    expect([sourceCeiling('a/m.py', config), sourceCeiling('m.go', config), sourceCeiling('go.mod', config), sourceCeiling('pyproject.toml', config)]).toEqual([config, config, config, config]);
    expect([sourceCeiling('a.ts', config), sourceCeiling('a.rs', config), sourceCeiling('a.bend', config), sourceCeiling('package.json', config)]).toEqual([262144, 262144, 262144, 262144]);
    expect(sourceCeiling('m.py', 1000)).toBe(1000);
  });

  test('a 1 MiB Python module is reviewed; a 1 MiB TypeScript module is not captured', async () => {
    const filler = `# ${'x'.repeat(100)}\n`.repeat(10_500); // about 1 MiB of comments
    const py = `${filler}class Model:\n    name: str\n`;
    const ws = workspace({ 'app/model.py': py, 'src/big.ts': `${filler.replace(/#/g, '//')}export interface Big {\n  name: string;\n}\n` });
    const pyEdit = edit(ws, 'app/model.py', py.replace('    name: str\n', ''), 'class Model:\n', 'class Model:\n    name: str\n');
    expect(summary((await review(ws, pyEdit)).result).roots).toEqual(['type:Model']);
    const ts = `${filler.replace(/#/g, '//')}export interface Big {\n  name: string;\n}\n`;
    const tsEdit = edit(ws, 'src/big.ts', ts, '  name: string;', '  name: number;');
    expect(summary((await review(ws, tsEdit)).result).coverage).toEqual(['capture-unavailable']);
  });
});

describe('Bend: an import alias that collides with a Base name', () => {
  test('marks the root incomplete and its qualified references stay omitted: the imported declaration is never sent', async () => {
    const { bendWorkspace, PAYMENT_BEND } = await import('./go-bend-fixtures.js');
    const text = PAYMENT_BEND.replace('import ./receipt.bend as R', 'import ./receipt.bend as List').replace('R.Receipt', 'List.Receipt');
    expect(text).toContain('import Base');
    const ws = bendWorkspace({ 'bend/payment.bend': text });
    const { result } = await review(ws, edit(ws, 'bend/payment.bend', text.replace('Cash{amount: U32}', 'Cash{amount: Nat}'), 'Cash{amount: Nat}', 'Cash{amount: U32}'));
    const unit = result.units[0];
    expect(unit.omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['(scope):base-alias-conflict', 'List.Receipt:base-alias-conflict']);
    expect(unit.input?.evidence.nodes ?? []).toEqual([]);
    expect(unit.sources.map((s) => s.path)).toEqual(['bend/payment.bend']);
  });
});
