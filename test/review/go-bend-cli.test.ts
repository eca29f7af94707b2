// Go and Bend review end to end through the built binary (npm test builds first):
// Claude Code and Codex hook events, the JSON result, the audit log of reads, replay.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { cairnIn, cleanup, editEvent } from './helpers.js';
import { bendWorkspace, goBillingWorkspace, goStatusWorkspace, paymentBendEdit, reportEdit, writeEvent } from './go-bend-fixtures.js';

afterEach(cleanup);

const linux = { goos: 'linux', goarch: 'amd64', tags: [] };

/** The paths the run's capture machines read, from its audit log. */
const readsIn = (ws: string, log: string) => [...readFileSync(join(ws, log), 'utf8').matchAll(/"kind":"read","path":"([^"]+)"/g)].map((m) => m[1]);

const codexEvent = (patch: string) => JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'apply_patch', tool_input: { input: patch } });

const backend = `const r = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify({ decisions: r.rules.map((x) => ({ ruleId: x.ruleId, probability: 0.9, rationale: 'checked ' + r.input.artifact.name })) }));`;
const withBackend = { 'backend.cjs': backend, '.no-user/cairn/config.jsonc': JSON.stringify({ backend: { kind: 'command', command: [process.execPath, 'backend.cjs'] } }) };

describe('cairn review --event for Go', () => {
  test('goos linux (Claude Code): Status binds to status_linux.go; the audit log shows status_windows.go never read; replay reproduces it', () => {
    const ws = goStatusWorkspace(linux);
    const event = writeEvent(ws, 'event.json', reportEdit(ws));
    const r = cairnIn(ws, ['--json', 'review', '--event', event]);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout).data;
    expect(data.host).toBe('claude-code');
    expect(data.units[0]).toMatchObject({ kind: 'type', name: 'Report', status: 'dry-run', completeness: 'complete' });
    expect(data.units[0].input.evidence.nodes.map((n: { domain: string }) => n.domain)).toEqual(['status/status_linux.go', 'status/report.go']);
    expect(readsIn(ws, data.auditLog)).toEqual(['status/report.go', 'status/status_linux.go']);
    expect(readFileSync(join(ws, data.auditLog), 'utf8')).not.toContain('status_windows.go');
    const replayed = cairnIn(ws, ['replay', join(ws, data.auditLog)]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain('identical to the recording');
  });

  test('no target: the reference is an omission and only the root-declaration rule runs; the hook prints its finding', () => {
    const ws = goStatusWorkspace(null, withBackend);
    const event = writeEvent(ws, 'event.json', reportEdit(ws));
    const json = JSON.parse(cairnIn(ws, ['--json', 'review', '--event', event, '--dry-run']).stdout).data;
    expect(json.units[0].omitted).toEqual([{ name: 'Status', relation: 'type', depth: 1, reason: 'possibly-active' }]);
    expect(json.units[0].rules.filter((x: { runs: boolean }) => x.runs).map((x: { ruleId: string }) => x.ruleId)).toEqual(['cairn/bare-primitives-for-domain-values']);
    const hook = cairnIn(ws, ['review', '--event', event], { env: { ...process.env, XDG_CONFIG_HOME: join(ws, '.no-user') } });
    expect(hook.code).toBe(0);
    expect(JSON.parse(hook.stdout).hookSpecificOutput.additionalContext).toContain('status/report.go:4 type Report [cairn/bare-primitives-for-domain-values]');
  });

  test('Codex apply_patch: the Invoice root with its imported, internal and constant-group evidence; replayable', () => {
    const ws = goBillingWorkspace();
    const patch = '*** Begin Patch\n*** Update File: billing/invoice.go\n@@ type Invoice struct {\n \tLines  []Line\n+\tState  InvoiceState\n }\n*** End Patch\n';
    const event = writeEvent(ws, 'codex.json', codexEvent(patch));
    const data = JSON.parse(cairnIn(ws, ['--json', 'review', '--event', event]).stdout).data;
    expect(data.host).toBe('codex');
    expect(data.units.map((u: { name: string; completeness: string }) => `${u.name}:${u.completeness}`)).toEqual(['Invoice:complete']);
    expect(data.units[0].input.evidence.edges.map((e: { name: string }) => e.name)).toEqual(['ids.InvoiceID', 'money.Amount', 'Line', 'InvoiceState', 'Draft']);
    expect(cairnIn(ws, ['replay', join(ws, data.auditLog)]).stdout).toContain('identical to the recording');
    const status = cairnIn(ws, ['review', 'status']);
    expect(status.stdout).toMatch(/rendered\s+type\s+1/);
  });

  test('a method-only edit is a quiet no-supported-root; a Go target in the workspace config shows in config show', () => {
    const ws = goStatusWorkspace(linux);
    const event = writeEvent(ws, 'event.json', JSON.stringify({
      hook_event_name: 'PostToolUse', tool_name: 'Edit',
      tool_input: { file_path: join(ws, 'status/report.go'), old_string: 'r.Service == ""', new_string: 'r.Service != ""' },
      tool_response: { originalFile: readFileSync(join(ws, 'status/report.go'), 'utf8').replace('r.Service != ""', 'r.Service == ""') },
    }));
    const r = cairnIn(ws, ['--json', 'review', '--event', event]);
    expect(JSON.parse(r.stdout).data.coverage.map((c: { code: string }) => c.code)).toEqual(['no-supported-root']);
    expect(cairnIn(ws, ['config', 'show']).stdout).toContain('go                linux/amd64 tags []  [workspace]');
  });
});

