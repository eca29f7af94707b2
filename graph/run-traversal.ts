// Runs the impact traversal machine against a neighbour function, through the one
// interpreter (workers/interpreter.ts): the machine's commands are answered from a graph
// and the run is recorded, so it replays exactly (`cairn replay` reads such a log).
import { AuditRecorder } from '../machines/audit.js';
import { driveSync } from '../workers/interpreter.js';
import { stepper } from '../machines/stepper.js';
import {
  impactTraversalMachine,
  type TraversalContext,
  type TraversalEvent,
  type TraversalInput,
  type TraversalRequest,
  type TraversalStep,
} from '../machines/impact-traversal.js';

export interface Neighbours {
  steps: TraversalStep[];
  boundaries: string[];
}

export interface TraversalRun {
  result: TraversalContext;
  /** The events fed to the machine, in order: enough to replay the run. */
  events: TraversalEvent[];
}

/**
 * Walks until the machine is done, or aborts it when `deadline` (epoch ms) passes:
 * the one interpreter answering each `neighbours` command from the graph,
 * recorded for replay when a recorder is given.
 */
export function runTraversal(
  input: TraversalInput,
  neighbours: (request: TraversalRequest) => Neighbours,
  deadline = Number.POSITIVE_INFINITY,
  recorder = new AuditRecorder(),
): TraversalRun {
  const start = recorder.lines.length;
  const answer = (command: { kind: string } & Record<string, unknown>): TraversalEvent | null => {
    const request = command.request as TraversalRequest | null;
    if (request === null) return null; // the walk is over: the machine finishes on its own
    return Date.now() > deadline ? { type: 'ABORT' } : { type: 'NEIGHBOURS', node: request.node, ...neighbours(request) };
  };
  const result = driveSync<TraversalContext>(impactTraversalMachine, 'impact-traversal', input, answer, recorder);
  const events = recorder.lines.slice(start).flatMap((line) => ('event' in line ? [line.event as TraversalEvent] : []));
  return { result, events };
}

/** Replays recorded events from the same input: the decisions must come out the same. */
export function replayTraversal(input: TraversalInput, events: TraversalEvent[]): TraversalContext {
  const steps = stepper(impactTraversalMachine, input);
  let [snapshot] = steps.initial();
  for (const event of events) [snapshot] = steps.next(snapshot, event);
  return snapshot.context as TraversalContext;
}
