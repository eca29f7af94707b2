import { writeFileSync, symlinkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { replay } from '../../machines/audit.js';
import { parseApplyPatch, parseHookEvent, parsePatchText } from '../../review/edits.js';
import { before, cleanup, editEvent, review, summary, workspace } from './helpers.js';

afterEach(cleanup);

const USER = `import { Email } from './email';
import type { Address } from './address';

export interface User {
  id: string;
  email: Email;
  address?: Address;
  deletedAt?: string | null;
}

export function greet(user: User): string {
  return \`hi \${user.id}\`;
}
`;
const SUPPORT = {
  'src/email.ts': 'export type Email = string;\n',
  'src/address.ts': "import { Country } from './country';\nexport interface Address { street: string; country: Country }\n",
  'src/country.ts': "export type Country = 'NL' | 'DE';\n",
};
const ADDED = '  deletedAt?: string | null;\n';

function userEdit(ws: string, text = USER) {
  return parseHookEvent(editEvent(ws, 'src/user.ts', before(text, '', ADDED), '  address?: Address;\n', `  address?: Address;\n${ADDED}`));
}

describe('review run: positive and negative fixtures', () => {
  test('an edited interface is one root with its imported types as expanded evidence (complete)', async () => {
    const ws = workspace({ 'src/user.ts': USER, ...SUPPORT });
    const { result, recorder } = await review(ws, userEdit(ws));
    expect(summary(result)).toEqual({ roots: ['type:User'], coverage: ['rendered'] });
    const unit = result.units[0];
    expect(unit.input!.inputContract).toMatchObject({ id: 'direct-event/type-shape/v1', completeness: 'complete' });
    expect(unit.input!.evidence.nodes.map((n) => `${n.domain}:${n.name}`)).toEqual(['src/email.ts:Email', 'src/address.ts:Address', 'src/country.ts:Country']);
    expect(unit.input!.evidence.edges.map((e) => `${e.from}->${e.to}:${e.status}`)).toEqual(['root->n1:expanded', 'root->n2:expanded', 'n2->n3:expanded']);
    expect(unit.rules.every((r) => r.runs)).toBe(true);
    expect(JSON.stringify(unit.input)).not.toContain(ws); // no absolute path is ever sent
    expect(replay(recorder.lines).divergences).toEqual([]);
  });

  test('an edit inside one function selects only that function, not its unchanged sibling', async () => {
    const ws = workspace({ 'src/user.ts': USER, ...SUPPORT });
    const post = USER.replace('hi ${user.id}', 'hello ${user.id}');
    writeFileSync(join(ws, 'src/user.ts'), post);
    const parsed = parseHookEvent(editEvent(ws, 'src/user.ts', USER, 'hi ${user.id}', 'hello ${user.id}'));
    const { result } = await review(ws, parsed);
    expect(summary(result).roots).toEqual(['function:greet']);
    expect(result.units[0].input!.inputContract.id).toBe('direct-event/function/v1');
  });

  test('an edit of an import line is shared top-level material: ambiguous-attribution, no root', async () => {
    const ws = workspace({ 'src/user.ts': USER, ...SUPPORT });
    const parsed = parseHookEvent(editEvent(ws, 'src/user.ts', USER.replace("'./email'", "'./mail'"), "'./mail'", "'./email'"));
    const { result } = await review(ws, parsed);
    expect(summary(result)).toEqual({ roots: [], coverage: ['ambiguous-attribution'] });
  });

  test('duplicate lines: without the original file a repeated new string is ambiguous; with it the span is exact', async () => {
    const text = 'export interface A {\n  id: string;\n}\n\nexport interface B {\n  id: string;\n}\n';
    const ws = workspace({ 'src/ab.ts': text });
    const blind = parseHookEvent(
      JSON.stringify({ tool_name: 'Edit', tool_input: { file_path: join(ws, 'src/ab.ts'), old_string: '  id: number;', new_string: '  id: string;' }, tool_response: {} }),
    );
    expect(summary((await review(ws, blind)).result)).toEqual({ roots: [], coverage: ['ambiguous-attribution'] });
    const original = text.replace('export interface B {\n  id: string;', 'export interface B {\n  id: number;');
    const exact = parseHookEvent(editEvent(ws, 'src/ab.ts', original, 'B {\n  id: number;', 'B {\n  id: string;'));
    expect(summary((await review(ws, exact)).result).roots).toEqual(['type:B']);
  });

  test('an edit of an overloaded function is unsupported-syntax for the whole group', async () => {
    const text = 'export function f(x: string): string;\nexport function f(x: number): number;\nexport function f(x: any) {\n  return x;\n}\n';
    const ws = workspace({ 'src/f.ts': text });
    const parsed = parseHookEvent(editEvent(ws, 'src/f.ts', text.replace('return x;', 'return 0;'), 'return 0;', 'return x;'));
    expect(summary((await review(ws, parsed)).result)).toEqual({ roots: [], coverage: ['unsupported-syntax'] });
  });

  test('the post-edit file no longer matching the event is capture-unavailable, never guessed', async () => {
    const ws = workspace({ 'src/user.ts': USER, ...SUPPORT });
    const parsed = parseHookEvent(editEvent(ws, 'src/user.ts', USER, 'id: string;', 'id: UserId;'));
    expect(summary((await review(ws, parsed)).result)).toEqual({ roots: [], coverage: ['capture-unavailable'] });
  });

  test('paths outside the workspace, non-TypeScript files and protected files are ineligible', async () => {
    const ws = workspace({ 'src/user.ts': USER, 'notes.md': '# x\n', '.env.ts': 'export type T = 1;\n' });
    const event = (path: string) => parseHookEvent(JSON.stringify({ tool_name: 'Write', tool_input: { file_path: path, content: 'x' }, tool_response: { type: 'create' } }));
    for (const path of ['/etc/hosts.ts', join(ws, 'notes.md'), join(ws, '.env.ts')]) {
      expect(summary((await review(ws, event(path))).result).coverage).toEqual(['ineligible-path']);
    }
  });
});

describe('review run: Add, MultiEdit and patches', () => {
  test('Write of a new file selects every eligible root; non-roots are not reviewed', async () => {
    const content = "export interface A { b: B }\nexport type B = { n: number };\nexport const f = (a: A): B => a.b;\nclass K {}\nexport let g = () => 1;\n";
    const ws = workspace({ 'src/new.ts': content });
    const parsed = parseHookEvent(JSON.stringify({ tool_name: 'Write', tool_input: { file_path: join(ws, 'src/new.ts'), content }, tool_response: { type: 'create' } }));
    const { result } = await review(ws, parsed);
    expect(summary(result)).toEqual({ roots: ['type:A', 'type:B', 'function:f'], coverage: ['rendered', 'rendered', 'rendered', 'unsupported-syntax'] });
    // B is both a root and, for A, supporting evidence: a reference declaration is not a new root of A's unit.
    expect(result.units[0].input!.evidence.nodes.map((n) => n.name)).toEqual(['B']);
  });

  test('MultiEdit across two roots yields two independent units; dedupe when both edits hit one root', async () => {
    const text = 'export interface A {\n  x: string;\n}\n\nexport interface B {\n  y: string;\n}\n';
    const ws = workspace({ 'src/ab.ts': text });
    const original = text.replace('x: string', 'x: number').replace('y: string', 'y: number');
    const multi = (edits: Array<[string, string]>) =>
      parseHookEvent(
        JSON.stringify({
          tool_name: 'MultiEdit',
          tool_input: { file_path: join(ws, 'src/ab.ts'), edits: edits.map(([o, n]) => ({ old_string: o, new_string: n })) },
          tool_response: { originalFile: original },
        }),
      );
    expect(summary((await review(ws, multi([['x: number', 'x: string'], ['y: number', 'y: string']]))).result).roots).toEqual(['type:A', 'type:B']);
    const oneRoot = text.replace('  x: string;\n', '  x: string;\n  z: string;\n');
    writeFileSync(join(ws, 'src/ab.ts'), oneRoot);
    const parsed = parseHookEvent(
      JSON.stringify({
        tool_name: 'MultiEdit',
        tool_input: { file_path: join(ws, 'src/ab.ts'), edits: [{ old_string: 'x: number', new_string: 'x: string' }, { old_string: '  x: string;\n', new_string: '  x: string;\n  z: string;\n' }] },
        tool_response: { originalFile: original.replace('y: number', 'y: string') },
      }),
    );
    expect(summary((await review(ws, parsed)).result).roots).toEqual(['type:A']);
  });

  test('Codex apply_patch: hunks map to their roots; hunk boundaries and unrelated siblings stay apart', async () => {
    const text = 'export interface A {\n  x: string;\n}\n\nexport interface B {\n  y: string;\n}\n\nexport interface C {\n  z: string;\n}\n';
    const ws = workspace({ 'src/abc.ts': text });
    const patch = '*** Begin Patch\n*** Update File: src/abc.ts\n@@ export interface A {\n-  x: number;\n+  x: string;\n }\n@@ export interface C {\n-  z: number;\n+  z: string;\n }\n*** End Patch\n';
    const parsed = parseHookEvent(JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'apply_patch', tool_input: { input: patch } }));
    expect(parsed.host).toBe('codex');
    expect(summary((await review(ws, parsed)).result).roots).toEqual(['type:A', 'type:C']);
  });

  test('apply_patch Add selects every root; Delete and Move are unsupported events', async () => {
    const ws = workspace({ 'src/n.ts': 'export type N = number;\nexport function id(n: N): N {\n  return n;\n}\n' });
    const parsed = parseApplyPatch(
      '*** Begin Patch\n*** Add File: src/n.ts\n+export type N = number;\n+export function id(n: N): N {\n+  return n;\n+}\n*** Delete File: src/old.ts\n*** Update File: src/x.ts\n*** Move to: src/y.ts\n@@\n-a\n+b\n*** End Patch',
    );
    const { result } = await review(ws, { host: 'codex', ...parsed });
    expect(summary(result)).toEqual({ roots: ['type:N', 'function:id'], coverage: ['rendered', 'rendered', 'unsupported-event', 'unsupported-event'] });
    expect(result.units[1].input!.evidence.edges.map((e) => `${e.name}:${e.status}`)).toEqual(['N:expanded']);
  });

  test('a unified diff verifies its coordinates; a pure deletion inside a root selects it, between roots is ambiguous', async () => {
    const text = 'export interface A {\n  x: string;\n}\n\nexport interface B {\n  y: string;\n}\n';
    const ws = workspace({ 'src/ab.ts': text });
    const inside = '--- a/src/ab.ts\n+++ b/src/ab.ts\n@@ -1,4 +1,3 @@\n export interface A {\n-  gone: number;\n   x: string;\n }\n';
    expect(summary((await review(ws, parsePatchText(inside))).result).roots).toEqual(['type:A']);
    const between = '--- a/src/ab.ts\n+++ b/src/ab.ts\n@@ -3,4 +3,3 @@\n }\n-// gone\n \n export interface B {\n';
    expect(summary((await review(ws, parsePatchText(between))).result)).toEqual({ roots: [], coverage: ['ambiguous-attribution'] });
    const wrong = '--- a/src/ab.ts\n+++ b/src/ab.ts\n@@ -1,2 +1,2 @@\n export interface A {\n+  q: string;\n';
    expect(summary((await review(ws, parsePatchText(wrong))).result).coverage).toEqual(['capture-unavailable']);
  });
});

