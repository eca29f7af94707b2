// The golden-set sampler on C# and Kotlin: named call sites, constructor calls, and a
// Kotlin trailing lambda counted once (the grammar nests `f(x) { }` as a call of a call).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { collectSites } from '../../scripts/accuracy/sample-golden.mjs';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function corpus(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'cairn-golden-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const show = (sites: any[]) => sites.map((s) => `${s.line}:${s.column} ${s.kind} ${s.callee} ${s.specifier}`);

describe('golden sampler', () => {
  it('finds C# calls, generic calls and constructor calls', async () => {
    const dir = corpus({ 'src/A.cs': 'class A {\n  void F() {\n    G();\n    x.H<int>(1);\n    new B(2);\n  }\n}\n' });
    expect(show(await collectSites('csharp', dir))).toEqual(['3:4 call G G', '4:6 call H x.H<int>', '5:8 new B B']);
  });

  it('finds Kotlin calls once, a trailing lambda included', async () => {
    const dir = corpus({ 'src/A.kt': 'fun f() {\n  g()\n  list.fold(0) { a, b -> a + b }\n  run { h() }\n}\n' });
    expect(show(await collectSites('kotlin', dir))).toEqual(['2:2 call g g', '3:7 call fold list.fold', '4:2 call run run', '4:8 call h h']);
  });
});
