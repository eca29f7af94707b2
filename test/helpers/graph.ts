// A workspace's whole graph as `cairn export` writes it, without what differs between two
// runs that build the same graph (the meta line: when, at which head; files' stat times).
import { expect } from 'vitest';
import { cairn } from './cli.js';

export function graphOf(root: string): string[] {
  const run = cairn(['export', '--format', 'jsonl', '-C', root]);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((m) => m.type !== 'meta')
    .map((m) => {
      if (m.type === 'file') delete m.data.mtime_ms;
      return JSON.stringify(m);
    })
    .sort();
}
