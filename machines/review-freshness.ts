// The pre-delivery freshness machine: before advice is delivered, every source
// that contributed to a review (root file, supporting files, module authority files) is
// captured again and its digest compared with the one the review used. Any change,
// or any source that can no longer be captured, makes the result stale.
import { assign, setup } from 'xstate';

export interface FreshnessSource {
  path: string;
  digest: string;
}

export interface ReviewFreshnessInput {
  sources: FreshnessSource[];
}

export type ReviewFreshnessCommand =
  | { kind: 'recapture'; path: string }
  | { kind: 'verdict'; fresh: boolean; changed: string[] };

export type ReviewFreshnessEvent = { type: 'RECAPTURED'; path: string; digest: string | null };

interface Context {
  sources: FreshnessSource[];
  index: number;
  changed: string[];
}

export const reviewFreshnessMachine = setup({
  types: {
    input: {} as ReviewFreshnessInput,
    context: {} as Context,
    events: {} as ReviewFreshnessEvent,
    output: {} as { fresh: boolean; changed: string[] },
  },
  actions: {
    command: (_, _params: ReviewFreshnessCommand) => {},
    compare: assign(({ context, event }) => {
      const expected = context.sources[context.index];
      const changed = event.digest === expected.digest ? context.changed : [...context.changed, expected.path];
      return { changed, index: context.index + 1 };
    }),
  },
  guards: {
    allChecked: ({ context }) => context.index >= context.sources.length,
  },
}).createMachine({
  id: 'review-freshness',
  context: ({ input }) => ({ sources: input.sources, index: 0, changed: [] }),
  initial: 'next',
  states: {
    next: { always: [{ guard: 'allChecked', target: 'done' }, { target: 'recapturing' }] },
    recapturing: {
      entry: { type: 'command', params: ({ context }) => ({ kind: 'recapture', path: context.sources[context.index].path }) },
      on: { RECAPTURED: { target: 'next', actions: 'compare' } },
    },
    done: {
      type: 'final',
      entry: { type: 'command', params: ({ context }) => ({ kind: 'verdict', fresh: context.changed.length === 0, changed: context.changed }) },
    },
  },
  output: ({ context }) => ({ fresh: context.changed.length === 0, changed: context.changed }),
});
