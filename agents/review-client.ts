// The hook's side of the warm review server. A host runs `cairn review --event` after
// every edit; most of a cold run is process start-up and loading (modules, the
// TypeScript grammar), so a hook first asks the workspace's review server, which has
// all of that loaded, and only prints its answer. Without a server (first edit, or
// after the server's idle exit) the hook reviews in its own process as before and
// starts a server for the next edit once its own output is out. The server runs the
// same review code on the same files; it keeps nothing between reviews but loaded code.
import { lstatSync, realpathSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildId,
  CLIENT_DEADLINE_MS,
  MAX_REPLY_BYTES,
  MAX_REQUEST_BYTES,
  PROTOCOL_VERSION,
  serverDir,
  serverEnabled,
  SILENCE_MS,
  socketPath,
  START_THROTTLE_MS,
  type ServerReply,
  type ServerRequest,
} from './review-protocol.js';
import type { GlobalOptions } from '../contracts/command.js';
import { MAX_EVENT_BYTES, readInput } from '../gate/bounds.js';
import { cairnPath } from '../gate/cairn-paths.js';

export type ServerRoute =
  /** The server answered; its output is written and the exit code set. */
  | { served: true }
  /** Review in this process: with the input already read, and a way to start a server afterwards (null: do not). */
  | { served: false; input?: string; start: (() => Promise<void>) | null };

const inProcess: ServerRoute = { served: false, start: null };

/** What became of a request: a reply, no server listening, or a server that went silent, overran the deadline or sent too much. */
export type Answer = { kind: 'reply'; reply: ServerReply } | { kind: 'absent' } | { kind: 'hung' };

/**
 * Sends one request and waits for the one reply. A server that says nothing for
 * SILENCE_MS (one whose review moves sends heartbeats), outlasts `deadlineMs` or sends more than
 * MAX_REPLY_BYTES is hung.
 */
export function askServer(path: string, request: ServerRequest, deadlineMs: number, silenceMs = SILENCE_MS): Promise<Answer> {
  return new Promise((answer) => {
    const socket = createConnection(path);
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(silence);
      socket.destroy();
      answer(result);
    };
    const deadline = setTimeout(() => finish({ kind: 'hung' }), deadlineMs);
    let silence = setTimeout(() => finish({ kind: 'hung' }), silenceMs);
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => finish({ kind: 'hung' }), silenceMs);
    };
    socket.on('connect', () => socket.end(JSON.stringify(request)));
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REPLY_BYTES) return finish({ kind: 'hung' });
      chunks.push(chunk);
      heard();
    });
    socket.on('end', () => {
      try {
        finish({ kind: 'reply', reply: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ServerReply });
      } catch {
        finish({ kind: 'hung' });
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? { kind: 'absent' } : { kind: 'hung' }));
  });
}

/** As askServer; null when no reply came. */
export async function ask(path: string, request: ServerRequest, deadlineMs: number): Promise<ServerReply | null> {
  const answer = await askServer(path, request, deadlineMs);
  return answer.kind === 'reply' ? answer.reply : null;
}

/**
 * Replaces a hung server: its socket is removed (a server that runs again sees its
 * socket gone and exits) and a new server is started at once.
 */
export async function replaceServer(workspace: string, path: string): Promise<void> {
  try {
    if (lstatSync(path).isSocket()) unlinkSync(path);
  } catch {
    // already gone
  }
  await startServer(workspace, true);
}

/**
 * Starts a detached review server for the workspace; it outlives this process. Unless
 * `replacing` one that asked to be, at most one start per START_THROTTLE_MS: where a
 * server cannot run (a file system without unix sockets, say), hooks do not each
 * start one that fails.
 */
export async function startServer(workspace: string, replacing = false): Promise<void> {
  serverDir(workspace);
  const stamp = cairnPath(workspace, 'review/server.started', 'file');
  try {
    if (!replacing && Date.now() - statSync(stamp).mtimeMs < START_THROTTLE_MS) return;
  } catch {
    // never started here
  }
  writeFileSync(stamp, '');
  const { spawn } = await import('node:child_process');
  const bin = fileURLToPath(new URL('../../bin/cairn.js', import.meta.url));
  const child = spawn(process.execPath, [bin, '-C', workspace, 'review', 'serve'], { cwd: workspace, detached: true, stdio: 'ignore' });
  child.on('error', () => undefined);
  child.unref();
}

/** Asks the workspace's review server to review a hook event. */
export async function reviewThroughServer(globals: GlobalOptions, event: string, dryRun: boolean): Promise<ServerRoute> {
  const build = buildId();
  if (!serverEnabled(process.env) || build === null) return inProcess;
  let workspace: string;
  let input: string;
  try {
    workspace = realpathSync(resolve(globals.workspace ?? process.cwd()));
    input = readInput(event, 'hook event', MAX_EVENT_BYTES);
  } catch {
    return inProcess; // the in-process review reports it
  }
  const path = socketPath(workspace);
  if (path === null || Buffer.byteLength(input) > MAX_REQUEST_BYTES / 2) return { served: false, input, start: null };
  const request: ServerRequest = {
    version: PROTOCOL_VERSION,
    kind: 'review',
    build,
    workspace,
    json: Boolean(globals.json),
    tests: globals.tests !== false,
    dryRun,
    event: input,
    env: process.env,
  };
  const answer = await askServer(path, request, CLIENT_DEADLINE_MS);
  // A silent or runaway server: review here, and put a new server in its place.
  if (answer.kind === 'hung') return { served: false, input, start: () => replaceServer(workspace, path) };
  const reply = answer.kind === 'reply' ? answer.reply : null;
  if (reply?.kind === 'review') {
    if (reply.stderr) process.stderr.write(reply.stderr);
    process.stdout.write(reply.stdout);
    process.exitCode = reply.exitCode;
    return { served: true };
  }
  // No server, or one of another build that is now leaving: start one for the next edit.
  if (reply === null || reply.kind === 'restart') return { served: false, input, start: () => startServer(workspace, reply !== null) };
  return { served: false, input, start: null };
}

export type ServerState = { running: false } | { running: true; pid: number; startedAt: string; served: number; idleMs: number };

/** Whether a review server runs for the workspace, and what it has done. */
export async function serverState(workspace: string): Promise<ServerState> {
  const path = socketPath(workspace);
  const reply = path === null ? null : await ask(path, { version: PROTOCOL_VERSION, kind: 'status' }, 2000);
  if (reply?.kind !== 'status') return { running: false };
  return { running: true, pid: reply.pid, startedAt: reply.startedAt, served: reply.served, idleMs: reply.idleMs };
}

/** Asks the workspace's review server to stop; answers with its state before. */
export async function stopServer(workspace: string): Promise<ServerState> {
  const state = await serverState(workspace);
  if (state.running) await ask(socketPath(workspace)!, { version: PROTOCOL_VERSION, kind: 'stop' }, 2000);
  return state;
}
