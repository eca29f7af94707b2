// One self-contained HTML page: styles, data and scripts inline, and a content
// security policy that lets the page reach nothing outside itself (no network, no
// other file), so opening it can never send anything anywhere.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that may sit inside a <script> element: no sequence in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A browser asset of this folder (scripts and styles the pages inline). */
export function browserAsset(name: string): string {
  return readFileSync(new URL(`./browser/${name}`, import.meta.url), 'utf8');
}

/** Graphviz compiled to WebAssembly, the build that carries its module inline (no fetch). */
export function vizLibrary(): string {
  const main = createRequire(import.meta.url).resolve('@viz-js/viz');
  const source = readFileSync(join(dirname(main), 'viz-global.js'), 'utf8');
  if (/<\/script/i.test(source)) throw new Error('the layout library cannot be inlined: it holds a closing script tag');
  return source;
}

const POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'wasm-unsafe-eval' blob:",
  'worker-src blob:',
  "style-src 'unsafe-inline'",
  'img-src data:',
].join('; ');

export interface PageParts {
  title: string;
  /** Markup of the page's body. */
  body: string;
  /** Data the page's script reads from `#cairn-data`. */
  data: unknown;
  /** Inline scripts, in order (libraries first). */
  scripts: { id?: string; source: string }[];
}

export function htmlPage(parts: PageParts): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${POLICY}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<style>\n${browserAsset('page.css')}</style>`,
    '</head>',
    '<body>',
    parts.body,
    `<script type="application/json" id="cairn-data">${scriptJson(parts.data)}</script>`,
    ...parts.scripts.map((s) => `<script${s.id ? ` id="${s.id}"` : ''}>\n${s.source}\n</script>`),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
