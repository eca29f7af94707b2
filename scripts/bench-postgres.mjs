// A throwaway PostgreSQL 15 cluster for the graph-server benchmarks: Debian's
// binaries (a benchmark may need system packages; `npm test` does not), a socket in a
// temp dir and no TCP listener, run as the postgres user when started as root.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const sh = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30 }).trim();

/** Starts a cluster; `settings` are extra server settings (`-c name=value` each). */
export function startBenchPostgres({ prefix = 'cairn-bench-pg-', settings = [] } = {}) {
  const listed = spawnSync('dpkg', ['-L', 'postgresql-15'], { encoding: 'utf8' });
  const initdb = listed.stdout?.split('\n').find((l) => l.endsWith('/bin/initdb'));
  const bin = initdb ? dirname(initdb) : '/usr/lib/postgresql/15/bin';
  if (!existsSync(join(bin, 'initdb'))) throw new Error('PostgreSQL 15 binaries not found: apt-get install -y postgresql-15');
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(sh('id', ['-u', 'postgres'])), Number(sh('id', ['-g', 'postgres'])));
  chmodSync(dir, 0o700);
  const run = (tool, args) => (asRoot ? sh('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : sh(join(bin, tool), args));
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const options = [`-k ${dir}`, "-c listen_addresses=''", ...settings.map((s) => `-c ${s}`)].join(' ');
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start']);
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let n = 0;
  return {
    postmaster,
    /** Creates a database (named, or the next `bench_N`) and returns its URL. */
    database(name = `bench_${++n}`) {
      run('psql', ['-h', dir, '-U', 'postgres', '-d', 'postgres', '-q', '-c', `CREATE DATABASE ${name}`]);
      return `postgres://postgres@localhost/${name}?host=${encodeURIComponent(dir)}`;
    },
    /** One query's rows as psql's unaligned text. */
    sql: (database, query) => run('psql', ['-h', dir, '-U', 'postgres', '-d', database, '-At', '-c', query]),
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
