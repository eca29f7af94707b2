// The real renderers the picture tests check against, all from npm packages: Graphviz
// (the WebAssembly build of its own C code that @viz-js/viz ships) and headless
// Chromium (test/helpers/chromium.ts) driven by playwright-core, with Mermaid's own
// parser loaded into it from the npm package. A missing tool fails the test; it never skips.
import { instance, type Viz } from '@viz-js/viz';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
export { launchChromium } from '../helpers/chromium.js';

let graphvizWasm: Promise<Viz> | undefined;

/** Graphviz's own `dot` layout (the WebAssembly build @viz-js/viz ships) over a DOT text; its errors on failure. */
export async function graphviz(dot: string, format = 'svg'): Promise<{ ok: boolean; output: string; errors: string }> {
  const viz = await (graphvizWasm ??= instance());
  const result = viz.render(dot, { format });
  return { ok: result.status === 'success', output: result.output ?? '', errors: result.errors.map((e) => `${e.level ?? ''}: ${e.message}`).join('\n') };
}

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught exceptions of the page and its workers. */
  errors: string[];
  /** Requests that would have left the machine (all of them are failed). */
  network: string[];
  close(): Promise<void>;
}

/** A fresh page whose every request outside file: and blob: URLs is recorded and failed. */
export async function watchedPage(browser: Browser, viewport = { width: 1200, height: 760 }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport });
  const errors: string[] = [];
  const network: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('blob:')) return route.continue();
    network.push(url);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('file:') && !url.startsWith('blob:') && !network.includes(url)) network.push(url);
  });
  page.on('worker', (worker) => worker.on('console', (message) => message.type() === 'error' && errors.push(message.text())));
  return { page, errors, network, close: () => context.close() };
}

/** Mermaid's own bundle (the npm package, a test-only dependency). */
export function mermaidBundle(): string {
  const bundle = join(dirname(createRequire(import.meta.url).resolve('mermaid')), 'mermaid.min.js');
  if (!existsSync(bundle)) throw new Error(`mermaid's bundle is not at ${bundle}`);
  return bundle;
}

/** A blank page with Mermaid loaded: `parse` is Mermaid's own parser, `render` its renderer. */
export async function mermaidPage(
  browser: Browser,
): Promise<WatchedPage & { parse(text: string, settings?: Record<string, unknown>): Promise<string>; render(text: string): Promise<string> }> {
  const watched = await watchedPage(browser);
  await watched.page.setContent('<!doctype html><html><body><div id="out"></div></body></html>');
  await watched.page.addScriptTag({ path: mermaidBundle() });
  await watched.page.evaluate(() => (globalThis as any).mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' }));
  return {
    ...watched,
    // `settings` are what a site that embeds Mermaid may set (maxEdges, maxTextSize), for this parse only.
    parse: (text, settings = {}) =>
      watched.page.evaluate(
        async ([source, extra]) => {
          const mermaid = (globalThis as any).mermaid;
          mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', ...extra });
          try {
            const result = await mermaid.parse(source);
            return `ok ${result.diagramType}`;
          } catch (error) {
            return `error ${(error as Error).message}`;
          } finally {
            mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', maxEdges: 500, maxTextSize: 50_000 });
          }
        },
        [text, settings] as const,
      ),
    render: (text) =>
      watched.page.evaluate(async (source) => {
        const { svg } = await (globalThis as any).mermaid.render('picture', source);
        document.getElementById('out')!.innerHTML = svg;
        return svg as string;
      }, text),
  };
}
