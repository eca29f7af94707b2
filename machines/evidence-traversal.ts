// The evidence traversal machine: breadth-first over a root's outbound references,
// in the source order the adapter reports them, under explicit budgets. It decides
// which edge is next, when a path may be read, when a budget is spent, and records
// every edge as expanded (first visit), included (later visit or back-edge) or
// omitted with a reason. It reads nothing itself: it asks for references, path
// checks, captures, export resolution and contribution sizes, and consumes the
// answers (ids, paths, counters) as events. Elapsed time arrives in events too,
// so a replay decides the deadline exactly as the live run did.
import { assign, setup } from 'xstate';

export interface TraversalBudgets {
  /** Distinct files read, the root's file included. */
  files: number;
  /** Canonical bytes of the accepted evidence tree (root, nodes, edges). */
  treeBytes: number;
  /** Reference edges in a path from the root. */
  depth: number;
  /** Distinct outbound targets per root. */
  targets: number;
  /** Total bytes read, reserved at the per-file ceiling before each read. */
  readBytes: number;
  /** Edges and re-export hops examined. */
  workUnits: number;
  deadlineMs: number;
  /** Per-file capture ceiling: what a read reserves. A language's own ceiling may be lower (parsers/review/profiles.ts: 256 KiB, 2 MiB for Python and Go). */
  fileBytes: number;
}

export const DEFAULT_BUDGETS: TraversalBudgets = {
  files: 8,
  treeBytes: 20 * 1024,
  depth: 4,
  targets: 16,
  readBytes: 12 * 1024 * 1024,
  workUnits: 128,
  deadlineMs: 5000,
  fileBytes: 2 * 1024 * 1024,
};

export type { ReferenceTarget } from '../contracts/review-binding.js';
import type { ReferenceTarget } from '../contracts/review-binding.js';

export interface ReferenceFact {
  /** Reference id, unique within the run (e.g. `r12`). */
  ref: string;
  relation: 'type' | 'call';
  target: ReferenceTarget;
  /** Canonical bytes of this edge's record in the evidence tree. */
  edgeBytes: number;
  /**
   * Canonical bytes of the same record when the edge is omitted (its reason in place of
   * null), at most: an omitted edge is rendered too, so it spends tree bytes like any other.
   */
  omittedEdgeBytes: number;
}

export type EdgeStatus = 'expanded' | 'included' | 'omitted';

export interface EdgeDecision {
  from: string;
  ref: string;
  relation: 'type' | 'call';
  /** Depth of the edge: 1 for references of the root. */
  depth: number;
  to: string | null;
  status: EdgeStatus;
  reason: string | null;
}

export interface TraversalInput {
  root: string;
  rootFile: string;
  rootFileBytes: number;
  /** Canonical bytes of the root artifact and the fixed metadata. */
  rootBytes: number;
  budgets: TraversalBudgets;
}

export interface Spent {
  files: number;
  readBytes: number;
  treeBytes: number;
  work: number;
  targets: number;
}

export type TraversalCommand =
  | { kind: 'references'; node: string; depth: number }
  | { kind: 'check-path'; path: string }
  | { kind: 'capture'; path: string; reserveBytes: number }
  | { kind: 'resolve-export'; path: string; name: string; relation: 'type' | 'call' }
  | { kind: 'measure'; node: string }
  | ({ kind: 'edge' } & EdgeDecision & { spent: Spent })
  | { kind: 'done'; nodes: number; edges: number; omitted: number; spent: Spent };

/**
 * Files the language's binding read to answer (module authority: manifests, module
 * ancestors, configuration); they count toward the file and read budgets like captures.
 */
export interface AuthorityRead {
  path: string;
  bytes: number;
}

export type TraversalEvent =
  | { type: 'REFERENCES'; node: string; refs: ReferenceFact[]; elapsedMs: number; authority?: AuthorityRead[] }
  | { type: 'PATH_CHECKED'; path: string; allowed: boolean; reason: string | null; elapsedMs: number }
  | { type: 'CAPTURED'; path: string; outcome: string; bytes: number; elapsedMs: number }
  | { type: 'EXPORT_RESOLVED'; target: ReferenceTarget; elapsedMs: number; authority?: AuthorityRead[] }
  /** `reserveBytes`: what the node's own edges will take at most once it is expanded (they are rendered whatever becomes of them). */
  | { type: 'MEASURED'; node: string; bytes: number; reserveBytes?: number; elapsedMs: number };

