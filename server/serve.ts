// Starting a graph server: the listen address, the storage (LMDB in a directory,
// or PostgreSQL by URL), the token rule. Loopback needs no token; any other address
// refuses to start without one.
import type { AddressInfo } from 'node:net';
import { createGraphServer, type GraphServerOptions } from './http.js';
import { LmdbStorage } from './lmdb-storage.js';
import { PostgresStorage } from './postgres-storage.js';
import type { GraphStorage } from './storage.js';

export class ServeError extends Error {}

export interface ServeOptions {
  listen: string;
  /** The LMDB data directory (used when `database` is absent). */
  data: string;
  /** A postgres:// connection string. */
  database?: string;
  token?: string;
  /** Where the token comes from, for the message when it is missing (an environment variable's name). */
  tokenSource?: string;
  queueCapacity?: number;
  retryAfterSeconds?: number;
  /** How long a shutdown lets queued pushes finish before refusing the rest. */
  drainMs?: number;
}

export interface RunningServer {
  url: string;
  storage: GraphStorage;
  close(): Promise<void>;
}

export function parseListen(listen: string): { host: string; port: number } {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(listen);
  const port = match ? Number(match[3]) : NaN;
  if (!match || port > 65535) throw new ServeError(`--listen takes host:port (or [v6]:port), not "${listen}"`);
  return { host: match[1] ?? match[2]!, port };
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export async function openStorage(options: Pick<ServeOptions, 'data' | 'database'>): Promise<GraphStorage> {
  if (options.database !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(options.database)) throw new ServeError('--database takes a postgres:// connection string');
    try {
      return await PostgresStorage.open(options.database);
    } catch (error) {
      throw new ServeError(`cannot open the PostgreSQL database: ${(error as Error).message}`);
    }
  }
  return new LmdbStorage(options.data);
}

export async function startServer(options: ServeOptions, extra: Partial<GraphServerOptions> = {}): Promise<RunningServer> {
  const { host, port } = parseListen(options.listen);
  if (!isLoopback(host) && !options.token) {
    throw new ServeError(`listening on ${host} (beyond loopback) needs a bearer token: set ${options.tokenSource ?? 'one'}`);
  }
  const storage = await openStorage(options);
  const server = createGraphServer({
    storage,
    token: options.token,
    queueCapacity: options.queueCapacity,
    retryAfterSeconds: options.retryAfterSeconds,
    ...extra,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    await storage.close();
    throw new ServeError(`cannot listen on ${options.listen}: ${(error as Error).message}`);
  }
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    storage,
    /** Graceful: queued pushes finish (or, past the deadline, are refused before they start); then the storage closes. */
    async close() {
      await server.drain(options.drainMs);
      await storage.close();
    },
  };
}
