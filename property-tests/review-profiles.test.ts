// Properties of Rust and Python reviews over random module and package trees with
// random exclusions and budgets: no file is read before its path check (and none the
// gate denies), no budget is exceeded, the result is deterministic, and the recorded
// machine events replay to the same decisions.
import { fc, test } from '@fast-check/vitest';
import { afterAll, describe, expect, test as plain } from 'vitest';
import { parseHookEvent } from '../review/edits.js';
import { cleanup, editEvent, expectReviewInvariants, review, workspace } from '../test/review/helpers.js';

afterAll(cleanup);

interface Tree {
  /** parent[i] < i: module i's parent module (module 0 is the crate root / top package). */
  parents: number[];
  /** refs[i]: modules whose type module i's type references. */
  refs: number[][];
  excluded: boolean[];
  /** Modules that also get the other layout (child/mod.rs beside child.rs, pkg/__init__.py beside pkg.py). */
  doubled: boolean[];
  files: number;
  treeBytes: number;
}

const tree = fc.integer({ min: 1, max: 6 }).chain((n) =>
  fc.record({
    parents: fc.tuple(...Array.from({ length: n }, (_, i) => fc.integer({ min: 0, max: Math.max(0, i - 1) }))).map((p) => p.map((x, i) => (i === 0 ? -1 : x))),
    refs: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: 3 }), { minLength: n, maxLength: n }),
    excluded: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    doubled: fc.array(fc.constantFrom(false, false, false, true), { minLength: n, maxLength: n }),
    files: fc.integer({ min: 1, max: 8 }),
    treeBytes: fc.integer({ min: 600, max: 20480 }),
  }),
);

/** Module path segments of module i (m<i> under its parent). */
function segs(t: Tree, i: number): string[] {
  return i === 0 ? [] : [...segs(t, t.parents[i]), `m${i}`];
}

function rustCrate(t: Tree): { files: Record<string, string>; excludes: string[] } {
  const files: Record<string, string> = { 'Cargo.toml': '[package]\nname = "p"\nedition = "2021"\n' };
  const excludes: string[] = [];
  const children = (i: number) => t.parents.map((p, j) => (p === i ? j : -1)).filter((j) => j > 0);
  t.parents.forEach((_, i) => {
    const s = segs(t, i);
    const hasChildren = children(i).length > 0;
    const path = i === 0 ? 'src/lib.rs' : hasChildren ? `src/${s.join('/')}/mod.rs` : `src/${s.join('/')}.rs`;
    const mods = children(i).map((j) => `pub mod m${j};\n`).join('');
    const fields = t.refs[i].map((j) => `    pub f${j}: crate::${[...segs(t, j), `T${j}`].join('::')},\n`).join('');
    files[path] = `${mods}pub struct T${i} {\n    pub id: String,\n${fields}}\n`;
    if (i > 0 && t.doubled[i]) files[hasChildren ? `src/${s.join('/')}.rs` : `src/${s.join('/')}/mod.rs`] = `pub struct T${i} { pub x: u8 }\n`;
    if (i > 0 && t.excluded[i]) excludes.push(path);
  });
  return { files, excludes };
}

function pythonPackage(t: Tree): { files: Record<string, string>; excludes: string[] } {
  const files: Record<string, string> = {};
  const excludes: string[] = [];
  t.parents.forEach((_, i) => {
    const s = ['pkg', ...segs(t, i)];
    const path = `src/${s.join('/')}/__init__.py`;
    const imports = t.refs[i].map((j) => `from ${['pkg', ...segs(t, j)].join('.')} import T${j}\n`).join('');
    const fields = t.refs[i].map((j) => `    f${j}: T${j}\n`).join('');
    files[path] = `${imports}\n\nclass T${i}:\n    id: str\n${fields}`;
    if (i > 0 && t.doubled[i]) files[`src/${s.join('/')}.py`] = `class T${i}:\n    x: int\n`;
    if (i > 0 && t.excluded[i]) excludes.push(path);
  });
  return { files, excludes };
}

async function check(t: Tree, build: (t: Tree) => { files: Record<string, string>; excludes: string[] }, root: string, added: string, anchor: string) {
  const { files, excludes } = build(t);
  const config = JSON.stringify({ privacyExcludes: excludes, limits: { files: t.files, treeBytes: t.treeBytes } });
  const ws = workspace({ ...files, '.cairn.jsonc': config });
  const text = files[root];
  const event = parseHookEvent(editEvent(ws, root, text.replace(added, ''), anchor, anchor + added));
  const first = await review(ws, event, { clock: () => 0 });
  const second = await review(ws, event, { clock: () => 0 });
  expectReviewInvariants(first, second, t, excludes);
}

describe('review profiles over random trees', () => {
  plain('the generated trees are reviewed for real: a two-module tree yields cross-file evidence in both languages', async () => {
    const t: Tree = { parents: [-1, 0], refs: [[1], []], excluded: [false, false], doubled: [false, false], files: 8, treeBytes: 20480 };
    for (const [build, root, added, anchor] of [
      [rustCrate, 'src/lib.rs', '    pub id: String,\n', 'pub struct T0 {\n'],
      [pythonPackage, 'src/pkg/__init__.py', '    id: str\n', 'class T0:\n'],
    ] as const) {
      const { files } = build(t);
      const ws = workspace(files);
      const text = files[root];
      const { result } = await review(ws, parseHookEvent(editEvent(ws, root, text.replace(added, ''), anchor, anchor + added)));
      expect(result.units[0].input!.evidence.nodes.map((n) => n.name)).toEqual(['T1']);
    }
  });

  plain('a tree whose rendered input fits its budget exactly reports what it spent, not the running upper bound (once 690 of 689)', async () => {
    const t: Tree = { parents: [-1, 0, 0, 0, 0], refs: [[1], [], [], [], []], excluded: [false, false, false, false, false], doubled: [false, false, false, false, false], files: 1, treeBytes: 689 };
    await check(t, rustCrate, 'src/lib.rs', '    pub id: String,\n', 'pub struct T0 {\n');
  });

  test.prop([tree], { numRuns: 25 })('Rust module trees: checks before reads, budgets, determinism, replay', async (t) => {
    await check(t, rustCrate, 'src/lib.rs', '    pub id: String,\n', 'pub struct T0 {\n');
  });

  test.prop([tree], { numRuns: 25 })('Python package trees: checks before reads, budgets, determinism, replay', async (t) => {
    await check(t, pythonPackage, 'src/pkg/__init__.py', '    id: str\n', 'class T0:\n');
  });
});
