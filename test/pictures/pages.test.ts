// The HTML pages in headless Chromium (Debian's chromium, driven by playwright-core):
// each loads with no console error and no network request (every one is failed),
// draws as many symbols as the JSON answer holds, shows a clicked node's file and
// line, and leaves a screenshot in the test's temp dir. Mermaid's own parser, loaded
// into the same browser from its npm package, accepts the Mermaid printer's text.
// CAIRN_README_PICTURES=1 also writes the README's pictures to docs/.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGraphPage } from '../../cli/pictures/graph-page.js';
import { impactPicture } from '../../cli/pictures/impact-picture.js';
import { toMermaid } from '../../cli/pictures/mermaid.js';
import { cairn, cairnJson, REPO } from '../helpers/cli.js';
import type { Fixture } from '../helpers/fixture.js';
import { AWKWARD, syntheticImpact } from './synthetic.js';
import { doctorStory, editedStory, PICTURE_RUNS, reviewedWorkspace } from './story-pictures.js';
import { launchChromium, mermaidPage, watchedPage, type WatchedPage } from './tools.js';

const README_PICTURES = process.env.CAIRN_README_PICTURES === '1' ? join(REPO, 'docs') : null;

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'cairn-pages-'));
});
afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Writes a page into the temp dir, opens it from there and waits until it has drawn. */
async function open(name: string, html: string, viewport?: { width: number; height: number }): Promise<WatchedPage> {
  const file = join(dir, `${name}.html`);
  writeFileSync(file, html);
  const watched = await watchedPage(browser, viewport);
  await watched.page.goto(pathToFileURL(file).href);
  await watched.page.waitForSelector('body[data-state]', { timeout: 170_000 });
  expect(await watched.page.getAttribute('body', 'data-state')).toBe('ready');
  return watched;
}

/** The pictures the README shows, by the name of their screenshot. */
const IN_README = new Set(['impact', 'diff', 'tests-for', 'replay', 'doctor']);

/** A screenshot in the temp dir (and, when asked, the README's copy). */
async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, ...options });
  expect(statSync(file).size).toBeGreaterThan(1000);
  if (README_PICTURES && IN_README.has(name)) {
    mkdirSync(README_PICTURES, { recursive: true });
    await page.screenshot({ path: join(README_PICTURES, `${name}.png`), ...options });
  }
}

const symbolNodes = (page: Page) => page.locator('#graph g.node.role-root, #graph g.node.role-symbol, #graph g.node.role-changed');
const visibleSymbolNodes = (page: Page) => page.locator('#graph g.node:not(.filtered):is(.role-root, .role-symbol, .role-changed)');

/** The distinct symbols a JSON answer holds, counted from the answer itself. */
function symbolsOf(command: string, data: any): Set<string> {
  const ids = new Set<string>();
  if (command === 'impact') [data.root, ...data.nodes].forEach((n: any) => ids.add(n.id));
  if (command === 'tests-for') {
    ids.add(data.target.id);
    for (const t of data.tests) [t.test, ...t.path.flatMap((p: any) => [p.source, p.target])].forEach((s: any) => ids.add(s.id));
  }
  if (command === 'diff') {
    for (const s of data.symbols) ids.add(s.symbol.id);
    for (const e of data.edges) [e.source, e.target].forEach((s: any) => s && ids.add(s.id));
    for (const u of data.newly_unresolved_callers) if (u.source) ids.add(u.source.id);
  }
  return ids;
}

