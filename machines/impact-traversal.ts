// The budgeted traversal machine: walks a graph outward from one root, breadth
// first, and decides which node to expand next and when a budget is spent. It
// never reads the graph itself. Each step it names a `request` (expand this node
// along this path); the driver answers with a NEIGHBOURS event holding only ids:
// the edges leaving that node (edge id, neighbour id, optional lane) and the
// unresolved call sites found there (boundary ids). Unresolved sites are recorded
// as boundaries and never walked through.
//
// Every distinct root-to-node path is kept (a path never revisits a node), so a
// node reached two ways is reported with both paths. When a node, edge or path
// budget runs out the walk stops, sets `truncated`, and names the frontier it did
// not walk. Replay: the same input and events through xstate's pure
// `transition()` give the same snapshot.
import { assign, setup } from 'xstate';

export interface TraversalInput {
  root: string;
  /** Edges from the root; nodes at this depth are reported but not expanded. */
  maxDepth: number;
  /** Distinct nodes reported, root excluded. */
  maxNodes: number;
  /** Distinct edges walked. */
  maxEdges: number;
  /** Distinct root-to-node paths recorded. */
  maxPaths: number;
  /** Distinct unresolved boundaries recorded (default: maxEdges). */
  maxBoundaries?: number;
  /** Frontier entries named when truncated (default 50; the total is always counted). */
  maxFrontier?: number;
}

/** One neighbour of the node being expanded. `lane` lets a driver keep a path in one direction. */
export interface TraversalStep {
  edge: string;
  to: string;
  lane?: string;
}

/** What the machine asks for next. `expand: false` asks only for the node's boundaries (depth reached). */
export interface TraversalRequest {
  node: string;
  depth: number;
  /** Path that reached the node; null for the root. */
  path: number | null;
  lane: string | null;
  expand: boolean;
}

export interface TraversalPath {
  id: number;
  /** The node this path ends at. */
  node: string;
  /** Edge ids from the root outward. */
  edges: string[];
  /** Node ids from the root to `node`, inclusive. */
  nodes: string[];
  lane: string | null;
}

export interface TraversalBoundary {
  boundary: string;
  node: string;
  path: number | null;
}

export type StopReason = 'nodes' | 'edges' | 'paths' | 'boundaries' | 'aborted';

/** A place the walk did not go because a budget ran out: the node whose neighbours were not (all) walked. */
export interface FrontierEntry {
  node: string;
  path: number | null;
  reason: StopReason;
  /** The node being expanded when the budget ran out: some of its neighbours were walked. */
  partly?: true;
}

export type TraversalEvent =
  | { type: 'NEIGHBOURS'; node: string; steps: TraversalStep[]; boundaries: string[] }
  | { type: 'ABORT' };

export interface TraversalContext {
  input: Required<TraversalInput>;
  request: TraversalRequest | null;
  queue: TraversalRequest[];
  /** Reached nodes (root excluded) in first-reached order. */
  nodes: string[];
  edges: string[];
  paths: TraversalPath[];
  boundaries: TraversalBoundary[];
  frontier: FrontierEntry[];
  frontierTotal: number;
  truncated: boolean;
  stopReason: StopReason | null;
  /** Answers consumed: the work done, for budgets measured by a caller. */
  expansions: number;
}

function initialContext(input: TraversalInput): TraversalContext {
  const full: Required<TraversalInput> = {
    maxBoundaries: input.maxEdges,
    maxFrontier: 50,
    ...input,
  };
  return {
    input: full,
    request: { node: input.root, depth: 0, path: null, lane: null, expand: input.maxDepth > 0 },
    queue: [],
    nodes: [],
    edges: [],
    paths: [],
    boundaries: [],
    frontier: [],
    frontierTotal: 0,
    truncated: false,
    stopReason: null,
    expansions: 0,
  };
}

function addFrontier(ctx: TraversalContext, entry: FrontierEntry): void {
  ctx.frontierTotal += 1;
  if (ctx.frontier.length < ctx.input.maxFrontier) ctx.frontier.push(entry);
}

function stop(ctx: TraversalContext, reason: StopReason): void {
  ctx.truncated = true;
  ctx.stopReason = reason;
}

