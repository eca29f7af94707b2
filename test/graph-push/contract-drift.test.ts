// Drift: cairn's GraphPush shapes against the contract's Go structs, and the
// producer's real output against those shapes.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphPushSchema, WIRE_EXTENSIONS, WIRE_SCHEMAS, type GraphPush } from '../../contracts/graph-push.js';
import { cairn, REPO } from '../helpers/cli.js';
import { makeGraphFixture } from '../helpers/graph-fixture.js';
import type { Fixture } from '../helpers/fixture.js';
import { goStructs } from './go-structs.js';
import { schemaTables } from './zod-fields.js';

const here = dirname(fileURLToPath(import.meta.url));
const tables = schemaTables();
const copy = goStructs(readFileSync(join(here, 'contract-structs.go.txt'), 'utf8'));
const specPath = join(REPO, '..', 'shared', 'specs', 'graph-wire-contract.md');

describe('the contract copy', () => {
  it.runIf(existsSync(specPath))('matches the structs the spec states (its last declaration of each)', () => {
    const spec = goStructs(readFileSync(specPath, 'utf8'));
    for (const name of Object.keys(copy)) expect(spec[name], name).toEqual(copy[name]);
  });
});

describe('the Go program of the interop suite (test/interop/go)', () => {
  const blocks = (text: string) =>
    new Map([...text.matchAll(/type (\w+) struct \{([\s\S]*?)\n\}/g)].map((m) => [m[1]!, m[2]!.replace(/\/\/.*$/gm, '').trim().split(/\s+/).join(' ')]));
  const program = blocks(readFileSync(join(REPO, 'test', 'interop', 'go', 'contract.go'), 'utf8'));
  it.each([...blocks(readFileSync(join(here, 'contract-structs.go.txt'), 'utf8'))])('declares %s verbatim', (name, body) => {
    expect(program.get(name)).toBe(body);
  });
});

describe('cairn wire shapes', () => {
  it.each(Object.keys(copy))('%s has exactly the contract fields, types and omitempty', (name) => {
    const ours = { ...tables[name] };
    for (const extra of WIRE_EXTENSIONS[name] ?? []) delete ours[extra];
    expect(ours).toEqual(copy[name]);
  });
});

describe('nil slices', () => {
  // A Go slice or map without omitempty marshals as null when nil: the schema must take it.
  const nilable = Object.entries(copy).flatMap(([struct, fields]) =>
    Object.entries(fields)
      .filter(([, type]) => !type.endsWith('?') && (type.endsWith('[]') || type === 'map'))
      .map(([field]) => [struct, field] as const),
  );
  it.each(nilable)('%s.%s takes null as empty', (struct, field) => {
    const schema = WIRE_SCHEMAS[struct as keyof typeof WIRE_SCHEMAS] as unknown as { shape: Record<string, z.ZodType> };
    const read = schema.shape[field]!.safeParse(null);
    // `files` may not be empty, so its null is refused, but as empty, not as the wrong type.
    if (read.success) expect(read.data).toEqual([]);
    else expect(read.error.issues.map((i) => i.message)).toEqual(['is empty: a push lists the files whose rows it replaces']);
  });
  it('covers the slices the contract leaves without omitempty', () => {
    expect(nilable.map(([s, f]) => `${s}.${f}`).sort()).toEqual(['BulkMemoriesRequest.items', 'GraphPush.edges', 'GraphPush.entities', 'GraphPush.files', 'Hyperedge.members']);
  });
});