describe('cairn review --event for Bend', () => {
  test('Claude Code: Payment with its receipt evidence; the hook prints findings; replay reproduces the run', () => {
    const ws = bendWorkspace(withBackend);
    const event = writeEvent(ws, 'event.json', paymentBendEdit(ws));
    const data = JSON.parse(cairnIn(ws, ['--json', 'review', '--event', event, '--dry-run']).stdout).data;
    expect(data.units[0]).toMatchObject({ kind: 'type', name: 'Payment', completeness: 'complete', status: 'dry-run' });
    expect(data.units[0].input.evidence.nodes.map((n: { domain: string; name: string }) => `${n.domain}:${n.name}`)).toEqual(['bend/receipt.bend:Receipt']);
    expect(cairnIn(ws, ['replay', join(ws, data.auditLog)]).stdout).toContain('identical to the recording');
    const hook = cairnIn(ws, ['review', '--event', event]);
    expect(hook.code).toBe(0);
    expect(JSON.parse(hook.stdout).hookSpecificOutput.additionalContext).toContain('bend/payment.bend:5 type Payment [cairn/impossible-field-combinations]');
  });

  test('Codex apply_patch Add selects every datatype of the new file; a context-excluded import is never read', () => {
    const ws = bendWorkspace({ '.cairn.jsonc': JSON.stringify({ contextExcludes: ['bend/receipt.bend'] }), 'bend/order.bend': 'import Base\nimport ./receipt.bend as R\n\ntype Order is Data:\n  Order{id: U32, receipt: R.Receipt}\n\ntype Line is Data:\n  Line{qty: U32}\n' });
    const patch = '*** Begin Patch\n*** Add File: bend/order.bend\n+import Base\n+import ./receipt.bend as R\n+\n+type Order is Data:\n+  Order{id: U32, receipt: R.Receipt}\n+\n+type Line is Data:\n+  Line{qty: U32}\n*** End Patch\n';
    const event = writeEvent(ws, 'codex.json', codexEvent(patch));
    const data = JSON.parse(cairnIn(ws, ['--json', 'review', '--event', event]).stdout).data;
    expect(data.units.map((u: { name: string; completeness: string }) => `${u.name}:${u.completeness}`)).toEqual(['Order:incomplete-irrelevant', 'Line:complete']);
    expect(data.units[0].omitted).toEqual([{ name: 'R.Receipt', relation: 'type', depth: 1, reason: 'context-excluded' }]);
    expect(readsIn(ws, data.auditLog)).toEqual(['bend/order.bend']);
  });
});

