// The root selection machine: maps verified post-edit spans of one file to the
// smallest enclosing eligible root declaration. It sees declarations and spans as
// ids and offsets only. Add selects every eligible root; Update maps each span;
// a span in shared top-level material, an unmatched deletion between declarations
// or a span touching more than one declaration partially is ambiguous-attribution
// and selects nothing. Selected roots are deduplicated.
import { assign, setup } from 'xstate';

export interface DeclarationFact {
  id: string;
  start: number;
  end: number;
  rootKind: 'type' | 'function' | null;
  /** Null when the declaration can be a root; otherwise why not. */
  ineligible: string | null;
  /** Stretches whose edit alone changes no root (a profile's inert members): a span inside one selects nothing. */
  inert?: Array<{ start: number; end: number }>;
}

export interface MaterialFact {
  start: number;
  end: number;
}

/** A verified post-edit span: half-open offsets, whitespace trimmed; start === end for a pure deletion. */
export interface SpanFact {
  id: string;
  start: number;
  end: number;
  /** The run's changed lines, when it has several: each maps on its own when the run as a whole cannot. */
  parts?: Array<{ start: number; end: number }>;
}

export interface RootSelectionInput {
  file: string;
  change: 'add' | 'update';
}

export type SelectionSkip = 'ambiguous-attribution' | 'unsupported-syntax' | 'no-supported-root';

export type RootSelectionCommand =
  | { kind: 'declarations'; file: string }
  | { kind: 'spans'; file: string }
  | { kind: 'selected'; file: string; roots: string[]; skipped: SelectionSkipRecord[] };

export type RootSelectionEvent =
  | { type: 'DECLARATIONS'; declarations: DeclarationFact[]; material: MaterialFact[]; tooMany: boolean }
  | { type: 'SPANS'; spans: SpanFact[] };

export interface RootSelectionContext {
  file: string;
  change: 'add' | 'update';
  declarations: DeclarationFact[];
  material: MaterialFact[];
  tooMany: boolean;
  roots: string[];
  skipped: SelectionSkipRecord[];
}

/** A skipped span (null: the whole file), with the branch of the declaration it hit when it hit one. */
export interface SelectionSkipRecord {
  span: string | null;
  code: SelectionSkip;
  detail: string | null;
  branch?: 'type' | 'function';
}

export interface RootSelectionOutput {
  roots: string[];
  skipped: RootSelectionContext['skipped'];
}

/** Why an ineligible declaration was not reviewed, as a coverage code. */
function skipFor(reason: string): SelectionSkip {
  return reason === 'not-a-root' ? 'no-supported-root' : 'unsupported-syntax';
}

type Attribution = { roots: DeclarationFact[]; code: SelectionSkip | null; detail: string | null; branch?: 'type' | 'function' };

/** The branch a skip belongs to: the root kind of the declaration it hit, if it has one. */
const branchOf = (d: DeclarationFact): { branch?: 'type' | 'function' } => (d.rootKind ? { branch: d.rootKind } : {});

/**
 * Pure attribution of one span. A run of changed lines that straddles declarations or
 * top-level material is attributed line by line: each line selects its smallest root,
 * and the lines that cannot be attributed count once, as the run's skip.
 */
export function attribute(span: SpanFact, declarations: DeclarationFact[], material: MaterialFact[]): Attribution {
  const whole = attributeOne(span, declarations, material);
  if (whole.code !== 'ambiguous-attribution' || !span.parts || span.parts.length < 2) return whole;
  const roots: DeclarationFact[] = [];
  let skip: Attribution | null = null;
  for (const part of span.parts) {
    const result = attributeOne({ id: span.id, ...part }, declarations, material);
    for (const d of result.roots) if (!roots.includes(d)) roots.push(d);
    if (result.code && (skip === null || result.code === 'ambiguous-attribution')) skip = result;
  }
  return { roots, code: skip?.code ?? null, detail: skip?.detail ?? null, ...(skip?.branch ? { branch: skip.branch } : {}) };
}

