// The Node version the project states (package.json's engines) is one every locked
// package accepts, so `npm ci` on it installs without an engine warning.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

it("every package in the lock file accepts the lowest Node version package.json's engines allow", () => {
  const stated = read('package.json').engines.node as string;
  const lowest = semver.minVersion(stated)!.version;
  const refusing = Object.entries(read('package-lock.json').packages as Record<string, { engines?: { node?: string } }>)
    .filter(([, entry]) => entry.engines?.node && !semver.satisfies(lowest, entry.engines.node))
    .map(([path, entry]) => `${path} wants ${entry.engines!.node}`);
  expect(lowest).toBe('20.19.0');
  expect(refusing).toEqual([]);
});
