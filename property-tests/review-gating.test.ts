// Properties of per-rule evidence gating and of the input limit, over random evidence
// trees, omissions and rule requirement sets. A review runs against a host that hands
// out the generated evidence and a real HTTP backend on this machine that records
// every body it receives and answers "clear" for every rule it can name, asked or not.
import { createServer, type Server } from 'node:http';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputArtifact, InputEdge, InputNode } from '../contracts/review-input.js';
import type { EdgeDecision } from '../machines/evidence-traversal.js';
import { DEFAULT_BUDGETS } from '../machines/evidence-traversal.js';
import type { ReviewDeclaration } from '../parsers/typescript/review-facts.js';
import { canonicalJson } from '../review/canonical.js';
import type { ConfiguredRule, ReviewConfig } from '../review/config.js';
import type { FileEdit, ParsedEvent } from '../review/edits.js';
import { declarationFingerprint } from '../review/input.js';
import { FUNCTION_REQUIREMENTS, TYPE_REQUIREMENTS, type Requirement } from '../review/rules.js';
import { runReview, type EvidenceSource, type ReviewHost } from '../review/run.js';

/** What each requirement needs, said once, independently of review/completeness.ts. */
const NEEDS: Record<Requirement, (e: { relation: 'type' | 'call'; depth: number }) => boolean> = {
  'root-declaration': () => false,
  signature: () => false,
  body: () => false,
  'resolved-outbound-types': (e) => e.relation === 'type' && e.depth === 1,
  'resolved-local-calls': (e) => e.relation === 'call' && e.depth === 1,
  'selected-source-type-closure': (e) => e.relation === 'type',
};

const OMISSION_REASONS = ['unresolved-binding', 'package-import', 'privacy-excluded', 'context-excluded', 'tree-limit', 'depth-limit', 'file-limit', 'analysis-deadline', 'declaration-merging'];
const BLOCKED_CODES = ['incomplete-graph', 'expansion-limit', 'analysis-deadline'];

interface Tree {
  kind: 'type' | 'function';
  source: string;
  nodes: Array<{ parent: number; relation: 'type' | 'call'; source: string }>;
  extra: Array<{ from: number; relation: 'type' | 'call'; status: 'omitted' | 'included'; reason: string; to: number }>;
}

const text = fc.string({ unit: 'binary', maxLength: 500 });
const relation = fc.constantFrom<'type' | 'call'>('type', 'call');
const tree: fc.Arbitrary<Tree> = fc.record({
  kind: fc.constantFrom<'type' | 'function'>('type', 'function'),
  source: text,
  nodes: fc.array(fc.record({ parent: fc.nat(), relation, source: text }), { maxLength: 6 }),
  extra: fc.array(fc.record({ from: fc.nat(), relation, status: fc.constantFrom<'omitted' | 'included'>('omitted', 'omitted', 'included'), reason: fc.constantFrom(...OMISSION_REASONS), to: fc.nat() }), { maxLength: 5 }),
});

const ruleSet = fc.array(
  fc.record({
    typeRequires: fc.subarray([...TYPE_REQUIREMENTS]),
    functionRequires: fc.subarray([...FUNCTION_REQUIREMENTS]),
    threshold: fc.constantFrom(0.5, 0.7),
  }),
  { minLength: 1, maxLength: 4 },
);

/** The evidence a traversal could have produced for one root: nodes under a spanning tree, then omitted and repeated edges. */
function evidenceOf(path: string, name: string, t: Tree) {
  const artifact: InputArtifact = { kind: t.kind, name, domain: path, source: t.source, fingerprint: declarationFingerprint(t.source) };
  const depthOf = [0]; // by node index, the root first
  const idOf = (i: number) => (i === 0 ? 'root' : `n${i}`);
  const nodes: InputNode[] = [];
  const edges: InputEdge[] = [];
  const decisions: EdgeDecision[] = [];
  t.nodes.forEach((n, i) => {
    const parent = n.parent % (i + 1);
    const depth = depthOf[parent] + 1;
    depthOf.push(depth);
    const id = idOf(i + 1);
    nodes.push({ id, kind: n.relation === 'type' ? 'interface' : 'function', name: `N${i + 1}`, domain: `src/n${i + 1}.ts`, source: n.source, fingerprint: declarationFingerprint(n.source) });
    edges.push({ from: idOf(parent), to: id, relation: n.relation, status: 'expanded', reason: null, name: `N${i + 1}` });
    decisions.push({ from: idOf(parent), ref: `r${decisions.length + 1}`, relation: n.relation, depth, to: id, status: 'expanded', reason: null });
  });
  for (const x of t.extra) {
    const from = x.from % depthOf.length;
    const omitted = x.status === 'omitted';
    const to = omitted ? null : idOf(x.to % depthOf.length);
    edges.push({ from: idOf(from), to, relation: x.relation, status: x.status, reason: omitted ? x.reason : null, name: `X${edges.length}` });
    decisions.push({ from: idOf(from), ref: `r${decisions.length + 1}`, relation: x.relation, depth: depthOf[from] + 1, to, status: x.status, reason: omitted ? x.reason : null });
  }
  return { artifact, nodes, edges, decisions };
}

