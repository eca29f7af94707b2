// Documents in the graph: README.md and docs/ Markdown are kept in the index by init
// and sync, become doc_file and doc_section entities with line ranges and front matter,
// `cites` edges go to the symbols a section names unambiguously, a push reconciles them
// per file, and `docs`, `impact` and `diff` list the documents that name a symbol.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphPushSchema, type Edge, type Entity, type GraphPush } from '../../contracts/graph-push.js';
import { documentsCiting, indexedDocs } from '../../graph/docs.js';
import { batchesOf, planPush } from '../../wire/push-plan.js';
import { readMarkdown } from '../../parsers/markdown/doc-sections.js';
import { openStore } from '../../store/index.js';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';
import { SHOP_FILES } from '../helpers/graph-fixture.js';

const README = `# Shop

The cart lives in \`src/cart.ts\`.

## Prices

\`formatPrice()\` renders cents; \`Cart.total\` sums them.
Unknown names like \`notThere\` and prose like \`a + b\` cite nothing.

\`\`\`ts
parsePrice('$1'); // \`parsePrice\` in a fence is code shown, not named
\`\`\`

## Checkout

See \`checkout\`.
`;

const PRICING = `---
title: Pricing rules
source_url: https://wiki.example.com/pricing
author: "Ada"
date: 2026-05-01
---
# Pricing

Prices parse with \`parsePrice\`.

## Rounding

### Cents

\`Cart.summary\` rounds to cents.
`;

describe('readMarkdown', () => {
  it('reads front matter, sections with line ranges, and the code spans outside fences', () => {
    const doc = readMarkdown(PRICING);
    expect(doc.front).toEqual({ title: 'Pricing rules', source_url: 'https://wiki.example.com/pricing', author: 'Ada', captured_at: '2026-05-01' });
    expect(doc.title).toBe('Pricing');
    expect(doc.sections.map((s) => [s.title, s.level, s.slug, s.line_start, s.line_end])).toEqual([
      ['Pricing', 1, 'pricing', 7, 15],
      ['Rounding', 2, 'rounding', 11, 15],
      ['Cents', 3, 'cents', 13, 15],
    ]);
    expect(doc.sections[0]!.mentions).toEqual([{ text: 'parsePrice', line: 9, kind: 'name' }]);
    const readme = readMarkdown(README);
    expect(readme.sections.map((s) => s.mentions.map((m) => m.text))).toEqual([['src/cart.ts'], ['formatPrice', 'Cart.total', 'notThere'], ['checkout']]);
    expect(readMarkdown('# A\n# A\n').sections.map((s) => s.slug)).toEqual(['a', 'a-2']);
  });

  it('lets a diff find a removed symbol (which the index no longer resolves) by its exact qualified name', () => {
    const doc = readMarkdown('# Old\n\nUse `Money.legacy` or `legacy`.\n');
    const docs = [{ path: 'docs/old.md', sha: 'x', doc, citations: [] }];
    expect(documentsCiting(docs, [{ id: 'src/money.ts::Money.legacy', qualified_name: 'Money.legacy' }])).toEqual([
      { path: 'docs/old.md', section: 'Old', line_start: 1, line_end: 3, symbol: 'src/money.ts::Money.legacy', mention: 'Money.legacy', line: 3, confidence: 90 },
    ]);
  });
});

