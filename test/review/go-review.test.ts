// The Go review profile in process: roots, bindings through build constraints and
// module authority, and what is never read.
import { afterEach, describe, expect, test } from 'vitest';
import { parseHookEvent } from '../../review/edits.js';
import { cleanup, editEvent, review, summary } from './helpers.js';
import { AMOUNT_GO, goBillingWorkspace, goStatusWorkspace, INVOICE_GO, invoiceEdit, REPORT_GO, reportEdit } from './go-bend-fixtures.js';

afterEach(cleanup);

const linux = { goos: 'linux', goarch: 'amd64', tags: [] };
const edges = (r: Awaited<ReturnType<typeof review>>['result'], i = 0) => r.units[i].input?.evidence.edges.map((e) => `${e.name}:${e.status}${e.reason ? `:${e.reason}` : ''}`) ?? r.units[i].omitted.map((o) => `${o.name}:omitted:${o.reason}`);

describe('Go review: build constraints', () => {
  test('goos linux: Status binds uniquely to status_linux.go and status_windows.go is never opened', async () => {
    const ws = goStatusWorkspace(linux);
    const { result, interpreter } = await review(ws, parseHookEvent(reportEdit(ws)));
    expect(summary(result)).toEqual({ roots: ['type:Report'], coverage: ['rendered'] });
    expect(edges(result)).toEqual(['Status:expanded', 'Timestamp:expanded']);
    expect(result.units[0].input!.evidence.nodes.map((n) => `${n.domain}:${n.name}`)).toEqual(['status/status_linux.go:Status', 'status/report.go:Timestamp']);
    expect(result.units[0].completeness).toBe('complete');
    expect(interpreter.accessLog.filter((a) => a.path.includes('windows'))).toEqual([]);
    expect(interpreter.accessLog.filter((a) => a.op === 'read').map((a) => a.path)).toEqual(['status/report.go', 'status/status_linux.go']);
  });

  test('no target: membership is unknown, Status is an omission, and only root-declaration rules run', async () => {
    const ws = goStatusWorkspace(null);
    const { result } = await review(ws, parseHookEvent(reportEdit(ws)));
    expect(edges(result)).toEqual(['Status:omitted:possibly-active', 'Timestamp:expanded']);
    expect(result.units[0].rules.map((r) => `${r.ruleId}:${r.runs}`)).toEqual([
      'cairn/absent-with-several-meanings:false',
      'cairn/bare-primitives-for-domain-values:true',
      'cairn/impossible-field-combinations:false',
    ]);
    expect(result.units[0].completeness).toBe('incomplete-irrelevant');
  });

  test('goos windows binds the windows file instead; android satisfies linux', async () => {
    const win = goStatusWorkspace({ goos: 'windows', goarch: 'amd64', tags: [] });
    const w = await review(win, parseHookEvent(reportEdit(win)));
    expect(w.result.units[0].input!.evidence.nodes[0].domain).toBe('status/status_windows.go');
    expect(w.interpreter.accessLog.some((a) => a.path.includes('status_linux'))).toBe(false);
    const android = goStatusWorkspace({ goos: 'android', goarch: 'arm64', tags: [] });
    const a = await review(android, parseHookEvent(reportEdit(android)));
    expect(a.result.units[0].input!.evidence.nodes[0].domain).toBe('status/status_linux.go');
  });

  test('a cgo constraint makes a file possibly active: its conflicting name blocks the binding', async () => {
    const ws = goStatusWorkspace(linux, { 'status/status_cgo.go': '//go:build cgo\n\npackage status\n\ntype Status struct{ Handle uintptr }\n' });
    const { result } = await review(ws, parseHookEvent(reportEdit(ws)));
    expect(edges(result)).toEqual(['Status:omitted:possibly-active', 'Timestamp:expanded']);
  });

  test('a //go:build line that is false makes its file inactive; a user tag makes it active', async () => {
    const extra = { 'status/status_e2e.go': '//go:build e2e && linux\n\npackage status\n\ntype Status struct{ Fake bool }\n' };
    const off = goStatusWorkspace(linux, extra);
    expect(edges((await review(off, parseHookEvent(reportEdit(off)))).result)).toEqual(['Status:expanded', 'Timestamp:expanded']);
    const on = goStatusWorkspace({ ...linux, tags: ['e2e'] }, extra);
    expect(edges((await review(on, parseHookEvent(reportEdit(on)))).result)).toEqual(['Status:omitted:conflicting-binding', 'Timestamp:expanded']);
  });

  test('test files and underscore files are not members, and not roots', async () => {
    const ws = goStatusWorkspace(linux, { 'status/status_test.go': 'package status\n\ntype Status int\n', 'status/_old.go': 'package status\n\ntype Status int\n' });
    const { result, interpreter } = await review(ws, parseHookEvent(reportEdit(ws)));
    expect(edges(result)).toEqual(['Status:expanded', 'Timestamp:expanded']);
    expect(interpreter.accessLog.some((a) => a.path.endsWith('_test.go') || a.path.includes('_old'))).toBe(false);
    const t = await review(ws, parseHookEvent(editEvent(ws, 'status/status_test.go', 'package status\n\ntype Status uint\n', 'type Status uint', 'type Status int')));
    expect(summary(t.result)).toEqual({ roots: [], coverage: ['ineligible-path'] });
  });

  test('a method-only or function-only edit selects nothing; an edit in the package clause is ambiguous', async () => {
    const ws = goStatusWorkspace(linux);
    const method = editEvent(ws, 'status/report.go', REPORT_GO.replace('r.Service != ""', 'true'), 'return true', 'return r.Service != ""');
    expect(summary((await review(ws, parseHookEvent(method))).result)).toEqual({ roots: [], coverage: ['no-supported-root'] });
    const clause = editEvent(ws, 'status/report.go', REPORT_GO.replace('package status', 'package statuz'), 'package statuz', 'package status');
    expect(summary((await review(ws, parseHookEvent(clause))).result)).toEqual({ roots: [], coverage: ['ambiguous-attribution'] });
  });
});

