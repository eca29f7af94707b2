import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { isProtected, PathPolicy } from '../../review/paths.js';
import { cleanup, workspace } from './helpers.js';

afterEach(cleanup);

const selection = { includes: ['src/**'], excludes: [], contextIncludes: null, contextExcludes: null, privacyExcludes: ['src/private/**'] };

describe('path policy', () => {
  test('protected paths: .git, env files, keys, credentials, secrets', () => {
    for (const p of ['.git/config', 'a/.env', '.env.local', 'certs/server.pem', 'id_rsa', 'config/credentials.ts', 'src/secret-store.ts', '.npmrc']) expect(isProtected(p)).toBe(true);
    for (const p of ['src/env.ts', 'src/environment.ts', 'src/keyboard.ts']) expect(isProtected(p)).toBe(false);
  });

  test('outside git, .gitignore is honoured; every denial names its reason', () => {
    const ws = workspace({ '.gitignore': 'src/gen/\n', 'src/a.ts': '', 'src/gen/b.ts': '', 'src/private/c.ts': '', 'lib/d.ts': '', 'src/.env.ts': '' });
    const policy = new PathPolicy(ws, selection);
    expect(policy.checkRoot('src/a.ts')).toEqual({ allowed: true, reason: null });
    expect(policy.checkRoot('src/gen/b.ts').reason).toBe('git-ignored');
    expect(policy.checkRoot('src/private/c.ts').reason).toBe('privacy-excluded');
    expect(policy.checkRoot('lib/d.ts').reason).toBe('not-selected');
    expect(policy.checkContext('lib/d.ts').reason).toBe('context-excluded'); // context follows root selection by default
    expect(policy.checkRoot('src/.env.ts').reason).toBe('protected');
    expect(policy.checkRoot('../x.ts').reason).toBe('outside-workspace');
    expect(policy.checkRoot('src/none.ts').reason).toBe('missing');
  });

  test('a symlink that leaves the workspace is outside it, whatever its name', () => {
    const outside = workspace({ 'x.ts': '' });
    const ws = workspace({ 'src/a.ts': '' });
    symlinkSync(join(outside, 'x.ts'), join(ws, 'src/link.ts'));
    expect(new PathPolicy(ws, selection).checkContext('src/link.ts').reason).toBe('outside-workspace');
  });
});
