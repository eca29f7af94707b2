// Rust and Python reviews end to end through the built binary: Claude Code Edit and
// Write events and Codex apply_patch events, with audit logs that replay; the
// `languages` setting and rule validation for the new profiles.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { PYTHON_ADDED, PYTHON_PACKAGE, RUST_ADDED, RUST_CRATE } from './fixtures.js';
import { before, cairnIn, cleanup, editEvent, workspace } from './helpers.js';

afterEach(cleanup);

const backend = `const r = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify({ decisions: r.rules.map((x) => ({ ruleId: x.ruleId, probability: 0.9, rationale: 'two ids share one string type' })) }));`;
const withBackend = { 'backend.cjs': backend, '.no-user/cairn/config.jsonc': JSON.stringify({ backend: { kind: 'command', command: [process.execPath, 'backend.cjs'] } }) };

interface Case {
  language: string;
  files: Record<string, string>;
  path: string;
  added: string;
  anchor: string;
  root: string;
  line: number;
}

const CASES: Case[] = [
  { language: 'rust', files: RUST_CRATE, path: 'src/order.rs', added: RUST_ADDED, anchor: '    pub order_id: String,\n', root: 'Order', line: 4 },
  { language: 'python', files: PYTHON_PACKAGE, path: 'src/shop/order.py', added: PYTHON_ADDED, anchor: '    order_id: str\n', root: 'Order', line: 9 },
];

/** Runs a hook event and replays its audit log; returns the JSON result. */
function reviewAndReplay(ws: string, event: string) {
  writeFileSync(join(ws, 'event.json'), event);
  const r = cairnIn(ws, ['--json', 'review', '--event', join(ws, 'event.json')]);
  expect(r.code).toBe(0);
  const envelope = JSON.parse(r.stdout);
  const replayed = cairnIn(ws, ['replay', join(ws, envelope.data.auditLog)]);
  expect(replayed.code).toBe(0);
  expect(replayed.stdout).toContain('identical to the recording');
  return envelope.data;
}

describe.each(CASES)('$language review through the CLI', ({ files, path, added, anchor, root, line }) => {
  const text = files[path];
  const original = before(text, '', added);

  test('Claude Code Edit: the hook prints the finding; the audit log replays and holds no source', () => {
    const ws = workspace({ ...files, ...withBackend });
    const event = editEvent(ws, path, original, anchor, anchor + added);
    const hook = cairnIn(ws, ['review', '--event', '-'], { input: event });
    expect(hook.code).toBe(0);
    expect(JSON.parse(hook.stdout).hookSpecificOutput.additionalContext).toContain(`${path}:${line} type ${root} [cairn/bare-primitives-for-domain-values] p=0.9`);
    const data = reviewAndReplay(ws, event);
    expect(data.units.map((u: { name: string; completeness: string }) => `${u.name}:${u.completeness}`)).toEqual([`${root}:complete`]);
    expect(readFileSync(join(ws, data.auditLog), 'utf8')).not.toContain('customer_id');
  });

  test('Claude Code Write (an update with the original, and a new file) selects the changed roots', () => {
    const ws = workspace(files);
    const update = JSON.stringify({ tool_name: 'Write', tool_input: { file_path: join(ws, path), content: text }, tool_response: { type: 'update', originalFile: original } });
    expect(reviewAndReplay(ws, update).units.map((u: { name: string }) => u.name)).toEqual([root]);
    const create = JSON.stringify({ tool_name: 'Write', tool_input: { file_path: join(ws, path), content: text }, tool_response: { type: 'create' } });
    expect(reviewAndReplay(ws, create).units.length).toBeGreaterThan(0);
  });

  test('Codex apply_patch: the hunk maps to its root', () => {
    const ws = workspace(files);
    const patch = `*** Begin Patch\n*** Update File: ${path}\n@@\n ${anchor.trimEnd()}\n+${added.trimEnd()}\n*** End Patch\n`;
    const event = JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'apply_patch', tool_input: { input: patch } });
    const data = reviewAndReplay(ws, event);
    expect(data.host).toBe('codex');
    expect(data.units.map((u: { name: string; completeness: string }) => `${u.name}:${u.completeness}`)).toEqual([`${root}:complete`]);
  });
});

describe('configuration and rules for the new profiles', () => {
  test('languages selects profiles: an edit in a language left out is an ineligible path; an unknown one is an error', () => {
    const ws = workspace({ ...RUST_CRATE, '.cairn.jsonc': '{ "languages": ["typescript", "python"] }' });
    const event = editEvent(ws, 'src/order.rs', before(RUST_CRATE['src/order.rs'], '', RUST_ADDED), '    pub order_id: String,\n', `    pub order_id: String,\n${RUST_ADDED}`);
    writeFileSync(join(ws, 'event.json'), event);
    const skipped = JSON.parse(cairnIn(ws, ['--json', 'review', '--event', join(ws, 'event.json')]).stdout).data;
    expect(skipped.coverage).toEqual([{ code: 'ineligible-path', branch: 'any' }]);
    writeFileSync(join(ws, '.cairn.jsonc'), '{ "languages": ["rust", "java"] }');
    const bad = cairnIn(ws, ['review', '--event', join(ws, 'event.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('no review analyzer for "java" (available: typescript, rust, python, go, bend)');
  });

  test('rules validate: type inputs accept rust and python; function inputs are TypeScript-only', () => {
    const rule = (inputs: string) =>
      `{\n  "version": 1,\n  "id": "team/x",\n  "title": "t",\n  "question": "q",\n  "criteria": ["c"],\n  "message": "m",\n  "inputs": [${inputs}]\n}\n`;
    const ws = workspace({
      'rules/ok.jsonc': rule('{ "languages": ["rust", "python"], "kind": "type", "requires": ["root-declaration"] }'),
      'rules/fn.jsonc': rule('{ "languages": ["python"], "kind": "function", "requires": ["body"] }'),
    });
    expect(cairnIn(ws, ['rules', 'validate', join(ws, 'rules/ok.jsonc')]).code).toBe(0);
    const fn = cairnIn(ws, ['rules', 'validate', join(ws, 'rules/fn.jsonc')]);
    expect(fn.code).toBe(2);
    expect(fn.stderr).toContain('rules/fn.jsonc:8:30: kind "function" inputs are TypeScript-only; python has type inputs only');
  });
});