describe('fixture outcomes through cairn review --event (Claude Code and Codex)', () => {
  // A command backend answering every rule with the probability it is given.
  const scorer = `const r = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify({ decisions: r.rules.map((x) => ({ ruleId: x.ruleId, probability: Number(process.argv[2]), rationale: 'fixture' })) }));`;
  const userConfig = (p: number) => ({ 'scorer.cjs': scorer, '.no-user/cairn/config.jsonc': JSON.stringify({ backend: { kind: 'command', command: [process.execPath, 'scorer.cjs', String(p)] } }) });
  const closureOnly = [{ id: 'cairn/absent-with-several-meanings', enabled: false }, { id: 'cairn/bare-primitives-for-domain-values', enabled: false }];
  const run = (ws: string, event: string, asHook = false) => {
    const file = writeEvent(ws, 'case.json', event);
    const hook = asHook ? cairnIn(ws, ['review', '--event', file]) : null;
    const data = JSON.parse(cairnIn(ws, ['--json', 'review', '--event', file]).stdout).data;
    expect(cairnIn(ws, ['replay', join(ws, data.auditLog)]).stdout).toContain('identical to the recording');
    return { hook, data, coverage: data.coverage.map((c: { code: string }) => c.code) };
  };

  test('Go: positive, clear, ambiguous, incomplete and excluded', () => {
    const target = { goos: 'linux', goarch: 'amd64', tags: [] };
    const positive = goStatusWorkspace(target, userConfig(0.9));
    const p = run(positive, reportEdit(positive), true);
    expect(p.coverage).toEqual(['finding']);
    expect(JSON.parse(p.hook!.stdout).hookSpecificOutput.additionalContext).toContain('status/report.go:4 type Report [cairn/impossible-field-combinations] p=0.9');

    const clear = goStatusWorkspace(target, userConfig(0.1));
    const c = run(clear, codexEvent('*** Begin Patch\n*** Update File: status/report.go\n@@ type Report struct {\n \tService string\n-\tState   int\n+\tState   Status\n \tSince   Timestamp\n*** End Patch\n'), true);
    expect(c.data.host).toBe('codex');
    expect(c.coverage).toEqual(['reviewed']);
    expect(c.hook!.stdout).toBe('');

    const ambiguous = goStatusWorkspace(target, userConfig(0.9));
    const a = run(ambiguous, codexEvent('*** Begin Patch\n*** Update File: status/report.go\n@@\n-package state\n+package status\n*** End Patch\n'));
    expect(a.coverage).toEqual(['ambiguous-attribution']);

    const incomplete = goStatusWorkspace(null, { ...userConfig(0.9), '.cairn.jsonc': JSON.stringify({ rules: closureOnly }) });
    const i = run(incomplete, reportEdit(incomplete));
    expect(i.coverage).toEqual(['incomplete-graph']);

    const excluded = goStatusWorkspace(target, { ...userConfig(0.9), '.cairn.jsonc': JSON.stringify({ go: target, privacyExcludes: ['status/report.go'] }) });
    const e = run(excluded, reportEdit(excluded));
    expect(e.coverage).toEqual(['ineligible-path']);
    expect(readsIn(excluded, e.data.auditLog)).toEqual([]);
  });

  test('Bend: positive, clear, ambiguous, incomplete and excluded', () => {
    const positive = bendWorkspace(userConfig(0.9));
    const p = run(positive, paymentBendEdit(positive), true);
    expect(p.coverage).toEqual(['finding']);
    expect(JSON.parse(p.hook!.stdout).hookSpecificOutput.additionalContext).toContain('bend/payment.bend:5 type Payment');

    const clear = bendWorkspace(userConfig(0.1));
    const c = run(clear, codexEvent('*** Begin Patch\n*** Update File: bend/payment.bend\n@@ type Payment is Data:\n   Card{number: String, receipt: R.Receipt}\n-  Cash{amount: Nat}\n+  Cash{amount: U32}\n*** End Patch\n'));
    expect(c.coverage).toEqual(['reviewed']);

    const ambiguous = bendWorkspace(userConfig(0.9));
    const a = run(ambiguous, codexEvent('*** Begin Patch\n*** Update File: bend/payment.bend\n@@\n-import ./receipts.bend as R\n+import ./receipt.bend as R\n*** End Patch\n'));
    expect(a.coverage).toEqual(['ambiguous-attribution']);

    const list = bendWorkspace({ ...userConfig(0.9), '.cairn.jsonc': JSON.stringify({ rules: closureOnly }), 'bend/payment.bend': 'import Base\n\ntype Payment is Data:\n  Cash{coins: Maybe<U32>}\n' });
    const i = run(list, editEvent(list, 'bend/payment.bend', 'import Base\n\ntype Payment is Data:\n  Cash{coins: U32}\n', 'coins: U32', 'coins: Maybe<U32>'));
    expect(i.coverage).toEqual(['incomplete-graph']);
    expect(i.data.units[0].omitted).toEqual([{ name: 'Maybe', relation: 'type', depth: 1, reason: 'base-composite' }]);

    const excluded = bendWorkspace({ ...userConfig(0.9), '.cairn.jsonc': JSON.stringify({ privacyExcludes: ['bend/receipt.bend'] }) });
    const e = run(excluded, paymentBendEdit(excluded));
    expect(e.data.units[0].omitted).toEqual([{ name: 'R.Receipt', relation: 'type', depth: 1, reason: 'privacy-excluded' }]);
    expect(readsIn(excluded, e.data.auditLog)).toEqual(['bend/payment.bend']);
  });
});
