// The warm review server: one per workspace, listening on .cairn/review/server.sock
// (mode 0600). Each request is one hook event, reviewed by the same code a cold hook
// runs, with the client's environment; every file is read afresh per review, so the
// server holds nothing between reviews but loaded code and grammars. It exits when
// idle, when its socket is removed or replaced (the workspace or .cairn/ is gone, or
// another server took over), when a client of another build asks, or on request; a
// review that is stuck holds none of these up.
import { chmodSync, statSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { GlobalOptions, Output } from '../contracts/command.js';
import { CairnError } from '../contracts/errors.js';
import { ask } from './review-client.js';
import { buildId, HEARTBEAT_MS, MAX_REQUEST_BYTES, PROTOCOL_VERSION, serverDir, socketPath, STALL_MS, STOP_GRACE_MS, WATCH_INTERVAL_MS, type ServerReply, type ServerRequest } from './review-protocol.js';
import { ReviewProgress } from '../review/progress.js';

/** Listening until `done` settles, or not at all because a live server already has the socket. */
export type ServeOutcome = { listening: true; done: Promise<void> } | { listening: false };

/** The review a hook runs, as the command line runs it; the command line hands it in. */
export interface Reviewer {
  /** Reviews into `caller.output`, telling `caller.progress` of every step (the heartbeat follows it). */
  review(
    globals: GlobalOptions,
    options: { event: string; dryRun?: boolean },
    caller: { input: string; env: Record<string, string | undefined>; output: Output; progress: ReviewProgress },
  ): Promise<void>;
  /** Loads code and grammars ahead of the first request. */
  prepare(): Promise<void>;
}

export interface ServeOptions {
  /** The build this server answers for; this installation's stamp when absent (tests name their own). */
  build?: string | null;
}

export async function serveReviews(workspace: string, idleMs: number, reviewer: Reviewer, options: ServeOptions = {}): Promise<ServeOutcome> {
  const stampRead = options.build === undefined ? buildId() : options.build;
  const socketFile = socketPath(workspace);
  if (stampRead === null) throw new CairnError('invalid_input', 'this installation has no build stamp (dist/build-id); run the build first');
  if (socketFile === null) throw new CairnError('invalid_input', 'the workspace path is too long for a unix socket address');
  // Narrowed copies: the hoisted functions below do not see the checks above.
  const build: string = stampRead;
  const path: string = socketFile;
  serverDir(workspace);

  /** The reviews under way, each with its progress. */
  const reviews = new Set<ReviewProgress>();
  const connections = new Set<Socket>();
  let served = 0;
  let lastActive = Date.now();
  const startedAt = new Date().toISOString();
  let stopping = false;
  let ownInode = -1;
  let watch: NodeJS.Timeout | undefined;

  // Half-open: the client ends its side once the request is written; the reply goes back after.
  // Until the answer, a newline every HEARTBEAT_MS while the review moves (JSON allows the
  // leading whitespace): a stuck review falls silent, and its client gives up on it.
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    connections.add(socket);
    const progress = new ReviewProgress();
    const heartbeat = setInterval(() => socket.writable && progress.moving(STALL_MS) && socket.write('\n'), HEARTBEAT_MS);
    const reply = (text: string) => {
      clearInterval(heartbeat);
      if (!socket.destroyed) socket.end(text);
    };
    receive(socket)
      .then(async (request) => reply(JSON.stringify(await answer(request, progress))))
      .catch((error: Error) => reply(JSON.stringify({ kind: 'error', message: error.message } satisfies ServerReply)));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(heartbeat);
      connections.delete(socket);
    });
  });

  async function answer(request: ServerRequest, progress: ReviewProgress): Promise<ServerReply> {
    if (request.kind === 'status') return { kind: 'status', pid: process.pid, build, startedAt, served, idleMs };
    if (request.kind === 'stop') {
      stop(true);
      return { kind: 'stopping' };
    }
    if (request.version !== PROTOCOL_VERSION || request.build !== build) {
      stop(true);
      return { kind: 'restart' };
    }
    if (request.workspace !== workspace) return { kind: 'error', message: 'this server reviews another workspace' };
    if (typeof request.event !== 'string' || typeof request.env !== 'object' || request.env === null) return { kind: 'error', message: 'malformed review request' };
    reviews.add(progress);
    lastActive = Date.now();
    try {
      const output = bufferedOutput();
      await reviewer.review(
        { workspace: request.workspace, json: request.json, tests: request.tests },
        { event: '-', dryRun: request.dryRun },
        { input: request.event, env: request.env, output, progress },
      );
      served++;
      return { kind: 'review', ...output.taken() };
    } finally {
      reviews.delete(progress);
      lastActive = Date.now();
    }
  }

  /** Idle: no review moves, and none has started or ended for idleMs (a stuck review does not hold the server). */
  const idle = () => ![...reviews].some((p) => p.moving(STALL_MS)) && Date.now() - lastActive >= idleMs;

  function stop(removeSocket: boolean): void {
    if (stopping) return;
    stopping = true;
    clearInterval(watch);
    server.close();
    if (removeSocket) {
      try {
        if (statSync(path).ino === ownInode) unlinkSync(path);
      } catch {
        // already gone
      }
    }
    // Answers under way get a moment to go out; then every connection is closed, so
    // the server ends even when a review never does.
    setTimeout(() => {
      for (const socket of connections) socket.destroy();
    }, STOP_GRACE_MS).unref();
  }

  const done = new Promise<void>((closed) => server.on('close', () => closed()));
  if (!(await listenOn(server, path))) return { listening: false };
  chmodSync(path, 0o600);
  ownInode = statSync(path).ino;
  watch = setInterval(() => {
    let inode: number | null;
    try {
      inode = statSync(path).ino;
    } catch {
      inode = null;
    }
    if (inode !== ownInode) stop(false); // removed or replaced: not ours to clean up
    else if (idle()) stop(true);
  }, WATCH_INTERVAL_MS);

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => stop(true));
  // Requests may arrive meanwhile; they load what they need themselves.
  reviewer.prepare().catch(() => undefined);
  return { listening: true, done };
}
/** Binds the socket; a stale socket file (nobody answers) is replaced, a live server is left alone (false). */
async function listenOn(server: Server, path: string): Promise<boolean> {
  const bind = () =>
    new Promise<NodeJS.ErrnoException | null>((bound) => {
      const failed = (error: NodeJS.ErrnoException) => bound(error);
      server.once('error', failed);
      // The socket is created inside listen(): with a umask that keeps it private from
      // the first moment, not only after the chmod that follows.
      const umask = process.umask(0o077);
      try {
        server.listen(path, () => {
          server.off('error', failed);
          bound(null);
        });
      } finally {
        process.umask(umask);
      }
    });
  const first = await bind();
  if (first === null) return true;
  if (first.code !== 'EADDRINUSE') throw first;
  if ((await ask(path, { version: PROTOCOL_VERSION, kind: 'status' }, 1000)) !== null) return false;
  try {
    unlinkSync(path);
  } catch {
    // removed meanwhile
  }
  const second = await bind();
  if (second === null) return true;
  if (second.code === 'EADDRINUSE') return false; // another server won the race
  throw second;
}

/** Reads one request (the client half-closes after writing it). */
function receive(socket: Socket): Promise<ServerRequest> {
  return new Promise((received, failed) => {
    const chunks: Buffer[] = [];
    let size = 0;
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        socket.destroy();
        failed(new Error('request too large'));
      } else chunks.push(chunk);
    });
    socket.on('end', () => {
      try {
        const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ServerRequest;
        if (typeof request !== 'object' || request === null || !['review', 'status', 'stop'].includes(request.kind)) throw new Error('not a request');
        received(request);
      } catch (error) {
        failed(error as Error);
      }
    });
    socket.on('error', failed);
  });
}

function bufferedOutput(): Output & { taken(): { stdout: string; stderr: string; exitCode: number } } {
  let stdout = '';
  let stderr = '';
  let exitCode = 0;
  return {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    exitCode: (code) => void (exitCode = code),
    taken: () => ({ stdout, stderr, exitCode }),
  };
}
