// The contract's acceptance stories 1-6, run through the built CLI against git
// repositories the tests write.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../store/index.js';
import { cairn, cairnJson } from '../helpers/cli.js';
import type { Fixture } from '../helpers/fixture.js';
import { applyEdit, init, LIB_AFTER, LIB_AFTER_REORDERED, README_AFTER, storyRepo, sync } from './story-fixture.js';

const TEST_ID = 'tests/render_tests.rs::render_page_uses_render';
const IN_CRATE_TEST = 'src/lib.rs::tests::renders_empty_page';

/** Private temp dir for the CLI, so snapshot clean-up can be checked without other processes' files. */
function privateTmp(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-review-tmp-'));
  return { dir, env: { TMPDIR: dir } };
}

describe('story 1: doctor before using graph evidence', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = storyRepo();
    init(repo);
  });
  afterAll(() => repo.remove());

  it('a fresh index is ok, with the compiled schema version and explicit zero-count arrays', () => {
    const { code, body, stderr } = cairnJson(['doctor', '-C', repo.root]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(body).toMatchObject({ contract_version: '0.3', command: 'doctor', ok: true, truncated: false, next_action: 'none' });
    expect(body.data.index).toEqual({ present: true, path: '.cairn/graph', reason: null });
    expect(body.data.schema).toEqual({ expected: SCHEMA_VERSION, actual: SCHEMA_VERSION, match: true });
    expect(body.data.freshness).toBe('fresh');
    expect(body.data.git.head).toMatch(/^[0-9a-f]{40}$/);
    expect(body.data.git.baseline).toBe(body.data.git.head);
    expect(body.data.git.dirty).toBe(false);
    const q = body.data.graph_quality;
    expect(q.trust_verdict).toBe('trusted');
    expect(q.low_quality_locations).toEqual([]);
    expect(q.unsupported_extensions).toEqual([]);
    expect(Array.isArray(q.collision_prone_names)).toBe(true);
    expect(q.unresolved).toMatchObject({ ambiguous_target: 0 });
    expect(q.resolution_tiers.map((t: { confidence: number }) => t.confidence)).toEqual(
      [...q.resolution_tiers.map((t: { confidence: number }) => t.confidence)].sort((a, b) => b - a),
    );
  });

  it('prints the human lines in the contract order', () => {
    const run = cairn(['doctor', '-C', repo.root]);
    const titles = ['Index:', 'Schema:', 'Git baseline:', 'Freshness:', 'Graph trust:', 'Resolution tiers:', 'Unresolved:', 'Collision-prone names:', 'Low-quality locations:', 'Unsupported extensions:', 'Action:'];
    const positions = titles.map((t) => run.stdout.split('\n').findIndex((l) => l.startsWith(t)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('an unrelated dirty file is a warning, not staleness', () => {
    repo.write('README.md', '# story\n\nchanged prose\n');
    try {
      const { code, body } = cairnJson(['doctor', '-C', repo.root]);
      expect(code).toBe(0);
      expect(body.ok).toBe(true);
      expect(body.data.freshness).toBe('fresh');
      expect(body.data.git.dirty).toBe(true);
      expect(body.warnings.map((w: { code: string }) => w.code)).toContain('worktree_dirty');
    } finally {
      repo.git('checkout', '--', 'README.md');
    }
  });

  it('a new source file is reported as not indexed, without making the index stale', () => {
    repo.write('src/extra.rs', 'pub fn extra() {}\n');
    try {
      const { body } = cairnJson(['doctor', '-C', repo.root]);
      expect(body.data.freshness).toBe('fresh');
      expect(body.warnings.map((w: { code: string }) => w.code)).toContain('unindexed_files');
    } finally {
      rmSync(join(repo.root, 'src/extra.rs'));
    }
  });

  it('modifying src/lib.rs without syncing is stale with next_action cairn sync; a sync makes it fresh again', () => {
    repo.write('src/lib.rs', LIB_AFTER);
    const { code, body } = cairnJson(['doctor', '-C', repo.root]);
    expect(code).toBe(1);
    expect(body).toMatchObject({ ok: false, next_action: 'cairn sync' });
    expect(body.data.freshness).toBe('stale');
    expect(body.data.graph_quality.trust_verdict).toBe('degraded');
    expect(body.warnings.map((w: { code: string }) => w.code)).toContain('index_stale');
    sync(repo);
    expect(cairnJson(['doctor', '-C', repo.root]).body.data.freshness).toBe('fresh');
  });

  it('a deleted indexed source is stale', () => {
    rmSync(join(repo.root, 'tests/render_tests.rs'));
    const { body } = cairnJson(['doctor', '-C', repo.root]);
    expect(body.data.freshness).toBe('stale');
    repo.git('checkout', '--', 'tests/render_tests.rs');
  });

  it('a moved HEAD is a warning', () => {
    repo.write('README.md', '# story\n\ncommitted prose\n');
    repo.commit('prose only');
    const { body } = cairnJson(['doctor', '-C', repo.root]);
    expect(body.warnings.map((w: { code: string }) => w.code)).toContain('git_head_moved');
    expect(body.data.git.baseline).not.toBe(body.data.git.head);
  });
});

describe('story 2: diff --base HEAD after the edit', () => {
  let repo: Fixture;
  let base: string;
  beforeAll(() => {
    repo = storyRepo();
    base = repo.git('rev-parse', 'HEAD');
    init(repo);
    applyEdit(repo);
    sync(repo);
  });
  afterAll(() => repo.remove());

  it('maps changed symbols, the removed symbol and edge from history, the newly unresolved caller and the prose hunk', () => {
    const tmp = privateTmp();
    try {
      const { code, body, stderr } = cairnJson(['diff', '--base', 'HEAD', '-C', repo.root], { env: tmp.env });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(body).toMatchObject({ command: 'diff', ok: true, truncated: false, next_action: 'none' });
      const d = body.data;
      expect(d.base).toBe(base);
      expect(d.head).toBeNull();
      expect(d.files).toEqual([
        { path: 'README.md', status: 'modified' },
        { path: 'src/lib.rs', status: 'modified' },
      ]);
      const changes = Object.fromEntries(d.symbols.map((s: any) => [s.symbol.qualified_name, s.change]));
      expect(changes).toEqual({ render: 'modified', render_page: 'modified', legacy_render: 'removed' });
      const removed = d.symbols.find((s: any) => s.change === 'removed');
      expect(removed.symbol).toMatchObject({ id: 'src/lib.rs::legacy_render', file_path: 'src/lib.rs', start_line: 1 });
      expect(d.edges).toContainEqual(
        expect.objectContaining({ change: 'removed', relationship: 'calls', source: expect.objectContaining({ name: 'render' }), target: expect.objectContaining({ name: 'legacy_render' }) }),
      );
      expect(d.newly_unresolved_callers).toEqual([
        expect.objectContaining({ specifier: 'missing_renderer', reason: 'missing_target', file_path: 'src/lib.rs', source: expect.objectContaining({ id: 'src/lib.rs::render_page' }) }),
      ]);
      expect(d.unmapped_hunks).toEqual([{ path: 'README.md', line: 5 }]);
      expect(d.historical_snapshot).toMatchObject({ cleanup: 'removed', head: null, base: { method: 'overlay', replaced_paths: 2 } });
      expect(d.historical_snapshot.base.archive_bytes).toBeGreaterThan(0);
      expect(d.historical_snapshot.bytes).toBeGreaterThan(0);
      expect(readdirSync(tmp.dir)).toEqual([]);
    } finally {
      rmSync(tmp.dir, { recursive: true, force: true });
    }
  });

  it('leaves the git state and work tree as they were (no write goes through a hard link)', () => {
    const status = repo.git('status', '--porcelain');
    const refs = repo.git('for-each-ref');
    cairnJson(['diff', '--base', 'HEAD', '-C', repo.root]);
    expect(repo.git('status', '--porcelain')).toBe(status);
    expect(repo.git('for-each-ref')).toBe(refs);
    expect(readFileSync(join(repo.root, 'src/lib.rs'), 'utf8')).toBe(LIB_AFTER);
    expect(readFileSync(join(repo.root, 'README.md'), 'utf8')).toBe(README_AFTER);
    expect(repo.git('stash', 'list')).toBe('');
  });

  it('prints the human sections in order', () => {
    const run = cairn(['diff', '--base', 'HEAD', '-C', repo.root]);
    expect(run.code).toBe(0);
    const titles = ['Changed files:', 'Changed symbols:', 'Changed edges:', 'Newly unresolved callers:', 'Unmapped hunks:'];
    const positions = titles.map((t) => run.stdout.indexOf(t));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(run.stdout).toContain('README.md:5');
  });

  it('the same range between two named revisions gives the same answer and never reads the work tree graph', () => {
    repo.commit('the edit');
    // A clean work tree at the head, with a fresh index: the index is the head side.
    const clean = cairnJson(['diff', '--base', 'HEAD~1', '--head', 'HEAD', '-C', repo.root]).body;
    expect(clean.data.historical_snapshot.head).toMatchObject({ method: 'current_index' });
    expect(clean.data.newly_unresolved_callers.map((u: any) => u.specifier)).toEqual(['missing_renderer']);
    repo.write('src/lib.rs', LIB_AFTER.replace('missing_renderer', 'other_missing'));
    const { body } = cairnJson(['diff', '--base', 'HEAD~1', '--head', 'HEAD', '-C', repo.root]);
    expect(body.ok).toBe(true);
    expect(body.data.head).toBe(repo.git('rev-parse', 'HEAD'));
    expect(body.data.newly_unresolved_callers.map((u: any) => u.specifier)).toEqual(['missing_renderer']);
    expect(body.data.symbols.map((s: any) => s.change).sort()).toEqual(['modified', 'modified', 'removed']);
    expect(body.data.historical_snapshot).toMatchObject({ cleanup: 'removed' });
    // The index is stale against this work tree, so both sides come from whole archives, not overlays.
    expect(body.data.historical_snapshot.head).toMatchObject({ method: 'archive' });
    expect(body.data.historical_snapshot.base).toMatchObject({ method: 'archive' });
    repo.write('src/lib.rs', LIB_AFTER);
  });

  it('moved code whose body did not change is not a modified symbol', () => {
    repo.write('src/lib.rs', LIB_AFTER_REORDERED);
    sync(repo);
    const { body } = cairnJson(['diff', '--base', 'HEAD', '-C', repo.root]);
    expect(body.ok).toBe(true);
    expect(body.data.files).toEqual([{ path: 'src/lib.rs', status: 'modified' }]);
    expect(body.data.symbols).toEqual([]);
    repo.write('src/lib.rs', LIB_AFTER);
    sync(repo);
  });

  it('a stale index in base-to-worktree mode is ok:false with cairn sync', () => {
    repo.write('src/lib.rs', `${LIB_AFTER}\npub fn later() {}\n`);
    const { code, body } = cairnJson(['diff', '--base', 'HEAD', '-C', repo.root]);
    expect(code).toBe(1);
    expect(body).toMatchObject({ ok: false, next_action: 'cairn sync' });
    expect(body.warnings[0].code).toBe('index_stale');
    repo.write('src/lib.rs', LIB_AFTER);
  });

  it('an unknown revision is base_revision_unavailable, and a revision is never read as an option', () => {
    const unknown = cairnJson(['diff', '--base', 'no-such-branch', '-C', repo.root]);
    expect(unknown.code).toBe(1);
    expect(unknown.body).toMatchObject({ ok: false, next_action: 'provide a base revision' });
    expect(unknown.body.warnings[0].code).toBe('base_revision_unavailable');
    const option = cairnJson(['diff', '--base=--output=escaped', '-C', repo.root]);
    expect(option.code).toBe(2);
    expect(option.body.ok).toBe(false);
    expect(option.body.warnings[0].code).toBe('invalid_revision');
    expect(existsSync(join(repo.root, 'escaped'))).toBe(false);
  });

  it('needs a selector, and the two selectors exclude each other', () => {
    const none = cairnJson(['diff', '-C', repo.root]);
    expect(none.body).toMatchObject({ ok: false, next_action: 'provide a base revision' });
    const both = cairnJson(['diff', '--base', 'HEAD', '--files', 'src/lib.rs', '-C', repo.root]);
    expect(both.code).toBe(2);
    expect(both.body.ok).toBe(false);
  });

  it('--files maps current symbols, refuses paths outside the workspace and more than 500 paths', () => {
    const mapped = cairnJson(['diff', '--files', 'src/lib.rs', '-C', repo.root]);
    expect(mapped.body.ok).toBe(true);
    expect(mapped.body.data.base).toBeNull();
    expect(mapped.body.data.symbols.map((s: any) => s.symbol.qualified_name)).toEqual(expect.arrayContaining(['render', 'render_page']));
    expect(mapped.body.data.symbols.every((s: any) => s.change === 'unknown')).toBe(true);
    const outside = cairnJson(['diff', '--files', '../elsewhere.rs', '-C', repo.root]);
    expect(outside.code).toBe(2);
    expect(outside.body.warnings[0].code).toBe('path_outside_workspace');
    const many = cairnJson(['diff', '--files', ...Array.from({ length: 501 }, (_, i) => `f${i}.rs`), '-C', repo.root]);
    expect(many.code).toBe(2);
    expect(many.body.warnings[0]).toMatchObject({ code: 'too_many_paths' });
    expect(many.body.warnings[0].message).toContain('at most 500');
  });

  it('truncates every collection at --limit and asks to narrow the query', () => {
    const { body } = cairnJson(['diff', '--base', 'HEAD~1', '--limit', '1', '-C', repo.root]);
    expect(body.data.symbols).toHaveLength(1);
    expect(body).toMatchObject({ ok: true, truncated: true, next_action: 'narrow the query' });
    expect(cairnJson(['diff', '--base', 'HEAD', '--limit', '501', '-C', repo.root]).code).toBe(2);
  });
});

describe('shallow clones', () => {
  it('a base outside a shallow clone is base_revision_unavailable, quickly', () => {
    const origin = storyRepo();
    origin.write('README.md', 'second\n');
    origin.commit('second');
    const clones = mkdtempSync(join(tmpdir(), 'cairn-shallow-'));
    try {
      const clone = join(clones, 'c');
      origin.git('clone', '-q', '--depth', '1', `file://${origin.root}`, clone);
      expect(cairn(['init', '-C', clone]).code).toBe(0);
      const { code, body } = cairnJson(['diff', '--base', 'HEAD~1', '-C', clone]);
      expect(code).toBe(1);
      expect(body.warnings[0].code).toBe('base_revision_unavailable');
      expect(body.warnings[0].message).toContain('shallow');
    } finally {
      origin.remove();
      rmSync(clones, { recursive: true, force: true });
    }
  });
});

describe('stories 3-6 on the edited library', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = storyRepo();
    applyEdit(repo);
    repo.write('src/notes.rs', '// render_page() is the entry point; see render_page in the docs.\npub fn describe() -> &\'static str {\n    "call render_page() to get a page"\n}\n');
    repo.commit('edited');
    init(repo);
  });
  afterAll(() => repo.remove());

  it('story 3: unresolved lists missing_renderer once, as missing_target at a stable line', () => {
    const { code, body } = cairnJson(['unresolved', '-C', repo.root]);
    expect(code).toBe(0);
    const hits = body.data.references.filter((r: any) => r.specifier === 'missing_renderer');
    expect(hits).toEqual([
      { source: 'src/lib.rs::render_page', specifier: 'missing_renderer', kind: 'call', file_path: 'src/lib.rs', line: 7, column: expect.any(Number), reason: 'missing_target' },
    ]);
    const rows = body.data.references.map((r: any) => [r.file_path, r.line, r.column, r.specifier]);
    const sorted = [...rows].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2] || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0)));
    expect(rows).toEqual(sorted);
    expect(cairn(['unresolved', '-C', repo.root]).stdout).toMatch(/^Unresolved references \(\d+\):/);
  });

  it('story 3: --in filters, an empty answer is a success, --limit truncates and has a maximum', () => {
    const scoped = cairnJson(['unresolved', '--in', 'tests/', '-C', repo.root]).body;
    expect(scoped.data.references.every((r: any) => r.file_path.startsWith('tests/'))).toBe(true);
    const empty = cairnJson(['unresolved', '--in', 'nowhere/', '-C', repo.root]);
    expect(empty.code).toBe(0);
    expect(empty.body).toMatchObject({ ok: true, data: { references: [] }, truncated: false, next_action: 'none' });
    const limited = cairnJson(['unresolved', '--reason', 'missing_target,builtin', '--limit', '1', '-C', repo.root]).body;
    expect(limited.data.references).toHaveLength(1);
    expect(limited).toMatchObject({ truncated: true, next_action: 'narrow the query' });
    expect(cairnJson(['unresolved', '--limit', '201', '-C', repo.root]).code).toBe(2);
    const noTests = cairnJson(['unresolved', '--no-tests', '-C', repo.root]).body;
    expect(noTests.data.references.some((r: any) => r.file_path.startsWith('tests/'))).toBe(false);
  });

  it('story 4: tests-for render returns a direct-call path and keeps candidates labelled', () => {
    const { code, body } = cairnJson(['tests-for', 'render', '-C', repo.root]);
    expect(code).toBe(0);
    expect(body.data.target).toMatchObject({ id: 'src/lib.rs::render', is_test: false });
    expect(body.data.timings_ms.query).toBeGreaterThanOrEqual(0);
    const byId = Object.fromEntries(body.data.tests.map((t: any) => [t.test.id, t]));
    const direct = byId[IN_CRATE_TEST];
    expect(direct.evidence).toBe('direct_call');
    expect(direct.path.map((p: any) => [p.source.id, p.target.id, p.relationship])).toEqual([
      [IN_CRATE_TEST, 'src/lib.rs::render_page', 'calls'],
      ['src/lib.rs::render_page', 'src/lib.rs::render', 'calls'],
    ]);
    expect(direct.confidence).toBe(Math.min(...direct.path.map((p: any) => p.confidence)));
    // The integration test names `render` through the crate's package name.
    const integration = byId[TEST_ID];
    expect(integration.evidence).toBe('direct_call');
    expect(integration.path.map((p: any) => [p.source.id, p.target.id, p.relationship])).toEqual([[TEST_ID, 'src/lib.rs::render', 'calls']]);
    for (const t of body.data.tests) {
      expect(['direct_call', 'same_module_candidate', 'name_heuristic']).toContain(t.evidence);
      expect(t.path.length).toBeGreaterThan(0);
      for (const step of t.path) expect(['calls', 'tests', 'contains', 'references']).toContain(step.relationship);
      if (t.evidence === 'name_heuristic') expect(t.confidence).toBeLessThanOrEqual(60);
    }
    const confidences = body.data.tests.map((t: any) => t.confidence);
    expect(confidences).toEqual([...confidences].sort((a: number, b: number) => b - a));
    expect(cairn(['tests-for', 'render', '-C', repo.root]).stdout).toMatch(/^Tests for render:/);
  });

  it('story 4: --no-tests keeps the target and claims nothing; --limit truncates; unknown symbols fail clearly', () => {
    const suppressed = cairnJson(['tests-for', 'render', '--no-tests', '-C', repo.root]).body;
    expect(suppressed.data.target.id).toBe('src/lib.rs::render');
    expect(suppressed.data.tests).toEqual([]);
    expect(suppressed.warnings.map((w: any) => w.code)).toContain('tests_suppressed');
    const limited = cairnJson(['tests-for', 'render', '--limit', '1', '-C', repo.root]).body;
    expect(limited.data.tests).toHaveLength(1);
    expect(limited).toMatchObject({ truncated: true, next_action: 'narrow the query' });
    expect(cairnJson(['tests-for', 'render', '--limit', '101', '-C', repo.root]).code).toBe(2);
    const missing = cairnJson(['tests-for', 'no_such_symbol', '-C', repo.root]);
    expect(missing.code).toBe(1);
    expect(missing.body).toMatchObject({ ok: false, data: { target: null, tests: [] } });
    expect(missing.body.warnings[0].code).toBe('symbol_not_found');
  });

  it('story 5: impact render --direction callers --depth 2 reaches render_page and the test, keeps both paths, stops at missing_renderer', () => {
    const { code, body } = cairnJson(['impact', 'render', '--direction', 'callers', '--depth', '2', '-C', repo.root]);
    expect(code).toBe(0);
    const d = body.data;
    expect(d).toMatchObject({ direction: 'callers', depth: 2, min_confidence: 30 });
    const nodes = d.nodes.map((n: any) => n.id);
    expect(nodes).toContain('src/lib.rs::render_page');
    expect(nodes).toContain(IN_CRATE_TEST);
    expect(d.paths.find((p: any) => p.node === 'src/lib.rs::render_page').edges).toHaveLength(1);
    const testPath = d.paths.find((p: any) => p.node === IN_CRATE_TEST);
    expect(testPath.edges.map((e: any) => [e.source, e.target])).toEqual([
      ['src/lib.rs::render_page', 'src/lib.rs::render'],
      [IN_CRATE_TEST, 'src/lib.rs::render_page'],
    ]);
    for (const e of d.edges) expect(e).toMatchObject({ relationship: expect.any(String), resolution_kind: expect.any(String), confidence: expect.any(Number) });
    expect(d.affected_tests.map((t: any) => t.test.id)).toContain(IN_CRATE_TEST);
    // The integration test calls render directly and through render_page: both paths are kept.
    const both = d.paths.filter((p: any) => p.node === TEST_ID).map((p: any) => p.edges.length).sort();
    expect(both).toEqual([1, 2]);
    expect(d.affected_tests.find((t: any) => t.test.id === TEST_ID).path_ids).toHaveLength(2);
    const boundary = d.unresolved_boundaries.find((b: any) => b.specifier === 'missing_renderer');
    expect(boundary).toMatchObject({ source: 'src/lib.rs::render_page', reason: 'missing_target' });
    expect(d.paths[boundary.path_id].node).toBe('src/lib.rs::render_page');
    expect(nodes.some((id: string) => id.includes('missing_renderer'))).toBe(false);
    expect(body.truncated).toBe(false);
  });

  it('story 5: human sections in order, truncation names the frontier, bad options fail as usage', () => {
    const run = cairn(['impact', 'render', '-C', repo.root]);
    const titles = ['Impact for render', 'Nodes:', 'Paths:', 'Affected tests:', 'Unresolved boundaries:', 'Edges:'];
    const positions = titles.map((t) => run.stdout.indexOf(t));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const limited = cairnJson(['impact', 'render', '--direction', 'callers', '--limit', '1', '-C', repo.root]).body;
    expect(limited.data.nodes).toHaveLength(1);
    expect(limited).toMatchObject({ truncated: true, next_action: 'narrow the query' });
    expect(limited.data.frontier.length).toBeGreaterThan(0);
    expect(limited.warnings[0].code).toBe('budget_reached');
    expect(cairnJson(['impact', 'render', '--depth', '6', '-C', repo.root]).code).toBe(2);
    expect(cairnJson(['impact', 'render', '--limit', '201', '-C', repo.root]).code).toBe(2);
    expect(cairnJson(['impact', 'render', '--direction', 'sideways', '-C', repo.root]).code).toBe(2);
    const noTests = cairnJson(['impact', 'render', '--no-tests', '-C', repo.root]).body;
    expect(noTests.data.affected_tests).toEqual([]);
    expect(noTests.data.nodes.some((n: any) => n.is_test)).toBe(false);
  });

  it('story 5: an ambiguous name is refused with candidates, never silently picked', () => {
    repo.write('src/other.rs', 'pub fn render(x: u8) -> u8 {\n    x\n}\n');
    sync(repo);
    try {
      const { code, body } = cairnJson(['impact', 'render', '-C', repo.root]);
      expect(code).toBe(1);
      expect(body).toMatchObject({ ok: false, next_action: 'narrow the query', data: { root: null } });
      expect(body.warnings[0].code).toBe('ambiguous_symbol');
      expect(cairnJson(['impact', 'src/lib.rs::render', '-C', repo.root]).body.ok).toBe(true);
    } finally {
      rmSync(join(repo.root, 'src/other.rs'));
      sync(repo);
    }
  });

  it('story 6: a comment or string naming a symbol is not a graph relationship', () => {
    const impactOf = cairnJson(['impact', 'render_page', '--direction', 'callers', '-C', repo.root]).body;
    expect(impactOf.data.nodes.some((n: any) => n.file_path === 'src/notes.rs')).toBe(false);
    const tests = cairnJson(['tests-for', 'render_page', '-C', repo.root]).body;
    expect(tests.data.tests.some((t: any) => t.test.file_path === 'src/notes.rs')).toBe(false);
    repo.write('src/notes.rs', '// render_page() is the entry point; see render_page in the docs and the guide.\npub fn describe() -> &\'static str {\n    "call render_page() to get a page"\n}\n');
    sync(repo);
    const diff = cairnJson(['diff', '--base', 'HEAD', '-C', repo.root]).body;
    expect(diff.data.edges).toEqual([]);
    expect(diff.data.symbols).toEqual([]);
    expect(diff.data.unmapped_hunks).toEqual([{ path: 'src/notes.rs', line: 1 }]);
  });
});