interface Pending {
  from: string;
  depth: number;
  fact: ReferenceFact;
}

interface Current extends Pending {
  target: ReferenceTarget;
  hops: number;
  /** Other `export *` sources still to try for the name being resolved. */
  alternatives: Array<{ path: string; name: string }>;
}

export interface TraversalContext {
  root: string;
  budgets: TraversalBudgets;
  queue: Pending[];
  current: Current | null;
  visited: string[];
  nodes: Array<{ key: string; depth: number }>;
  edges: EdgeDecision[];
  files: string[];
  readBytes: number;
  treeBytes: number;
  work: number;
  targets: string[];
  elapsedMs: number;
}

export interface TraversalOutput {
  nodes: Array<{ key: string; depth: number }>;
  edges: EdgeDecision[];
  files: string[];
  spent: Spent;
}

/** Longest re-export chain followed for one reference. */
export const MAX_REEXPORT_HOPS = 8;

const spentOf = (c: TraversalContext): Spent => ({
  files: c.files.length,
  readBytes: c.readBytes,
  treeBytes: c.treeBytes,
  work: c.work,
  targets: c.targets.length,
});

const targetId = (t: ReferenceTarget, ref: string): string =>
  t.kind === 'decl' ? `d:${t.key}` : t.kind === 'module' ? `m:${t.path}:${t.name}` : `o:${ref}`;

/** Announces the edge just decided, with the budgets spent so far (the replay timeline). */
const emitLastEdge = {
  type: 'command',
  params: ({ context }: { context: TraversalContext }): TraversalCommand => ({ kind: 'edge', ...context.edges[context.edges.length - 1], spent: spentOf(context) }),
} as const;

const head = (c: TraversalContext): Pending | undefined => c.queue[0];

/** The file and read counters after authority reads (each file counted once). */
function withAuthority(c: TraversalContext, reads: AuthorityRead[] | undefined): Pick<TraversalContext, 'files' | 'readBytes'> {
  let { files, readBytes } = c;
  for (const read of reads ?? []) {
    if (files.includes(read.path)) continue;
    files = [...files, read.path];
    readBytes += read.bytes;
  }
  return { files, readBytes };
}

/** The most the queued edges can add to the tree, whatever is decided about them. */
const queuedEdgeBytes = (c: TraversalContext): number => c.queue.reduce((sum, p) => sum + Math.max(p.fact.edgeBytes, p.fact.omittedEdgeBytes), 0);

/** Omissions that say a budget ran out rather than that a target was examined. */
const BUDGET_OMISSIONS = ['work-limit', 'analysis-deadline', 'target-limit', 'depth-limit'];

/** Records an edge decision about `p` and returns the context changes. */
function decide(c: TraversalContext, p: Pending, status: EdgeStatus, to: string | null, reason: string | null, countWork: boolean): Partial<TraversalContext> {
  const edge: EdgeDecision = { from: p.from, ref: p.fact.ref, relation: p.fact.relation, depth: p.depth, to, status, reason };
  // Budget omissions examine nothing, and the root is never counted as a target.
  const id = targetId(p.fact.target, p.fact.ref);
  const uncounted = (reason !== null && BUDGET_OMISSIONS.includes(reason)) || id === `d:${c.root}`;
  const targets = c.targets.includes(id) || uncounted ? c.targets : [...c.targets, id];
  return {
    edges: [...c.edges, edge],
    work: countWork ? c.work + 1 : c.work,
    targets,
    treeBytes: c.treeBytes + (status === 'omitted' ? p.fact.omittedEdgeBytes : status === 'included' ? p.fact.edgeBytes : 0),
  };
}

