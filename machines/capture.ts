// The capture machine: decides whether one file's bytes are a stable snapshot.
// It never touches the file system: it asks for a path check, a stat, a bounded
// read and a second stat, and compares the facts that come back. Outcomes:
// captured, unstable, too-large, excluded, unreadable.
import { assign, setup } from 'xstate';

export type CaptureOutcome = 'captured' | 'unstable' | 'too-large' | 'excluded' | 'unreadable';

export interface CaptureInput {
  path: string;
  /** Per-file ceiling in bytes (inclusive). */
  ceiling: number;
}

export type CaptureCommand =
  | { kind: 'check-path'; path: string }
  | { kind: 'stat'; path: string }
  | { kind: 'read'; path: string; maxBytes: number }
  | { kind: 'restat'; path: string }
  | { kind: 'done'; path: string; outcome: CaptureOutcome; bytes: number; digest: string | null; reason: string | null };

export interface FileStat {
  exists: boolean;
  isFile: boolean;
  size: number;
  mtimeMs: number;
}

export type CaptureEvent =
  | { type: 'PATH_CHECKED'; allowed: boolean; reason: string | null }
  | ({ type: 'STATED' } & FileStat)
  | { type: 'READ'; ok: boolean; bytes: number; digest: string | null }
  | ({ type: 'RESTATED' } & FileStat);

export interface CaptureContext {
  path: string;
  ceiling: number;
  first: FileStat | null;
  bytes: number;
  digest: string | null;
  outcome: CaptureOutcome | null;
  reason: string | null;
}

export interface CaptureOutput {
  outcome: CaptureOutcome;
  bytes: number;
  digest: string | null;
  reason: string | null;
}

const statOf = (e: FileStat): FileStat => ({ exists: e.exists, isFile: e.isFile, size: e.size, mtimeMs: e.mtimeMs });

export const captureMachine = setup({
  types: {
    input: {} as CaptureInput,
    context: {} as CaptureContext,
    events: {} as CaptureEvent,
    output: {} as CaptureOutput,
  },
  actions: {
    command: (_, _params: CaptureCommand) => {},
    finish: assign((_, params: { outcome: CaptureOutcome; reason: string | null }) => ({ outcome: params.outcome, reason: params.reason })),
  },
  guards: {
    denied: ({ event }) => event.type === 'PATH_CHECKED' && !event.allowed,
    missing: ({ event }) => event.type === 'STATED' && (!event.exists || !event.isFile),
    overCeiling: ({ context, event }) => event.type === 'STATED' && event.size > context.ceiling,
    readFailed: ({ event }) => event.type === 'READ' && !event.ok,
    readOverCeiling: ({ context, event }) => event.type === 'READ' && event.bytes > context.ceiling,
    changedMeanwhile: ({ context, event }) =>
      event.type === 'RESTATED' &&
      (!event.exists || event.size !== context.first?.size || event.mtimeMs !== context.first?.mtimeMs || event.size !== context.bytes),
  },
}).createMachine({
  id: 'capture',
  context: ({ input }) => ({ path: input.path, ceiling: input.ceiling, first: null, bytes: 0, digest: null, outcome: null, reason: null }),
  initial: 'checking',
  states: {
    checking: {
      entry: { type: 'command', params: ({ context }) => ({ kind: 'check-path', path: context.path }) },
      on: {
        PATH_CHECKED: [
          { guard: 'denied', target: 'done', actions: { type: 'finish', params: ({ event }) => ({ outcome: 'excluded' as const, reason: event.reason }) } },
          { target: 'stating' },
        ],
      },
    },
    stating: {
      entry: { type: 'command', params: ({ context }) => ({ kind: 'stat', path: context.path }) },
      on: {
        STATED: [
          { guard: 'missing', target: 'done', actions: { type: 'finish', params: { outcome: 'unreadable', reason: 'missing' } } },
          { guard: 'overCeiling', target: 'done', actions: { type: 'finish', params: { outcome: 'too-large', reason: 'size' } } },
          { target: 'reading', actions: assign({ first: ({ event }) => statOf(event) }) },
        ],
      },
    },
    reading: {
      entry: { type: 'command', params: ({ context }) => ({ kind: 'read', path: context.path, maxBytes: context.ceiling }) },
      on: {
        READ: [
          { guard: 'readFailed', target: 'done', actions: { type: 'finish', params: { outcome: 'unreadable', reason: 'read' } } },
          { guard: 'readOverCeiling', target: 'done', actions: { type: 'finish', params: { outcome: 'too-large', reason: 'grew' } } },
          { target: 'restating', actions: assign({ bytes: ({ event }) => event.bytes, digest: ({ event }) => event.digest }) },
        ],
      },
    },
    restating: {
      entry: { type: 'command', params: ({ context }) => ({ kind: 'restat', path: context.path }) },
      on: {
        RESTATED: [
          { guard: 'changedMeanwhile', target: 'done', actions: { type: 'finish', params: { outcome: 'unstable', reason: 'changed-during-read' } } },
          { target: 'done', actions: { type: 'finish', params: { outcome: 'captured', reason: null } } },
        ],
      },
    },
    done: {
      type: 'final',
      entry: {
        type: 'command',
        params: ({ context }) => ({
          kind: 'done',
          path: context.path,
          outcome: context.outcome ?? 'unreadable',
          bytes: context.outcome === 'captured' ? context.bytes : 0,
          digest: context.outcome === 'captured' ? context.digest : null,
          reason: context.reason,
        }),
      },
    },
  },
  output: ({ context }) => ({
    outcome: context.outcome ?? 'unreadable',
    bytes: context.outcome === 'captured' ? context.bytes : 0,
    digest: context.outcome === 'captured' ? context.digest : null,
    reason: context.reason,
  }),
});
