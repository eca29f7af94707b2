// The frozen Go analysis target in .cairn.jsonc and the user configuration.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../review/config.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A workspace with an optional .cairn.jsonc and an optional user configuration. */
function load(workspace: unknown, user?: unknown) {
  const ws = mkdtempSync(join(tmpdir(), 'cairn-go-config-'));
  dirs.push(ws);
  if (workspace !== undefined) writeFileSync(join(ws, '.cairn.jsonc'), typeof workspace === 'string' ? workspace : JSON.stringify(workspace, null, 2));
  if (user !== undefined) {
    mkdirSync(join(ws, 'user', 'cairn'), { recursive: true });
    writeFileSync(join(ws, 'user', 'cairn', 'config.jsonc'), JSON.stringify(user, null, 2));
  }
  return loadConfig(ws, { XDG_CONFIG_HOME: join(ws, 'user') });
}

const linux = { goos: 'linux', goarch: 'amd64', tags: ['integration'] };

describe('go analysis configuration', () => {
  it('is no target by default', () => {
    const c = load(undefined);
    expect(c.go).toBeNull();
    expect(c.origins.go).toBe('default');
  });

  it('reads a full target from either layer', () => {
    expect(load({ go: linux }).go).toEqual(linux);
    const fromUser = load(undefined, { go: { goos: 'darwin', goarch: 'arm64', tags: [] } });
    expect(fromUser.go).toEqual({ goos: 'darwin', goarch: 'arm64', tags: [] });
    expect(fromUser.origins.go).toBe('user');
  });

  it('the workspace replaces the user object as a whole; omission inherits; null turns it off', () => {
    const user = { go: { goos: 'windows', goarch: 'amd64', tags: ['e2e', 'slow'] } };
    const replaced = load({ go: { goos: 'linux', goarch: 'arm64', tags: [] } }, user);
    expect(replaced.go).toEqual({ goos: 'linux', goarch: 'arm64', tags: [] });
    expect(replaced.origins.go).toBe('workspace');
    const inherited = load({ includes: ['**'] }, user);
    expect(inherited.go).toEqual(user.go);
    expect(inherited.origins.go).toBe('user');
    expect(load({ go: null }, user).go).toBeNull();
  });

  it('rejects a partial target, unknown keys and ports outside the named tables, with a position', () => {
    const error = (ws: unknown) => {
      try {
        load(ws);
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(error({ go: { goos: 'linux', goarch: 'amd64' } })).toMatch(/^\.cairn\.jsonc:2:9: go\.tags is required/);
    expect(error({ go: { ...linux, cgo: true } })).toContain('unknown key "cgo"');
    expect(error({ go: { ...linux, goos: 'beos' } })).toMatch(/:3:13: goos is one of aix, android, darwin/);
    expect(error({ go: { ...linux, goarch: 'wasm' } })).toContain('goarch for linux is one of 386, amd64');
    expect(error({ go: { ...linux, goos: 'Linux' } })).toContain('goos is one of');
    expect(error({ go: 'linux/amd64' })).toContain('go is an object');
  });

  it('rejects user tags that the target or the toolchain decides', () => {
    const tagError = (tag: string) => {
      try {
        load({ go: { ...linux, tags: [tag] } });
        return 'accepted';
      } catch (e) {
        return (e as Error).message.replace(/^.*?: /, '');
      }
    };
    expect(tagError('linux')).toBe('"linux" is an operating system (set goos), not a user tag');
    expect(tagError('arm64')).toBe('"arm64" is an architecture (set goarch), not a user tag');
    expect(tagError('unix')).toBe('"unix" is decided by goos, not a user tag');
    expect(tagError('cgo')).toContain('treats as unknown');
    expect(tagError('go1.22')).toContain('release tag');
    expect(tagError('goexperiment.arenas')).toContain('experiment');
    expect(tagError('amd64.v3')).toContain('architecture feature');
    expect(tagError('gccgo')).toContain('compiler');
    expect(tagError('a-b')).toBe('"a-b" is not a build tag (letters, digits, "_" and ".")');
    expect(tagError('integration')).toBe('accepted');
    expect(tagError('ignore')).toBe('accepted');
  });
});
