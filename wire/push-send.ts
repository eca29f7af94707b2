// Sends one GraphPush batch: POST <base>/v1/graph with a bearer token when given.
// 429 and 503 are waited out as the server's Retry-After says (capped), and so is a
// connection that fails; both a bounded number of times. Any other refusal ends the
// push with the server's own message.
import type { GraphPush } from '../contracts/graph-push.js';
import { CairnError } from '../contracts/errors.js';

export interface SendOptions {
  token?: string;
  /** Tries in all, the first included. */
  maxTries?: number;
  /** The longest wait one Retry-After may ask for, in ms. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (info: { status: number | 'network'; waitMs: number; attempt: number }) => void;
}

export interface SendResult {
  status: number;
  body: unknown;
  tries: number;
  /** How many answers were 429 or 503 before the one that counted. */
  throttled: number;
}

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
  const maxWait = options.maxWaitMs ?? 30_000;
  const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = JSON.stringify(push);
  let throttled = 0;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(endpoint, { method: 'POST', headers, body });
    } catch (error) {
      if (attempt >= maxTries) {
        throw new CairnError('push_failed', `cannot reach ${endpoint.origin}: ${(error as Error).cause ?? (error as Error).message}`, 1);
      }
      const waitMs = Math.min(maxWait, 250 * 2 ** (attempt - 1));
      options.onRetry?.({ status: 'network', waitMs, attempt });
      await sleep(waitMs);
      continue;
    }
    const text = await response.text();
    if (response.status === 429 || response.status === 503) {
      throttled += 1;
      if (attempt >= maxTries) {
        throw new CairnError('push_failed', `the server stayed busy (${response.status}) after ${attempt} tries`, 1);
      }
      const waitMs = Math.min(maxWait, retryAfterMs(response.headers.get('retry-after')));
      options.onRetry?.({ status: response.status, waitMs, attempt });
      await sleep(waitMs);
      continue;
    }
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the text
    }
    if (!response.ok) {
      const message = (parsed as { error?: string })?.error ?? text.slice(0, 500);
      throw new CairnError('push_rejected', `the server refused a batch (${response.status}): ${message}`, 1);
    }
    return { status: response.status, body: parsed, tries: attempt, throttled };
  }
}

/**
 * Whether the server already holds rows of `repo` (GET /v1/repos). A push that
 * remembers earlier pushes to this URL sends everything again when the server does
 * not know the repo (a new or emptied server at the same address). Undefined when
 * the server cannot say.
 */
export async function serverHoldsRepo(endpoint: URL, repo: string, token?: string): Promise<boolean | undefined> {
  const url = new URL(endpoint);
  url.pathname = url.pathname.replace(/\/v1\/graph$/, '/v1/repos');
  try {
    const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!response.ok) return undefined;
    const repos = (await response.json()) as { repo?: string; files?: number }[];
    return Array.isArray(repos) ? repos.some((r) => r.repo === repo && (r.files ?? 0) > 0) : undefined;
  } catch {
    return undefined;
  }
}