function attributeOne(span: SpanFact, declarations: DeclarationFact[], material: MaterialFact[]): Attribution {
  const zero = span.start === span.end;
  const overlaps = (a: { start: number; end: number }) => (zero ? a.start < span.start && span.start < a.end : a.start < span.end && span.start < a.end);
  const touched = declarations.filter(overlaps);
  const inMaterial = material.some(overlaps);
  if (touched.length === 0) return { roots: [], code: 'ambiguous-attribution', detail: zero ? 'unmatched-deletion' : 'top-level-material' };
  if (inMaterial) return { roots: [], code: 'ambiguous-attribution', detail: 'top-level-material' };
  if (touched.length === 1) {
    const d = touched[0];
    if (!d.ineligible && d.inert?.some((r) => r.start <= span.start && span.end <= r.end)) return { roots: [], code: 'no-supported-root', detail: 'inert-member', ...branchOf(d) };
    return d.ineligible ? { roots: [], code: skipFor(d.ineligible), detail: d.ineligible, ...branchOf(d) } : { roots: [d], code: null, detail: null };
  }
  // One statement declaring several names (`const a = ..., b = ...`) is one location: its skip is its own, not ambiguity.
  if (touched.every((d) => d.start === touched[0].start && d.end === touched[0].end)) {
    const eligible = touched.filter((d) => !d.ineligible);
    if (eligible.length === 1) return { roots: eligible, code: null, detail: null };
    if (eligible.length === 0) {
      const d = touched.find((x) => x.rootKind) ?? touched[0];
      return { roots: [], code: skipFor(d.ineligible!), detail: d.ineligible, ...branchOf(d) };
    }
  }
  const whole = touched.every((d) => span.start <= d.start && d.end <= span.end);
  if (!whole) return { roots: [], code: 'ambiguous-attribution', detail: 'several-candidates' };
  const eligible = touched.filter((d) => !d.ineligible);
  return eligible.length > 0 ? { roots: eligible, code: null, detail: null } : { roots: [], code: skipFor(touched[0].ineligible!), detail: touched[0].ineligible, ...branchOf(touched[0]) };
}

export const rootSelectionMachine = setup({
  types: {
    input: {} as RootSelectionInput,
    context: {} as RootSelectionContext,
    events: {} as RootSelectionEvent,
    output: {} as RootSelectionOutput,
  },
  actions: {
    command: (_, _params: RootSelectionCommand) => {},
    noteDeclarations: assign(({ event }) =>
      event.type === 'DECLARATIONS' ? { declarations: event.declarations, material: event.material, tooMany: event.tooMany } : {},
    ),
    selectAll: assign(({ context }) => {
      const eligible = context.declarations.filter((d) => d.rootKind && !d.ineligible).map((d) => d.id);
      const excluded = context.declarations.filter((d) => d.rootKind && d.ineligible);
      return {
        roots: eligible,
        skipped: [
          ...excluded.map((d) => ({ span: null, code: skipFor(d.ineligible!), detail: d.ineligible, ...branchOf(d) })),
          ...(eligible.length === 0 && excluded.length === 0 ? [{ span: null, code: 'no-supported-root' as const, detail: null }] : []),
        ],
      };
    }),
    attributeSpans: assign(({ context, event }) => {
      if (event.type !== 'SPANS') return {};
      const roots: string[] = [];
      const skipped: RootSelectionContext['skipped'] = [];
      for (const span of event.spans) {
        const result = attribute(span, context.declarations, context.material);
        for (const d of result.roots) if (!roots.includes(d.id)) roots.push(d.id);
        if (result.code) skipped.push({ span: span.id, code: result.code, detail: result.detail, ...(result.branch ? { branch: result.branch } : {}) });
      }
      if (roots.length === 0 && skipped.length === 0) skipped.push({ span: null, code: 'no-supported-root', detail: 'no-change' });
      return { roots, skipped };
    }),
    refuseAll: assign({ roots: [], skipped: [{ span: null, code: 'unsupported-syntax', detail: 'too-many-declarations' }] }),
  },
  guards: {
    isAdd: ({ context }) => context.change === 'add',
    tooMany: ({ context }) => context.tooMany,
  },
}).createMachine({
  id: 'root-selection',
  context: ({ input }) => ({ file: input.file, change: input.change, declarations: [], material: [], tooMany: false, roots: [], skipped: [] }),
  initial: 'declarations',
  states: {
    declarations: {
      entry: { type: 'command', params: ({ context }) => ({ kind: 'declarations', file: context.file }) },
      on: { DECLARATIONS: { target: 'branch', actions: 'noteDeclarations' } },
    },
    branch: {
      always: [
        { guard: 'tooMany', target: 'done', actions: 'refuseAll' },
        { guard: 'isAdd', target: 'done', actions: 'selectAll' },
        { target: 'spans' },
      ],
    },
    spans: {
      entry: { type: 'command', params: ({ context }) => ({ kind: 'spans', file: context.file }) },
      on: { SPANS: { target: 'done', actions: 'attributeSpans' } },
    },
    done: {
      type: 'final',
      entry: { type: 'command', params: ({ context }) => ({ kind: 'selected', file: context.file, roots: context.roots, skipped: context.skipped }) },
    },
  },
  output: ({ context }) => ({ roots: context.roots, skipped: context.skipped }),
});
