// A sync after edits must leave exactly the graph a fresh init of the same tree builds.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';
import { graphOf } from '../helpers/graph.js';
import { RUST_TS_FIXTURE } from './fixtures.js';

const fixtures: Fixture[] = [];
afterEach(() => fixtures.splice(0).forEach((f) => f.remove()));

describe('incremental sync', () => {
  it('equals a fresh init after additions, edits, deletions and renames', () => {
    const live = makeFixture(RUST_TS_FIXTURE);
    fixtures.push(live);
    expect(cairnJson(['init', '-C', live.root]).code).toBe(0);

    // 1. A symbol disappears: its callers become unresolved.
    live.write('src/shapes.rs', RUST_TS_FIXTURE['src/shapes.rs']!.replace('self.scale() * 3.14', '3.14'));
    // 2. A previously missing target appears: the unresolved call binds.
    live.write('src/extra.rs', 'pub fn missing_thing() -> u32 { 7 }\n');
    live.write('src/lib.rs', RUST_TS_FIXTURE['src/lib.rs']!.replace('pub mod shapes;', 'pub mod shapes;\npub mod extra;\nuse crate::extra::missing_thing;'));
    // 3. A file is renamed and a name becomes ambiguous.
    rmSync(join(live.root, 'web/greet.ts'));
    live.write('web/greeting.ts', RUST_TS_FIXTURE['web/greet.ts']!);
    live.write('web/app.ts', RUST_TS_FIXTURE['web/app.ts']!.replace("'./greet'", "'./greeting'"));
    live.write('web/dup.ts', 'export function shout(x: string) { return x; }\n');
    expect(cairnJson(['sync', '-C', live.root]).code).toBe(0);

    const fresh = makeFixture();
    fixtures.push(fresh);
    // Same bytes as the live tree, written fresh.
    for (const path of ['Cargo.toml', 'README.md', 'src/lib.rs', 'src/shapes.rs', 'src/extra.rs', 'web/greeting.ts', 'web/app.ts', 'web/app.test.ts', 'web/dup.ts']) {
      fresh.write(path, readFileSync(join(live.root, path)));
    }
    expect(cairnJson(['init', '-C', fresh.root]).code).toBe(0);
    expect(graphOf(live.root)).toEqual(graphOf(fresh.root));

    const unresolved = cairnJson(['callees', 'Circle::area', '-C', live.root]).body;
    expect(unresolved.data.neighbours).toEqual([]);
    const bound = cairnJson(['callees', 'helper', '-C', live.root]).body;
    expect(bound.data.neighbours.map((n: any) => n.symbol.id)).toEqual(['src/extra.rs::missing_thing']);
  });

  // Four indexes and a dozen CLI runs: on a loaded 2-vCPU machine this passed 60 s.
  it('re-resolves the importers of an aliased module when tsconfig.json changes, appears or goes away', { timeout: 180_000 }, () => {
    const files = {
      'src/core/util.ts': 'export function helper() { return 1; }\n',
      'src/other/util.ts': 'export function helper() { return 2; }\n',
      'src/app.ts': "import { helper } from '@core/util';\nexport function main() { return helper(); }\n",
    };
    const live = makeFixture(files);
    fixtures.push(live);
    const target = () => cairnJson(['callees', 'main', '-C', live.root]).body.data.neighbours.map((n: any) => n.symbol.id);
    expect(cairnJson(['init', '-C', live.root]).code).toBe(0);
    expect(target()).toEqual([]);
    const steps = [
      '{ "compilerOptions": { "baseUrl": ".", "paths": { "@core/*": ["src/core/*"] } } }',
      '{ "compilerOptions": { "baseUrl": ".", "paths": { "@core/*": ["src/other/*"] } } }',
      null,
    ];
    const expected = [['src/core/util.ts::helper'], ['src/other/util.ts::helper'], []];
    steps.forEach((config, i) => {
      if (config === null) rmSync(join(live.root, 'tsconfig.json'));
      else live.write('tsconfig.json', config);
      expect(cairnJson(['status', '-C', live.root]).body.data.freshness).toBe('stale');
      expect(cairnJson(['sync', '-C', live.root]).code).toBe(0);
      expect(cairnJson(['status', '-C', live.root]).body.data.freshness).toBe('fresh');
      expect(target()).toEqual(expected[i]);
      const fresh = makeFixture({ ...files, ...(config === null ? {} : { 'tsconfig.json': config }) });
      fixtures.push(fresh);
      expect(cairnJson(['init', '-C', fresh.root]).code).toBe(0);
      expect(graphOf(live.root)).toEqual(graphOf(fresh.root));
    });
  });

  it('a no-op sync analyses nothing', () => {
    const fx = makeFixture(RUST_TS_FIXTURE);
    fixtures.push(fx);
    cairnJson(['init', '-C', fx.root]);
    const sync = cairnJson(['sync', '-C', fx.root]).body;
    expect(sync.data.analysed).toBe(0);
    expect(sync.data.files.unchanged).toBe(sync.data.files.inventoried);
  });
});
