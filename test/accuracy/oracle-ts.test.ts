// The TypeScript oracle on a tiny project: imports, re-exports, overloads, methods,
// static members, `new` with and without a constructor, library and anonymous callees.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { collectTsCallSites } from '../../scripts/accuracy/oracle-ts.mjs';
import { mkdirSync } from 'node:fs';

const A = `export function helper(x: number): number;
export function helper(x: string): string;
export function helper(x: any) {
  return x;
}
export class Box {
  constructor(public v: number) {}
  get() {
    return this.v;
  }
  static make() {
    return new Box(1);
  }
}
export class NoCtor {}
`;
const B = `export { helper as aliased } from './a.js';
export * from './a.js';
`;
const C = `import { aliased, Box, NoCtor } from './b.js';
import * as ns from './a.js';
export function main(f: () => void) {
  aliased(1);
  const b = new Box(2);
  b.get();
  Box.make();
  ns.helper('x');
  new NoCtor();
  [1].map((x) => x);
  (() => 1)();
  f();
  b
    .get();
}
`;

let root = '';
let sites: any[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cairn-oracle-'));
  writeFileSync(join(root, 'a.ts'), A);
  writeFileSync(join(root, 'b.ts'), B);
  writeFileSync(join(root, 'c.ts'), C);
  const summary = collectTsCallSites(root, (s: any) => sites.push(s));
  expect(summary.config).toBe('generated');
  expect(summary.files).toBe(3);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (file: string, line: number) => sites.filter((s) => s.file === file && s.line === line);

describe('TypeScript oracle', () => {
  it('follows a renamed re-export and overloads to the implementation', () => {
    const [s] = at('c.ts', 4);
    expect(s).toMatchObject({ calleeName: 'aliased', kind: 'call', status: 'in_repo', column: 2, callColumn: 2 });
    expect(s.targets).toEqual([{ file: 'a.ts', line: 3, column: 16, name: 'helper', declKind: 'FunctionDeclaration' }]);
  });

  it('answers `new` with the class and offers its constructor as an alternative', () => {
    const [s] = at('c.ts', 5);
    expect(s.kind).toBe('new');
    expect(s.targets).toEqual([
      { file: 'a.ts', line: 6, column: 13, name: 'Box', declKind: 'ClassDeclaration' },
      { file: 'a.ts', line: 7, column: 2, name: 'constructor', declKind: 'Constructor', alternative: true },
    ]);
    const [noCtor] = at('c.ts', 9);
    expect(noCtor.targets).toEqual([{ file: 'a.ts', line: 15, column: 13, name: 'NoCtor', declKind: 'ClassDeclaration' }]);
  });

  it('resolves methods through the receiver type, statics and namespace imports', () => {
    expect(at('c.ts', 6)[0].targets[0]).toMatchObject({ file: 'a.ts', line: 8, name: 'get', declKind: 'MethodDeclaration' });
    expect(at('c.ts', 6)[0]).toMatchObject({ column: 4, callColumn: 2, specifier: 'b.get' });
    expect(at('c.ts', 7)[0].targets[0]).toMatchObject({ file: 'a.ts', line: 11, name: 'make' });
    expect(at('c.ts', 8)[0].targets[0]).toMatchObject({ file: 'a.ts', line: 3, name: 'helper' });
  });

  it('marks library targets as external and parameters as in-repo declarations', () => {
    const [map] = at('c.ts', 10);
    expect(map.status).toBe('external');
    expect(map.targets[0]).toMatchObject({ file: null, name: 'map', where: 'lib.es5.d.ts' });
    const [param] = at('c.ts', 12);
    expect(param.targets[0]).toMatchObject({ file: 'c.ts', line: 3, name: 'f', declKind: 'Parameter' });
  });

  it('keeps anonymous callees with no name and places a multi-line callee at its name', () => {
    const iife = at('c.ts', 11)[0];
    expect(iife.calleeName).toBeNull();
    expect(iife.status).toBe('unknown');
    const split = at('c.ts', 14)[0];
    expect(split).toMatchObject({ calleeName: 'get', line: 14, column: 5, callLine: 13, callColumn: 2 });
  });

  it('sees calls inside the callee file too (new in a static method)', () => {
    const [s] = at('a.ts', 12);
    expect(s.targets[0]).toMatchObject({ file: 'a.ts', name: 'Box', declKind: 'ClassDeclaration' });
  });
});

describe('anonymous callees', () => {
  it('are placed at their argument list, apart from the named call they start with', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-oracle-curry-'));
    try {
      writeFileSync(join(dir, 'a.ts'), 'export const curry = (a: number) => (b: number) => a + b;\ncurry(1)(2);\n');
      const found: any[] = [];
      collectTsCallSites(dir, (s: any) => found.push(s));
      expect(found.map((s) => [s.calleeName, s.line, s.column, s.callColumn])).toEqual([
        [null, 2, 8, 0],
        ['curry', 2, 0, 0],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('self-references of a published package', () => {
  it('maps the package name in the parent manifest onto the root', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-oracle-pkg-'));
    try {
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'tinypkg' }));
      mkdirSync(join(dir, 'src', 'v2'), { recursive: true });
      writeFileSync(join(dir, 'src', 'v2', 'index.ts'), 'export function make() {\n  return 1;\n}\n');
      writeFileSync(join(dir, 'src', 'use.ts'), "import { make } from 'tinypkg/v2';\nmake();\n");
      const found: any[] = [];
      const summary = collectTsCallSites(join(dir, 'src'), (s: any) => found.push(s));
      expect(summary.config).toBe('generated, self-references mapped');
      expect(found[0]).toMatchObject({ file: 'use.ts', status: 'in_repo', targets: [{ file: 'v2/index.ts', line: 1, name: 'make' }] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
