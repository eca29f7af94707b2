// Drift tests of the query answers' shapes in contracts/: what `impact`, `tests-for`,
// `callers`, `callees`, `unresolved` and `review` print with --json has exactly the
// keys the contract lists, in order (keys the types mark optional appear only where
// they apply).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVELOPE_KEYS } from '../../contracts/envelope.js';
import { IMPACT_DATA_KEYS } from '../../contracts/impact.js';
import { NEIGHBOUR_DATA_KEYS } from '../../contracts/neighbours.js';
import { REVIEW_DATA_KEYS } from '../../contracts/review-result.js';
import { RELATIONSHIP_VIEW_KEYS, SYMBOL_VIEW_KEYS } from '../../contracts/symbol-view.js';
import { TESTS_FOR_DATA_KEYS } from '../../contracts/tests-for.js';
import { UNRESOLVED_DATA_KEYS } from '../../contracts/unresolved.js';
import { cairnJson } from '../helpers/cli.js';
import type { Fixture } from '../helpers/fixture.js';
import { applyEdit, storyRepo, sync } from '../review-commands/story-fixture.js';
import { cairnIn, cleanup, paymentWorkspace } from '../review/helpers.js';

function expectKeys(value: object, keys: readonly string[], optional: readonly string[] = []): void {
  expect(Object.keys(value)).toEqual(keys.filter((k) => !optional.includes(k) || k in value));
}

let repo: Fixture;
beforeAll(() => {
  repo = storyRepo();
  expect(cairnJson(['init', '-C', repo.root]).code).toBe(0);
});
afterAll(() => {
  repo.remove();
  cleanup();
});

describe('contracts: query answers', () => {
  it('impact prints ImpactData, its frontier included when a budget runs out', () => {
    const { body } = cairnJson(['impact', 'render', '--limit', '1', '-C', repo.root]);
    expectKeys(body, ENVELOPE_KEYS);
    const d = body.data;
    expectKeys(d, IMPACT_DATA_KEYS.data);
    expectKeys(d.root, SYMBOL_VIEW_KEYS);
    const rows: Array<[object[], readonly string[], string[]]> = [
      [d.nodes, IMPACT_DATA_KEYS.node, ['low_confidence']],
      [d.edges, IMPACT_DATA_KEYS.edge, []],
      [d.paths, IMPACT_DATA_KEYS.path, ['low_confidence']],
      [d.frontier, IMPACT_DATA_KEYS.frontier, []],
    ];
    for (const [list, keys, optional] of rows) {
      expect(list.length).toBeGreaterThan(0);
      for (const row of list) expectKeys(row, keys, optional);
    }
  });

  it('tests-for prints TestsForData with each test’s path', () => {
    const d = cairnJson(['tests-for', 'legacy_render', '-C', repo.root]).body.data;
    expectKeys(d, TESTS_FOR_DATA_KEYS.data);
    expect(d.tests.length).toBeGreaterThan(0);
    for (const t of d.tests) {
      expectKeys(t, TESTS_FOR_DATA_KEYS.test);
      expectKeys(t.test, SYMBOL_VIEW_KEYS);
      for (const hop of t.path) expectKeys(hop, RELATIONSHIP_VIEW_KEYS);
    }
  });

  it('callers and callees print NeighbourResult', () => {
    for (const command of ['callers', 'callees']) {
      const d = cairnJson([command, 'render', '-C', repo.root]).body.data;
      expectKeys(d, NEIGHBOUR_DATA_KEYS.data);
      expect(d.neighbours.length).toBeGreaterThan(0);
      for (const n of d.neighbours) expectKeys(n, NEIGHBOUR_DATA_KEYS.neighbour);
    }
  });

  it('unresolved prints UnresolvedData', () => {
    applyEdit(repo);
    sync(repo);
    const d = cairnJson(['unresolved', '-C', repo.root]).body.data;
    expectKeys(d, UNRESOLVED_DATA_KEYS.data);
    expect(d.references.length).toBeGreaterThan(0);
    for (const r of d.references) expectKeys(r, UNRESOLVED_DATA_KEYS.row, ['candidate_count', 'candidates']);
  });

  it('review prints ReviewData with its findings', () => {
    const backend = `const r = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify({ decisions: r.rules.map((x) => ({ ruleId: x.ruleId, probability: 0.9, rationale: 'two ids share string' })) }));`;
    const ws = paymentWorkspace({ 'backend.cjs': backend, '.no-user/cairn/config.jsonc': JSON.stringify({ backend: { kind: 'command', command: [process.execPath, 'backend.cjs'] } }) });
    const r = cairnIn(ws, ['review', '--json', '--event', join(ws, 'event.json')]);
    const body = JSON.parse(r.stdout);
    expectKeys(body, ENVELOPE_KEYS);
    expectKeys(body.data, REVIEW_DATA_KEYS.data);
    expect(body.data.findings.length).toBeGreaterThan(0);
    for (const f of body.data.findings) expectKeys(f, REVIEW_DATA_KEYS.finding);
  });
});