describe('graph pages of the edited story library', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = editedStory();
  });
  afterAll(() => repo.remove());

  for (const [name, args] of Object.entries(PICTURE_RUNS)) {
    it(`${name} --format html: no console error, no request, one drawn symbol per symbol of the JSON, a click shows the location`, async () => {
      const json = cairnJson([...args, '-C', repo.root]).body;
      const html = cairn([...args, '--format', 'html', '-C', repo.root]);
      expect(html.code, html.stderr).toBe(0);
      // Nothing is loaded from elsewhere: no script or style by address (the policy also forbids it).
      expect(/<script[^>]+src=|<link[^>]+href=/.test(html.stdout)).toBe(false);
      expect(html.stdout).toContain(`content="default-src 'none'`);
      const { page, errors, network, close } = await open(name, html.stdout, { width: 1000, height: 560 });
      try {
        const symbols = symbolsOf(name, json.data);
        expect(await symbolNodes(page).count()).toBe(symbols.size);
        expect(await page.textContent('#symbol-count')).toBe(String(symbols.size));
        const picked = page.locator('#graph g.node.role-symbol, #graph g.node.role-changed').first();
        const title = await picked.locator('title').first().textContent();
        await picked.click();
        const location = await page.textContent('#location');
        expect(location).toMatch(/^[\w/.-]+\.rs:\d+$/);
        const named = (await page.textContent('#facts'))!;
        const [file, line] = location!.split(':');
        const all = name === 'impact' ? json.data.nodes : name === 'diff' ? json.data.symbols.map((s: any) => s.symbol) : json.data.tests.map((t: any) => t.test);
        expect(all.some((s: any) => s.file_path === file && String(s.start_line) === line && named.includes(s.qualified_name))).toBe(true);
        expect(title).toMatch(/^n\d+$/);
        await screenshot(page, name);
        expect(errors).toEqual([]);
        expect(network).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('impact page: the confidence filter hides what falls below it; wheel and drag move the view', async () => {
    const args = [...PICTURE_RUNS.impact!, '-C', repo.root];
    const json = cairnJson(args).body;
    const { page, errors, network, close } = await open('impact-filter', cairn([...args, '--format', 'html']).stdout);
    try {
      const total = json.data.nodes.length + 1;
      expect(await visibleSymbolNodes(page).count()).toBe(total);
      await page.evaluate(() => {
        const input = document.getElementById('min-confidence') as HTMLInputElement;
        input.value = '70';
        input.dispatchEvent(new Event('input'));
      });
      const strong = json.data.nodes.filter((n: any) => n.confidence >= 70).length + 1;
      expect(strong).toBeLessThan(total);
      expect(await visibleSymbolNodes(page).count()).toBe(strong);
      expect(await page.textContent('#status')).toContain(`showing ${strong} of ${total} symbols`);
      const weakEdges = json.data.edges.filter((e: any) => e.confidence < 70).length;
      expect(await page.locator('#graph g.edge.filtered').count()).toBeGreaterThanOrEqual(weakEdges);

      const viewBox = async () => (await page.getAttribute('#graph svg', 'viewBox'))!.split(/\s+/).map(Number).join(' ');
      const before = await viewBox();
      const box = (await page.locator('#graph').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, -300);
      const zoomed = await viewBox();
      expect(zoomed).not.toBe(before);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 40, { steps: 4 });
      await page.mouse.up();
      expect(await viewBox()).not.toBe(zoomed);
      await page.click('#fit');
      expect(await viewBox()).toBe(before);
      expect(errors).toEqual([]);
      expect(network).toEqual([]);
    } finally {
      await close();
    }
  });

  it("Mermaid's own parser accepts the mermaid text of impact, diff and tests-for, and of awkward names", async () => {
    const mermaid = await mermaidPage(browser);
    try {
      for (const args of Object.values(PICTURE_RUNS)) {
        const text = cairn([...args, '--format', 'mermaid', '-C', repo.root]).stdout;
        expect(await mermaid.parse(text), args.join(' ')).toBe('ok flowchart-v2');
      }
      expect(await mermaid.parse(toMermaid(AWKWARD))).toBe('ok flowchart-v2');
      // A rejected text is reported as such: the check can fail.
      expect(await mermaid.parse('flowchart LR\n  a -->|"x| b[')).toMatch(/^error /);
      // Over Mermaid's default edge limit the text says so, and parses once the limit is raised.
      const large = toMermaid(impactPicture(syntheticImpact(600)));
      expect(large).toMatch(/^%% 640 edges, \d+ characters: over Mermaid's default maxEdges \(500\)/m);
      expect(await mermaid.parse(large)).toMatch(/^error .*Edge limit exceeded/s);
      expect(await mermaid.parse(large, { maxEdges: 1000, maxTextSize: 1_000_000 })).toBe('ok flowchart-v2');
      const svg = await mermaid.render(cairn([...PICTURE_RUNS.impact!, '--format', 'mermaid', '-C', repo.root]).stdout);
      expect(svg).toMatch(/unresolved calls? from/);
      expect(mermaid.network).toEqual([]);
    } finally {
      await mermaid.close();
    }
  });
});

describe('a small impact page', () => {
  it('is drawn at its first paint, carries no Graphviz, and a group of unresolved calls opens into its call sites', async () => {
    const result = syntheticImpact(30);
    const html = await toGraphPage(impactPicture(result));
    expect(html).not.toContain('id="viz-library"');
    expect(html.length).toBeLessThan(200_000);
    // No script at all: what a one-shot screenshot sees is what the markup draws.
    const file = join(dir, 'impact-30.html');
    writeFileSync(file, html);
    const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1200, height: 760 } });
    try {
      const page = await still.newPage();
      await page.goto(pathToFileURL(file).href);
      expect(await symbolNodes(page).count()).toBe(31);
      expect(await page.locator('#graph g.node.role-unresolved').count()).toBe(1);
      expect((await page.locator('#graph svg').boundingBox())!.width).toBeGreaterThan(300);
      await screenshot(page, 'impact-first-paint');
    } finally {
      await still.close();
    }
    const { page, errors, network, close } = await open('impact-30', html);
    try {
      expect(await page.getAttribute('body', 'data-layout')).toBe('cairn');
      await page.evaluate(() => {
        const node = document.querySelector('#graph g.node.role-unresolved')!;
        node.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
        node.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
      });
      expect(await page.locator('#members li').count()).toBe(30);
      expect(await page.textContent('#members li')).toMatch(/^dynamic0 at pkg\/m\d+\/file\d+\.ts:\d+ \(in /);
      expect(errors).toEqual([]);
      expect(network).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('a 2,000-node impact', () => {
  it('lays out and draws every node without freezing the page (within the test timeout)', { timeout: 180_000 }, async () => {
    const result = syntheticImpact(2000);
    const { page, errors, network, close } = await open('impact-2000', await toGraphPage(impactPicture(result)));
    try {
      expect(await symbolNodes(page).count()).toBe(2001);
      // Graphviz ran in a worker: the page's own thread stayed free while it laid the graph out.
      expect(await page.getAttribute('body', 'data-layout')).toBe('worker');
      // The page still answers: a click on a node shows where it is.
      await page.evaluate(() => {
        const node = document.querySelector('#graph g.node.role-symbol')!;
        node.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
        node.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
      });
      expect(await page.textContent('#location')).toMatch(/^pkg\/m\d+\/file\d+\.ts:\d+$/);
      await screenshot(page, 'impact-2000');
      expect(errors).toEqual([]);
      expect(network).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('replay --html', () => {
  it('a machine run per section, every step, budgets against their limits, the omission with its reason', async () => {
    const { repo, log } = reviewedWorkspace();
    try {
      // As a user would name it: relative to the workspace it was written in.
      const json = cairnJson(['replay', log, '--steps'], { cwd: repo.root }).body;
      expect(json.ok).toBe(true);
      const html = cairn(['replay', log, '--html'], { cwd: repo.root });
      expect(html.code, html.stderr).toBe(0);
      const { page, errors, network, close } = await open('replay', html.stdout, { width: 960, height: 640 });
      try {
        expect(await page.locator('section.run').count()).toBe(json.data.runs);
        expect(await page.locator('li.step').count()).toBe(json.data.steps.length);
        expect(await page.textContent('#summary')).toContain('identical to the recording');
        const omitted = page.locator('li.step.omission');
        expect(await omitted.count()).toBeGreaterThan(0);
        expect(await omitted.first().textContent()).toContain('omitted: privacy-excluded');
        expect(await page.locator('.budget').first().textContent()).toMatch(/files\s*2 of 8/);
        await page.check('#only-omissions');
        expect(await page.locator('li.step:visible').count()).toBe(await omitted.count());
        await page.uncheck('#only-omissions');
        await page.locator('section.run').nth(2).evaluate((run) => run.scrollIntoView({ block: 'start' }));
        await screenshot(page, 'replay');
        expect(errors).toEqual([]);
        expect(network).toEqual([]);
      } finally {
        await close();
      }
      expect(cairnJson(['replay', log, '--html'], { cwd: repo.root }).code).toBe(2);
    } finally {
      repo.remove();
    }
  });
});

describe('doctor --html', () => {
  it('the verdict, tiers as one bar, unresolved by reason, low-quality locations linked to their files', async () => {
    const repo = doctorStory();
    try {
      const { code, body: json } = cairnJson(['doctor', '-C', repo.root]);
      const q = json.data.graph_quality;
      expect(q.low_quality_locations.length).toBeGreaterThan(0);
      const html = cairn(['doctor', '--html', '-C', repo.root]);
      expect(html.code, html.stderr).toBe(code);
      const { page, errors, network, close } = await open('doctor', html.stdout, { width: 1000, height: 760 });
      try {
        expect(await page.textContent('#verdict')).toBe(q.trust_verdict);
        expect(await page.locator('#tiers > span').count()).toBe(q.resolution_tiers.length);
        for (const t of q.resolution_tiers) expect(await page.getAttribute(`#tiers > span[data-kind="${t.kind}"]`, 'title')).toBe(`${t.kind} ${t.confidence}: ${t.edges} edges`);
        // Every tier its own colour (exact and receiver_type once shared one).
        const colours = await page.$$eval('#tiers > span', (spans) => spans.map((span) => (span as HTMLElement).style.background));
        expect(new Set(colours).size).toBe(colours.length);
        expect(await page.textContent('#unresolved')).toContain(`missing_target${q.unresolved.missing_target}`);
        const links = page.locator('#low-quality a');
        expect(await links.count()).toBe(q.low_quality_locations.length);
        const base = `${pathToFileURL(repo.root).href}/`;
        for (const [i, l] of q.low_quality_locations.entries()) expect(await links.nth(i).getAttribute('href')).toBe(base + l.path);
        await screenshot(page, 'doctor');
        expect(errors).toEqual([]);
        expect(network).toEqual([]);
      } finally {
        await close();
      }
      expect(cairnJson(['doctor', '--html', '-C', repo.root]).code).toBe(2);
    } finally {
      repo.remove();
    }
  });
});
