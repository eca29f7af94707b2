// Drift test of the review input v1: what the renderer really builds has exactly the
// keys contracts/review-input.ts lists, and the renderer's version and digest are
// pinned here, so a change of wire shape fails until both are bumped on purpose.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { REVIEW_INPUT_KEYS } from '../../contracts/review-input.js';
import { parseHookEvent } from '../../review/edits.js';
import { RENDERER_DIGEST, RENDERER_VERSION } from '../../review/input.js';
import { cleanup, editEvent, review, workspace } from '../review/helpers.js';

afterEach(cleanup);

const MONEY = "// Money, in the smallest unit of its currency (€, ¥).\nexport type Cents = number;\nexport interface Price {\n  amount: Cents;\n  currency: '€' | '¥';\n}\n";
const PAYMENT = "import type { Price } from './money';\nimport type { Gone } from './gone';\nexport interface Payment {\n  orderId: string;\n  price: Price;\n  legacy: Gone;\n}\n";

async function rendered() {
  const ws = workspace({ 'src/money.ts': MONEY, 'src/pay.ts': PAYMENT, '.no-user-config/cairn/config.jsonc': JSON.stringify({ rules: [{ id: 'cairn/impossible-field-combinations', enabled: false }] }) });
  const parsed = parseHookEvent(editEvent(ws, 'src/pay.ts', PAYMENT.replace('  orderId: string;\n', ''), '  price: Price;\n', '  orderId: string;\n  price: Price;\n'));
  const { result } = await review(ws, parsed, { dryRun: true });
  return { ws, unit: result.units[0] };
}

describe('review input v1 drift', () => {
  test('the renderer version and digest are the pinned ones', () => {
    expect([RENDERER_VERSION, RENDERER_DIGEST]).toEqual(['cairn-review-input/2', 'sha256:4a44cdb9f3d1f5147643734f0b98fb49173a05f83c83cbe72f1192ffd2716830']);
  });

  test('a rendered input has exactly the contract keys at every level, in order', async () => {
    const { unit } = await rendered();
    const input = unit.input!;
    expect(input.evidence.nodes.length).toBeGreaterThan(0);
    expect(input.evidence.edges.some((e) => e.status === 'omitted')).toBe(true);
    expect(Object.keys(input)).toEqual(REVIEW_INPUT_KEYS.input);
    expect(Object.keys(input.artifact)).toEqual(REVIEW_INPUT_KEYS.artifact);
    expect(Object.keys(input.evidence)).toEqual(REVIEW_INPUT_KEYS.evidence);
    for (const node of input.evidence.nodes) expect(Object.keys(node)).toEqual(REVIEW_INPUT_KEYS.node);
    for (const edge of input.evidence.edges) expect(Object.keys(edge)).toEqual(REVIEW_INPUT_KEYS.edge);
    expect(Object.keys(input.inputContract)).toEqual(REVIEW_INPUT_KEYS.inputContract);
    expect(Object.keys(input.inputContract.renderer)).toEqual(REVIEW_INPUT_KEYS.renderer);
    expect(input.inputContract.renderer).toEqual({ version: RENDERER_VERSION, digest: RENDERER_DIGEST });
  });

  test('every declaration carries the fingerprint of its exact bytes in the captured file, and the unit lists them', async () => {
    const { ws, unit } = await rendered();
    const input = unit.input!;
    const sha = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    const records = [{ id: 'root', ...input.artifact }, ...input.evidence.nodes];
    for (const record of records) {
      const file = readFileSync(join(ws, record.domain));
      const bytes = Buffer.from(record.source, 'utf8');
      const at = file.indexOf(bytes);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(record.fingerprint).toBe(sha(file.subarray(at, at + bytes.length)));
    }
    expect(input.evidence.nodes.map((n) => n.name)).toEqual(['Price', 'Cents']);
    expect(unit.declarations).toEqual(records.map((r) => ({ id: r.id, domain: r.domain, name: r.name, fingerprint: r.fingerprint })));
    // Beside the per-file digests, which cover every contributing file.
    expect(unit.sources.map((s) => s.path)).toEqual(['src/pay.ts', 'src/money.ts']);
    expect(unit.sources[1].digest).toBe(sha(readFileSync(join(ws, 'src/money.ts'))));
  });
});