describe('documents of a workspace', () => {
  let fixture: Fixture;
  let push: GraphPush;
  beforeAll(() => {
    fixture = makeFixture({ ...SHOP_FILES, 'README.md': README, 'docs/pricing.md': PRICING, 'docs/notes.txt': '`formatPrice`' }, { git: true });
    fixture.git('remote', 'add', 'origin', 'git@github.com:acme/shop.git');
    expect(cairn(['init'], { cwd: fixture.root }).code).toBe(0);
    const run = cairn(['export', '--format', 'graph-push'], { cwd: fixture.root });
    expect(run.code, run.stderr).toBe(0);
    push = JSON.parse(run.stdout) as GraphPush;
  });
  afterAll(() => fixture.remove());

  const ofType = (type: string) => push.entities.filter((e: Entity) => e.type === type);
  const cites = () => push.edges.filter((e: Edge) => e.relation === 'cites');

  it('exports doc_file and doc_section entities with line ranges and front matter, owned by their file', () => {
    expect(push.files).toEqual(expect.arrayContaining(['README.md', 'docs/pricing.md']));
    expect(push.files).not.toContain('docs/notes.txt');
    expect(ofType('doc_file').map((e) => [e.id, e.line_start, e.line_end])).toEqual([
      ['acme/shop::README.md::', 1, 16],
      ['acme/shop::docs/pricing.md::', 1, 15],
    ]);
    const pricing = ofType('doc_file')[1]!;
    expect(pricing).toMatchObject({ source_url: 'https://wiki.example.com/pricing', author: 'Ada', captured_at: '2026-05-01T00:00:00.000Z', description: 'Pricing' });
    expect(ofType('doc_section').map((e) => `${e.id} ${e.line_start}-${e.line_end}`)).toEqual([
      'acme/shop::README.md::#shop 1-16',
      'acme/shop::README.md::#prices 5-13',
      'acme/shop::README.md::#checkout 14-16',
      'acme/shop::docs/pricing.md::#pricing 7-15',
      'acme/shop::docs/pricing.md::#rounding 11-15',
      'acme/shop::docs/pricing.md::#cents 13-15',
    ]);
    expect(push.file_shas!['README.md']).toMatch(/^[0-9a-f]{64}$/);
    expect(GraphPushSchema.safeParse(push).success).toBe(true);
  });

  it('cites each symbol a section names unambiguously, with its confidence', () => {
    expect(cites().map((e) => `${e.from} -> ${e.to} ${e.confidence_score} ${e.confidence_tier} ${e.properties!.mention}@${e.properties!.line}`)).toEqual([
      'acme/shop::README.md::#shop -> acme/shop::src/cart.ts:: 1 EXTRACTED src/cart.ts@3',
      'acme/shop::README.md::#prices -> acme/shop::src/money.ts::formatPrice 0.5 INFERRED formatPrice@7',
      'acme/shop::README.md::#prices -> acme/shop::src/cart.ts::Cart.total 0.9 INFERRED Cart.total@7',
      'acme/shop::README.md::#checkout -> acme/shop::src/checkout.ts::checkout 0.5 INFERRED checkout@16',
      'acme/shop::docs/pricing.md::#pricing -> acme/shop::src/money.ts::parsePrice 0.5 INFERRED parsePrice@9',
      'acme/shop::docs/pricing.md::#cents -> acme/shop::src/cart.ts::Cart.summary 0.9 INFERRED Cart.summary@15',
    ]);
  });

  it('answers which documents name a symbol', () => {
    const run = cairnJson(['docs', 'Cart.summary'], { cwd: fixture.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.body.data.documents).toEqual([
      { path: 'docs/pricing.md', section: 'Cents', line_start: 13, line_end: 15, symbol: 'src/cart.ts::Cart.summary', mention: 'Cart.summary', line: 15, confidence: 90 },
    ]);
    const text = cairn(['docs', 'formatPrice'], { cwd: fixture.root });
    expect(text.stdout).toContain('README.md:5-13  Prices  names `formatPrice` at line 7  (confidence 50)');
  });

  it('impact and diff list the documents a change may have made stale', () => {
    // formatPrice's callers reach Cart.summary and checkout: all three are named in documents.
    const impact = cairnJson(['impact', 'formatPrice', '--direction', 'callers'], { cwd: fixture.root });
    expect(impact.code, impact.stderr).toBe(0);
    expect(impact.body.data.documents.map((d: { path: string; mention: string }) => `${d.path} ${d.mention}`)).toEqual([
      'README.md formatPrice',
      'README.md checkout',
      'docs/pricing.md Cart.summary',
    ]);
    const diff = cairnJson(['diff', '--files', 'src/money.ts'], { cwd: fixture.root });
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.body.data.documents.map((d: { path: string; symbol: string }) => `${d.path} ${d.symbol}`)).toEqual(['README.md src/money.ts::formatPrice', 'docs/pricing.md src/money.ts::parsePrice']);
    const text = cairn(['diff', '--files', 'src/money.ts'], { cwd: fixture.root });
    expect(text.stdout).toContain('Documents that may be stale:\n  README.md:5-13  Prices  names `formatPrice` at line 7');
  });

  it('reconciles documents per file: after a sync, an edited one is sent again, a removed one is purged', async () => {
    const plan = async (previous: Record<string, string>) => {
      const graph = openStore(fixture.root, { readOnly: true });
      try {
        return planPush(graph, 'acme/shop', previous, indexedDocs(graph));
      } finally {
        await graph.close();
      }
    };
    {
      const first = await plan({});
      const digests = Object.fromEntries(first.changed.map((f) => [f.rows.path, f.digest]));
      expect(await plan(digests)).toMatchObject({ changed: [], deleted: [] });
      fixture.write('README.md', README.replace('## Checkout', '## Paying'));
      rmSync(join(fixture.root, 'docs', 'pricing.md'));
      // The index answers until a sync reads the work tree again.
      expect(await plan(digests)).toMatchObject({ changed: [], deleted: [] });
      expect(cairn(['sync'], { cwd: fixture.root }).code).toBe(0);
      const second = await plan(digests);
      expect(second.changed.map((f) => f.rows.path)).toEqual(['README.md']);
      expect(second.deleted).toEqual(['docs/pricing.md']);
      const [batch] = batchesOf(second);
      expect(batch!.push.files).toEqual(['docs/pricing.md', 'README.md']);
      expect(batch!.push.entities.filter((e) => e.file_path === 'docs/pricing.md')).toEqual([]);
      expect(batch!.push.entities.map((e) => e.name)).toContain('Paying');
    }
  });
});

