// The graph server's HTTP API (JSON). Every request but a refused one is answered
// from one storage; pushes go through the bounded queue. With a token configured,
// every request but GET /healthz must carry `Authorization: Bearer <token>`. Each
// answer is counted in the metrics and, with a log sink, logged as one line (method,
// path, status, duration, repo, rows: never a body, a query string or a header).
//
// No router, logger or framework: the routes are exact "METHOD /path" keys of one
// table, and a log line is one JSON object; the metrics come from prom-client.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { LIMITS } from '../contracts/graph-push.js';
import { ServerMetrics } from './metrics.js';
import { PushQueue, QueueClosed } from './push-queue.js';
import type { CallerEdge, GraphStorage, RowJson } from './storage.js';
import { BadRequest, checkExtractor, checkMemories, checkMisses, checkPush, checkQuery } from './requests.js';

export interface GraphServerOptions {
  storage: GraphStorage;
  token?: string;
  /** Pushes that may wait or run at once; one more is answered 429. */
  queueCapacity?: number;
  /** Seconds a 429 asks the client to wait. */
  retryAfterSeconds?: number;
  maxBodyBytes?: number;
  /** When the server stamps a push (tests fix it). */
  now?: () => string;
  /** Where each request's log line goes (`cairn serve`: stderr); none by default. */
  log?: (entry: RequestLogEntry) => void;
}

/** One request, as logged. */
export interface RequestLogEntry {
  time: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  repo?: string;
  /** Rows pushed, items stored, or rows answered. */
  rows?: number;
}

export interface GraphServer extends Server {
  readonly metrics: ServerMetrics;
  /**
   * Stops taking requests and pushes (503 with Retry-After, so a client retries
   * elsewhere or later), lets the pushes already queued finish for at most
   * `deadlineMs`, refuses the ones that have not started by then, waits for the
   * running one (a push is one transaction: stored whole or not at all), then
   * closes every connection.
   */
  drain(deadlineMs?: number): Promise<void>;
}

/** What a route tells the log about its request. */
interface Note {
  repo?: string;
  rows?: number;
}

export const DEFAULTS = { queueCapacity: 8, retryAfterSeconds: 1, maxBodyBytes: 64 * 1024 * 1024, drainMs: 30_000 } as const;
/** After the last push, how long answers in flight get to reach their clients. */
const ANSWER_GRACE_MS = 2_000;
const SEARCH_LIMIT = 100;
const CALLERS_LIMIT = 1000;

