// The stepper reuses one inert actor scope per run; it must choose exactly what
// xstate's own pure transition functions choose, step for step.
import fc from 'fast-check';
import { initialTransition, transition, type AnyStateMachine } from 'xstate';
import { describe, expect, test } from 'vitest';
import { commandsOf } from '../machines/audit.js';
import { captureMachine } from '../machines/capture.js';
import { reviewFreshnessMachine } from '../machines/review-freshness.js';
import { stepper } from '../machines/stepper.js';

const stat = { exists: fc.boolean(), isFile: fc.boolean(), size: fc.nat(300), mtimeMs: fc.nat(3) };
const captureEvent = fc.oneof(
  fc.record({ type: fc.constant('PATH_CHECKED'), allowed: fc.boolean(), reason: fc.constantFrom(null, 'protected') }),
  fc.record({ type: fc.constant('STATED'), ...stat }),
  fc.record({ type: fc.constant('READ'), ok: fc.boolean(), bytes: fc.nat(300), digest: fc.constantFrom(null, 'sha256:aa') }),
  fc.record({ type: fc.constant('RESTATED'), ...stat }),
  fc.record({ type: fc.constant('UNKNOWN') }),
);

const view = (snapshot: { value: unknown; context: unknown; status: string; output?: unknown }, actions: ReadonlyArray<{ type: string; params?: unknown }>) => ({
  value: snapshot.value,
  context: snapshot.context,
  status: snapshot.status,
  output: snapshot.output,
  commands: commandsOf(actions),
});

/** Steps one run both ways and requires the same snapshot and commands after every event. */
function expectSameRun(machine: AnyStateMachine, input: unknown, events: Array<{ type: string }>): void {
  const steps = stepper(machine, input);
  let [mine, mineActions] = steps.initial();
  let [theirs, theirActions] = initialTransition(machine, input);
  expect(view(mine, mineActions)).toEqual(view(theirs, theirActions));
  for (const event of events) {
    [mine, mineActions] = steps.next(mine, event);
    [theirs, theirActions] = transition(machine, theirs, event as never);
    expect(view(mine, mineActions)).toEqual(view(theirs, theirActions));
  }
}

describe('stepper', () => {
  test('capture machine: the same snapshots and commands as initialTransition/transition', () => {
    fc.assert(
      fc.property(fc.record({ path: fc.constantFrom('src/a.ts', 'b.ts'), ceiling: fc.nat(300) }), fc.array(captureEvent, { maxLength: 8 }), (input, events) =>
        expectSameRun(captureMachine, input, events),
      ),
      { numRuns: 300 },
    );
  });

  test('freshness machine: the same answers for any sequence of recaptures', () => {
    const sources = [
      { path: 'a.ts', digest: 'sha256:1' },
      { path: 'b.ts', digest: 'sha256:2' },
    ];
    fc.assert(
      fc.property(fc.array(fc.record({ type: fc.constant('RECAPTURED'), path: fc.constantFrom('a.ts', 'b.ts'), digest: fc.constantFrom(null, 'sha256:1', 'sha256:2') }), { maxLength: 4 }), (events) =>
        expectSameRun(reviewFreshnessMachine, { sources }, events),
      ),
      { numRuns: 100 },
    );
  });
});
