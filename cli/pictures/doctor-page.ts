// The HTML printer of `doctor`: graph trust at a glance. The verdict, resolution
// tiers as one bar, unresolved call sites by reason, collision-prone names, and the
// low-quality locations as a list of links to the files and folders.
import type { CommandResult } from '../../contracts/envelope.js';
import type { DoctorData } from '../../contracts/doctor.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import { browserAsset, escapeHtml, htmlPage } from './page.js';

/**
 * One colour per resolution tier, strong (greens) to weak (reds), so two tiers of
 * near confidence (exact 100, receiver_type 90) never share a colour in the bar.
 */
const TIER_COLOURS: Record<ResolutionKind, string> = {
  exact: '#1b5e20',
  receiver_type: '#66bb6a',
  framework_annotation: '#00897b',
  package: '#0277bd',
  namespace: '#5c6bc0',
  framework_declaration: '#8e24aa',
  framework_convention: '#f9a825',
  same_file: '#ef6c00',
  name_only: '#c62828',
};

function tierColour(kind: string): string {
  return TIER_COLOURS[kind as ResolutionKind] ?? '#757575';
}

const REASONS = ['missing_target', 'ambiguous_target', 'macro_or_function', 'indirect_call'] as const;

/** `fileBase` is the workspace as a file: URL ending in `/`; the page links locations under it. */
export function toDoctorPage(result: CommandResult<DoctorData>, fileBase: string): string {
  const d = result.data;
  const q = d.graph_quality;
  const edges = q.resolution_tiers.reduce((n, t) => n + t.edges, 0);
  const tiers = [...q.resolution_tiers].sort((a, b) => b.confidence - a.confidence);
  const tierBar = edges
    ? `<div class="bar" id="tiers">${tiers
        .map((t) => {
          const share = (t.edges / edges) * 100;
          return `<span data-kind="${escapeHtml(t.kind)}" style="width:${share.toFixed(2)}%;background:${tierColour(t.kind)}" title="${escapeHtml(`${t.kind} ${t.confidence}: ${t.edges} edges`)}">${share >= 8 ? escapeHtml(t.kind) : ''}</span>`;
        })
        .join('')}</div>
<table><tr><th>tier</th><th>confidence</th><th>edges</th><th>share</th></tr>${tiers.map((t) => `<tr><td><span class="swatch" style="background:${tierColour(t.kind)}"></span> ${escapeHtml(t.kind)}</td><td class="num">${t.confidence}</td><td class="num">${t.edges}</td><td class="num">${((t.edges / edges) * 100).toFixed(1)}%</td></tr>`).join('')}</table>`
    : '<p>No resolved edges.</p>';
  const most = Math.max(1, ...REASONS.map((r) => q.unresolved[r]));
  const unresolved = `<div class="bars" id="unresolved">${REASONS.map(
    (r) => `<span>${r}</span><span class="track"><span class="fill" style="width:${((q.unresolved[r] / most) * 100).toFixed(1)}%"></span></span><span class="n">${q.unresolved[r]}</span>`,
  ).join('')}</div>`;
  const link = (path: string) => `<a href="${escapeHtml(fileBase + path.split('/').map(encodeURIComponent).join('/'))}">${escapeHtml(path)}</a>`;
  const more = (shown: number, total: number) => (total > shown ? `<p>${total - shown} more not shown (the heaviest are listed).</p>` : '');
  const locations = q.low_quality_locations.length
    ? `<ul id="low-quality">${q.low_quality_locations.map((l) => `<li>${link(l.path)}: ${Math.round(l.rate * 100)}% unresolved (${l.unresolved} of ${l.call_sites} call sites)</li>`).join('')}</ul>${more(q.low_quality_locations.length, q.totals.low_quality_locations)}`
    : '<p id="low-quality">none</p>';
  const collisions = q.collision_prone_names.length
    ? `<table id="collisions"><tr><th>name</th><th>definitions</th><th>low-confidence edges</th><th>ambiguous call sites</th></tr>${q.collision_prone_names.map((c) => `<tr><td>${escapeHtml(c.name)}</td><td class="num">${c.definitions}</td><td class="num">${c.low_confidence_edges}</td><td class="num">${c.ambiguous_call_sites}</td></tr>`).join('')}</table>${more(q.collision_prone_names.length, q.totals.collision_prone_names)}`
    : '<p id="collisions">none</p>';
  const unsupported = q.unsupported_extensions.length ? q.unsupported_extensions.map((u) => `${escapeHtml(u.extension)} ${u.files}`).join(', ') : 'none';
  const title = 'cairn doctor: graph trust';
  const body = `
<header>
  <h1>${title} <span class="verdict ${q.trust_verdict}" id="verdict">${q.trust_verdict}</span></h1>
  <p>Index ${d.index.present ? `present (${escapeHtml(d.index.path)})` : 'missing'}; schema ${d.schema.actual ?? 'none'} of ${d.schema.expected}${d.schema.match ? '' : ' (mismatch)'}; freshness ${escapeHtml(d.freshness)};
  git ${escapeHtml(d.git.head?.slice(0, 12) ?? 'none')}${d.git.dirty ? ', dirty' : ''}, index built at ${escapeHtml(d.git.baseline?.slice(0, 12) ?? 'none')}; next: ${escapeHtml(result.next_action)}</p>
</header>
<div class="page">
<h2>Resolution tiers (${edges} edges)</h2>
${tierBar}
<h2>Unresolved call sites by reason (${q.unresolved.total})</h2>
${unresolved}
<h2>Low-quality locations (${q.totals.low_quality_locations})</h2>
${locations}
<h2>Collision-prone names (${q.totals.collision_prone_names})</h2>
${collisions}
<h2>Unsupported extensions</h2>
<p>${unsupported}</p>
${result.warnings.length ? `<h2>Warnings</h2><ul id="warnings">${result.warnings.map((w) => `<li>[${escapeHtml(w.code)}] ${escapeHtml(w.message)}</li>`).join('')}</ul>` : ''}
</div>`;
  return htmlPage({ title, body, data: { verdict: q.trust_verdict, edges, unresolved: q.unresolved.total }, scripts: [{ source: browserAsset('ready.js') }] });
}
