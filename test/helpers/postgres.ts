// A throwaway PostgreSQL cluster for tests: initdb into a temp dir, a unix socket in
// that dir and no TCP, run as the `postgres` user when the test runs as root. The
// binaries come from Debian's postgresql-15 package; without them the test fails
// with a message saying how to install it (CI's run script does).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPostgres {
  /** A postgres:// URL for the cluster's `postgres` database over its unix socket. */
  url: string;
  /** A fresh database in the cluster, as a URL. */
  createDatabase(name: string): string;
  stop(): void;
}

function binDir(): string {
  const candidates: string[] = [];
  const listed = spawnSync('dpkg', ['-L', 'postgresql-15'], { encoding: 'utf8' });
  if (listed.status === 0) {
    const initdb = listed.stdout.split('\n').find((line) => line.endsWith('/bin/initdb'));
    if (initdb) candidates.push(initdb.slice(0, -'/initdb'.length));
  }
  candidates.push('/usr/lib/postgresql/15/bin');
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error('PostgreSQL 15 binaries not found (no initdb from the postgresql-15 package): install it with `apt-get install -y postgresql-15`');
  }
  return found;
}

export function startPostgres(): TestPostgres {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'cairn-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    return execFileSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', `-k ${dir} -c listen_addresses='' -c fsync=off -c full_page_writes=off`, 'start']);
  const url = (db: string) => `postgres://postgres@localhost/${db}?host=${encodeURIComponent(dir)}`;
  return {
    url: url('postgres'),
    createDatabase(name) {
      run('psql', ['-h', dir, '-U', 'postgres', '-d', 'postgres', '-q', '-c', `CREATE DATABASE ${name}`]);
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
