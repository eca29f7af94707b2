import { createServer, type Server } from 'node:http';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { canonicalJson, fingerprint as fingerprintOf } from '../../review/canonical.js';
import { parseHookEvent } from '../../review/edits.js';
import { encodeInput } from '../../review/input.js';
import { cleanup, editEvent, review, workspace } from './helpers.js';

afterEach(cleanup);

const TYPE = 'export interface Payment {\n  orderId: string;\n  customerId: string;\n}\n';
const event = (ws: string) => parseHookEvent(editEvent(ws, 'src/pay.ts', TYPE.replace('  customerId: string;\n', ''), '  orderId: string;\n', '  orderId: string;\n  customerId: string;\n'));

/** A command backend: answers every asked rule with `probability`, and records the request it saw. */
function commandBackend(probability: number, extra = ''): string {
  return `import { readFileSync, writeFileSync, appendFileSync } from 'node:fs';
const request = JSON.parse(readFileSync(0, 'utf8'));
writeFileSync('request.json', JSON.stringify(request));
${extra}
process.stdout.write(JSON.stringify({ decisions: request.rules.map((r) => ({ ruleId: r.ruleId, probability: ${probability}, rationale: 'orderId and customerId are both bare strings' })) }));
`;
}

function config(backend: object): string {
  return JSON.stringify({ backend, rules: [{ id: 'cairn/absent-with-several-meanings', enabled: false }, { id: 'cairn/impossible-field-combinations', enabled: false }] });
}

