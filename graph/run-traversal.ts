// Runs the impact traversal machine against a neighbour function: the small
// interpreter between the machine's requests and a graph. It drives the machine
// through the machine's pure transition function, so the recorded events replay exactly.
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

/** Walks until the machine is done, or aborts it when `deadline` (epoch ms) passes. */
export function runTraversal(
  input: TraversalInput,
  neighbours: (request: TraversalRequest) => Neighbours,
  deadline = Number.POSITIVE_INFINITY,
): TraversalRun {
  const steps = stepper(impactTraversalMachine, input);
  let [snapshot] = steps.initial();
  const events: TraversalEvent[] = [];
  while (snapshot.status !== 'done') {
    const request = snapshot.context.request;
    const event: TraversalEvent =
      request === null || Date.now() > deadline
        ? { type: 'ABORT' }
        : { type: 'NEIGHBOURS', node: request.node, ...neighbours(request) };
    events.push(event);
    [snapshot] = steps.next(snapshot, event);
  }
  return { result: snapshot.context as TraversalContext, events };
}

/** Replays recorded events from the same input: the decisions must come out the same. */
export function replayTraversal(input: TraversalInput, events: TraversalEvent[]): TraversalContext {
  const steps = stepper(impactTraversalMachine, input);
  let [snapshot] = steps.initial();
  for (const event of events) [snapshot] = steps.next(snapshot, event);
  return snapshot.context as TraversalContext;
}
