// The DOT and Mermaid printers over real answers of impact, diff and tests-for:
// what the pictures must show, and that Graphviz's own `dot` accepts every one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDot } from '../../cli/pictures/dot.js';
import { impactPicture } from '../../cli/pictures/impact-picture.js';
import { toMermaid } from '../../cli/pictures/mermaid.js';
import { cairn, cairnJson } from '../helpers/cli.js';
import type { Fixture } from '../helpers/fixture.js';
import { editedStory, PICTURE_RUNS } from './story-pictures.js';
import { AWKWARD, syntheticImpact } from './synthetic.js';
import { graphviz } from './tools.js';

describe('pictures of the edited story library', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = editedStory();
  });
  afterAll(() => repo.remove());

  for (const [name, args] of Object.entries(PICTURE_RUNS)) {
    it(`${name} --format dot is accepted by Graphviz's dot; --format mermaid is a flowchart`, async () => {
      const dot = cairn([...args, '--format', 'dot', '-C', repo.root]);
      expect(dot.code, dot.stderr).toBe(0);
      const drawn = await graphviz(dot.stdout);
      expect(drawn.errors).toBe('');
      expect(drawn.ok).toBe(true);
      expect(drawn.output.toString()).toContain('<svg');
      const mermaid = cairn([...args, '--format', 'mermaid', '-C', repo.root]);
      expect(mermaid.code, mermaid.stderr).toBe(0);
      expect(mermaid.stdout).toMatch(/^flowchart LR$/m);
    });
  }

  it('impact: the root highlighted, every node and edge of the JSON drawn, low-confidence edges dashed, boundaries grouped by reason, tests marked', () => {
    const args = [...PICTURE_RUNS.impact!, '-C', repo.root];
    const data = cairnJson(args).body.data;
    const dot = cairn([...args, '--format', 'dot']).stdout;
    expect(dot).toMatch(/n0 \[id="n0" class="role-root"[^\]]*label="render\\nsrc\/lib.rs:1"[^\]]*penwidth=2/);
    expect(dot.match(/class="role-symbol/g)).toHaveLength(data.nodes.length);
    expect(dot.match(/ -> n\d+ \[/g)).toHaveLength(data.edges.length);
    for (const e of data.edges) {
      const label = `${e.relationship} ${e.resolution_kind} ${e.confidence}`;
      const line = dot.split('\n').find((l) => l.includes(`label="${label}"`));
      expect(line, label).toBeDefined();
      expect(line).toContain(e.confidence < 80 ? 'style="dashed"' : 'style="solid"');
    }
    // One node per reason, whatever the number of call sites.
    const reasons = new Map<string, number>();
    for (const b of data.unresolved_boundaries) reasons.set(b.reason, (reasons.get(b.reason) ?? 0) + 1);
    expect(dot.match(/class="role-unresolved"/g)).toHaveLength(reasons.size);
    for (const [reason, n] of reasons) expect(dot).toMatch(new RegExp(`label="${reason}\\\\n${n} unresolved calls? from \\d+ symbols?"[^\\]]*shape="octagon"`));
    for (const t of data.affected_tests) expect(dot).toMatch(new RegExp(`label="${t.test.qualified_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\[test\\][^\\]]*shape="note"`));
    const mermaid = cairn([...args, '--format', 'mermaid']).stdout;
    expect(mermaid).toContain('n0(["render<br/>src/lib.rs:1"])');
    expect(mermaid).toMatch(/-\.->\|"calls same_file 60"\|/);
    expect(mermaid).toMatch(/\{\{"missing_target<br\/>\d+ unresolved calls? from \d+ symbols?"\}\}/);
  });

  it('impact: a truncated walk draws its frontier and keeps the warning as a comment', async () => {
    const args = ['impact', 'render', '--direction', 'callers', '--limit', '1', '-C', repo.root];
    const body = cairnJson(args).body;
    expect(body.truncated).toBe(true);
    const dot = cairn([...args, '--format', 'dot']).stdout;
    expect(dot).toMatch(/^\/\/ \[budget_reached\]/m);
    expect(dot).toMatch(/not walked/);
    expect(dot).toMatch(/style="rounded,(filled,)?dotted"/);
    expect((await graphviz(dot)).ok).toBe(true);
    const mermaid = cairn([...args, '--format', 'mermaid']).stdout;
    expect(mermaid).toMatch(/^%% \[budget_reached\]/m);
  });

  it('diff: changed symbols coloured by change, the removed edge from history, the newly unresolved caller and the unmapped hunk', () => {
    const args = [...PICTURE_RUNS.diff!, '-C', repo.root];
    const dot = cairn([...args, '--format', 'dot']).stdout;
    expect(dot).toMatch(/label="legacy_render \[removed\]\\nsrc\/lib.rs:1"[^\]]*style="rounded,filled,dashed"[^\]]*fillcolor="#ffcdd2"/);
    expect(dot).toMatch(/label="render_page \[modified\]\\nsrc\/lib.rs:5"[^\]]*fillcolor="#ffe0b2"/);
    expect(dot).toMatch(/label="removed calls same_file 60"[^\]]*color="#c62828"/);
    expect(dot).toMatch(/label="missing_renderer\\nsrc\/lib.rs:7"[^\]]*shape="octagon"/);
    expect(dot).toMatch(/label="README.md:5\\na changed hunk no symbol holds"/);
  });

  it('tests-for: the target, each test marked, every hop of every path', () => {
    const args = [...PICTURE_RUNS['tests-for']!, '-C', repo.root];
    const data = cairnJson(args).body.data;
    const dot = cairn([...args, '--format', 'dot']).stdout;
    expect(dot).toMatch(/n0 \[id="n0" class="role-root"[^\]]*label="render\\nsrc\/lib.rs:1"/);
    const hops = new Set(data.tests.flatMap((t: any) => t.path.map((p: any) => `${p.source.id}>${p.target.id}`)));
    expect(dot.match(/ -> n\d+ \[/g)).toHaveLength(hops.size);
    expect(dot.match(/class="role-symbol test"/g)).toHaveLength(data.tests.length);
  });

  it('--format is checked: an unknown format or one beside --json is a usage error', () => {
    const unknown = cairn(['impact', 'render', '--format', 'svg', '-C', repo.root]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--format must be text, dot, mermaid, html');
    const both = cairnJson(['tests-for', 'render', '--format', 'dot', '-C', repo.root]);
    expect(both.code).toBe(2);
    expect(both.body.warnings[0].message).toContain('choose one');
    expect(cairn(['diff', '--base', 'HEAD', '--format', 'text', '-C', repo.root]).stdout).toMatch(/^Diff /);
  });
});