describe('Go review: freshness', () => {
  test('a file created in the package, a go.work or a nested go.mod makes the unit stale', async () => {
    const { writeFileSync } = await import('node:fs');
    const cases: Array<[(extra?: Record<string, string>) => string, (ws: string) => string, (ws: string) => void]> = [
      [(x) => goStatusWorkspace(linux, x), reportEdit, (ws) => writeFileSync(`${ws}/status/status_other.go`, 'package status\n')],
      [goBillingWorkspace, (ws) => invoiceEdit(ws), (ws) => writeFileSync(`${ws}/go.work`, 'go 1.22\n')],
      [goBillingWorkspace, (ws) => invoiceEdit(ws), (ws) => writeFileSync(`${ws}/money/go.mod`, 'module example.com/money\n')],
    ];
    for (const [make, edit, change] of cases) {
      const ws = make();
      const { result, interpreter } = await review(ws, parseHookEvent(edit(ws)));
      expect(await interpreter.fresh(result.units[0].sources)).toBe(true);
      change(ws);
      expect(await interpreter.fresh(result.units[0].sources)).toBe(false);
    }
  });
});

describe('Go review: module authority', () => {
  test('imports bind through go.mod: an internal package, another package, and the constant group kept whole', async () => {
    const ws = goBillingWorkspace();
    const { result, interpreter } = await review(ws, parseHookEvent(invoiceEdit(ws)));
    expect(summary(result)).toEqual({ roots: ['type:Invoice'], coverage: ['rendered'] });
    expect(edges(result)).toEqual(['ids.InvoiceID:expanded', 'money.Amount:expanded', 'Line:expanded', 'InvoiceState:expanded', 'Draft:expanded']);
    const nodes = result.units[0].input!.evidence.nodes;
    expect(nodes.map((n) => `${n.domain}:${n.kind}:${n.name}`)).toEqual([
      'internal/ids/ids.go:defined-type:InvoiceID',
      'money/amount.go:struct:Amount',
      'billing/invoice.go:struct:Line',
      'billing/state.go:defined-type:InvoiceState',
      'billing/state.go:constant-group:Draft',
    ]);
    expect(nodes[4].source).toBe('const (\n\tDraft InvoiceState = iota\n\tSent\n\tPaid\n)');
    expect(result.units[0].sources.map((s) => s.path).sort()).toEqual([
      // files read, package inventories, and the absences module authority relied on (no closer go.mod, no go.work, no nested module)
      'billing/', 'billing/go.mod', 'billing/invoice.go', 'billing/state.go', 'go.mod', 'go.work',
      'internal/go.mod', 'internal/ids/', 'internal/ids/go.mod', 'internal/ids/ids.go', 'money/', 'money/amount.go', 'money/go.mod',
    ]);
    expect(result.units[0].sources.find((s) => s.path === 'go.work')?.digest).toBe('absent');
    expect(interpreter.accessLog.filter((a) => a.op === 'read').length).toBe(5);
  });

  test('Codex apply_patch events select the same root', async () => {
    const ws = goBillingWorkspace();
    const patch = '*** Begin Patch\n*** Update File: billing/invoice.go\n@@ type Invoice struct {\n \tLines  []Line\n+\tState  InvoiceState\n }\n*** End Patch\n';
    const parsed = parseHookEvent(JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'apply_patch', tool_input: { input: patch } }));
    expect(parsed.host).toBe('codex');
    expect(summary((await review(ws, parsed)).result)).toEqual({ roots: ['type:Invoice'], coverage: ['rendered'] });
  });

  test('a package whose declared name differs from its path binds by the declared name', async () => {
    const ws = goBillingWorkspace({ 'money/amount.go': AMOUNT_GO.replace('package money', 'package cash') });
    const text = INVOICE_GO.replace('money.Amount', 'cash.Amount');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${ws}/billing/invoice.go`, text);
    const { result } = await review(ws, parseHookEvent(invoiceEdit(ws, text)));
    expect(edges(result)).toContain('cash.Amount:expanded');
  });

  test('go.work, nested modules, main packages, internal rules and unexported names are omissions', async () => {
    const work = goBillingWorkspace({ 'go.work': 'go 1.22\n\nuse .\n' });
    expect(edges((await review(work, parseHookEvent(invoiceEdit(work)))).result).slice(0, 2)).toEqual(['ids.InvoiceID:omitted:go-work', 'money.Amount:omitted:go-work']);
    const nested = goBillingWorkspace({ 'money/go.mod': 'module example.com/shop/money\n' });
    expect(edges((await review(nested, parseHookEvent(invoiceEdit(nested)))).result)[1]).toBe('money.Amount:omitted:nested-module');
    // A main package is not importable; with a default import its declared name does not even bind `money`.
    const main = goBillingWorkspace({ 'money/amount.go': AMOUNT_GO.replace('package money', 'package main') });
    expect(edges((await review(main, parseHookEvent(invoiceEdit(main)))).result)[1]).toBe('money.Amount:omitted:unresolved-binding');
    const aliased = INVOICE_GO.replace('"example.com/shop/money"', 'money "example.com/shop/money"');
    const mainAliased = goBillingWorkspace({ 'money/amount.go': AMOUNT_GO.replace('package money', 'package main'), 'billing/invoice.go': aliased });
    expect(edges((await review(mainAliased, parseHookEvent(invoiceEdit(mainAliased, aliased)))).result)[1]).toBe('money.Amount:omitted:main-package');
    const lower = INVOICE_GO.replace('money.Amount', 'money.amount');
    const unexported = goBillingWorkspace({ 'billing/invoice.go': lower });
    expect(edges((await review(unexported, parseHookEvent(invoiceEdit(unexported, lower)))).result)[1]).toBe('money.amount:omitted:unexported');
    const internal = goBillingWorkspace({ 'billing/internal/ids/ids.go': 'package ids\n\ntype InvoiceID string\n' });
    const text = INVOICE_GO.replace('"example.com/shop/internal/ids"', '"example.com/shop/billing/internal/ids"');
    const { writeFileSync } = await import('node:fs');
    const outside = goBillingWorkspace({ 'billing/internal/ids/ids.go': 'package ids\n\ntype InvoiceID string\n', 'report/r.go': 'package report\n\nimport "example.com/shop/billing/internal/ids"\n\ntype R struct{ ID ids.InvoiceID }\n' });
    const r = await review(outside, parseHookEvent(editEvent(outside, 'report/r.go', 'package report\n\nimport "example.com/shop/billing/internal/ids"\n\ntype R struct{ Id ids.InvoiceID }\n', 'Id ids', 'ID ids')));
    expect(edges(r.result)).toEqual(['ids.InvoiceID:omitted:internal-import']);
    writeFileSync(`${internal}/billing/invoice.go`, text);
    expect(edges((await review(internal, parseHookEvent(invoiceEdit(internal, text)))).result)[0]).toBe('ids.InvoiceID:expanded');
  });

  test('an external import is an omission; a context-excluded package is checked, never read', async () => {
    const ext = goBillingWorkspace();
    const text = INVOICE_GO.replace('"example.com/shop/money"', '"github.com/acme/money"');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${ext}/billing/invoice.go`, text);
    expect(edges((await review(ext, parseHookEvent(invoiceEdit(ext, text)))).result)[1]).toBe('money.Amount:omitted:package-import');
    const excluded = goBillingWorkspace({ '.cairn.jsonc': JSON.stringify({ go: linux, contextExcludes: ['money/**'] }) });
    const { result, interpreter } = await review(excluded, parseHookEvent(invoiceEdit(excluded)));
    expect(edges(result)[1]).toBe('money.Amount:omitted:package-unread-file');
    expect(interpreter.accessLog.filter((a) => a.path === 'money/amount.go').map((a) => a.op)).toEqual(['check']);
  });
});