describe('the producer', () => {
  let fixture: Fixture;
  let push: GraphPush;
  beforeAll(() => {
    fixture = makeGraphFixture();
    expect(cairn(['init'], { cwd: fixture.root }).code).toBe(0);
    const run = cairn(['export', '--format', 'graph-push'], { cwd: fixture.root });
    expect(run.code, run.stderr).toBe(0);
    push = JSON.parse(run.stdout) as GraphPush;
  });
  afterAll(() => fixture.remove());

  function conforms(struct: string, value: Record<string, unknown>, where: string): void {
    const table = tables[struct]!;
    for (const key of Object.keys(value)) expect(table, `${where}: unknown field ${key}`).toHaveProperty(key);
    for (const [key, type] of Object.entries(table)) {
      const optional = type.endsWith('?');
      const base = optional ? type.slice(0, -1) : type;
      const v = value[key];
      if (v === undefined) {
        expect(optional, `${where}.${key} is required`).toBe(true);
        continue;
      }
      if (base === 'string') expect(typeof v, `${where}.${key}`).toBe('string');
      else if (base === 'int') expect(Number.isInteger(v), `${where}.${key}`).toBe(true);
      else if (base === 'float') expect(typeof v, `${where}.${key}`).toBe('number');
      else if (base === 'map') for (const x of Object.values(v as object)) expect(typeof x, `${where}.${key}`).toBe('string');
      else if (base === 'string[]') for (const x of v as unknown[]) expect(typeof x, `${where}.${key}`).toBe('string');
      else if (base.endsWith('[]')) (v as Record<string, unknown>[]).forEach((row, i) => conforms(base.slice(0, -2), row, `${where}.${key}[${i}]`));
    }
  }

  it('writes one GraphPush whose every row has the contract shape', () => {
    conforms('GraphPush', push as unknown as Record<string, unknown>, 'push');
    // The schema the server validates with: vocabularies, bounds, ownership.
    const parsed = GraphPushSchema.safeParse(push);
    expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
    expect(push.extractor).toBe('ast');
    expect(push.entities.length).toBeGreaterThanOrEqual(8);
    expect(push.edges.length).toBeGreaterThanOrEqual(8);
    expect(push.hyperedges!.length).toBeGreaterThan(0);
  });

  it('gives every edge an explicit confidence, tiered as the contract maps it', () => {
    for (const e of push.edges) {
      expect(typeof e.confidence_score).toBe('number');
      const s = e.confidence_score!;
      expect(e.confidence_tier).toBe(s >= 1 ? 'EXTRACTED' : s > 0.3 ? 'INFERRED' : 'AMBIGUOUS');
    }
    const unresolved = push.edges.filter((e) => e.to.startsWith('unresolved:'));
    expect(unresolved.length).toBeGreaterThan(0);
    for (const e of unresolved) {
      expect(e).toMatchObject({ confidence_score: 0, confidence_tier: 'AMBIGUOUS' });
      expect(e.properties?.specifier).toBe(e.to.slice('unresolved:'.length));
    }
  });

  it('lists every row file in files, scopes ids by the repo and gives RFC 3339 capture times', () => {
    const files = new Set(push.files);
    for (const e of push.entities) {
      expect(files.has(e.file_path)).toBe(true);
      expect(e.id.startsWith(`${push.repo}::`)).toBe(true);
      expect(new Date(e.captured_at!).toISOString()).toBe(e.captured_at);
      expect(e.line_start).toBeGreaterThan(0);
    }
    for (const e of push.edges) expect(files.has(e.src_file)).toBe(true);
    for (const h of push.hyperedges!) {
      expect(files.has(h.src_file)).toBe(true);
      expect(h.members.length).toBeGreaterThanOrEqual(3);
    }
    expect(Object.keys(push.file_shas!).sort()).toEqual([...push.files].sort());
  });

  it('takes the repo label from the origin remote, or --repo', () => {
    expect(push.repo).toBe('acme/shop');
    const run = cairn(['export', '--format', 'graph-push', '--repo', 'team/other'], { cwd: fixture.root });
    expect(JSON.parse(run.stdout).repo).toBe('team/other');
    const bad = cairn(['export', '--format', 'graph-push', '--repo', 'a::b'], { cwd: fixture.root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('may not contain "::"');
  });
});
