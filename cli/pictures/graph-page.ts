// The HTML printer for graph pictures: the picture laid out by Graphviz (its
// WebAssembly build), with pan, zoom, a confidence filter and a panel that shows
// where a clicked node is. A graph of up to LAID_OUT_BEFORE_WRITING nodes is laid
// out by cairn and written into the page as SVG, so the page shows it at its first
// paint (a one-shot headless screenshot has the graph) and carries no Graphviz at
// all; a larger one carries Graphviz (1.3 MB) and lays out in a worker, so writing
// the page never waits on a long layout and the page never freezes. Graphviz is
// inlined, not shared as a file beside the page: the page goes to stdout, cairn does
// not know where it lands, and its content policy lets it load nothing outside itself.
import { toDot } from './dot.js';
import { browserAsset, escapeHtml, htmlPage, vizLibrary } from './page.js';
import { isDashed, SYMBOL_ROLES, type Picture } from './picture.js';

/** Up to this many nodes cairn lays the graph out itself (well under a second of Graphviz). */
export const LAID_OUT_BEFORE_WRITING = 400;

export async function toGraphPage(picture: Picture): Promise<string> {
  const dot = toDot(picture, { title: false });
  const svg = picture.nodes.length <= LAID_OUT_BEFORE_WRITING ? await layOut(dot) : undefined;
  const symbols = picture.nodes.filter((n) => SYMBOL_ROLES.has(n.role)).length;
  const low = picture.edges.filter(isDashed).length;
  // The legend names only what this picture draws.
  const has = (test: (n: Picture['nodes'][number]) => boolean) => picture.nodes.some(test);
  const legend: [boolean, string, string][] = [
    [has((n) => n.role === 'root'), 'swatch root', 'the root'],
    [has((n) => n.test), 'swatch test', 'a test'],
    [has((n) => n.change === 'added'), 'swatch added', 'added'],
    [has((n) => n.change === 'modified'), 'swatch modified', 'modified'],
    [has((n) => n.change === 'removed'), 'swatch removed', 'removed'],
    [has((n) => n.role === 'unresolved'), 'swatch unresolved', 'unresolved calls of one reason (click to list them)'],
    [has((n) => n.role === 'frontier' || n.frontier === true), 'swatch frontier', 'not walked: a budget ran out'],
    [low > 0, 'line dashed', 'below confidence 80, a boundary or a candidate'],
  ];
  const body = `
<header>
  <h1>${escapeHtml(picture.title)}</h1>
  <p id="summary"><span id="symbol-count">${symbols}</span> symbols, ${picture.edges.length} edges (${low} dashed)${picture.truncated ? ', truncated' : ''}</p>
</header>
<div id="toolbar">
  <label for="min-confidence">Minimum confidence</label>
  <input type="range" id="min-confidence" min="0" max="100" step="10" value="0">
  <output id="min-confidence-value" for="min-confidence">0</output>
  <button type="button" id="zoom-in" title="zoom in (+)">+</button>
  <button type="button" id="zoom-out" title="zoom out (-)">&minus;</button>
  <button type="button" id="fit" title="fit the whole graph (0)">Fit</button>
  <span id="status" role="status">${svg ? `${picture.nodes.length} nodes` : `laying out ${picture.nodes.length} nodes&hellip;`}</span>
</div>
<main>
  <div id="graph" aria-label="graph: drag to pan, wheel to zoom, click a node">${svg ?? ''}</div>
  <aside id="details">
    <h2>Selected</h2>
    <p id="location">Click a node to see its file and line.</p>
    <dl id="facts"></dl>
    <ul id="members"></ul>
    <h2>Legend</h2>
    <ul class="legend">${legend.filter(([shown]) => shown).map(([, cls, text]) => `<li><span class="${cls}"></span>${escapeHtml(text)}</li>`).join('')}</ul>
    ${picture.warnings.length ? `<h2>Warnings</h2><ul id="warnings">${picture.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul>` : ''}
  </aside>
</main>`;
  return htmlPage({
    title: picture.title,
    body,
    data: { picture, ...(svg ? {} : { dot }) },
    scripts: [...(svg ? [] : [{ id: 'viz-library', source: vizLibrary() }]), { source: browserAsset('graph.js') }],
  });
}

/** Graphviz's SVG of a DOT text, as markup for the page's body (no XML prolog). */
async function layOut(dot: string): Promise<string> {
  const { instance } = await import('@viz-js/viz');
  const svg = (await instance()).renderString(dot, { format: 'svg', engine: 'dot' });
  const start = svg.indexOf('<svg');
  if (start < 0 || /<script/i.test(svg)) throw new Error('Graphviz returned no drawable SVG');
  return svg.slice(start);
}
