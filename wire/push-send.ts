// Sends one GraphPush batch: POST <base>/v1/graph with a bearer token when given.
// 429 and 503 are waited out as the server's Retry-After says, capped (and the cap is
// said); a connection that fails is tried again a few times. Every exchange has its
// deadlines and a reply bound (http-exchange.ts), every batch a total time, and a 200
// counts only when its reply is the server's JSON answer. Any other refusal ends the
// push with the server's own message.
import type { GraphPush } from '../contracts/graph-push.js';
import { CairnError } from '../contracts/errors.js';
import { exchange, NetworkError, type ExchangeLimits, type HttpReply } from './http-exchange.js';

export interface SendOptions {
  token?: string;
  /** Tries in all, the first included. */
  maxTries?: number;
  /** The longest wait one Retry-After may ask for, in ms. */
  maxWaitMs?: number;
  /** Deadlines and reply bound of each exchange. */
  limits?: ExchangeLimits;
  /** A batch's tries and waits end within this long. */
  totalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (info: RetryInfo) => void;
  /** Called once per try that has waited WAITING_NOTICE_MS for its answer, with a line that says so. */
  onWaiting?: (line: string) => void;
}

export interface RetryInfo {
  status: number | 'network';
  /** What happened, in one line. */
  reason: string;
  waitMs: number;
  attempt: number;
  maxTries: number;
  /** The wait the server asked for, when it was longer than the cap. */
  askedMs?: number;
}

export interface SendResult {
  status: number;
  body: unknown;
  tries: number;
  /** How many answers were 429 or 503 before the one that counted. */
  throttled: number;
}

/** Until a connection is open: a graph server is on the local network or this machine. */
export const CONNECT_MS = 5_000;
/** From sending a batch until its whole answer: a drip or a silent server ends here. */
export const REPLY_MS = 60_000;
/** A push answer is a small JSON object. */
export const MAX_REPLY_BYTES = 1024 * 1024;
/** The longest Retry-After obeyed. */
export const MAX_WAIT_MS = 30_000;
/** One batch, all its tries and waits included. */
export const BATCH_TOTAL_MS = 180_000;
/** A try still waiting after this long says so, so a push is never silent for long. */
export const WAITING_NOTICE_MS = 5_000;
/** A refused connection or unknown host is tried this often at most: nothing listens there. */
export const UNREACHABLE_TRIES = 3;

export const DEFAULT_LIMITS: ExchangeLimits = { connectMs: CONNECT_MS, replyMs: REPLY_MS, maxReplyBytes: MAX_REPLY_BYTES };

export const DEFAULT_MAX_TRIES = 8;

