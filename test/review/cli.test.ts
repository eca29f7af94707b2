// End to end through the built binary (npm test builds first).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { UNIT_AUDIT_KEYS } from '../../contracts/review-audit.js';
import { cairnIn, cleanup, PAYMENT, paymentWorkspace, readmeReviewWorkspace } from './helpers.js';

afterEach(cleanup);

const cairn = (ws: string, args: string[], input?: string) => cairnIn(ws, args, { input });
const setup = paymentWorkspace;

const backend = `const r = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify({ decisions: r.rules.map((x) => ({ ruleId: x.ruleId, probability: 0.9, rationale: 'two ids share string' })) }));`;

describe('cairn review (CLI)', () => {
  test('a hook event without findings prints nothing and exits 0', () => {
    const ws = setup();
    const r = cairn(ws, ['review', '--event', join(ws, 'event.json')]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readdirSync(join(ws, '.cairn')).sort()).toEqual(['.gitignore', 'audit', 'review']);
  });

  test('a hook event with findings prints the host hook JSON (from stdin too)', () => {
    const ws = setup({ 'backend.cjs': backend, '.no-user/cairn/config.jsonc': JSON.stringify({ backend: { kind: 'command', command: [process.execPath, 'backend.cjs'] } }) });
    const r = cairn(ws, ['review', '--event', '-'], readFileSync(join(ws, 'event.json'), 'utf8'));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['hookSpecificOutput']);
    expect(out.hookSpecificOutput.hookEventName).toBe('PostToolUse');
    expect(out.hookSpecificOutput.additionalContext).toContain('src/pay.ts:1 type Payment [cairn/bare-primitives-for-domain-values]');
    expect(out.hookSpecificOutput.additionalContext).not.toContain(ws);
  });

  test('the hook entry leaves what it does not recognise to the full program: help, usage errors, review status', () => {
    const ws = setup();
    const help = cairn(ws, ['review', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--event <file>');
    const unknown = cairn(ws, ['review', '--event', 'event.json', '--bogus', '--json']);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ command: 'review', ok: false, warnings: [{ code: 'invalid_argument', message: "unknown option '--bogus'" }] });
    const missing = cairn(ws, ['review', '--event', '--json']);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout).ok).toBe(false);
    // Options in any order, and with `=`, reach the same review.
    const a = cairn(ws, ['review', '--json', '--dry-run', '--event', join(ws, 'event.json')]);
    const b = cairn(ws, ['--json', 'review', `--event=${join(ws, 'event.json')}`, '--dry-run']);
    expect(a.code).toBe(0);
    const strip = (out: string) => ({ ...JSON.parse(out), data: { ...JSON.parse(out).data, auditLog: null } });
    expect(strip(b.stdout)).toEqual(strip(a.stdout));
    expect(cairn(ws, ['review', 'status']).stdout).toContain('runs recorded');
  });

  test('malformed event JSON and malformed configuration are clear errors with a nonzero exit, no stack trace', () => {
    const ws = setup({ '.cairn.jsonc': '{\n  "limits": { "files": 99 }\n}' });
    writeFileSync(join(ws, 'bad.json'), '{"tool_name": "Edit",');
    const bad = cairn(ws, ['review', '--event', join(ws, 'bad.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^cairn review: the event is not valid JSON/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    const config = cairn(ws, ['review', '--event', join(ws, 'event.json')]);
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('.cairn.jsonc:2:24: files may only be lowered (at most 8)');
  });

  test('--json prints the whole result; review status shows source-free counts; replay reproduces the run', () => {
    const ws = setup();
    const r = cairn(ws, ['--json', 'review', '--event', join(ws, 'event.json')]);
    const envelope = JSON.parse(r.stdout);
    expect(envelope).toMatchObject({ contract_version: '0.3', command: 'review', ok: true });
    expect(envelope.data.units[0]).toMatchObject({ kind: 'type', name: 'Payment', status: 'dry-run', completeness: 'complete' });
    cairn(ws, ['review', '--file', 'src/pay.ts', '--line', '2']);
    const status = cairn(ws, ['review', 'status']);
    expect(status.stdout).toContain('2 runs recorded');
    expect(status.stdout).toMatch(/rendered\s+type\s+2/);
    const journal = readdirSync(join(ws, '.cairn', 'review'));
    for (const file of journal) expect(readFileSync(join(ws, '.cairn', 'review', file)).includes('Payment')).toBe(false);

    const log = join(ws, envelope.data.auditLog);
    expect(readFileSync(log, 'utf8')).not.toContain('orderId');
    const replayed = cairn(ws, ['replay', log, '--steps']);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain('identical to the recording');
    expect(replayed.stdout).toMatch(/evidence-traversal#\d+ step 0: start/);
    const tampered = readFileSync(log, 'utf8').replace('"ceiling":262144', '"ceiling":10');
    writeFileSync(join(ws, 'tampered.jsonl'), tampered);
    const diverged = cairn(ws, ['replay', join(ws, 'tampered.jsonl')]);
    expect(diverged.code).toBe(1);
    expect(diverged.stdout).toContain('DIVERGED capture');
  });

  test('the audit log records each unit by file digests and declaration fingerprints, never its source', () => {
    const ws = setup();
    const envelope = JSON.parse(cairn(ws, ['--json', 'review', '--event', join(ws, 'event.json')]).stdout);
    const unit = envelope.data.units[0];
    const lines = readFileSync(join(ws, envelope.data.auditLog), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const records = lines.filter((l) => 'unit' in l).map((l) => l.unit);
    expect(records).toHaveLength(1);
    expect(Object.keys(records[0])).toEqual(UNIT_AUDIT_KEYS);
    const fingerprint = `sha256:${createHash('sha256').update(PAYMENT.trimEnd()).digest('hex')}`;
    expect(records[0]).toMatchObject({ path: 'src/pay.ts', kind: 'type', name: 'Payment', status: 'dry-run', inputBytes: unit.inputBytes, inputDigest: unit.inputDigest });
    expect(records[0].declarations).toEqual([{ id: 'root', domain: 'src/pay.ts', name: 'Payment', fingerprint }]);
    expect(records[0].sources).toEqual(unit.sources);
    expect(records[0].projectionFingerprint).toBe(unit.input.inputContract.projectionFingerprint);
    expect(readFileSync(join(ws, envelope.data.auditLog), 'utf8')).not.toContain('orderId');
    expect(cairn(ws, ['replay', join(ws, envelope.data.auditLog)]).code).toBe(0);
  });

  test("the README's replay example: Money's node is measured with its fingerprint, Address stays unread", () => {
    const ws = readmeReviewWorkspace();
    const run = JSON.parse(cairn(ws, ['--json', 'review', '--file', 'src/payment.ts', '--line', '5']).stdout);
    const steps = cairn(ws, ['replay', join(ws, run.data.auditLog), '--steps']).stdout.replace(/elapsedMs=\d+/g, 'elapsedMs=N');
    expect(steps).toContain(
      'evidence-traversal#3 step 5: MEASURED node=src/money.ts#0 bytes=192 reserveBytes=0 elapsedMs=N\n' +
        '    -> edge from=src/payment.ts#0 ref=r1 relation=type depth=1 to=src/money.ts#0 status=expanded reason=null spent={"files":2,"readBytes":259,"treeBytes":922,"work":2,"targets":1} | references node=src/money.ts#0 depth=1\n',
    );
    expect(steps).toContain('replayed 4 machine run(s): identical to the recording');
    expect(run.data.units[0].omitted).toEqual([{ name: 'Address', relation: 'type', depth: 2, reason: 'privacy-excluded' }]);
  });

  test('rules list/show/validate and config show', () => {
    const ws = setup({
      'rules/bad.jsonc': '{\n  "version": 1,\n  "id": "team/x",\n  "title": "t",\n  "question": "q",\n  "criteria": ["c"],\n  "message": "m",\n  "inputs": [{ "languages": ["typescript"], "kind": "type", "requires": ["body"] }]\n}\n',
    });
    const list = cairn(ws, ['rules', 'list']);
    expect(list.stdout.match(/^on /gm)).toHaveLength(3);
    expect(cairn(ws, ['rules', 'show', 'cairn/impossible-field-combinations']).stdout).toContain('requires root-declaration, selected-source-type-closure');
    const invalid = cairn(ws, ['rules', 'validate', join(ws, 'rules/bad.jsonc')]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('rules/bad.jsonc:8:74: "body" is not a type requirement');
    const shown = JSON.parse(cairn(ws, ['--json', 'config', 'show']).stdout);
    expect(shown.data.origins.backend).toBe('default');
    expect(shown.data.limits.files).toBe(8);
  });
});
