// Properties of the budgeted evidence traversal over random reference graphs,
// budgets and path selections, driven exactly as the interpreter drives it.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { AuditRecorder, replay } from '../machines/audit.js';
import { drive } from '../workers/interpreter.js';
import { evidenceTraversalMachine, type ReferenceFact, type TraversalBudgets, type TraversalOutput } from '../machines/evidence-traversal.js';

interface World {
  /** files[f] = declarations of file f; each declaration lists its references. */
  files: Array<{ size: number; decls: Array<{ bytes: number; refs: Array<{ kind: 'decl' | 'omitted'; file: number; decl: number; relation: 'type' | 'call' }> }> }>;
  excluded: boolean[];
  budgets: TraversalBudgets;
  /** Clock ticks per event, to exercise the deadline. */
  tick: number;
}

const world = fc
  .integer({ min: 1, max: 7 })
  .chain((nFiles) =>
    fc.record({
      files: fc.array(
        fc.record({
          size: fc.integer({ min: 1, max: 4096 }),
          decls: fc.array(
            fc.record({
              bytes: fc.integer({ min: 20, max: 900 }),
              refs: fc.array(
                fc.record({
                  kind: fc.constantFrom<'decl' | 'omitted'>('decl', 'decl', 'decl', 'omitted'),
                  file: fc.integer({ min: 0, max: nFiles - 1 }),
                  decl: fc.integer({ min: 0, max: 3 }),
                  relation: fc.constantFrom<'type' | 'call'>('type', 'call'),
                }),
                { maxLength: 5 },
              ),
            }),
            { minLength: 1, maxLength: 4 },
          ),
        }),
        { minLength: nFiles, maxLength: nFiles },
      ),
      excluded: fc.array(fc.boolean(), { minLength: nFiles, maxLength: nFiles }),
      budgets: fc.record({
        files: fc.integer({ min: 1, max: 8 }),
        treeBytes: fc.integer({ min: 1200, max: 20480 }),
        depth: fc.integer({ min: 1, max: 4 }),
        targets: fc.integer({ min: 1, max: 16 }),
        readBytes: fc.integer({ min: 4096, max: 40000 }),
        workUnits: fc.integer({ min: 1, max: 128 }),
        deadlineMs: fc.integer({ min: 1, max: 5000 }),
        fileBytes: fc.constant(4096),
      }),
      tick: fc.integer({ min: 0, max: 50 }),
    }),
  );

const key = (file: number, decl: number) => `f${file}.ts#${decl}`;
const path = (file: number) => `f${file}.ts`;