function configured(rules: Array<{ typeRequires: Requirement[]; functionRequires: Requirement[]; threshold: number }>, url: string): ReviewConfig {
  const configuredRules: ConfiguredRule[] = rules.map((r, i) => ({
    rule: {
      id: `prop/rule-${i}`,
      title: `rule ${i}`,
      question: 'q',
      criteria: ['c'],
      message: 'm',
      threshold: r.threshold,
      inputs: [
        { languages: ['typescript'], kind: 'type', requires: r.typeRequires },
        { languages: ['typescript'], kind: 'function', requires: r.functionRequires },
      ],
      origin: 'property',
      digest: String(i),
    },
    settings: { enabled: true, languages: null, includes: null, excludes: [], threshold: null, message: null },
  }));
  return {
    includes: ['**'],
    excludes: [],
    contextIncludes: null,
    contextExcludes: null,
    privacyExcludes: [],
    languages: ['typescript'],
    rules: configuredRules,
    limits: DEFAULT_BUDGETS,
    backend: { kind: 'http', url, timeoutMs: 10_000 },
    origins: {},
    files: [],
  };
}

/** A host and evidence source over generated evidence: one file per root, every capture and freshness check succeeds. */
function hostFor(roots: Array<{ path: string; name: string; tree: Tree }>, treeBytes: number): { host: ReviewHost; evidence: EvidenceSource } {
  const host = {
    workspace: '/generated',
    policy: { checkRoot: () => ({ allowed: true, reason: null }), checkContext: () => ({ allowed: true, reason: null }) },
    budgets: { treeBytes },
    capture: async (path: string) => ({ ok: true, snapshot: { text: `// ${path}\n`, digest: `sha256:${path}`, bytes: path.length + 4 } }),
    fresh: async () => true,
  } as unknown as ReviewHost;
  const evidence: EvidenceSource = {
    selectRoots: async (_host, path) => {
      const r = roots.find((x) => x.path === path)!;
      const root: ReviewDeclaration = { index: 0, name: r.name, kind: r.tree.kind === 'type' ? 'interface' : 'function', rootKind: r.tree.kind, ineligible: null, exported: true, start: 0, end: 1, startLine: 1, endLine: 1 };
      return { roots: [root], skipped: [] };
    },
    traverse: async (_host, path) => {
      const r = roots.find((x) => x.path === path)!;
      const evidence = evidenceOf(path, r.name, r.tree);
      return { ...evidence, sources: [{ path, digest: `sha256:${path}` }], spent: { files: 1, readBytes: 0, treeBytes: 0, work: 0, targets: 0 } };
    },
  };
  return { host, evidence };
}

const edit = (path: string): FileEdit => ({ path, change: 'update', replaced: '', verify: () => ({ ok: true, spans: [{ start: 0, end: 1 }], ambiguous: 0 }) });

