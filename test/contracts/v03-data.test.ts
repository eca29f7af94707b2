// Drift tests of the v0.3 data shapes in contracts/: what `init`, `sync`, `doctor` and
// `diff` really print has exactly the keys the contract lists, in order (keys the
// types mark optional appear only where they apply). The envelope has its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIFF_DATA_KEYS } from '../../contracts/diff.js';
import { DOCTOR_DATA_KEYS } from '../../contracts/doctor.js';
import { ENVELOPE_KEYS } from '../../contracts/envelope.js';
import { INDEX_REPORT_KEYS } from '../../contracts/index-report.js';
import { SYMBOL_VIEW_KEYS } from '../../contracts/symbol-view.js';
import { cairnJson } from '../helpers/cli.js';
import type { Fixture } from '../helpers/fixture.js';
import { applyEdit, storyRepo, sync } from '../review-commands/story-fixture.js';

/** The object's keys, in order, are the contract's list less the optional keys it leaves out. */
function expectKeys(value: object, keys: readonly string[], optional: readonly string[] = []): void {
  expect(Object.keys(value)).toEqual(keys.filter((k) => !optional.includes(k) || k in value));
}

let repo: Fixture;
beforeAll(() => {
  repo = storyRepo();
  // Beside the story: an ambiguous name, a file whose calls all miss, and a language cairn does not parse, so every doctor row has a sample.
  repo.write('src/a/helper.rs', 'pub fn helper() {}\n');
  repo.write('src/b/helper.rs', 'pub fn helper() {}\n');
  repo.write('src/caller.rs', 'pub fn uses_helper() {\n    helper();\n}\n');
  repo.write('src/misses.rs', 'pub fn misses() {\n    a();\n    b();\n    c();\n    d();\n    e();\n}\n');
  repo.write('tools/script.ex', 'IO.puts "hi"\n');
  repo.commit('extras');
});
afterAll(() => repo.remove());

describe('contracts: index report, doctor and diff data', () => {
  it('init and sync print the index report', () => {
    for (const command of ['init', 'sync']) {
      const { code, body } = cairnJson([command, '-C', repo.root]);
      expect(code).toBe(0);
      expectKeys(body, ENVELOPE_KEYS);
      expectKeys(body.data, INDEX_REPORT_KEYS.data);
      expectKeys(body.data.files, INDEX_REPORT_KEYS.files);
      expectKeys(body.data.skipped, INDEX_REPORT_KEYS.skipped);
      expectKeys(body.data.timings_ms, INDEX_REPORT_KEYS.timings_ms);
    }
  });

  it('doctor prints DoctorData, every row kind included', () => {
    const { body } = cairnJson(['doctor', '-C', repo.root]);
    expectKeys(body, ENVELOPE_KEYS);
    const d = body.data;
    expectKeys(d, DOCTOR_DATA_KEYS.data);
    expectKeys(d.index, DOCTOR_DATA_KEYS.index);
    expectKeys(d.schema, DOCTOR_DATA_KEYS.schema);
    expectKeys(d.git, DOCTOR_DATA_KEYS.git);
    const q = d.graph_quality;
    expectKeys(q, DOCTOR_DATA_KEYS.graph_quality);
    expectKeys(q.unresolved, DOCTOR_DATA_KEYS.unresolved);
    expectKeys(q.totals, DOCTOR_DATA_KEYS.totals);
    const rows: Array<[object[], readonly string[]]> = [
      [q.resolution_tiers, DOCTOR_DATA_KEYS.resolution_tier],
      [q.collision_prone_names, DOCTOR_DATA_KEYS.collision_row],
      [q.low_quality_locations, DOCTOR_DATA_KEYS.low_quality_row],
      [q.unsupported_extensions, DOCTOR_DATA_KEYS.unsupported_extension],
    ];
    for (const [list, keys] of rows) {
      expect(list.length).toBeGreaterThan(0);
      for (const row of list) expectKeys(row, keys);
    }
  });

  it('diff prints DiffData, for a git range (with its historical snapshot) and for --files', () => {
    applyEdit(repo);
    sync(repo);
    const range = cairnJson(['diff', '--base', 'HEAD', '-C', repo.root]).body.data;
    expectKeys(range, DIFF_DATA_KEYS.data);
    expectKeys(range.historical_snapshot, DIFF_DATA_KEYS.historical_snapshot);
    expectKeys(range.historical_snapshot.base, DIFF_DATA_KEYS.snapshot_side);
    const rows: Array<[object[], readonly string[], string[]]> = [
      [range.files, DIFF_DATA_KEYS.file, ['old_path']],
      [range.symbols, DIFF_DATA_KEYS.symbol, []],
      [range.edges, DIFF_DATA_KEYS.edge, ['previous']],
      [range.newly_unresolved_callers, DIFF_DATA_KEYS.unresolved, []],
      [range.unmapped_hunks, DIFF_DATA_KEYS.unmapped_hunk, []],
    ];
    for (const [list, keys, optional] of rows) {
      expect(list.length).toBeGreaterThan(0);
      for (const row of list) expectKeys(row, keys, optional);
    }
    for (const s of range.symbols) expectKeys(s.symbol, SYMBOL_VIEW_KEYS);

    const files = cairnJson(['diff', '--files', 'src/lib.rs', '-C', repo.root]).body.data;
    expectKeys(files, DIFF_DATA_KEYS.data, ['historical_snapshot']);
  });
});