describe('backends', () => {
  test('command: one request per unit, JSON on stdin; a probability above the threshold is a finding', async () => {
    const ws = workspace({ 'src/pay.ts': TYPE, 'backend.mjs': commandBackend(0.9), '.no-user-config/cairn/config.jsonc': config({ kind: 'command', command: [process.execPath, 'backend.mjs'] }) });
    const { result } = await review(ws, event(ws));
    expect(result.findings.map((f) => [f.ruleId, f.name, f.probability])).toEqual([['cairn/bare-primitives-for-domain-values', 'Payment', 0.9]]);
    const request = JSON.parse(readFileSync(join(ws, 'request.json'), 'utf8'));
    expect(request.version).toBe(1);
    expect(request.rules.map((r: { ruleId: string }) => r.ruleId)).toEqual(['cairn/bare-primitives-for-domain-values']);
    const fingerprint = `sha256:${createHash('sha256').update(TYPE.trimEnd()).digest('hex')}`;
    expect(request.input.artifact).toEqual({ kind: 'type', name: 'Payment', domain: 'src/pay.ts', source: TYPE.trimEnd(), fingerprint });
    expect(JSON.stringify(request)).not.toContain(ws);
    expect(result.coverage.map((c) => c.code)).toEqual(['finding']);
  });

  test('the body a backend receives is the canonical request, and the input in it is the exact bytes the limit checked', async () => {
    const money = "export type Cents = number & { readonly unit: '\u20ac cents \u{1F4B6}, never négatif' };\n";
    const pay = "import type { Cents } from './money';\nexport interface Payment {\n  orderId: string;\n  amount: Cents;\n}\n";
    const raw = "import { readFileSync, writeFileSync } from 'node:fs';\nconst body = readFileSync(0);\nwriteFileSync('request.bin', body);\nconst request = JSON.parse(body.toString('utf8'));\nprocess.stdout.write(JSON.stringify({ decisions: request.rules.map((r) => ({ ruleId: r.ruleId, probability: 0.1 })) }));\n";
    const ws = workspace({ 'src/money.ts': money, 'src/pay.ts': pay, 'backend.mjs': raw, '.no-user-config/cairn/config.jsonc': config({ kind: 'command', command: [process.execPath, 'backend.mjs'] }) });
    const parsed = parseHookEvent(editEvent(ws, 'src/pay.ts', pay.replace('  amount: Cents;\n', ''), '  orderId: string;\n', '  orderId: string;\n  amount: Cents;\n'));
    const { result } = await review(ws, parsed);
    const unit = result.units[0];
    expect(unit.status).toBe('clear');
    expect(unit.input!.evidence.nodes.map((n) => n.name)).toEqual(['Cents']);

    const body = readFileSync(join(ws, 'request.bin'));
    const received = JSON.parse(body.toString('utf8'));
    expect(body.toString('utf8')).toBe(canonicalJson(received));
    // The input's own encoding sits in the body unchanged: its size and digest are the ones the review recorded.
    const input = Buffer.from(canonicalJson(received.input), 'utf8');
    expect(body.includes(input)).toBe(true);
    expect(input.length).toBe(unit.inputBytes);
    expect(`sha256:${createHash('sha256').update(input).digest('hex')}`).toBe(unit.inputDigest);
    expect(input.toString('utf8')).toBe(encodeInput(unit.input!));
    expect(body.toString('utf8')).toContain('\u20ac cents \u{1F4B6}, never négatif'); // UTF-8 as written, not escaped
    // A backend can recompute the projection fingerprint from what it received.
    expect(fingerprintOf({ artifact: received.input.artifact, evidence: received.input.evidence })).toBe(received.input.inputContract.projectionFingerprint);
  });

  test('a probability equal to the threshold is not a finding (strictly greater)', async () => {
    const ws = workspace({ 'src/pay.ts': TYPE, 'backend.mjs': commandBackend(0.7), '.no-user-config/cairn/config.jsonc': config({ kind: 'command', command: [process.execPath, 'backend.mjs'] }) });
    const { result } = await review(ws, event(ws));
    expect(result.findings).toEqual([]);
    expect(result.units[0].status).toBe('clear');
  });

  test('a source changed while the backend thought is a stale result: advice suppressed', async () => {
    const touch = "appendFileSync('src/pay.ts', '// changed\\n');";
    const ws = workspace({ 'src/pay.ts': TYPE, 'backend.mjs': commandBackend(0.95, touch), '.no-user-config/cairn/config.jsonc': config({ kind: 'command', command: [process.execPath, 'backend.mjs'] }) });
    const { result } = await review(ws, event(ws));
    expect(result.findings).toEqual([]);
    expect(result.coverage.map((c) => c.code)).toEqual(['stale-result']);
    void appendFileSync;
  });

  test('command failures are coverage codes, never exceptions: exit status, bad JSON, timeout', async () => {
    const cases: Array<[string, string, number | undefined]> = [
      ['process.exit(3);', 'backend-error', undefined],
      ["process.stdout.write('not json');", 'backend-invalid-response', undefined],
      ["process.stdout.write(JSON.stringify({ decisions: [{ ruleId: 'cairn/bare-primitives-for-domain-values', probability: 7 }] }));", 'backend-invalid-response', undefined],
      ['setTimeout(() => {}, 10000);', 'backend-timeout', 300],
    ];
    for (const [script, code, timeoutMs] of cases) {
      const ws = workspace({ 'src/pay.ts': TYPE, 'backend.mjs': script, '.no-user-config/cairn/config.jsonc': config({ kind: 'command', command: [process.execPath, 'backend.mjs'], ...(timeoutMs ? { timeoutMs } : {}) }) });
      const { result } = await review(ws, event(ws));
      expect(result.coverage.map((c) => c.code)).toEqual([code]);
      expect(result.findings).toEqual([]);
    }
    const missing = workspace({ 'src/pay.ts': TYPE, '.no-user-config/cairn/config.jsonc': config({ kind: 'command', command: ['./no-such-program'] }) });
    expect((await review(missing, event(missing))).result.coverage.map((c) => c.code)).toEqual(['backend-error']);
  });

  test('http: POSTs the same request to a local server; failures and timeouts are coverage codes', async () => {
    const seen: unknown[] = [];
    let mode: 'answer' | 'fail' | 'hang' = 'answer';
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(body), canonical: body === canonicalJson(JSON.parse(body)) });
        if (mode === 'hang') return;
        if (mode === 'fail') {
          res.writeHead(503).end();
          return;
        }
        const request = JSON.parse(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ decisions: request.rules.map((r: { ruleId: string }) => ({ ruleId: r.ruleId, probability: 0.8, rationale: 'r' })) }));
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const port = (server.address() as { port: number }).port;
    try {
      const url = `http://127.0.0.1:${port}/review`;
      const ws = workspace({ 'src/pay.ts': TYPE, '.no-user-config/cairn/config.jsonc': config({ kind: 'http', url, timeoutMs: 10000 }) });
      const answered = await review(ws, event(ws));
      expect(answered.result.findings).toHaveLength(1);
      expect(seen[0]).toMatchObject({ method: 'POST', type: 'application/json', body: { version: 1 }, canonical: true });
      mode = 'fail';
      expect((await review(ws, event(ws))).result.coverage.map((c) => c.code)).toEqual(['backend-error']);
      mode = 'hang';
      writeFileSync(join(ws, '.no-user-config/cairn/config.jsonc'), config({ kind: 'http', url, timeoutMs: 300 }));
      expect((await review(ws, event(ws))).result.coverage.map((c) => c.code)).toEqual(['backend-timeout']);
      expect(seen).toHaveLength(3); // no automatic retries
    } finally {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    }
  });

  test('no rule with sufficient evidence means no backend request at all', async () => {
    const text = "import { Gone } from './gone';\nexport interface Q {\n  g: Gone;\n  n: number;\n}\n";
    const ws = workspace({
      'src/q.ts': text,
      'backend.mjs': commandBackend(0.9),
      '.no-user-config/cairn/config.jsonc': JSON.stringify({ backend: { kind: 'command', command: [process.execPath, 'backend.mjs'] }, rules: [{ id: 'cairn/bare-primitives-for-domain-values', enabled: false }] }),
    });
    const parsed = parseHookEvent(editEvent(ws, 'src/q.ts', text.replace('  n: number;\n', ''), '  g: Gone;\n', '  g: Gone;\n  n: number;\n'));
    const { result } = await review(ws, parsed);
    expect(result.coverage.map((c) => c.code)).toEqual(['incomplete-graph']);
    expect(() => readFileSync(join(ws, 'request.json'))).toThrow();
  });
  test("a repository's own .cairn.jsonc cannot choose a program to run", async () => {
    const ws = workspace({ 'src/pay.ts': TYPE, 'backend.mjs': commandBackend(0.9), '.cairn.jsonc': config({ kind: 'command', command: [process.execPath, 'backend.mjs'] }) });
    await expect(review(ws, event(ws))).rejects.toThrow(/may only choose "none" or "graph"/);
    expect(() => readFileSync(join(ws, 'request.json'))).toThrow();
  });
});
