// Steps a machine through its pure transition function, one event at a time, and
// hands back the actions each step chose (it executes none of them).
//
// xstate's `initialTransition`/`transition` helpers build a fresh inert actor, and
// with it the machine's initial state, on every call; a review drives a few hundred
// steps at start-up, so that cost dominated. A stepper builds the inert scope once
// per run and reuses it; the snapshots and actions are the same as the helpers'.
import { createActor, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';

export interface Action {
  type: string;
  params?: unknown;
}

export interface Stepper {
  initial(): [AnyMachineSnapshot, Action[]];
  next(snapshot: AnyMachineSnapshot, event: { type: string } & Record<string, unknown>): [AnyMachineSnapshot, Action[]];
}

export function stepper(machine: AnyStateMachine, input: unknown): Stepper {
  let chosen: Action[] = [];
  // Created without input, as xstate's own helpers do: the scope only needs an actor
  // reference, and the machine's initial context is computed once, by initial().
  const self = createActor(machine);
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: '',
    logger: () => undefined,
    defer: () => undefined,
    emit: () => undefined,
    system: self.system,
    stopChild: () => undefined,
    actionExecutor: (action) => {
      chosen.push(action as Action);
    },
  };
  const take = (snapshot: AnyMachineSnapshot): [AnyMachineSnapshot, Action[]] => {
    const actions = chosen;
    chosen = [];
    return [snapshot, actions];
  };
  return {
    initial: () => take(machine.getInitialSnapshot(scope, input)),
    next: (snapshot, event) => take(machine.transition(snapshot, event, scope)),
  };
}