describe('review run: evidence boundaries', () => {
  const chain = {
    'src/a.ts': "import { B } from './b';\nexport interface A {\n  b: B;\n  label: string;\n}\n",
    'src/b.ts': "import { C } from './c';\nexport interface B {\n  c: C;\n}\n",
    'src/c.ts': 'export interface C {\n  secret: string;\n}\n',
  };
  const addLabel = (ws: string) => parseHookEvent(editEvent(ws, 'src/a.ts', chain['src/a.ts'].replace('  label: string;\n', ''), '  b: B;\n', '  b: B;\n  label: string;\n'));

  test('A -> B -> context-excluded C: C is checked, never opened; rules needing C do not run', async () => {
    const ws = workspace({ ...chain, '.cairn.jsonc': '{ "contextExcludes": ["src/c.ts"] }' });
    const { result, interpreter } = await review(ws, addLabel(ws));
    expect(interpreter.accessLog.filter((a) => a.path === 'src/c.ts')).toEqual([{ op: 'check', path: 'src/c.ts' }]);
    const unit = result.units[0];
    expect(unit.omitted).toEqual([{ name: 'C', relation: 'type', depth: 2, reason: 'context-excluded' }]);
    const byRule = Object.fromEntries(unit.rules.map((r) => [r.ruleId, r.runs]));
    expect(byRule).toEqual({
      'cairn/absent-with-several-meanings': true,
      'cairn/bare-primitives-for-domain-values': true,
      'cairn/impossible-field-combinations': false,
    });
    expect(unit.input!.inputContract.completeness).toBe('incomplete-irrelevant');
    expect(JSON.stringify(unit.input)).not.toContain('secret');
  });

  test('privacy excludes accumulate across layers and block reads the same way', async () => {
    const ws = workspace({ ...chain, '.cairn.jsonc': '{ "privacyExcludes": ["src/b.ts"] }', 'user/cairn/config.jsonc': '{ "privacyExcludes": ["src/c.ts"] }' });
    const { loadConfig } = await import('../../review/config.js');
    expect(loadConfig(ws, { XDG_CONFIG_HOME: join(ws, 'user') }).privacyExcludes).toEqual(['src/c.ts', 'src/b.ts']);
    const { result, interpreter } = await review(ws, addLabel(ws));
    expect(interpreter.accessLog.some((a) => a.op === 'read' && a.path === 'src/b.ts')).toBe(false);
    expect(result.units[0].omitted.map((o) => o.reason)).toEqual(['privacy-excluded']);
  });

  test('git-ignored and symlinked-out supporting files are never read', async () => {
    const ws = workspace({ ...chain, '.gitignore': 'src/b.ts\n' }, { git: true });
    const { result, interpreter } = await review(ws, addLabel(ws));
    expect(result.units[0].omitted.map((o) => o.reason)).toEqual(['git-ignored']);
    expect(interpreter.accessLog.filter((a) => a.op === 'read').map((a) => a.path)).toEqual(['src/a.ts']);

    const outside = workspace({ 'c.ts': 'export interface C { s: string }\n' });
    const ws2 = workspace({ 'src/a.ts': chain['src/a.ts'], 'src/b.ts': chain['src/b.ts'] });
    symlinkSync(join(outside, 'c.ts'), join(ws2, 'src/c.ts'));
    const second = await review(ws2, addLabel(ws2));
    expect(second.result.units[0].omitted.map((o) => o.reason)).toEqual(['outside-workspace']);
    expect(second.interpreter.accessLog.some((a) => a.op === 'read' && a.path === 'src/c.ts')).toBe(false);
  });

  test('cycles terminate: a back-edge is included, not expanded again', async () => {
    const ws = workspace({
      'src/a.ts': "import { B } from './b';\nexport interface A {\n  b: B;\n  n: number;\n}\n",
      'src/b.ts': "import { A } from './a';\nexport interface B {\n  a: A;\n}\n",
    });
    const parsed = parseHookEvent(editEvent(ws, 'src/a.ts', 'import { B } from \'./b\';\nexport interface A {\n  b: B;\n}\n', '  b: B;\n', '  b: B;\n  n: number;\n'));
    const { result } = await review(ws, parsed);
    expect(result.units[0].input!.evidence.edges.map((e) => `${e.from}->${e.to}:${e.status}`)).toEqual(['root->n1:expanded', 'n1->root:included']);
  });

  test('package, default and dynamic-shaped imports are omissions with reasons; builtins are not edges', async () => {
    const text = "import { z } from 'zod';\nimport Thing from './thing';\nexport interface P {\n  a: z.ZodType;\n  t: Thing;\n  m: Map<string, Promise<number>>;\n  u: Unknown;\n}\n";
    const ws = workspace({ 'src/p.ts': text, 'src/thing.ts': 'export default interface Thing { x: 1 }\n' });
    const parsed = parseHookEvent(editEvent(ws, 'src/p.ts', text.replace('  u: Unknown;\n', ''), '  m: Map<string, Promise<number>>;\n', '  m: Map<string, Promise<number>>;\n  u: Unknown;\n'));
    const { result } = await review(ws, parsed);
    expect(result.units[0].omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['z.ZodType:package-import', 'Thing:default-import', 'Unknown:unresolved-binding']);
    const runs = Object.fromEntries(result.units[0].rules.map((r) => [r.ruleId, r.runs]));
    expect(runs['cairn/bare-primitives-for-domain-values']).toBe(true); // needs only the root
    expect(runs['cairn/impossible-field-combinations']).toBe(false);
    expect(runs['cairn/absent-with-several-meanings']).toBe(false);
  });

  test('re-exports through a barrel index.ts, namespace imports and tsconfig paths aliases resolve', async () => {
    const text = "import { Money } from './models';\nimport * as geo from './geo';\nimport { Id } from '@core/id';\nexport interface Order {\n  total: Money;\n  at: geo.Point;\n  id: Id;\n}\n";
    const ws = workspace({
      'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@core/*": ["lib/core/*"] } } }',
      'src/order.ts': text,
      'src/models/index.ts': "export * from './user';\nexport * from './money';\n",
      'src/models/user.ts': 'export interface User { n: string }\n',
      'src/models/money.ts': "export { Cents as Money } from './cents';\n",
      'src/models/cents.ts': 'export type Cents = number;\n',
      'src/geo.ts': 'export interface Point { x: number; y: number }\n',
      'lib/core/id.ts': 'export type Id = string;\n',
    });
    const parsed = parseHookEvent(editEvent(ws, 'src/order.ts', text.replace('  id: Id;\n', ''), '  at: geo.Point;\n', '  at: geo.Point;\n  id: Id;\n'));
    const { result } = await review(ws, parsed);
    const unit = result.units[0];
    expect(unit.omitted).toEqual([]);
    expect(unit.input!.evidence.nodes.map((n) => `${n.domain}:${n.name}`)).toEqual(['src/models/cents.ts:Cents', 'src/geo.ts:Point', 'lib/core/id.ts:Id']);
    expect(unit.sources.map((s) => s.path)).toContain('tsconfig.json');
  });

  test('caps: a contribution too big for the tree is skipped and later edges are still examined', async () => {
    const big = `export interface Big {\n${Array.from({ length: 60 }, (_, i) => `  field${i}: string;`).join('\n')}\n}\n`;
    const text = "import { Big } from './big';\nimport { Small } from './small';\nexport interface R {\n  big: Big;\n  small: Small;\n}\n";
    const ws = workspace({ 'src/r.ts': text, 'src/big.ts': big, 'src/small.ts': 'export type Small = 1;\n', '.cairn.jsonc': '{ "limits": { "treeBytes": 1200 } }' });
    const parsed = parseHookEvent(editEvent(ws, 'src/r.ts', text.replace('  small: Small;\n', ''), '  big: Big;\n', '  big: Big;\n  small: Small;\n'));
    const { result } = await review(ws, parsed);
    const unit = result.units[0];
    expect(unit.omitted).toEqual([{ name: 'Big', relation: 'type', depth: 1, reason: 'tree-limit' }]);
    expect(unit.input!.evidence.nodes.map((n) => n.name)).toEqual(['Small']);
    expect(unit.inputBytes!).toBeLessThanOrEqual(1200);
    expect(unit.rules.find((r) => r.ruleId === 'cairn/bare-primitives-for-domain-values')!.runs).toBe(true);
  });

  test('omitted edges spend tree bytes too: a tree filled by expansions is not dropped whole as input-limit when omissions follow', async () => {
    // Seen on real releases: the traversal filled the tree to its budget with nodes, then the
    // omitted edges (rendered too) pushed the input past it and nothing was reviewed.
    const mid = (i: number) => `export interface Mid${i} {\n${Array.from({ length: 6 }, (_, k) => `  field${k}: string;`).join('\n')}\n}\n`;
    const pkg = Array.from({ length: 12 }, (_, i) => `P${i}`);
    const text = [
      `import type { ${pkg.join(', ')} } from 'some-package';`,
      ...[0, 1, 2, 3].map((i) => `import { Mid${i} } from './mid${i}';`),
      'export interface R {',
      ...[0, 1, 2, 3].map((i) => `  m${i}: Mid${i};`),
      ...pkg.map((p) => `  ${p.toLowerCase()}: ${p};`),
      '  k: string;',
      '}',
      '',
    ].join('\n');
    const files = Object.fromEntries([0, 1, 2, 3].map((i) => [`src/mid${i}.ts`, mid(i)]));
    const ws = workspace({ 'src/r.ts': text, ...files, '.cairn.jsonc': '{ "limits": { "treeBytes": 3200 } }' });
    const parsed = parseHookEvent(editEvent(ws, 'src/r.ts', text.replace('  k: string;\n', ''), '  p11: P11;\n', '  p11: P11;\n  k: string;\n'));
    const { result } = await review(ws, parsed, { dryRun: true });
    const unit = result.units[0];
    expect(unit.code).toBeNull();
    expect(unit.status).toBe('dry-run');
    expect(unit.inputBytes!).toBeLessThanOrEqual(3200);
    expect(unit.spent.treeBytes).toBeGreaterThanOrEqual(unit.inputBytes!);
    expect(unit.omitted.filter((o) => o.reason === 'package-import')).toHaveLength(12);
    expect(unit.omitted.some((o) => o.reason === 'tree-limit')).toBe(true);
    expect(unit.input!.evidence.nodes.length).toBeGreaterThan(0);
  });

  test('file and depth limits become expansion-limit omissions', async () => {
    const ws = workspace({
      'src/a.ts': "import { B } from './b';\nexport interface A {\n  b: B;\n  k: string;\n}\n",
      'src/b.ts': "import { C } from './c';\nexport interface B { c: C }\n",
      'src/c.ts': 'export interface C { d: string }\n',
      '.cairn.jsonc': '{ "limits": { "files": 2 } }',
    });
    const parsed = parseHookEvent(editEvent(ws, 'src/a.ts', "import { B } from './b';\nexport interface A {\n  b: B;\n}\n", '  b: B;\n', '  b: B;\n  k: string;\n'));
    const { result } = await review(ws, parsed);
    expect(result.units[0].omitted).toEqual([{ name: 'C', relation: 'type', depth: 2, reason: 'file-limit' }]);
    const closure = result.units[0].rules.find((r) => r.ruleId === 'cairn/impossible-field-combinations')!;
    expect(closure.runs).toBe(false);
  });

  test('the analysis deadline omits the remaining edges; a rule that needs them does not run', async () => {
    const ws = workspace({ ...chain });
    let now = 0;
    const { result } = await review(ws, addLabel(ws), { clock: () => (now += 3000) });
    const unit = result.units[0];
    expect(unit.omitted.map((o) => o.reason)).toContain('analysis-deadline');
    expect(unit.rules.find((r) => r.ruleId === 'cairn/impossible-field-combinations')!.runs).toBe(false);
  });
});

describe('review run: whole-file writes', () => {
  test('a Write update is diffed against the original: only the changed root is selected; without the original nothing is guessed', async () => {
    const original = 'export interface A {\n  x: string;\n}\n\nexport interface B {\n  y: string;\n}\n';
    const content = original.replace('y: string', 'y: number');
    const ws = workspace({ 'src/ab.ts': content });
    const write = (response: object) =>
      parseHookEvent(JSON.stringify({ tool_name: 'Write', tool_input: { file_path: join(ws, 'src/ab.ts'), content }, tool_response: response }));
    expect(summary((await review(ws, write({ type: 'update', originalFile: original }))).result).roots).toEqual(['type:B']);
    expect(summary((await review(ws, write({ type: 'update' }))).result)).toEqual({ roots: [], coverage: ['ambiguous-attribution'] });
  });
});
