// Every warning code of the review commands that the stories do not already
// reach, through the built CLI on small repositories the tests write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../store/index.js';
import { graphPath, openEnv } from '../../store/env.js';
import { DOCTOR_MAX_ROWS } from '../../graph/doctor.js';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';
import { applyEdit, init, storyRepo, sync } from './story-fixture.js';

const codes = (body: { warnings: { code: string }[] }) => body.warnings.map((w) => w.code);

describe('doctor diagnostics', () => {
  let repo: Fixture;
  beforeAll(() => {
    // Enough files with five unbound calls each to fill the low-quality list past its bound,
    // one name defined twice and called ambiguously, and a source language cairn does not parse.
    const files: Record<string, string> = {
      'src/a/helper.rs': 'pub fn helper() {}\n',
      'src/b/helper.rs': 'pub fn helper() {}\n',
      'src/caller.rs': 'pub fn uses_helper() {\n    helper();\n}\n',
      'tools/script.ex': 'IO.puts "hi"\n',
    };
    for (let i = 0; i < DOCTOR_MAX_ROWS + 5; i += 1) {
      files[`src/gen/m${String(i).padStart(3, '0')}.rs`] = `pub fn f${i}() {\n    a${i}();\n    b${i}();\n    c${i}();\n    d${i}();\n    e${i}();\n}\n`;
    }
    repo = makeFixture(files, { git: true });
    init(repo);
  });
  afterAll(() => repo.remove());

  it('bounds the low-quality list, keeps totals, and reports unsupported extensions and collisions', () => {
    const { code, body } = cairnJson(['doctor', '-C', repo.root]);
    expect(code).toBe(0);
    expect(body.ok).toBe(true);
    const q = body.data.graph_quality;
    expect(q.trust_verdict).toBe('degraded');
    expect(q.low_quality_locations).toHaveLength(DOCTOR_MAX_ROWS);
    expect(q.totals.low_quality_locations).toBeGreaterThan(DOCTOR_MAX_ROWS);
    const paths = q.low_quality_locations.map((l: { path: string }) => l.path);
    expect(paths).toEqual([...paths].sort());
    expect(q.low_quality_locations[0]).toMatchObject({ reason: 'high_unresolved_rate', rate: 1 });
    expect(q.unsupported_extensions).toEqual([{ extension: '.ex', files: 1 }]);
    const helper = q.collision_prone_names.find((c: { name: string }) => c.name === 'helper');
    expect(helper).toMatchObject({ definitions: 2 });
    expect(body.truncated).toBe(true);
    expect(codes(body)).toEqual(expect.arrayContaining(['low_quality_locations', 'unsupported_extensions', 'diagnostics_truncated']));
    expect(JSON.stringify(body).length).toBeLessThan(64 * 1024);
  });

  it('a truncated answer names what was cut and the option that narrows it, and --in narrows it', () => {
    const { body } = cairnJson(['doctor', '-C', repo.root]);
    const total = body.data.graph_quality.totals.low_quality_locations;
    expect(body).toMatchObject({ ok: true, truncated: true, next_action: 'narrow the query' });
    const warning = body.warnings.find((w: { code: string }) => w.code === 'diagnostics_truncated');
    expect(warning).toEqual({
      code: 'diagnostics_truncated',
      message: `low_quality_locations shows ${DOCTOR_MAX_ROWS} of ${total} (the heaviest rows; totals are in graph_quality.totals); narrow with --in <path-prefix>`,
      cut: [{ list: 'low_quality_locations', shown: DOCTOR_MAX_ROWS, total }],
      narrow_with: '--in <path-prefix>',
    });

    const narrowed = cairnJson(['doctor', '-C', repo.root, '--in', 'src/gen/m00']);
    expect(narrowed.code).toBe(0);
    expect(narrowed.body).toMatchObject({ ok: true, truncated: false, next_action: 'none' });
    const q = narrowed.body.data.graph_quality;
    expect(q.low_quality_locations.map((l: { path: string }) => l.path)).toEqual(Array.from({ length: 10 }, (_, i) => `src/gen/m00${i}.rs`));
    expect(q.totals.low_quality_locations).toBe(10);
    expect(q.collision_prone_names).toEqual([]); // the ambiguous helper() call is in src/caller.rs
    expect(q.trust_verdict).toBe('degraded'); // the verdict is the whole index's
    expect(codes(narrowed.body)).not.toContain('diagnostics_truncated');

    const human = cairn(['doctor', '-C', repo.root]);
    expect(human.stdout).toContain('Action: narrow the query');
    expect(human.stdout).toContain(`low_quality_locations shows ${DOCTOR_MAX_ROWS} of ${total}`);
  });

  it('an index of another schema version is incompatible and unusable', async () => {
    const env = openEnv(graphPath(repo.root), false);
    await env.dbs.meta.put('schema_version', SCHEMA_VERSION + 1);
    await env.root.close();
    try {
      const { code, body } = cairnJson(['doctor', '-C', repo.root]);
      expect(code).toBe(1);
      expect(body).toMatchObject({ ok: false, next_action: 'cairn init' });
      expect(body.data.freshness).toBe('incompatible');
      expect(body.data.schema).toEqual({ expected: SCHEMA_VERSION, actual: SCHEMA_VERSION + 1, match: false });
      expect(body.data.graph_quality.trust_verdict).toBe('unusable');
      expect(codes(body)).toContain('index_incompatible');
    } finally {
      init(repo);
    }
  });
});

