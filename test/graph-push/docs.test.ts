// Documents in the graph: README.md and docs/ Markdown become doc_file and doc_section
// entities with line ranges and front matter, `cites` edges go to the symbols a section
// names unambiguously, a push reconciles them per file, and `docs`, `impact` and `diff`
// list the documents that name a symbol.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphPushSchema, type Edge, type Entity, type GraphPush } from '../../contracts/graph-push.js';
import { indexGate } from '../../gate/config-files.js';
import { documentsCiting, readDocs } from '../../graph/docs.js';
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

  it('reconciles documents per file: an edited one is sent again, a removed one is purged', async () => {
    const graph = openStore(fixture.root);
    try {
      const make = (previous: Record<string, string>) => planPush(graph, 'acme/shop', previous, readDocs(fixture.root, indexGate(fixture.root), graph));
      const first = make({});
      const digests = Object.fromEntries(first.changed.map((f) => [f.rows.path, f.digest]));
      expect(make(digests)).toMatchObject({ changed: [], deleted: [] });
      fixture.write('README.md', README.replace('## Checkout', '## Paying'));
      rmSync(join(fixture.root, 'docs', 'pricing.md'));
      const second = make(digests);
      expect(second.changed.map((f) => f.rows.path)).toEqual(['README.md']);
      expect(second.deleted).toEqual(['docs/pricing.md']);
      const [batch] = batchesOf(second);
      expect(batch!.push.files).toEqual(['docs/pricing.md', 'README.md']);
      expect(batch!.push.entities.filter((e) => e.file_path === 'docs/pricing.md')).toEqual([]);
      expect(batch!.push.entities.map((e) => e.name)).toContain('Paying');
    } finally {
      await graph.close();
    }
  });
});
