// Runs every machine (review, impact traversal, freshness) step by step through
// xstate's pure transition functions under one command/event protocol, records every
// run's input, events and commands (all source-free), and replays a recorded log
// through the same machine definitions. Because the
// live run and the replay use the same pure functions, a divergence means the
// machine definitions changed or something impure crept into them.
import type { AnyStateMachine } from 'xstate';
import type { UnitAuditRecord } from '../contracts/review-audit.js';
import { captureMachine } from './capture.js';
import { evidenceTraversalMachine } from './evidence-traversal.js';
import { freshnessMachine } from './freshness.js';
import { impactTraversalMachine } from './impact-traversal.js';
import { reviewFreshnessMachine } from './review-freshness.js';
import { rootSelectionMachine } from './root-selection.js';
import { stepper } from './stepper.js';

/** Every machine a log may name. */
export const MACHINES: Record<string, AnyStateMachine> = {
  capture: captureMachine,
  'root-selection': rootSelectionMachine,
  'evidence-traversal': evidenceTraversalMachine,
  'review-freshness': reviewFreshnessMachine,
  'impact-traversal': impactTraversalMachine,
  freshness: freshnessMachine,
};

/** The machines of a review run (every machine: a review log names only its own). */
export const REVIEW_MACHINES = MACHINES;

export type AuditLine =
  | { run: number; machine: string; input: unknown }
  | { run: number; event: { type: string } & Record<string, unknown> }
  | { run: number; commands: Array<{ kind: string } & Record<string, unknown>> }
  | { run: number; output: unknown }
  | { unit: UnitAuditRecord };

/** Collects the lines of one review run; the caller decides where they are written. */
export class AuditRecorder {
  readonly lines: AuditLine[] = [];
  private runs = 0;

  /** `onLine` hears of every line recorded: a review's progress is its steps. */
  constructor(private readonly onLine?: () => void) {}

  start(machine: string, input: unknown): number {
    const run = ++this.runs;
    this.lines.push({ run, machine, input });
    this.onLine?.();
    return run;
  }

  add(line: AuditLine): void {
    this.lines.push(line);
    this.onLine?.();
  }
}

type Command = { kind: string } & Record<string, unknown>;

/** The commands a step emitted: the params of its `command` actions, in order. */
export function commandsOf(actions: ReadonlyArray<{ type: string; params?: unknown }>): Command[] {
  return actions.filter((a) => a.type === 'command').map((a) => a.params as Command);
}

type Event = { type: string } & Record<string, unknown>;

/**
 * The one interpreter protocol every machine runs under: each step's commands are
 * recorded, the caller answers them, and the one event an answer produced (exactly one
 * command per step may need an answer) is recorded and fed to the machine's pure
 * transition, until the machine is done. A generator, so a synchronous driver (impact,
 * walking an open graph) and an asynchronous one (review, freshness, reading files)
 * run the same loop and write the same log.
 */
export function* interpret<TOutput>(machine: AnyStateMachine, name: string, input: unknown, recorder?: AuditRecorder): Generator<Command, TOutput, Event | null> {
  const run = recorder?.start(name, input) ?? 0;
  const steps = stepper(machine, input);
  let [snapshot, actions] = steps.initial();
  for (;;) {
    const commands = commandsOf(actions);
    recorder?.add({ run, commands });
    let event: Event | null = null;
    for (const command of commands) {
      const produced = yield command;
      if (produced) {
        if (event) throw new Error(`${name}: more than one command in a step needs an answer`);
        event = produced;
      }
    }
    if (snapshot.status === 'done') {
      recorder?.add({ run, output: snapshot.output });
      return snapshot.output as TOutput;
    }
    if (!event) throw new Error(`${name}: stuck in ${JSON.stringify(snapshot.value)} with no event to consume`);
    recorder?.add({ run, event });
    [snapshot, actions] = steps.next(snapshot, event);
  }
}

/**
 * Drives a machine to its final state. `answer` executes a command and returns the
 * event it produced, or null for a command that needs no answer (notifications).
 */
export async function drive<TOutput>(
  machine: AnyStateMachine,
  name: string,
  input: unknown,
  answer: (command: Command) => Promise<Event | null> | Event | null,
  recorder?: AuditRecorder,
): Promise<TOutput> {
  const run = interpret<TOutput>(machine, name, input, recorder);
  let next = run.next();
  while (!next.done) next = run.next(await answer(next.value));
  return next.value;
}

/** As drive(), for answers that need no waiting (a walk over an open graph). */
export function driveSync<TOutput>(machine: AnyStateMachine, name: string, input: unknown, answer: (command: Command) => Event | null, recorder?: AuditRecorder): TOutput {
  const run = interpret<TOutput>(machine, name, input, recorder);
  let next = run.next();
  while (!next.done) next = run.next(answer(next.value));
  return next.value;
}

export interface ReplayStep {
  run: number;
  machine: string;
  step: number;
  event: ({ type: string } & Record<string, unknown>) | null;
  commands: Command[];
  state: string;
}

export interface Divergence {
  run: number;
  machine: string;
  step: number;
  expected: unknown;
  actual: unknown;
}

export interface ReplayReport {
  runs: number;
  steps: ReplayStep[];
  divergences: Divergence[];
}

const stable = (value: unknown) => JSON.stringify(value);

/** Feeds each recorded run's events to its machine and compares commands and output. */
export function replay(lines: AuditLine[], machines: Record<string, AnyStateMachine> = MACHINES): ReplayReport {
  const byRun = new Map<number, AuditLine[]>();
  for (const line of lines) if ('run' in line) byRun.set(line.run, [...(byRun.get(line.run) ?? []), line]); // unit records are not machine steps
  const steps: ReplayStep[] = [];
  const divergences: Divergence[] = [];
  for (const [run, runLines] of [...byRun].sort((a, b) => a[0] - b[0])) {
    const head = runLines[0];
    if (!head || !('machine' in head)) {
      divergences.push({ run, machine: '?', step: 0, expected: 'a machine line first', actual: head ?? null });
      continue;
    }
    const machine = machines[head.machine];
    if (!machine) {
      divergences.push({ run, machine: head.machine, step: 0, expected: 'a known machine', actual: head.machine });
      continue;
    }
    const machineSteps = stepper(machine, head.input);
    let [snapshot, actions] = machineSteps.initial();
    let step = 0;
    let event: ReplayStep['event'] = null;
    for (const line of runLines.slice(1)) {
      if ('commands' in line) {
        const actual = commandsOf(actions);
        steps.push({ run, machine: head.machine, step, event, commands: actual, state: stable(snapshot.value) });
        if (stable(actual) !== stable(line.commands)) divergences.push({ run, machine: head.machine, step, expected: line.commands, actual });
      } else if ('event' in line) {
        event = line.event;
        step++;
        [snapshot, actions] = machineSteps.next(snapshot, line.event);
      } else if ('output' in line) {
        const actual = snapshot.status === 'done' ? snapshot.output : null;
        if (stable(actual) !== stable(line.output)) divergences.push({ run, machine: head.machine, step, expected: line.output, actual });
      }
    }
  }
  return { runs: byRun.size, steps, divergences };
}