describe('workspace and output rules', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = storyRepo();
    init(repo);
  });
  afterAll(() => repo.remove());

  it('-C works from another directory, and JSON stdout is one document on success, empty and failure', () => {
    const elsewhere = tmpdir();
    for (const args of [
      ['doctor'],
      ['unresolved', '--in', 'nowhere/'],
      ['tests-for', 'render'],
      ['impact', 'render'],
      ['diff', '--files', 'src/lib.rs'],
      ['impact', 'nothing_here'],
    ]) {
      const run = cairn([...args, '-C', repo.root, '--json'], { cwd: elsewhere });
      expect(run.stdout.trim().split('\n')).toHaveLength(1);
      const body = JSON.parse(run.stdout);
      expect(body.contract_version).toBe('0.3');
      expect(body.data).not.toBeUndefined();
      expect(Object.keys(body)).toEqual(['contract_version', 'command', 'ok', 'data', 'warnings', 'truncated', 'next_action']);
    }
  });

  it('a missing index: every review command says cairn init, with data present', () => {
    const empty = mkdtempSync(join(tmpdir(), 'cairn-empty-'));
    try {
      const doctor = cairnJson(['doctor', '-C', empty]);
      expect(doctor.code).toBe(1);
      expect(doctor.body).toMatchObject({ ok: false, next_action: 'cairn init' });
      expect(doctor.body.data).toMatchObject({ index: { present: false }, freshness: 'missing', schema: { actual: null, match: false } });
      expect(doctor.body.data.graph_quality).toMatchObject({ trust_verdict: 'unusable', low_quality_locations: [], unsupported_extensions: [], collision_prone_names: [] });
      expect(doctor.body.warnings.map((w: any) => w.code)).toEqual(['index_missing', 'no_git']);
      for (const args of [['unresolved'], ['tests-for', 'render'], ['impact', 'render'], ['diff', '--files', 'a.rs']]) {
        const { code, body } = cairnJson([...args, '-C', empty]);
        expect(code).toBe(1);
        expect(body).toMatchObject({ ok: false, next_action: 'cairn init' });
      }
      const human = cairn(['doctor', '-C', empty]);
      expect(human.stdout).toContain('Action: cairn init');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