/** The endpoint of a server base URL (a URL that already names /v1/graph is kept). */
export function graphEndpoint(base: string): URL {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new CairnError('invalid_argument', `--url "${base}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CairnError('invalid_argument', `--url must be http or https (got ${url.protocol})`);
  if (!url.pathname.endsWith('/v1/graph')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/graph`;
  return url;
}

/** Milliseconds a Retry-After header asks for: delta-seconds or an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header === null) return 1000;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? 1000 : Math.max(0, date - now);
}

export async function sendBatch(endpoint: URL, push: GraphPush, options: SendOptions = {}): Promise<SendResult> {
  const maxTries = options.maxTries ?? DEFAULT_MAX_TRIES;
  const maxWait = options.maxWaitMs ?? MAX_WAIT_MS;
  const limits = options.limits ?? DEFAULT_LIMITS;
  const totalMs = options.totalMs ?? BATCH_TOTAL_MS;
  const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = JSON.stringify(push);
  const started = performance.now();
  let throttled = 0;
  /** Waits before the next try, or ends the batch when tries or time are spent. */
  const retry = async (info: Omit<RetryInfo, 'maxTries'>, tries: number, failure: string) => {
    if (info.attempt >= tries) throw new CairnError('push_failed', failure, 1);
    const left = totalMs - (performance.now() - started);
    if (info.waitMs >= left) throw new CairnError('push_failed', `${failure} (gave up after ${info.attempt} tries in ${Math.round((performance.now() - started) / 1000)} s)`, 1);
    options.onRetry?.({ ...info, maxTries: tries });
    await sleep(info.waitMs);
  };
  for (let attempt = 1; ; attempt++) {
    let reply: HttpReply;
    try {
      const notice = setTimeout(() => options.onWaiting?.(`waiting for ${endpoint.origin} to answer (try ${attempt}; it has ${limits.replyMs / 1000} s)`), WAITING_NOTICE_MS);
      try {
        reply = await exchange(endpoint, 'POST', headers, body, limits);
      } finally {
        clearTimeout(notice);
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      // A redirect elsewhere or an oversized reply does not change with another try.
      if (error.kind === 'redirect' || error.kind === 'too-large') throw new CairnError('push_failed', error.message, 1);
      const tries = error.kind === 'connect' ? Math.min(maxTries, UNREACHABLE_TRIES) : maxTries;
      const waitMs = Math.min(maxWait, 250 * 2 ** (attempt - 1));
      await retry({ status: 'network', reason: error.message, waitMs, attempt }, tries, error.message);
      continue;
    }
    const text = reply.body.toString('utf8');
    if (reply.status === 429 || reply.status === 503) {
      throttled += 1;
      const asked = retryAfterMs(headerText(reply.headers['retry-after']));
      const waitMs = Math.min(maxWait, asked);
      const reason = `the server is busy (${reply.status})`;
      await retry({ status: reply.status, reason, waitMs, attempt, ...(asked > maxWait ? { askedMs: asked } : {}) }, maxTries, `the server stayed busy (${reply.status}) after ${attempt} tries`);
      continue;
    }
    const parsed = parseJson(text);
    if (reply.status < 200 || reply.status > 299) {
      const message = (parsed as { error?: unknown })?.error;
      throw new CairnError('push_rejected', `the server refused a batch (${reply.status}): ${oneLine(typeof message === 'string' ? message : text)}`, 1);
    }
    // The server's answer to a push is a JSON object with ok: true; anything else (a
    // proxy's page, an empty body) means the batch may not be stored.
    if (typeof parsed !== 'object' || parsed === null || (parsed as { ok?: unknown }).ok !== true) {
      const shown = text.trim() === '' ? 'an empty body' : `"${oneLine(text)}"`;
      throw new CairnError('push_failed', `the server answered ${reply.status} without a GraphPush answer (${shown}); the batch may not be stored`, 1);
    }
    return { status: reply.status, body: parsed, tries: attempt, throttled };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const headerText = (value: string | string[] | undefined): string | null => (value === undefined ? null : Array.isArray(value) ? (value[0] ?? null) : value);

/** A server's text for one line of a message: control characters as spaces, at most 200 characters. */
function oneLine(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

/**
 * Whether the server already holds rows of `repo` (GET /v1/repos). A push that
 * remembers earlier pushes to this URL sends everything again when the server does
 * not know the repo (a new or emptied server at the same address). Undefined when
 * the server cannot say.
 */
/** The repos question is asked before any batch: a server that cannot answer it soon is left to the push itself. */
const REPOS_LIMITS: ExchangeLimits = { connectMs: CONNECT_MS, replyMs: 5_000, maxReplyBytes: 16 * 1024 * 1024 };

export async function serverHoldsRepo(endpoint: URL, repo: string, token?: string): Promise<boolean | undefined> {
  const url = new URL(endpoint);
  url.pathname = url.pathname.replace(/\/v1\/graph$/, '/v1/repos');
  try {
    const reply = await exchange(url, 'GET', token ? { authorization: `Bearer ${token}` } : {}, undefined, REPOS_LIMITS);
    if (reply.status !== 200) return undefined;
    const repos = parseJson(reply.body.toString('utf8')) as { repo?: string; files?: number }[] | undefined;
    return Array.isArray(repos) ? repos.some((r) => r?.repo === repo && (r.files ?? 0) > 0) : undefined;
  } catch (error) {
    if (error instanceof NetworkError) return undefined;
    throw error;
  }
}
