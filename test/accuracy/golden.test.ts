// Golden sets: their shape, the sampler's determinism, and their conversion into
// oracle sites that the join judges like the compiler oracle's.
import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { goldenToOracleSites, nameColumn, readGolden } from '../../scripts/accuracy/golden.mjs';
// @ts-expect-error plain ESM script without type declarations
import { collectSites, sample } from '../../scripts/accuracy/sample-golden.mjs';
// @ts-expect-error plain ESM script without type declarations
import { graphFromMessages } from '../../scripts/accuracy/cairn-graph.mjs';
// @ts-expect-error plain ESM script without type declarations
import { joinFile } from '../../scripts/accuracy/join.mjs';

const GOLDEN = join(import.meta.dirname, 'golden');

describe('golden sets on disk', () => {
  const files = readdirSync(GOLDEN).filter((f) => f.endsWith('.json'));
  it('include Rust', () => expect(files).toContain('rust.json'));
  for (const f of files) {
    it(`${f}: at least 40 labelled sites with seed, procedure and rationales`, () => {
      const set = readGolden(join(GOLDEN, f));
      expect(set.language).toBe(f.replace(/\.json$/, ''));
      expect(Number.isInteger(set.seed)).toBe(true);
      expect(set.procedure).toMatch(/seed/);
      expect(set.sites.length).toBeGreaterThanOrEqual(40);
      const keys = new Set<string>();
      for (const s of set.sites) {
        expect(s).toMatchObject({ file: expect.any(String), line: expect.any(Number), column: expect.any(Number), callee: expect.any(String) });
        expect(s.rationale.length).toBeGreaterThan(10);
        expect(s.target).not.toBe('TODO');
        if (s.target !== null) {
          const declaration = (t: any) => typeof t.file === 'string' && t.line > 0 && t.name.length > 0;
          const ok = typeof s.target.external === 'string' || declaration(s.target) || (Array.isArray(s.target.any_of) && s.target.any_of.length > 1 && s.target.any_of.every(declaration));
          expect(ok, JSON.stringify(s)).toBe(true);
        }
        keys.add(`${s.file}:${s.line}:${s.column}`);
      }
      expect(keys.size).toBe(set.sites.length);
    });
  }
});