export const evidenceTraversalMachine = setup({
  types: {
    input: {} as TraversalInput,
    context: {} as TraversalContext,
    events: {} as TraversalEvent,
    output: {} as TraversalOutput,
  },
  actions: {
    command: (_, _params: TraversalCommand) => {},
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'REFERENCES') return {};
      const node = context.nodes.find((n) => n.key === event.node);
      const depth = (node?.depth ?? 0) + 1;
      return {
        queue: [...context.queue, ...event.refs.map((fact) => ({ from: event.node, depth, fact }))],
        elapsedMs: event.elapsedMs,
        ...withAuthority(context, event.authority),
      };
    }),
    clock: assign(({ event }) => ({ elapsedMs: event.elapsedMs })),
    /** Omits the head of the queue with a reason. Budget-exhaustion omissions cost no work. */
    omitHead: assign(({ context }, params: { reason: string }) => {
      const p = head(context)!;
      const free = params.reason === 'work-limit' || params.reason === 'analysis-deadline';
      return { ...decide(context, p, 'omitted', null, params.reason, !free), queue: context.queue.slice(1) };
    }),
    omitHeadOwnReason: assign(({ context }) => {
      const p = head(context)!;
      const reason = p.fact.target.kind === 'omitted' ? p.fact.target.reason : 'unresolved';
      return { ...decide(context, p, 'omitted', null, reason, true), queue: context.queue.slice(1) };
    }),
    includeHead: assign(({ context }) => {
      const p = head(context)!;
      const to = p.fact.target.kind === 'decl' ? p.fact.target.key : null;
      return { ...decide(context, p, 'included', to, null, true), queue: context.queue.slice(1) };
    }),
    takeHead: assign(({ context }) => {
      const p = head(context)!;
      const id = targetId(p.fact.target, p.fact.ref);
      return {
        current: { ...p, target: p.fact.target, hops: 0, alternatives: [] },
        queue: context.queue.slice(1),
        work: context.work + 1,
        targets: context.targets.includes(id) || id === `d:${context.root}` ? context.targets : [...context.targets, id],
      };
    }),
    omitCurrent: assign(({ context }, params: { reason: string }) => ({
      ...decide(context, context.current!, 'omitted', null, params.reason, false),
      current: null,
    })),
    includeCurrent: assign(({ context }) => {
      const t = context.current!.target;
      return { ...decide(context, context.current!, 'included', t.kind === 'decl' ? t.key : null, null, false), current: null };
    }),
    noteCaptured: assign(({ context, event }) => {
      if (event.type !== 'CAPTURED') return {};
      return { files: [...context.files, event.path], readBytes: context.readBytes + event.bytes, elapsedMs: event.elapsedMs };
    }),
    retarget: assign(({ context, event }) => {
      if (event.type !== 'EXPORT_RESOLVED') return {};
      const cur = context.current!;
      const t = event.target;
      const alternatives =
        t.kind === 'module' && t.alternatives ? [...t.alternatives.map((path) => ({ path, name: t.name })), ...cur.alternatives] : cur.alternatives;
      const target: ReferenceTarget = t.kind === 'module' ? { kind: 'module', path: t.path, name: t.name } : t;
      return { current: { ...cur, target, hops: cur.hops + 1, alternatives }, elapsedMs: event.elapsedMs, work: context.work + 1, ...withAuthority(context, event.authority) };
    }),
    nextAlternative: assign(({ context }) => {
      const cur = context.current!;
      const [next, ...rest] = cur.alternatives;
      return { current: { ...cur, target: { kind: 'module', path: next.path, name: next.name }, alternatives: rest } };
    }),
    accept: assign(({ context, event }) => {
      if (event.type !== 'MEASURED') return {};
      const cur = context.current!;
      const edge: EdgeDecision = { from: cur.from, ref: cur.fact.ref, relation: cur.fact.relation, depth: cur.depth, to: event.node, status: 'expanded', reason: null };
      return {
        visited: [...context.visited, event.node],
        nodes: [...context.nodes, { key: event.node, depth: cur.depth }],
        edges: [...context.edges, edge],
        treeBytes: context.treeBytes + event.bytes + cur.fact.edgeBytes,
        elapsedMs: event.elapsedMs,
      };
    }),
  },
  guards: {
    queueEmpty: ({ context }) => context.queue.length === 0,
    pastDeadline: ({ context }) => context.elapsedMs > context.budgets.deadlineMs,
    workSpent: ({ context }) => context.work >= context.budgets.workUnits,
    headOmitted: ({ context }) => head(context)?.fact.target.kind === 'omitted',
    headTooDeep: ({ context }) => (head(context)?.depth ?? 0) > context.budgets.depth,
    headOverTargetLimit: ({ context }) => {
      const p = head(context)!;
      const id = targetId(p.fact.target, p.fact.ref);
      return id !== `d:${context.root}` && !context.targets.includes(id) && context.targets.length >= context.budgets.targets;
    },
    headVisited: ({ context }) => {
      const t = head(context)?.fact.target;
      return t?.kind === 'decl' && (context.visited.includes(t.key) || t.key === context.root);
    },
    currentOmitted: ({ context }) => context.current?.target.kind === 'omitted',
    currentMissingWithAlternatives: ({ context }) => {
      const t = context.current?.target;
      return t?.kind === 'omitted' && t.reason === 'missing-export' && (context.current?.alternatives.length ?? 0) > 0;
    },
    currentTooManyHops: ({ context }) => (context.current?.hops ?? 0) > MAX_REEXPORT_HOPS,
    currentVisited: ({ context }) => {
      const t = context.current?.target;
      return t?.kind === 'decl' && (context.visited.includes(t.key) || t.key === context.root);
    },
    headVisitedTooBig: ({ context }) => {
      const p = head(context)!;
      const t = p.fact.target;
      return t.kind === 'decl' && (context.visited.includes(t.key) || t.key === context.root) && context.treeBytes + p.fact.edgeBytes > context.budgets.treeBytes;
    },
    currentVisitedTooBig: ({ context }) => {
      const cur = context.current!;
      const t = cur.target;
      return t.kind === 'decl' && (context.visited.includes(t.key) || t.key === context.root) && context.treeBytes + cur.fact.edgeBytes > context.budgets.treeBytes;
    },
    currentIsDecl: ({ context }) => context.current?.target.kind === 'decl',
    currentFileCaptured: ({ context }) => {
      const t = context.current?.target;
      return t?.kind === 'module' && context.files.includes(t.path);
    },
    fileBudgetSpent: ({ context }) => context.files.length >= context.budgets.files,
    pathDenied: ({ event }) => event.type === 'PATH_CHECKED' && !event.allowed,
    readBudgetSpent: ({ context }) => context.readBytes + context.budgets.fileBytes > context.budgets.readBytes,
    notCaptured: ({ event }) => event.type === 'CAPTURED' && event.outcome !== 'captured',
    // A node fits when it, its edge, its own edges and every edge still queued (each is rendered, expanded or not) fit:
    // so no later edge can push the rendered tree past the budget.
    treeOverflow: ({ context, event }) =>
      event.type === 'MEASURED' &&
      context.treeBytes + event.bytes + (context.current?.fact.edgeBytes ?? 0) + (event.reserveBytes ?? 0) + queuedEdgeBytes(context) > context.budgets.treeBytes,
  },
}).createMachine({
  id: 'evidence-traversal',
  context: ({ input }) => ({
    root: input.root,
    budgets: input.budgets,
    queue: [],
    current: null,
    visited: [input.root],
    nodes: [{ key: input.root, depth: 0 }],
    edges: [],
    files: [input.rootFile],
    readBytes: input.rootFileBytes,
    treeBytes: input.rootBytes,
    work: 0,
    targets: [],
    elapsedMs: 0,
  }),
  initial: 'rootReferences',
  states: {
    rootReferences: {
      entry: { type: 'command', params: ({ context }) => ({ kind: 'references', node: context.root, depth: 0 }) },
      on: { REFERENCES: { target: 'next', actions: 'enqueue' } },
    },
    next: {
      always: [
        { guard: 'queueEmpty', target: 'done' },
        { guard: 'pastDeadline', target: 'next', reenter: true, actions: [{ type: 'omitHead', params: { reason: 'analysis-deadline' } }, emitLastEdge] },
        { guard: 'workSpent', target: 'next', reenter: true, actions: [{ type: 'omitHead', params: { reason: 'work-limit' } }, emitLastEdge] },
        { guard: 'headOverTargetLimit', target: 'next', reenter: true, actions: [{ type: 'omitHead', params: { reason: 'target-limit' } }, emitLastEdge] },
        { guard: 'headOmitted', target: 'next', reenter: true, actions: ['omitHeadOwnReason', emitLastEdge] },
        { guard: 'headTooDeep', target: 'next', reenter: true, actions: [{ type: 'omitHead', params: { reason: 'depth-limit' } }, emitLastEdge] },
        { guard: 'headVisitedTooBig', target: 'next', reenter: true, actions: [{ type: 'omitHead', params: { reason: 'tree-limit' } }, emitLastEdge] },
        { guard: 'headVisited', target: 'next', reenter: true, actions: ['includeHead', emitLastEdge] },
        { target: 'route', actions: 'takeHead' },
      ],
    },
    route: {
      always: [
        { guard: 'currentMissingWithAlternatives', target: 'route', reenter: true, actions: 'nextAlternative' },
        { guard: 'currentOmitted', target: 'next', actions: [{ type: 'omitCurrent', params: ({ context }) => ({ reason: context.current!.target.kind === 'omitted' ? context.current!.target.reason : 'unresolved' }) }, emitLastEdge] },
        { guard: 'currentTooManyHops', target: 'next', actions: [{ type: 'omitCurrent', params: { reason: 'reexport-chain' } }, emitLastEdge] },
        { guard: 'currentVisitedTooBig', target: 'next', actions: [{ type: 'omitCurrent', params: { reason: 'tree-limit' } }, emitLastEdge] },
        { guard: 'currentVisited', target: 'next', actions: ['includeCurrent', emitLastEdge] },
        { guard: 'currentIsDecl', target: 'measuring' },
        { guard: 'currentFileCaptured', target: 'resolving' },
        { guard: 'fileBudgetSpent', target: 'next', actions: [{ type: 'omitCurrent', params: { reason: 'file-limit' } }, emitLastEdge] },
        { target: 'checking' },
      ],
    },
    checking: {
      entry: { type: 'command', params: ({ context }) => ({ kind: 'check-path', path: (context.current!.target as { path: string }).path }) },
      on: {
        PATH_CHECKED: [
          { guard: 'pathDenied', target: 'next', actions: ['clock', { type: 'omitCurrent', params: ({ event }) => ({ reason: event.reason ?? 'excluded' }) }, emitLastEdge] },
          { guard: 'readBudgetSpent', target: 'next', actions: ['clock', { type: 'omitCurrent', params: { reason: 'read-limit' } }, emitLastEdge] },
          { target: 'capturing', actions: 'clock' },
        ],
      },
    },
    capturing: {
      entry: {
        type: 'command',
        params: ({ context }) => ({ kind: 'capture', path: (context.current!.target as { path: string }).path, reserveBytes: context.budgets.fileBytes }),
      },
      on: {
        CAPTURED: [
          { guard: 'notCaptured', target: 'next', actions: ['clock', { type: 'omitCurrent', params: ({ event }) => ({ reason: `capture-${event.outcome}` }) }, emitLastEdge] },
          { target: 'resolving', actions: 'noteCaptured' },
        ],
      },
    },
    resolving: {
      entry: {
        type: 'command',
        params: ({ context }) => {
          const t = context.current!.target as { path: string; name: string };
          return { kind: 'resolve-export', path: t.path, name: t.name, relation: context.current!.fact.relation };
        },
      },
      on: {
        EXPORT_RESOLVED: [
          { guard: 'workSpent', target: 'next', actions: ['clock', { type: 'omitCurrent', params: { reason: 'work-limit' } }, emitLastEdge] },
          { target: 'route', actions: 'retarget' },
        ],
      },
    },
    measuring: {
      entry: { type: 'command', params: ({ context }) => ({ kind: 'measure', node: (context.current!.target as { key: string }).key }) },
      on: {
        MEASURED: [
          { guard: 'treeOverflow', target: 'next', actions: ['clock', { type: 'omitCurrent', params: { reason: 'tree-limit' } }, emitLastEdge] },
          { target: 'expanding', actions: ['accept', emitLastEdge] },
        ],
      },
    },
    expanding: {
      entry: { type: 'command', params: ({ context }) => ({ kind: 'references', node: context.nodes[context.nodes.length - 1].key, depth: context.nodes[context.nodes.length - 1].depth }) },
      exit: assign({ current: null }),
      on: { REFERENCES: { target: 'next', actions: 'enqueue' } },
    },
    done: {
      type: 'final',
      entry: {
        type: 'command',
        params: ({ context }) => ({
          kind: 'done',
          nodes: context.nodes.length,
          edges: context.edges.length,
          omitted: context.edges.filter((e) => e.status === 'omitted').length,
          spent: spentOf(context),
        }),
      },
    },
  },
  output: ({ context }) => ({ nodes: context.nodes, edges: context.edges, files: context.files, spent: spentOf(context) }),
});