describe('documents in the index', () => {
  let fixture: Fixture;
  const traceDirs: string[] = [];
  const trace = () => {
    traceDirs.push(mkdtempSync(join(tmpdir(), 'cairn-doc-trace-')));
    return join(traceDirs.at(-1)!, 'opened');
  };
  const opened = (file: string) => {
    try {
      return readFileSync(file, 'utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };
  const stored = async () => {
    const graph = openStore(fixture.root, { readOnly: true });
    try {
      return graph.docs().map((d) => `${d.path} ${d.doc.sections.map((s) => s.title).join('/')}`);
    } finally {
      await graph.close();
    }
  };
  beforeAll(() => {
    fixture = makeFixture({ ...SHOP_FILES, 'README.md': README, 'docs/pricing.md': PRICING, 'docs/notes.txt': '`formatPrice`' });
    expect(cairn(['init'], { cwd: fixture.root }).code).toBe(0);
  });
  afterAll(() => {
    fixture.remove();
    for (const dir of traceDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('init stores README.md and docs/ Markdown with their sections; nothing else', async () => {
    expect(await stored()).toEqual(['README.md Shop/Prices/Checkout', 'docs/pricing.md Pricing/Rounding/Cents']);
  });

  it('docs, impact, diff and export read documents from the index, opening no Markdown file', () => {
    for (const args of [['docs', 'Cart.summary'], ['impact', 'formatPrice', '--direction', 'callers'], ['diff', '--files', 'src/money.ts'], ['export', '--format', 'graph-push']]) {
      const file = trace();
      const run = cairn(args, { cwd: fixture.root, env: { CAIRN_GATE_TRACE: file } });
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
      expect(opened(file).filter((p) => /\.md$/.test(p)), args.join(' ')).toEqual([]);
    }
    expect(cairnJson(['docs', 'Cart.summary'], { cwd: fixture.root }).body.data.documents.map((d: { path: string }) => d.path)).toEqual(['docs/pricing.md']);
  });

  it('sync reads again only the documents whose stat moved, stores an edit, drops a removed one and takes a new one', async () => {
    fixture.write('docs/pricing.md', PRICING.replace('### Cents', '### Pennies'));
    fixture.write('docs/guide/start.md', '# Start\n\nCall `checkout`.\n');
    rmSync(join(fixture.root, 'README.md'));
    const file = trace();
    expect(cairn(['sync'], { cwd: fixture.root, env: { CAIRN_GATE_TRACE: file } }).code).toBe(0);
    expect(opened(file).filter((p) => /\.md$/.test(p)).map((p) => p.slice(fixture.root.length + 1)).sort()).toEqual(['docs/guide/start.md', 'docs/pricing.md']);
    expect(await stored()).toEqual(['docs/guide/start.md Start', 'docs/pricing.md Pricing/Rounding/Pennies']);
    const docs = cairnJson(['docs', 'checkout'], { cwd: fixture.root });
    expect(docs.body.data.documents.map((d: { path: string; section: string }) => `${d.path} ${d.section}`)).toEqual(['docs/guide/start.md Start']);
    // Nothing moved: a sync opens no document.
    const again = trace();
    expect(cairn(['sync'], { cwd: fixture.root, env: { CAIRN_GATE_TRACE: again } }).code).toBe(0);
    expect(opened(again).filter((p) => /\.md$/.test(p))).toEqual([]);
  });
});