describe('warnings of tests-for, impact and diff', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = storyRepo();
    repo.write('src/lonely.rs', 'pub fn lonely() -> u8 {\n    1\n}\n');
    repo.write('tests/lonely_tests.rs', '#[test]\nfn lonely_is_named_here() {\n    assert!(true);\n}\n');
    repo.commit('lonely');
    init(repo);
  });
  afterAll(() => repo.remove());

  it('tests-for with only candidates says so', () => {
    const { body } = cairnJson(['tests-for', 'lonely', '-C', repo.root]);
    const evidence = body.data.tests.map((t: { evidence: string }) => t.evidence);
    expect(evidence).toContain('name_heuristic');
    expect(evidence).not.toContain('direct_call');
    expect(codes(body)).toContain('candidates_only');
  });

  it('impact below the default threshold labels what it includes', () => {
    const { body } = cairnJson(['impact', 'src/lib.rs::render', '--min-confidence', '10', '-C', repo.root]);
    expect(body.data.min_confidence).toBe(10);
    expect(codes(body)).toContain('low_confidence_included');
  });

  it('diff --files names paths that are not indexed', () => {
    const { body } = cairnJson(['diff', '--files', 'README.md', 'src/lib.rs', '-C', repo.root]);
    expect(body.ok).toBe(true);
    expect(codes(body)).toEqual(['file_not_indexed']);
    expect(body.data.files).toEqual([{ path: 'src/lib.rs', status: 'modified' }]);
  });

  it('when the base cannot be indexed, diff keeps the current-index mapping and warns', () => {
    applyEdit(repo);
    sync(repo);
    const missing = join(mkdtempSync(join(tmpdir(), 'cairn-gone-')), 'gone');
    try {
      const { code, body } = cairnJson(['diff', '--base', 'HEAD', '-C', repo.root], { env: { TMPDIR: missing } });
      expect(code).toBe(0);
      expect(codes(body)).toContain('historical_snapshot_unavailable');
      const names = body.data.symbols.map((s: { symbol: { name: string }; change: string }) => [s.symbol.name, s.change]);
      expect(names).toEqual(expect.arrayContaining([['render_page', 'unknown']]));
      expect(names.some(([name]: string[]) => name === 'legacy_render')).toBe(false);
      expect(body.data.edges).toEqual([]);
    } finally {
      rmSync(join(missing, '..'), { recursive: true, force: true });
    }
  });
});
