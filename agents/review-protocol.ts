// What the hook's client and the warm review server say to each other: one JSON
// document each way over a unix socket in the workspace's .cairn/review/, then the
// connection ends. Both sides import only this file of each other.
import { readFileSync } from 'node:fs';
import { cairnPath, makeCairnDirectory } from '../gate/cairn-paths.js';

export const PROTOCOL_VERSION = 1;

/** The largest request a server accepts (a Write event carries a whole file). */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

/** How long a server waits for work before it exits. */
export const DEFAULT_IDLE_MS = 10 * 60 * 1000;

/** How often a server checks that its socket is still its own and it is not idle. */
export const WATCH_INTERVAL_MS = 2000;

/** Hooks start a server at most this often (but to replace one of another build). */
export const START_THROTTLE_MS = 30_000;

/** A client gives up on a server after this long (analysis 5 s plus backend 15 s, with room) and reviews in-process. */
export const CLIENT_DEADLINE_MS = 25_000;

/**
 * While its review moves (see STALL_MS), a server sends a newline this often until its
 * answer (JSON allows the leading whitespace), so a client tells a review that gets
 * somewhere from a stuck one or a silent server.
 */
export const HEARTBEAT_MS = 200;

/**
 * A review that has neither stepped for this long nor waits on something with its own
 * deadline (a backend) is stuck: its server stops the heartbeat, and the client gives up
 * SILENCE_MS later.
 */
export const STALL_MS = 2000;

/** After a stop, answers under way get this long to go out before every connection is closed. */
export const STOP_GRACE_MS = 2000;

/**
 * A client that hears nothing for this long (five missed heartbeats, or no answer to a
 * status) gives up, reviews in-process and replaces the server: a stopped server, or
 * one that accepts and never answers, costs a hook about a second, a stuck review about
 * three (STALL_MS and this), never the deadline.
 */
export const SILENCE_MS = 1000;

/** The largest reply a client reads; a server sending more is treated as hung. */
export const MAX_REPLY_BYTES = 16 * 1024 * 1024;

export type ServerRequest =
  | {
      version: number;
      kind: 'review';
      /** The client's build; a server of another build answers `restart` and exits. */
      build: string;
      workspace: string;
      json: boolean;
      tests: boolean;
      dryRun: boolean;
      /** The hook event's text, read by the client. */
      event: string;
      /** The client's environment: where the user configuration is, what a command backend runs with. */
      env: NodeJS.ProcessEnv;
    }
  | { version: number; kind: 'status' }
  | { version: number; kind: 'stop' };

export type ServerReply =
  | { kind: 'review'; stdout: string; stderr: string; exitCode: number }
  | { kind: 'restart' }
  | { kind: 'status'; pid: number; build: string; startedAt: string; served: number; idleMs: number }
  | { kind: 'stopping' }
  | { kind: 'error'; message: string };

/**
 * CAIRN_REVIEW_SERVER `off`/`0`/`false`/`no` turns the server off, `on`/`1`/`true`/`yes`
 * on; unset, it is on except under CI (a CI job's processes should end with the job).
 */
export function serverEnabled(env: NodeJS.ProcessEnv): boolean {
  const setting = env.CAIRN_REVIEW_SERVER ?? '';
  if (/^(off|0|false|no)$/i.test(setting)) return false;
  if (/^(on|1|true|yes)$/i.test(setting)) return true;
  return !env.CI;
}

export function idleMsFrom(env: NodeJS.ProcessEnv): number {
  const ms = Number(env.CAIRN_REVIEW_SERVER_IDLE_MS);
  return Number.isInteger(ms) && ms > 0 ? ms : DEFAULT_IDLE_MS;
}

/** `.cairn/review/`, made when missing; it and each entry named below are checked like every path under .cairn/. */
export function serverDir(workspace: string): string {
  return makeCairnDirectory(workspace, 'review');
}

/**
 * The socket's path, or null when it would not fit a unix socket address (node
 * would truncate it silently, and a truncated path could name another socket):
 * such a workspace reviews every hook in-process.
 */
export function socketPath(workspace: string): string | null {
  if (process.platform === 'win32') return null; // named pipes are not unix sockets; Windows reviews in-process
  const path = cairnPath(workspace, 'review/server.sock', 'socket');
  return Buffer.byteLength(path) <= 100 ? path : null;
}

let build: string | null | undefined;

/** This installation's build stamp (written by the build), or null when there is none. */
export function buildId(): string | null {
  if (build === undefined) {
    try {
      build = readFileSync(new URL('../build-id', import.meta.url), 'utf8').trim() || null;
    } catch {
      build = null;
    }
  }
  return build;
}
