// `cairn serve`: the graph server (server/). Loopback by default; LMDB under
// .cairn/server unless --data or --database says otherwise.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { ServeError, startServer } from '../server/serve.js';
import { CairnError } from './errors.js';
import { cairnPath, makeCairnDirectory } from '../gate/cairn-paths.js';
import { DEFAULT_TOKEN_ENV } from './push.js';
import { envelope } from '../contracts/envelope.js';
import { contextOf, failureResult, intOption } from './run.js';

interface ServeFlags {
  listen: string;
  data?: string;
  database?: string;
  tokenEnv: string;
  queue?: string;
}

export function register(program: Command): void {
  program
    .command('serve')
    .description('run a graph server that many repositories push to (POST /v1/graph) and that answers across them')
    .option('--listen <host:port>', 'address to listen on (beyond loopback needs a token)', '127.0.0.1:8750')
    .option('--data <dir>', 'embedded LMDB storage directory (default: .cairn/server in the workspace)')
    .option('--database <url>', 'PostgreSQL storage instead: a postgres:// connection string')
    .option('--token-env <name>', 'environment variable holding the bearer token clients must send', DEFAULT_TOKEN_ENV)
    .option('--queue <n>', 'pushes that may wait at once before the server answers 429', '8')
    .action(async (flags: ServeFlags, command: Command) => {
      try {
        const ctx = contextOf(command);
        if (flags.data !== undefined && flags.database !== undefined) throw new CairnError('invalid_argument', 'give --data or --database, not both');
        const queueCapacity = intOption(flags.queue, '--queue', 8, 1, 10_000);
        // The default is cairn's own directory, checked like every path under .cairn/ (LMDB opens its files by name).
        const dataDir = flags.data !== undefined ? resolve(flags.data) : defaultData(ctx.workspace);
        // One JSON line per request on stderr; stdout keeps the one start-up line.
        const logLine = (entry: object) => process.stderr.write(`${JSON.stringify(entry)}\n`);
        const running = await startServer(
          { listen: flags.listen, data: dataDir, database: flags.database, token: process.env[flags.tokenEnv] || undefined, tokenSource: flags.tokenEnv, queueCapacity },
          { log: logLine },
        );
        const storage = flags.database !== undefined ? 'postgres' : `lmdb in ${flags.data ?? '.cairn/server'}`;
        const data = { listening: running.url, storage: running.storage.kind, token_required: Boolean(process.env[flags.tokenEnv]) };
        // --json: the one envelope, printed once the server listens (it then serves until stopped).
        if (ctx.json) process.stdout.write(`${JSON.stringify(envelope({ command: 'serve', ok: true, data, warnings: [], truncated: false, next_action: 'none', exit_code: 0 }))}\n`);
        else process.stdout.write(`cairn serve: listening on ${running.url} (storage: ${storage})\n`);
        // Graceful: queued pushes finish, new ones get 503 with Retry-After. A second signal ends it at once.
        const stop = (signal: string) => {
          logLine({ time: new Date().toISOString(), event: 'stopping', signal });
          void running.close().then(() => {
            logLine({ time: new Date().toISOString(), event: 'stopped' });
            process.exit(0);
          });
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      } catch (error) {
        if (error instanceof ServeError) error = new CairnError('serve_refused', error.message, 2);
        if (!(error instanceof CairnError)) throw error;
        if (command.optsWithGlobals().json) process.stdout.write(`${JSON.stringify(envelope(failureResult('serve', error)))}\n`);
        else process.stderr.write(`cairn serve: ${error.message}\n`);
        process.exitCode = error.exitCode;
      }
    });
}

function defaultData(workspace: string): string {
  makeCairnDirectory(workspace, 'server');
  return cairnPath(workspace, 'server', 'directory', { entries: true });
}
