// An index written by another schema version is reported and rebuilt, never misread.
import { open } from 'lmdb';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../store/index.js';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let fx: Fixture | undefined;
afterEach(() => fx?.remove());

describe('schema mismatch', () => {
  it('status and queries say incompatible; sync refuses; init rebuilds', async () => {
    fx = makeFixture({ 'a.ts': 'export function alpha() { return beta(); }\nfunction beta() { return 1; }\n' });
    expect(cairnJson(['init', '-C', fx.root]).code).toBe(0);
    const env = open({ path: join(fx.root, '.cairn', 'graph'), maxDbs: 32 });
    await env.openDB({ name: 'meta', encoding: 'msgpack' }).put('schema_version', SCHEMA_VERSION + 1);
    await env.close();

    const status = cairnJson(['status', '-C', fx.root]);
    expect(status.code).toBe(1);
    expect(status.body.data.freshness).toBe('incompatible');
    expect(status.body.data.schema).toMatchObject({ expected: SCHEMA_VERSION, actual: SCHEMA_VERSION + 1 });
    expect(status.body.next_action).toBe('cairn init');

    const callers = cairnJson(['callers', 'beta', '-C', fx.root]);
    expect(callers.body.ok).toBe(false);
    expect(callers.body.warnings[0].code).toBe('index_incompatible');

    const sync = cairnJson(['sync', '-C', fx.root]);
    expect(sync.body.ok).toBe(false);
    expect(sync.body.next_action).toBe('cairn init');

    expect(cairnJson(['init', '-C', fx.root]).code).toBe(0);
    expect(cairnJson(['callers', 'beta', '-C', fx.root]).body.data.neighbours.map((n: any) => n.symbol.name)).toEqual(['alpha']);
  });
});
