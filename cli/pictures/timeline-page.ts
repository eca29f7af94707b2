// The HTML printer of a replay: every machine run as a timeline of its steps, the
// event that came in and the commands that went out, the budgets spent against the
// run's limits, omissions with their reasons, and any step that diverged.
import type { ReplayReport, ReplayStep } from '../../machines/audit.js';
import { browserAsset, escapeHtml, htmlPage } from './page.js';

export interface TimelineData extends ReplayReport {
  /** Each run's machine input, as recorded (where a run's budgets are). */
  inputs: { run: number; machine: string; input: unknown }[];
  log: string;
}

type Facts = Record<string, unknown>;

/** `key=value` pairs of a record, its type or kind left out (they head the line). */
export function factsLine(value: Facts): string {
  return Object.entries(value)
    .filter(([k]) => k !== 'type' && k !== 'kind')
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' ');
}

/** A command that left something out: an omitted edge, a refused path, a skipped root. */
export function omissionOf(command: Facts): string | null {
  if (command.status === 'omitted' || command.outcome === 'skipped') return String(command.reason ?? 'omitted');
  if (typeof command.reason === 'string' && command.outcome !== 'captured') return command.reason;
  if (Array.isArray(command.skipped) && command.skipped.length > 0) return `${command.skipped.length} skipped`;
  return null;
}

/** The limit a spent counter is measured against, from the run's recorded budgets. */
function limitOf(budgets: Facts | undefined, key: string): number | undefined {
  const limit = budgets?.[key] ?? budgets?.[`${key}Units`];
  return typeof limit === 'number' ? limit : undefined;
}

function budgetBars(spent: Facts, budgets: Facts | undefined): string {
  const rows = Object.entries(spent).map(([key, value]) => {
    const limit = limitOf(budgets, key);
    const used = Number(value);
    const share = limit ? Math.min(100, (used / limit) * 100) : 0;
    return `<span>${escapeHtml(key)}</span><span class="track"><span class="fill" style="width:${share.toFixed(1)}%"></span></span><span>${used}${limit ? ` of ${limit}` : ''}</span>`;
  });
  return `<div class="budget" title="budgets spent after this step">${rows.join('')}</div>`;
}

function stepItem(step: ReplayStep, budgets: Facts | undefined, diverged: boolean): string {
  const event = step.event ? `<span class="in">${escapeHtml(step.event.type)}</span> ${escapeHtml(factsLine(step.event))}` : '<span class="in">start</span>';
  const omissions = step.commands.map((c) => omissionOf(c)).filter((o): o is string => o !== null);
  const commands = step.commands.map((c) => {
    const omission = omissionOf(c);
    return `<li>&rarr; ${escapeHtml(c.kind)} ${escapeHtml(factsLine(c))}${omission ? `<span class="tag omitted">omitted: ${escapeHtml(omission)}</span>` : ''}</li>`;
  });
  const spent = [...step.commands].reverse().find((c) => c.spent && typeof c.spent === 'object')?.spent as Facts | undefined;
  const classes = ['step', omissions.length ? 'omission' : '', diverged ? 'diverged' : ''].filter(Boolean).join(' ');
  return `<li class="${classes}" data-step="${step.step}">
  <div>step ${step.step}: ${event}${diverged ? '<span class="tag diverged">diverged</span>' : ''}</div>
  <ul class="out">${commands.join('')}</ul>
  ${spent ? budgetBars(spent, budgets) : ''}
</li>`;
}

export function toTimelinePage(data: TimelineData): string {
  const byRun = new Map<number, ReplayStep[]>();
  for (const step of data.steps) byRun.set(step.run, [...(byRun.get(step.run) ?? []), step]);
  const diverged = new Set(data.divergences.map((d) => `${d.run}:${d.step}`));
  const omissions = data.steps.reduce((n, s) => n + s.commands.filter((c) => omissionOf(c) !== null).length, 0);
  const runs = data.inputs.map(({ run, machine, input }) => {
    const steps = byRun.get(run) ?? [];
    const budgets = (input as { budgets?: Facts } | null)?.budgets;
    const divergence = data.divergences.filter((d) => d.run === run);
    return `<section class="run" data-run="${run}">
<details open>
<summary><h2 style="display:inline">${escapeHtml(machine)} #${run}</h2> <span class="tag">${steps.length} step(s)</span>${divergence.length ? `<span class="tag diverged">${divergence.length} divergence(s)</span>` : ''}</summary>
<p class="input">input: <code>${escapeHtml(factsLine((input ?? {}) as Facts))}</code></p>
<ol class="steps">${steps.map((s) => stepItem(s, budgets, diverged.has(`${run}:${s.step}`))).join('\n')}</ol>
${divergence.map((d) => `<p class="verdict-line bad">step ${d.step} recorded <code>${escapeHtml(JSON.stringify(d.expected))}</code><br>replayed <code>${escapeHtml(JSON.stringify(d.actual))}</code></p>`).join('')}
</details>
</section>`;
  });
  const identical = data.divergences.length === 0;
  const title = `Replay of ${data.log}`;
  const body = `
<header>
  <h1>${escapeHtml(title)}</h1>
  <p id="summary"><span id="run-count">${data.runs}</span> machine run(s), <span id="step-count">${data.steps.length}</span> steps, <span id="omission-count">${omissions}</span> omission(s):
  <span class="verdict-line ${identical ? 'ok' : 'bad'}">${identical ? 'identical to the recording' : `${data.divergences.length} divergence(s)`}</span></p>
</header>
<div id="toolbar">
  <label><input type="checkbox" id="only-omissions"> only steps with omissions or divergences</label>
</div>
<div class="page" id="timeline">
${runs.join('\n')}
</div>`;
  return htmlPage({ title, body, data: { runs: data.runs, steps: data.steps.length, omissions, divergences: data.divergences.length }, scripts: [{ source: browserAsset('timeline.js') }] });
}