/** An answer already written as JSON (rows spliced as the storage gave them), sent as it is. */
class JsonText {
  constructor(readonly text: string) {}
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function createGraphServer(options: GraphServerOptions): GraphServer {
  const { storage, log } = options;
  const queue = new PushQueue(options.queueCapacity ?? DEFAULTS.queueCapacity);
  const metrics = new ServerMetrics(storage.kind, () => queue.size);
  let draining = false;
  const retryAfter = String(options.retryAfterSeconds ?? DEFAULTS.retryAfterSeconds);
  const maxBody = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const now = options.now ?? (() => new Date().toISOString());
  const token = options.token ? Buffer.from(options.token) : undefined;

  const shuttingDown = () => new HttpError(503, `the server is shutting down; retry after ${retryAfter} s`, { 'retry-after': retryAfter });

  const routes: Record<string, (req: IncomingMessage, url: URL, note: Note) => Promise<unknown>> = {
    'GET /healthz': async () => {
      if (draining) throw shuttingDown();
      await storage.ping();
      return { ok: true, storage: storage.kind, queue: queue.size };
    },
    'POST /v1/graph': async (req, _url, note) => {
      if (draining) throw shuttingDown();
      const body = await readJson(req, maxBody);
      const push = checkPush(body);
      note.repo = push.repo;
      note.rows = push.entities.length + push.edges.length + push.symbols.length + push.hyperedges.length;
      let done;
      try {
        done = await queue.offer(() => storage.applyPush(push, now()));
      } catch (error) {
        if (error instanceof QueueClosed) throw shuttingDown();
        throw error;
      }
      if (!done) throw new HttpError(429, `the push queue is full (${queue.capacity} pushes); retry after ${retryAfter} s`, { 'retry-after': retryAfter });
      metrics.stored(done.value);
      return { ok: true, repo: push.repo, extractor: push.extractor, ...done.value };
    },
    'POST /v1/semantic-misses': async (req, _url, note) => {
      const request = checkMisses(await readJson(req, maxBody));
      note.repo = request.repo;
      note.rows = request.files.length;
      const stored = await storage.fileShas(request.repo, request.extractor, [...new Set(request.files.map((f) => f.path))]);
      // A path listed twice is answered once (a miss if any of its entries misses).
      return [...new Set(request.files.filter((f) => stored.get(f.path) !== f.content_sha).map((f) => f.path))];
    },
    'POST /v1/memories:bulk': async (req, url, note) => {
      if (draining) throw shuttingDown();
      const repo = url.searchParams.get('repo');
      const request = checkMemories(await readJson(req, maxBody), repo === null ? undefined : checkQuery('repo', repo, LIMITS.repo));
      note.repo = request.repo;
      note.rows = request.items.length;
      const result = await storage.bulkMemories(request.repo, request.reconcile_files, request.items, now());
      return { ok: true, repo: request.repo, ...result };
    },
    'GET /v1/memories': async (_req, url, note) => {
      const source = url.searchParams.get('source');
      note.repo = required(url, 'repo');
      return counted(note, await storage.memories(note.repo, source === null ? undefined : checkQuery('source', source, LIMITS.path)));
    },
    'GET /v1/repos': async (_req, _url, note) => counted(note, await storage.repos()),
    'GET /v1/file': async (_req, url, note) => {
      const repo = required(url, 'repo');
      note.repo = repo;
      const path = required(url, 'path');
      const x = url.searchParams.get('extractor');
      const files = await storage.file(repo, path, x === null ? undefined : checkExtractor(x));
      if (files.length === 0) throw new HttpError(404, `no rows for ${path} in ${repo}${x === null ? '' : ` from extractor ${x}`}`);
      const tag = <T>(rows: T[], extractor: string) => rows.map((r) => ({ ...r, extractor }));
      note.rows = files.reduce((n, f) => n + f.entities.length + f.edges.length + f.hyperedges.length + f.symbols.length, 0);
      return {
        repo,
        path,
        extractors: files.map((f) => ({ extractor: f.extractor, sha: f.sha })),
        entities: files.flatMap((f) => tag(f.entities, f.extractor)),
        edges: files.flatMap((f) => tag(f.edges, f.extractor)),
        hyperedges: files.flatMap((f) => tag(f.hyperedges, f.extractor)),
        symbols: files.flatMap((f) => tag(f.symbols, f.extractor)),
      };
    },
    'GET /v1/search': async (_req, url, note) => {
      const q = required(url, 'q');
      const repo = url.searchParams.get('repo');
      if (repo !== null) note.repo = checkQuery('repo', repo, LIMITS.repo);
      const answer = await searchAnswer(storage, q, note.repo);
      note.rows = answer.rows;
      return new JsonText(answer.text);
    },
    'GET /v1/callers': async (_req, url, note) => {
      note.repo = required(url, 'repo');
      const id = required(url, 'id');
      const answer = await callersAnswer(storage, note.repo, id, relationsParameter(url));
      if (!answer) throw new HttpError(404, `no entity ${id} in ${note.repo}`);
      note.rows = answer.rows;
      return new JsonText(answer.text);
    },
  };

  const server = createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = process.hrtime.bigint();
    const url = new URL(req.url ?? '/', 'http://server.invalid');
    const key = `${req.method} ${url.pathname}`;
    const note: Note = {};
    let status: number;
    try {
      if (token && key !== 'GET /healthz' && !authorised(req.headers.authorization, token)) throw new HttpError(401, 'a bearer token is required', { 'www-authenticate': 'Bearer' });
      if (key === 'GET /metrics') {
        status = sendText(res, 200, await metrics.text(), metrics.contentType);
      } else {
        const route = routes[key];
        if (!route) {
          const known = Object.keys(routes).some((r) => r.endsWith(` ${url.pathname}`)) || url.pathname === '/metrics';
          throw new HttpError(known ? 405 : 404, known ? `${req.method} is not allowed on ${url.pathname}` : `no endpoint ${url.pathname}`);
        }
        status = send(res, 200, await route(req, url, note));
      }
    } catch (error) {
      if (error instanceof HttpError) status = send(res, error.status, { error: error.message }, error.headers);
      else if (error instanceof BadRequest) status = send(res, 400, { error: error.message });
      else {
        process.stderr.write(`cairn serve: ${(error as Error)?.stack ?? String(error)}\n`);
        status = send(res, 500, { error: 'internal error' });
      }
      // An unread request body: stop reading, the connection closes after the answer.
      if (!req.complete) req.resume();
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    // Unknown paths share one label, so a scanner cannot grow the metrics without bound.
    const route = routes[key] || key === 'GET /metrics' ? url.pathname : 'other';
    metrics.request(req.method ?? '', route, status, seconds);
    log?.({ time: new Date().toISOString(), method: req.method ?? '', path: url.pathname, status, duration_ms: Math.round(seconds * 1e6) / 1e3, ...note });
  }

  async function drain(deadlineMs: number = DEFAULTS.drainMs): Promise<void> {
    draining = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const idle = queue.close();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([idle, new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)))]);
    clearTimeout(timer);
    queue.refuseWaiting();
    await idle;
    // Keep-alive connections go as soon as their last answer is out.
    const sweep = setInterval(() => server.closeIdleConnections(), 25);
    await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, ANSWER_GRACE_MS)))]);
    clearTimeout(timer);
    clearInterval(sweep);
    server.closeAllConnections();
    await closed;
  }

  return Object.assign(server, { metrics, drain });
}

