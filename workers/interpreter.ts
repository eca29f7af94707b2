// The one interpreter: runs every machine (capture, root selection, evidence traversal,
// review freshness, impact traversal, freshness) step by step through xstate's pure
// transition functions under the one command/event protocol of machines/audit.ts. Each
// step's commands go to the caller, which executes them (check a path, stat, read,
// parse, list neighbours, verify hashes) and answers with the event they produced; a
// recorder given keeps the run for `cairn replay`, which steps the same machines with
// the same functions (machines/audit.ts `replay`).
import type { AnyStateMachine } from 'xstate';
import { type Answer, type AuditRecorder, type Command, type Event, commandsOf } from '../machines/audit.js';
import { stepper } from '../machines/stepper.js';

/**
 * The loop itself: each step's commands are recorded, the caller answers them, and the
 * one event an answer produced (exactly one command per step may need an answer) is
 * recorded and fed to the machine's pure transition, until the machine is done. A
 * generator, so a synchronous driver (impact, walking an open graph) and an asynchronous
 * one (review, freshness, reading files) run the same loop and write the same log.
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
export async function drive<TOutput>(machine: AnyStateMachine, name: string, input: unknown, answer: Answer, recorder?: AuditRecorder): Promise<TOutput> {
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
