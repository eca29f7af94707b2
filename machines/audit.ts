// The command/event protocol every machine runs under, the audit recorder that keeps a
// run's input, events and commands (all source-free), and the replay of a recorded log
// through the same machine definitions. The one interpreter that runs machines live is
// workers/interpreter.ts; it and the replay step machines with the same pure functions,
// so a divergence means the machine definitions changed or something impure crept in.
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

export type AuditLine =
  | { run: number; machine: string; input: unknown }
  | { run: number; event: { type: string } & Record<string, unknown> }
  | { run: number; commands: Array<{ kind: string } & Record<string, unknown>> }
  | { run: number; output: unknown }
  | { unit: UnitAuditRecord };

/** Collects the lines of one run (review, impact, freshness); the caller decides where they are written. */
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

/** A machine's request to the interpreter (a `command` action's params). */
export type Command = { kind: string } & Record<string, unknown>;

/** The fact an interpreter feeds back to a machine. */
export type Event = { type: string } & Record<string, unknown>;

/** An answer to a command: the event it produced, or null when it needs none (notifications). */
export type Answer = (command: Command) => Promise<Event | null> | Event | null;

/**
 * Runs a machine to its final state, answering its commands with `answer`: what a room
 * that declares a machine but may not run one itself (review/) is handed by its caller.
 * workers/interpreter.ts's `drive` is the one implementation.
 */
export type RunMachine = <TOutput>(machine: AnyStateMachine, name: string, input: unknown, answer: Answer) => Promise<TOutput>;

/** The commands a step emitted: the params of its `command` actions, in order. */
export function commandsOf(actions: ReadonlyArray<{ type: string; params?: unknown }>): Command[] {
  return actions.filter((a) => a.type === 'command').map((a) => a.params as Command);
}

export interface ReplayStep {
  run: number;
  machine: string;
  step: number;
  event: Event | null;
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
