// The graph server's HTTP API (JSON). Every request but a refused one is answered
// from one storage; pushes go through the bounded queue. With a token configured,
// every request must carry `Authorization: Bearer <token>`.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { LIMITS, UNRESOLVED_PREFIX } from '../contracts/graph-push.js';
import { PushQueue } from './push-queue.js';
import type { CallerEdge, GraphStorage } from './storage.js';
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
}

export const DEFAULTS = { queueCapacity: 8, retryAfterSeconds: 1, maxBodyBytes: 64 * 1024 * 1024 } as const;
const SEARCH_LIMIT = 100;
const CALLERS_LIMIT = 1000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function createGraphServer(options: GraphServerOptions): Server {
  const { storage } = options;
  const queue = new PushQueue(options.queueCapacity ?? DEFAULTS.queueCapacity);
  const retryAfter = String(options.retryAfterSeconds ?? DEFAULTS.retryAfterSeconds);
  const maxBody = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const now = options.now ?? (() => new Date().toISOString());
  const token = options.token ? Buffer.from(options.token) : undefined;

  const routes: Record<string, (req: IncomingMessage, url: URL) => Promise<unknown>> = {
    'POST /v1/graph': async (req) => {
      const body = await readJson(req, maxBody);
      const push = checkPush(body);
      const done = await queue.offer(() => storage.applyPush(push, now()));
      if (!done) throw new HttpError(429, `the push queue is full (${queue.capacity} pushes); retry after ${retryAfter} s`, { 'retry-after': retryAfter });
      return { ok: true, repo: push.repo, extractor: push.extractor, ...done.value };
    },
    'POST /v1/semantic-misses': async (req) => {
      const request = checkMisses(await readJson(req, maxBody));
      const stored = await storage.fileShas(request.repo, request.extractor, [...new Set(request.files.map((f) => f.path))]);
      // A path listed twice is answered once (a miss if any of its entries misses).
      return [...new Set(request.files.filter((f) => stored.get(f.path) !== f.content_sha).map((f) => f.path))];
    },
    'POST /v1/memories:bulk': async (req, url) => {
      const repo = url.searchParams.get('repo');
      const request = checkMemories(await readJson(req, maxBody), repo === null ? undefined : checkQuery('repo', repo, LIMITS.repo));
      const result = await storage.bulkMemories(request.repo, request.reconcile_files, request.items, now());
      return { ok: true, repo: request.repo, ...result };
    },
    'GET /v1/memories': async (_req, url) => {
      const source = url.searchParams.get('source');
      return storage.memories(required(url, 'repo'), source === null ? undefined : checkQuery('source', source, LIMITS.path));
    },
    'GET /v1/repos': async () => storage.repos(),
    'GET /v1/file': async (_req, url) => {
      const repo = required(url, 'repo');
      const path = required(url, 'path');
      const x = url.searchParams.get('extractor');
      const files = await storage.file(repo, path, x === null ? undefined : checkExtractor(x));
      if (files.length === 0) throw new HttpError(404, `no rows for ${path} in ${repo}${x === null ? '' : ` from extractor ${x}`}`);
      const tag = <T>(rows: T[], extractor: string) => rows.map((r) => ({ ...r, extractor }));
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
    'GET /v1/search': async (_req, url) => {
      const q = required(url, 'q');
      const repo = url.searchParams.get('repo');
      return storage.search(q, repo === null ? undefined : checkQuery('repo', repo, LIMITS.repo), SEARCH_LIMIT);
    },
    'GET /v1/callers': async (_req, url) => callers(storage, required(url, 'repo'), required(url, 'id')),
  };

  return createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (token && !authorised(req.headers.authorization, token)) throw new HttpError(401, 'a bearer token is required', { 'www-authenticate': 'Bearer' });
      const url = new URL(req.url ?? '/', 'http://server.invalid');
      const route = routes[`${req.method} ${url.pathname}`];
      if (!route) {
        const known = Object.keys(routes).some((r) => r.endsWith(` ${url.pathname}`));
        throw new HttpError(known ? 405 : 404, known ? `${req.method} is not allowed on ${url.pathname}` : `no endpoint ${url.pathname}`);
      }
      send(res, 200, await route(req, url));
    } catch (error) {
      if (error instanceof HttpError) send(res, error.status, { error: error.message }, error.headers);
      else if (error instanceof BadRequest) send(res, 400, { error: error.message });
      else {
        process.stderr.write(`cairn serve: ${(error as Error)?.stack ?? String(error)}\n`);
        send(res, 500, { error: 'internal error' });
      }
      // An unread request body: stop reading, the connection closes after the answer.
      if (!req.complete) req.resume();
    }
  }
}

/** Edges into an entity: by id, and from other repositories by qualified name (see README: cross-repository callers). */
async function callers(storage: GraphStorage, repo: string, id: string): Promise<unknown> {
  const entity = await storage.entity(repo, id);
  if (!entity) throw new HttpError(404, `no entity ${id} in ${repo}`);
  const qn = entity.properties?.qualified_name;
  const qualified = qn !== undefined && /\.|::|->/.test(qn);
  const twins = qualified ? await storage.entitiesByQualifiedName(qn, repo, 100) : [];
  const twinIds = new Set(twins.map((t) => t.id));
  const edges = await storage.edgesInto([id, ...twinIds], qualified ? [qn] : [], CALLERS_LIMIT + 1);
  const out: CallerEdge[] = [];
  for (const e of edges) {
    if (e.to === id) out.push({ ...e, match: 'id' });
    else if (twinIds.has(e.to)) out.push({ ...e, match: 'qualified_name' });
    // An unresolved call in the entity's own repo is that repo's own miss, not a caller.
    else if (e.to.startsWith(UNRESOLVED_PREFIX) && e.repo !== repo) out.push({ ...e, match: 'unresolved_specifier' });
  }
  return {
    entity,
    qualified_name: qn ?? null,
    matched_entities: twins.map((t) => ({ repo: t.repo, id: t.id, file_path: t.file_path })),
    callers: out.slice(0, CALLERS_LIMIT),
    truncated: edges.length > CALLERS_LIMIT,
  };
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

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