function counted<T>(note: Note, rows: T[]): T[] {
  note.rows = rows.length;
  return rows;
}

/** An answer's JSON text, and the rows it holds (what the request log counts). */
export interface AnswerText {
  text: string;
  rows: number;
}

/** GET /v1/search's answer: a JSON array of found entities, at most 100. */
export async function searchAnswer(storage: GraphStorage, q: string, repo: string | undefined): Promise<AnswerText> {
  const rows = await storage.search(q, repo, SEARCH_LIMIT);
  return { text: arrayOf(rows), rows: rows.length };
}

/**
 * GET /v1/callers's answer, or undefined when the repo holds no such entity: edges into
 * the entity by id, and from other repositories by qualified name (docs/graph-server.md:
 * cross-repository callers). An object of `entity`, `qualified_name`, `matched_entities`,
 * `callers` (each a `CallerEdge`) and `truncated`.
 */
export async function callersAnswer(storage: GraphStorage, repo: string, id: string, relations: ReadonlySet<string> | undefined): Promise<AnswerText | undefined> {
  const entity = await storage.entity(repo, id);
  if (!entity) return undefined;
  const qn = entity.properties?.qualified_name;
  const qualified = qn !== undefined && /\.|::|->/.test(qn);
  const twins = qualified ? await storage.twins(qn, repo, 100) : [];
  const twinIds = new Set(twins.map((t) => t.id));
  // An unresolved call in the entity's own repo is that repo's own miss, not a caller.
  const edges = await storage.edgesInto({ ids: [id, ...twinIds], specifiers: qualified ? [qn] : [], specifiersNotFrom: repo }, CALLERS_LIMIT + 1, relations);
  const answered = edges.slice(0, CALLERS_LIMIT);
  const matchOf = (to: string): CallerEdge['match'] => (to === id ? 'id' : twinIds.has(to) ? 'qualified_name' : 'unresolved_specifier');
  // Each row is the storage's JSON of an edge with its place; its match goes in as its last field.
  const rows = answered.map(({ to, json }) => `${json.slice(0, -1)},"match":"${matchOf(to)}"}`);
  const head = JSON.stringify({ entity, qualified_name: qn ?? null, matched_entities: twins.map((t) => ({ repo: t.repo, id: t.id, file_path: t.file_path })) });
  return { text: `${head.slice(0, -1)},"callers":${arrayOf(rows)},"truncated":${edges.length > CALLERS_LIMIT}}`, rows: rows.length };
}

/** A JSON array of rows already written as JSON. */
const arrayOf = (rows: RowJson[]): string => `[${rows.join(',')}]`;

/**
 * Relations a caller stands in: calls and what acts like one (a test, a route, an
 * injection, an event, a remote call). `contains` (the class holding a method) is not a
 * caller; `?relations=a,b` names others, `?relations=all` takes every relation.
 */
export const CALLER_RELATIONS: ReadonlySet<string> = new Set(['calls', 'tests', 'references', 'route_handler', 'injected_into', 'configuration_binds', 'publishes_event', 'consumes_event', 'feign_calls', 'grpc_calls']);

function relationsParameter(url: URL): ReadonlySet<string> | undefined {
  const asked = url.searchParams.get('relations');
  if (asked === null || asked === '') return CALLER_RELATIONS;
  if (Buffer.byteLength(asked) > LIMITS.id) throw new BadRequest(`relations is longer than ${LIMITS.id} bytes`);
  return asked === 'all' ? undefined : new Set(asked.split(',').map((r) => r.trim()).filter(Boolean));
}

function required(url: URL, name: string): string {
  const value = url.searchParams.get(name);
  if (value === null || value === '') throw new BadRequest(`the query parameter ${name} is required`);
  return checkQuery(name, value, name === 'repo' ? LIMITS.repo : LIMITS.id);
}

function authorised(header: string | undefined, token: Buffer): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  return given.length === token.length && timingSafeEqual(given, token);
}

async function readJson(req: IncomingMessage, max: number): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > max) throw new HttpError(413, `the body is larger than ${max} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw new HttpError(413, `the body is larger than ${max} bytes`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BadRequest('the body is not JSON');
  }
}

/** Answers with JSON; returns the status sent (the one already sent if an answer went out). */
function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): number {
  return sendText(res, status, body instanceof JsonText ? body.text : JSON.stringify(body), 'application/json; charset=utf-8', headers);
}

function sendText(res: ServerResponse, status: number, text: string, contentType: string, headers: Record<string, string> = {}): number {
  if (res.headersSent) return res.statusCode;
  // Encoded once: a string body would be measured, then encoded again by the socket's write (0.4 ms more CPU for a callers answer of 430 kB).
  const body = Buffer.from(text);
  res.writeHead(status, { 'content-type': contentType, 'content-length': body.length, ...headers });
  res.end(body);
  return status;
}