describe('sampler and conversion', () => {
  it('samples Bash commands of .sh files and #! scripts, not `source`, and reads any_of targets as alternatives', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cairn-golden-'));
    try {
      mkdirSync(join(root, 'bin'));
      writeFileSync(join(root, 'lib.sh'), 'greet() { echo "hi"; }\n');
      writeFileSync(join(root, 'bin', 'run'), '#!/usr/bin/env bash\nsource ./lib.sh\ngreet\n', { mode: 0o755 });
      writeFileSync(join(root, 'bin', 'notes'), 'greet\n', { mode: 0o644 });
      const sites = await collectSites('bash', root);
      expect(sites.map((s: any) => `${s.file}:${s.line}:${s.column} ${s.callee}`)).toEqual(['bin/run:3:0 greet', 'lib.sh:1:10 echo']);
      const set = { language: 'bash', corpus: 'tiny', seed: 6, procedure: 'seed 6', sites: [{ ...sites[0], target: { any_of: [{ file: 'lib.sh', line: 1, name: 'greet' }, { file: 'bin/run', line: 3, name: 'greet' }] }, rationale: 'either' }] };
      const oracle = goldenToOracleSites(set, root);
      expect(oracle[0].targets.map((t: any) => `${t.file}:${t.line} ${t.alternative ?? false}`)).toEqual(['lib.sh:1 false', 'bin/run:3 true']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('samples Ruby and PHP call sites: Foo.new and new T are new sites, $f() has no name', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cairn-golden-'));
    try {
      writeFileSync(join(root, 'a.rb'), 'def go\n  Foo::Bar.new(1).run\n  valid?\nend\n');
      writeFileSync(join(root, 'b.php'), '<?php\n$x = new \\A\\B();\n$x->run();\n$f();\nA::make();\n');
      const ruby = await collectSites('ruby', root);
      expect(ruby.map((s: any) => `${s.line}:${s.column} ${s.callee} ${s.kind} ${s.specifier}`)).toEqual(['2:18 run call Foo::Bar.new(1).run', '2:11 new new Foo::Bar.new', '3:2 valid? call valid?']);
      // The export's names stop before a trailing ? or !: the join still pairs `valid?`.
      const oracle = goldenToOracleSites({ language: 'ruby', corpus: 'tiny', seed: 1, procedure: 'seed 1', sites: [{ ...ruby[2], target: { file: 'a.rb', line: 1, name: 'go' }, rationale: 'pretend' }] }, root);
      const graph = graphFromMessages([
        { type: 'symbol', data: { id: 'a.rb::go', name: 'go', kind: 'function', file_path: 'a.rb', start_line: 1, end_line: 4, start_column: 0, end_column: 3 } },
        { type: 'edge', data: { target: 'a.rb::go', relationship: 'calls', resolution_kind: 'same_file', confidence: 60, file_path: 'a.rb', line: 3, column: 2, specifier: 'valid?' } },
      ]);
      expect(joinFile(graph, oracle)[0]).toMatchObject({ match: 'name_column', edges: [{ correct: true }] });
      const php = await collectSites('php', root);
      expect(php.map((s: any) => `${s.line}:${s.column} ${s.callee} ${s.kind} ${s.specifier}`)).toEqual(['2:12 B new \\A\\B', '3:4 run call $x->run', '5:3 make call A::make']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('samples the same sites for the same seed and finds named callees', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cairn-golden-'));
    try {
      mkdirSync(join(root, 'src'));
      writeFileSync(join(root, 'src', 'lib.rs'), 'pub fn helper() -> u32 { 1 }\n\npub fn main() {\n    helper();\n    let v = Vec::new();\n    v.len();\n    (|| 1)();\n}\n');
      const sites = await collectSites('rust', root);
      expect(sites.map((s: any) => `${s.line}:${s.column} ${s.callee} ${s.specifier}`)).toEqual(['4:4 helper helper', '5:17 new Vec::new', '6:6 len v.len']);
      expect(sites[2]).toMatchObject({ call_line: 6, call_column: 4 });
      expect(sample(sites, 2, 6)).toEqual(sample(sites, 2, 6));
      expect(sample(sites, 3, 6).map((s: any) => s.callee).sort()).toEqual(['helper', 'len', 'new']);

      const set = {
        language: 'rust',
        corpus: 'tiny',
        seed: 6,
        procedure: 'by hand, seed 6',
        sites: [
          { ...sites[0], target: { file: 'src/lib.rs', line: 1, name: 'helper' }, rationale: 'the free function above' },
          { ...sites[1], target: { external: 'alloc::vec::Vec::new' }, rationale: 'std Vec' },
          { ...sites[2], target: null, rationale: 'pretend nothing answers it' },
        ],
      };
      const oracle = goldenToOracleSites(set, root);
      expect(oracle[0].targets).toEqual([{ file: 'src/lib.rs', line: 1, column: 7, name: 'helper', declKind: 'golden' }]);
      expect(oracle[1]).toMatchObject({ status: 'external', targets: [{ file: null, name: 'new', where: 'alloc::vec::Vec::new' }] });
      expect(oracle[2].status).toBe('indirect');

      const sym = (qn: string, sl: number, el: number) => ({ type: 'symbol', data: { id: `src/lib.rs::${qn}`, name: qn, kind: 'function', file_path: 'src/lib.rs', start_line: sl, end_line: el, start_column: 0, end_column: 40 } });
      const edge = (line: number, column: number, target: string, spec: string) => ({ type: 'edge', data: { target, relationship: 'calls', resolution_kind: 'name_only', confidence: 30, file_path: 'src/lib.rs', line, column, specifier: spec } });
      const graph = graphFromMessages([sym('helper', 1, 1), sym('main', 3, 8), edge(4, 4, 'src/lib.rs::helper', 'helper'), edge(6, 4, 'src/lib.rs::helper', 'v.len')]);
      const out = joinFile(graph, oracle);
      expect(out.map((o: any) => o.targetClass)).toEqual(['modelled', 'external', 'unmodelled']);
      expect(out[0].edges[0].correct).toBe(true);
      expect(out[1].cairn).toBeNull();
      expect(out[2].edges[0].correct).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds a name as a whole word on a line', () => {
    expect(nameColumn('fn a() {}\n    pub fn new_thing() {}\n    pub fn new() {}\n', 3, 'new')).toBe(11);
    expect(nameColumn('x', 5, 'y')).toBe(0);
  });
});
