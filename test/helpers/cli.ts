// Runs the built CLI as a user would: a separate process, stdout and stderr apart.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CAIRN = join(REPO, 'bin', 'cairn.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function cairn(args: string[], options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}): CliRun {
  const r = spawnSync(process.execPath, [CAIRN, ...args], {
    cwd: options.cwd ?? REPO,
    input: options.input,
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    maxBuffer: 1 << 28,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs with --json and parses stdout, which must be exactly one JSON document. */
export function cairnJson<T = any>(args: string[], options: Parameters<typeof cairn>[1] = {}): { code: number | null; body: T; stderr: string } {
  const run = cairn([...args, '--json'], options);
  let body: T;
  try {
    body = JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`stdout is not one JSON document (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
  return { code: run.code, body, stderr: run.stderr };
}
