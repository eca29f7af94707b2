// One HTTP request and its whole reply, with every bound a client of a server it does
// not control needs: a deadline to connect, a deadline for the whole exchange (a
// reply that drips is cut there), a bound on the reply's size, no redirect to another
// origin, and every failure as one NetworkError whose message is a single line. Node's
// http module, not fetch: fetch follows redirects to any host by default, and its
// connect timeout cannot be set without the undici package.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface ExchangeLimits {
  /** Until the connection is open (TCP and TLS). */
  connectMs: number;
  /** From the start until the last byte of the reply. */
  replyMs: number;
  /** The most reply body read; more ends the exchange. */
  maxReplyBytes: number;
}

export interface HttpReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Why an exchange failed: the message is one line, fit for a user. */
export class NetworkError extends Error {
  constructor(
    readonly kind: 'connect' | 'connect-timeout' | 'reply-timeout' | 'too-large' | 'redirect' | 'broken',
    message: string,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** Same-origin redirects followed (307 and 308 keep the method and body); more is a failure. */
const MAX_REDIRECTS = 3;

export async function exchange(url: URL, method: 'GET' | 'POST', headers: Record<string, string>, body: string | undefined, limits: ExchangeLimits): Promise<HttpReply> {
  let target = url;
  for (let hop = 0; ; hop++) {
    const reply = await once(target, method, headers, body, limits);
    if (![301, 302, 303, 307, 308].includes(reply.status)) return reply;
    const location = reply.headers.location;
    let next: URL;
    try {
      next = new URL(location ?? '', target);
    } catch {
      throw new NetworkError('redirect', `${target.origin} answered ${reply.status} with an unreadable Location`);
    }
    if (next.origin !== url.origin) throw new NetworkError('redirect', `${url.origin} redirected to another origin (${next.origin}); cairn does not follow it`);
    if (reply.status !== 307 && reply.status !== 308 && method === 'POST') throw new NetworkError('redirect', `${url.origin} answered ${reply.status} to a POST; cairn does not resend it as a GET`);
    if (hop + 1 >= MAX_REDIRECTS) throw new NetworkError('redirect', `${url.origin} redirected more than ${MAX_REDIRECTS} times`);
    target = next;
  }
}

function once(url: URL, method: string, headers: Record<string, string>, body: string | undefined, limits: ExchangeLimits): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    // A fresh connection per exchange: its connect deadline then always applies.
    const req = send(url, { method, headers: { ...headers, ...length }, agent: false });
    let settled = false;
    const fail = (error: NetworkError) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(replyTimer);
      req.destroy();
      reject(error);
    };
    const connectTimer = setTimeout(() => fail(new NetworkError('connect-timeout', `cannot connect to ${url.origin} within ${limits.connectMs / 1000} s`)), limits.connectMs);
    const replyTimer = setTimeout(() => fail(new NetworkError('reply-timeout', `${url.origin} did not answer in full within ${limits.replyMs / 1000} s`)), limits.replyMs);
    req.on('socket', (socket) => {
      const connected = () => clearTimeout(connectTimer);
      if (!socket.connecting) connected();
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', connected);
    });
    req.on('error', (error: NodeJS.ErrnoException) => fail(new NetworkError('connect', `cannot reach ${url.origin}: ${describe(error)}`)));
    req.on('response', (res) => {
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxReplyBytes) {
        return fail(new NetworkError('too-large', `${url.origin} sent a reply of ${declared} bytes; the bound is ${limits.maxReplyBytes}`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxReplyBytes) fail(new NetworkError('too-large', `${url.origin} sent a reply over ${limits.maxReplyBytes} bytes`));
        else chunks.push(chunk);
      });
      res.on('error', (error: NodeJS.ErrnoException) => fail(new NetworkError('broken', `the reply from ${url.origin} broke off: ${describe(error)}`)));
      res.on('aborted', () => fail(new NetworkError('broken', `the reply from ${url.origin} broke off`)));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(connectTimer);
        clearTimeout(replyTimer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    req.end(body);
  });
}

/** A system error as words a user can act on. */
function describe(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the server running?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `unknown host ${(error as { hostname?: string }).hostname ?? ''}`.trim();
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'no route to the host';
    default:
      return (error.code ?? error.message).split('\n')[0]!;
  }
}