describe('impact pictures of truncated answers', () => {
  it('every edge end is a declared node: a frontier symbol without a record is drawn as frontier, the rest counted', async () => {
    const result = syntheticImpact(6);
    const [dropped] = result.data.nodes.splice(5, 1);
    result.data.frontier = [{ node: 'pkg/far.ts::Far.away', path_id: null, reason: 'nodes' }];
    result.data.frontier_total = 4;
    result.truncated = true;
    const picture = impactPicture(result);
    const declared = new Set(picture.nodes.map((n) => n.id));
    for (const e of picture.edges) expect(declared.has(e.from) && declared.has(e.to), `${e.from} -> ${e.to}`).toBe(true);
    expect(picture.nodes.find((n) => n.symbol === dropped!.id)).toMatchObject({ role: 'frontier', label: 'Service5.handle' });
    expect(picture.nodes.find((n) => n.symbol === 'pkg/far.ts::Far.away')).toMatchObject({ role: 'frontier', note: 'not walked (nodes budget)' });
    expect(picture.nodes.find((n) => n.id === 'more')?.label).toBe('3 more not walked');
    const dot = toDot(picture);
    expect((await graphviz(dot)).ok).toBe(true);
    expect(dot.match(/class="role-frontier"/g)).toHaveLength(3);
  });
});

describe('printers escape what DOT and Mermaid read as syntax', () => {
  it('dot accepts a picture of awkward names and keeps them as written', async () => {
    const dot = toDot(AWKWARD);
    const drawn = await graphviz(dot);
    expect(drawn.errors).toBe('');
    const svg = drawn.output.toString();
    expect(svg).toContain('Weird.&quot;name&quot;&lt;T&gt;');
    expect(svg).toContain('x\\y #1 `z` {a} [b] (c) |d|');
  });

  it('mermaid text has no raw quote, angle bracket or backtick inside a label', () => {
    const mermaid = toMermaid(AWKWARD);
    const labels = [...mermaid.matchAll(/"([^"]*)"/g)].map((m) => m[1]!.replace(/<br\/>/g, ''));
    for (const label of labels) expect(label).not.toMatch(/[<>`]/);
    expect(mermaid).toContain('Weird.#34;name#34;#60;T#62;');
  });
});
