// Properties of Go and Bend reviews over random package and import trees, random
// targets, exclusions and budgets: no file is read before its path check, none the
// gate denies and no Go file that the target makes inactive by its name; no budget is
// exceeded; the result is deterministic; the recorded machine events replay.
import { fc, test } from '@fast-check/vitest';
import { afterAll, describe } from 'vitest';
import { parseHookEvent } from '../review/edits.js';
import { cleanup, editEvent, expectReviewInvariants, review, workspace } from '../test/review/helpers.js';

afterAll(cleanup);

interface Tree {
  /** refs[i]: the units whose type unit i's type references. */
  refs: number[][];
  excluded: boolean[];
  /** Go: unit i also declares X<i> in x_linux.go and x_windows.go (and its type uses it). */
  platform: boolean[];
  target: 'none' | 'linux' | 'windows';
  files: number;
  treeBytes: number;
}

const tree = fc.integer({ min: 1, max: 5 }).chain((n) =>
  fc.record({
    refs: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: 3 }), { minLength: n, maxLength: n }),
    excluded: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    platform: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    target: fc.constantFrom('none' as const, 'linux' as const, 'windows' as const),
    files: fc.integer({ min: 1, max: 8 }),
    treeBytes: fc.integer({ min: 600, max: 20480 }),
  }),
);

function goModule(t: Tree): { files: Record<string, string>; excludes: string[]; inactive: string[] } {
  const files: Record<string, string> = { 'go.mod': 'module example.com/m\n' };
  const excludes: string[] = [];
  const inactive: string[] = [];
  t.refs.forEach((refs, i) => {
    const others = refs.filter((j) => j !== i);
    const imports = others.map((j) => `import "example.com/m/p${j}"\n`).join('');
    const fields = refs.map((j) => (j === i ? `\tSelf *T${i}\n` : `\tF${j} p${j}.T${j}\n`)).join('') + (t.platform[i] ? `\tPlatform X${i}\n` : '');
    files[`p${i}/t.go`] = `package p${i}\n\n${imports}\ntype T${i} struct {\n\tID string\n${fields}}\n`;
    if (t.platform[i]) {
      files[`p${i}/x_linux.go`] = `package p${i}\n\ntype X${i} struct{ Fd int }\n`;
      files[`p${i}/x_windows.go`] = `package p${i}\n\ntype X${i} struct{ Handle uintptr }\n`;
      if (t.target === 'linux') inactive.push(`p${i}/x_windows.go`);
      if (t.target === 'windows') inactive.push(`p${i}/x_linux.go`);
    }
    if (i > 0 && t.excluded[i]) excludes.push(`p${i}/t.go`);
  });
  return { files, excludes, inactive };
}

function bendFiles(t: Tree): { files: Record<string, string>; excludes: string[]; inactive: string[] } {
  const files: Record<string, string> = {};
  const excludes: string[] = [];
  t.refs.forEach((refs, i) => {
    const others = refs.filter((j) => j !== i);
    const imports = others.map((j) => `import ./b${j}.bend as M${j}\n`).join('');
    const fields = refs.map((j) => (j === i ? `, self: T${i}` : `, f${j}: M${j}.T${j}`)).join('');
    files[`b/b${i}.bend`] = `import Base\n${imports}\ntype T${i} is Data:\n  Make{id: String${fields}}\n  Empty{}\n`;
    if (i > 0 && t.excluded[i]) excludes.push(`b/b${i}.bend`);
  });
  return { files, excludes, inactive: [] };
}

async function check(t: Tree, built: { files: Record<string, string>; excludes: string[]; inactive: string[] }, root: string, added: string, anchor: string) {
  const { files, excludes, inactive } = built;
  const go = t.target === 'none' ? null : { goos: t.target, goarch: 'amd64', tags: [] };
  const config = JSON.stringify({ privacyExcludes: excludes, limits: { files: t.files, treeBytes: t.treeBytes }, go });
  const ws = workspace({ ...files, '.cairn.jsonc': config });
  const event = parseHookEvent(editEvent(ws, root, files[root].replace(added, ''), anchor, anchor + added));
  const first = await review(ws, event, { clock: () => 0 });
  const second = await review(ws, event, { clock: () => 0 });
  expectReviewInvariants(first, second, t, [...excludes, ...inactive]);
  return first;
}

describe('Go and Bend reviews over random trees', () => {
  test.prop([tree], { numRuns: 20 })('Go packages: checks before reads, inactive files never read, budgets, determinism, replay', async (t) => {
    await check(t, goModule(t), 'p0/t.go', '\tID string\n', 'type T0 struct {\n');
  });

  test.prop([tree], { numRuns: 20 })('Bend imports: checks before reads, budgets, determinism, replay', async (t) => {
    await check(t, bendFiles(t), 'b/b0.bend', '  Empty{}\n', '  Make{id: String' + t.refs[0].map((j) => (j === 0 ? ', self: T0' : `, f${j}: M${j}.T${j}`)).join('') + '}\n');
  });
});