let server: Server;
let url = '';
const received: string[] = [];
const seen = { overLimit: 0, sent: 0, blocked: 0, incompleteIrrelevant: 0, complete: 0 };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(body);
      // "Clear" for every rule there could be, asked or not: an answer about a rule that did not run must count for nothing.
      const decisions = Array.from({ length: 4 }, (_, i) => ({ ruleId: `prop/rule-${i}`, probability: 0, rationale: 'nothing to say' }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ decisions }));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/review`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
});

describe('per-rule gating and the input limit', () => {
  test.prop([fc.array(tree, { minLength: 1, maxLength: 2 }), ruleSet, fc.integer({ min: 400, max: 5000 })], { numRuns: 80 })(
    'a rule missing needed evidence never runs nor counts as clear; incomplete-irrelevant only when every omission is outside its needs; an input over the limit is never sent',
    async (trees, rules, treeBytes) => {
      const roots = trees.map((t, i) => ({ path: `src/root${i}.ts`, name: `Root${i}`, tree: t }));
      const parsed: ParsedEvent = { host: null, edits: roots.map((r) => edit(r.path)), skipped: [] };
      received.length = 0;
      const { host, evidence } = hostFor(roots, treeBytes);
      const result = await runReview(parsed, configured(rules, url), host, { dryRun: false, keepInputs: true, evidence });

      const bodies = received.map((b) => ({ raw: b, request: JSON.parse(b) }));
      for (const { raw, request } of bodies) {
        // What was sent is canonical, and its input within the limit.
        expect(raw).toBe(canonicalJson(request));
        expect(Buffer.byteLength(canonicalJson(request.input), 'utf8')).toBeLessThanOrEqual(treeBytes);
      }

      expect(result.units).toHaveLength(roots.length);
      for (const unit of result.units) {
        const t = roots.find((r) => r.name === unit.name)!.tree;
        const { decisions } = evidenceOf(unit.path, unit.name, t);
        const omitted = decisions.filter((d) => d.status === 'omitted');
        const sentFor = bodies.filter((b) => b.request.input.artifact.name === unit.name);
        expect(sentFor.length).toBeLessThanOrEqual(1);
        const asked: string[] = sentFor.flatMap((b) => b.request.rules.map((r: { ruleId: string }) => r.ruleId));

        let anyRuns = false;
        rules.forEach((r, i) => {
          const ruleId = `prop/rule-${i}`;
          const requires = unit.kind === 'type' ? r.typeRequires : r.functionRequires;
          const needed = omitted.filter((d) => requires.some((q) => NEEDS[q](d)));
          const outcome = unit.rules.find((o) => o.ruleId === ruleId)!;
          if (needed.length > 0) {
            seen.blocked++;
            expect(outcome.runs).toBe(false);
            expect(outcome.completeness).toBeNull();
            expect(outcome.blockedBy).not.toBeNull();
            expect(asked).not.toContain(ruleId);
            expect(unit.decisions.map((d) => d.ruleId)).not.toContain(ruleId);
          } else {
            anyRuns = true;
            expect(outcome.runs).toBe(true);
            expect(outcome.completeness).toBe(omitted.length > 0 ? 'incomplete-irrelevant' : 'complete');
            if (outcome.completeness === 'incomplete-irrelevant') seen.incompleteIrrelevant++;
            else seen.complete++;
          }
        });
        // The contract block says the same as the rules that run.
        if (unit.input) expect(unit.input.inputContract.completeness).toBe(omitted.length > 0 ? 'incomplete-irrelevant' : 'complete');

        if (!anyRuns) {
          // Nothing may run: no request, and never a clear result.
          expect(unit.status).toBe('skipped');
          expect(BLOCKED_CODES).toContain(unit.code);
          expect(sentFor).toHaveLength(0);
          continue;
        }
        expect(unit.inputBytes).not.toBeNull();
        if (unit.inputBytes! > treeBytes) {
          seen.overLimit++;
          expect(unit).toMatchObject({ status: 'skipped', code: 'input-limit' });
          expect(sentFor).toHaveLength(0);
        } else {
          seen.sent++;
          expect(sentFor).toHaveLength(1);
          expect(Buffer.byteLength(canonicalJson(sentFor[0].request.input), 'utf8')).toBe(unit.inputBytes);
          expect(unit.status).toBe('clear');
          expect(new Set(asked)).toEqual(new Set(unit.rules.filter((o) => o.runs).map((o) => o.ruleId)));
        }
      }
    },
  );

  it('the random cases reached every branch: blocked rules, both completeness states, inputs sent and inputs over the limit', () => {
    expect(seen.blocked).toBeGreaterThan(0);
    expect(seen.complete).toBeGreaterThan(0);
    expect(seen.incompleteIrrelevant).toBeGreaterThan(0);
    expect(seen.sent).toBeGreaterThan(0);
    expect(seen.overLimit).toBeGreaterThan(0);
  });
});