/** Applies one answer to the current request and picks the next request. Pure over a copy. */
function consume(previous: TraversalContext, event: Extract<TraversalEvent, { type: 'NEIGHBOURS' }>): TraversalContext {
  const ctx: TraversalContext = {
    ...previous,
    queue: [...previous.queue],
    nodes: [...previous.nodes],
    edges: [...previous.edges],
    paths: [...previous.paths],
    boundaries: [...previous.boundaries],
    frontier: [...previous.frontier],
    expansions: previous.expansions + 1,
  };
  const request = ctx.request!;
  const { input } = ctx;
  const reached = new Set(ctx.nodes);
  const walked = new Set(ctx.edges);
  const boundarySeen = new Set(ctx.boundaries.map((b) => b.boundary));

  for (const boundary of event.boundaries) {
    if (boundarySeen.has(boundary)) continue;
    if (ctx.boundaries.length >= input.maxBoundaries) {
      stop(ctx, 'boundaries');
      addFrontier(ctx, { node: request.node, path: request.path, reason: 'boundaries', partly: true });
      break;
    }
    boundarySeen.add(boundary);
    ctx.boundaries.push({ boundary, node: request.node, path: request.path });
  }

  const parent = request.path === null ? null : ctx.paths[request.path];
  const onPath = new Set(parent ? parent.nodes : [input.root]);
  if (request.expand && !ctx.truncated) {
    for (const step of event.steps) {
      if (onPath.has(step.to)) continue;
      if (request.lane !== null && step.lane !== undefined && step.lane !== request.lane) continue;
      const reason: StopReason | null =
        !reached.has(step.to) && ctx.nodes.length >= input.maxNodes
          ? 'nodes'
          : !walked.has(step.edge) && ctx.edges.length >= input.maxEdges
            ? 'edges'
            : ctx.paths.length >= input.maxPaths
              ? 'paths'
              : null;
      if (reason) {
        stop(ctx, reason);
        addFrontier(ctx, { node: request.node, path: request.path, reason, partly: true });
        break;
      }
      if (!reached.has(step.to)) {
        reached.add(step.to);
        ctx.nodes.push(step.to);
      }
      if (!walked.has(step.edge)) {
        walked.add(step.edge);
        ctx.edges.push(step.edge);
      }
      const path: TraversalPath = {
        id: ctx.paths.length,
        node: step.to,
        edges: [...(parent?.edges ?? []), step.edge],
        nodes: [...(parent?.nodes ?? [input.root]), step.to],
        lane: request.lane ?? step.lane ?? null,
      };
      ctx.paths.push(path);
      const depth = request.depth + 1;
      ctx.queue.push({ node: step.to, depth, path: path.id, lane: path.lane, expand: depth < input.maxDepth });
    }
  }

  if (ctx.truncated) {
    // Whatever is still queued for expansion is frontier the walk did not reach.
    for (const queued of ctx.queue) {
      if (queued.expand) addFrontier(ctx, { node: queued.node, path: queued.path, reason: ctx.stopReason! });
    }
    ctx.queue = [];
    ctx.request = null;
  } else {
    ctx.request = ctx.queue.shift() ?? null;
  }
  return ctx;
}

export const impactTraversalMachine = setup({
  types: {
    input: {} as TraversalInput,
    context: {} as TraversalContext,
    events: {} as TraversalEvent,
    output: {} as TraversalContext,
  },
  guards: {
    answersRequest: ({ context, event }) => event.type === 'NEIGHBOURS' && context.request?.node === event.node,
    walkFinished: ({ context }) => context.request === null,
  },
  actions: {
    consumeNeighbours: assign(({ context, event }) =>
      event.type === 'NEIGHBOURS' ? consume(context, event) : {},
    ),
    abortWalk: assign(({ context }) => {
      const frontier = [...context.frontier];
      let frontierTotal = context.frontierTotal;
      for (const r of [context.request, ...context.queue]) {
        if (!r || !r.expand) continue;
        frontierTotal += 1;
        if (frontier.length < context.input.maxFrontier) frontier.push({ node: r.node, path: r.path, reason: 'aborted' });
      }
      return { request: null, queue: [], truncated: true, stopReason: 'aborted' as const, frontier, frontierTotal };
    }),
    /** A command for the driver: expand (or just inspect) the named node. Carries ids only. */
    command: (_, _params: { kind: 'neighbours'; request: TraversalRequest | null }) => {},
  },
}).createMachine({
  id: 'impactTraversal',
  context: ({ input }) => initialContext(input),
  initial: 'walking',
  states: {
    walking: {
      always: { guard: 'walkFinished', target: 'done' },
      entry: { type: 'command', params: ({ context }) => ({ kind: 'neighbours' as const, request: context.request }) },
      on: {
        NEIGHBOURS: {
          guard: 'answersRequest',
          target: 'walking',
          reenter: true,
          actions: 'consumeNeighbours',
        },
        ABORT: { target: 'done', actions: 'abortWalk' },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => context,
});