async function run(w: World) {
  const log: Array<{ op: 'check' | 'read'; path: string; allowed?: boolean }> = [];
  const emitted: string[] = [];
  const recorder = new AuditRecorder();
  let clock = 0;
  let events = 0;
  const refsOf = (k: string) => {
    const [f, d] = k.slice(1).split('.ts#').map(Number);
    return w.files[f].decls[d].refs.length;
  };
  const bytesOf = (k: string) => {
    const [f, d] = k.slice(1).split('.ts#').map(Number);
    return w.files[f].decls[d].bytes;
  };
  const output = await drive<TraversalOutput>(
    evidenceTraversalMachine,
    'evidence-traversal',
    { root: key(0, 0), rootFile: path(0), rootFileBytes: w.files[0].size, rootBytes: 400, budgets: w.budgets },
    (c) => {
      if (++events > 5000) throw new Error('no termination');
      clock += w.tick;
      switch (c.kind) {
        case 'references': {
          const [f, d] = (c.node as string).slice(1).split('.ts#').map(Number);
          const refs: ReferenceFact[] = w.files[f].decls[d].refs.map((r, i) => {
            const ref = `${c.node}/r${i}`;
            emitted.push(ref);
            const targetFile = r.file;
            const targetDecl = r.decl % w.files[targetFile].decls.length;
            if (r.kind === 'omitted') return { ref, relation: r.relation, target: { kind: 'omitted', reason: 'unresolved-binding' }, edgeBytes: 90, omittedEdgeBytes: 120 };
            if (targetFile === f) return { ref, relation: r.relation, target: { kind: 'decl', key: key(f, targetDecl), path: path(f) }, edgeBytes: 90, omittedEdgeBytes: 120 };
            return { ref, relation: r.relation, target: { kind: 'module', path: path(targetFile), name: `D${targetDecl}` }, edgeBytes: 90, omittedEdgeBytes: 120 };
          });
          return { type: 'REFERENCES', node: c.node as string, refs, elapsedMs: clock };
        }
        case 'check-path': {
          const f = Number((c.path as string).slice(1, -3));
          log.push({ op: 'check', path: c.path as string, allowed: !w.excluded[f] });
          return { type: 'PATH_CHECKED', path: c.path as string, allowed: !w.excluded[f], reason: w.excluded[f] ? 'context-excluded' : null, elapsedMs: clock };
        }
        case 'capture': {
          const f = Number((c.path as string).slice(1, -3));
          log.push({ op: 'read', path: c.path as string });
          return { type: 'CAPTURED', path: c.path as string, outcome: 'captured', bytes: w.files[f].size, elapsedMs: clock };
        }
        case 'resolve-export': {
          const f = Number((c.path as string).slice(1, -3));
          const d = Number((c.name as string).slice(1));
          return { type: 'EXPORT_RESOLVED', target: { kind: 'decl', key: key(f, d), path: c.path as string }, elapsedMs: clock };
        }
        case 'measure':
          // The node's own edges, at most (every stub edge is at most 120 bytes omitted).
          return { type: 'MEASURED', node: c.node as string, bytes: bytesOf(c.node as string), reserveBytes: refsOf(c.node as string) * 120, elapsedMs: clock };
        default:
          return null;
      }
    },
    recorder,
  );
  return { output, log, emitted, recorder };
}

describe('evidence traversal properties', () => {
  test.prop([world], { numRuns: 150 })('no read before its path check, and no excluded path is ever read', async (w) => {
    const { log } = await run(w);
    log.forEach((entry, i) => {
      if (entry.op !== 'read') return;
      const check = log.slice(0, i).reverse().find((e) => e.op === 'check' && e.path === entry.path);
      expect(check?.allowed).toBe(true);
    });
  });

  test.prop([world], { numRuns: 150 })('no budget is exceeded and the tree stays within its limit', async (w) => {
    const { output } = await run(w);
    expect(output.spent.files).toBeLessThanOrEqual(Math.max(1, w.budgets.files));
    expect(output.spent.readBytes).toBeLessThanOrEqual(w.files[0].size + Math.max(0, w.budgets.readBytes - w.files[0].size));
    expect(output.spent.readBytes).toBeLessThanOrEqual(Math.max(w.budgets.readBytes, w.files[0].size));
    expect(output.spent.treeBytes).toBeLessThanOrEqual(w.budgets.treeBytes);
    expect(output.spent.work).toBeLessThanOrEqual(w.budgets.workUnits);
    expect(output.spent.targets).toBeLessThanOrEqual(w.budgets.targets);
    for (const n of output.nodes) expect(n.depth).toBeLessThanOrEqual(w.budgets.depth);
  });

  test.prop([world], { numRuns: 150 })('every reference gets exactly one recorded decision; omissions carry a reason', async (w) => {
    const { output, emitted } = await run(w);
    expect(output.edges.map((e) => e.ref).sort()).toEqual([...emitted].sort());
    for (const e of output.edges) {
      if (e.status === 'omitted') expect(e.reason).toBeTruthy();
      else expect(e.to).toBeTruthy();
    }
    const expandedTargets = output.edges.filter((e) => e.status === 'expanded').map((e) => e.to);
    expect(new Set(expandedTargets).size).toBe(expandedTargets.length); // a target is expanded at most once (cycles terminate)
  });

  test.prop([world], { numRuns: 100 })('identical input gives identical output, and replay equals the live run', async (w) => {
    const first = await run(w);
    const second = await run(w);
    expect(second.output).toEqual(first.output);
    expect(second.recorder.lines).toEqual(first.recorder.lines);
    expect(replay(first.recorder.lines).divergences).toEqual([]);
  });
});
