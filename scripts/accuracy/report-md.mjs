// Renders the accuracy report (the JSON written to bench/results/accuracy.json) as
// markdown tables. Knows nothing of how the numbers were made.

const show = (v, suffix = '') => (v === null || v === undefined ? '–' : `${v}${suffix}`);

function summaryTable(runs) {
  const rows = [
    '| corpus | oracle | sites seen | recorded | edges | precision | precision (conf ≥ 90) | recall (in-repo symbols) | unresolved of in-repo | reason accuracy | outside conversions kept as calls | phantom edges (conf ≥ 60) | cairn-only sites |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const run of runs) {
    const m = run.metrics;
    if (!m) {
      rows.push(`| ${run.corpus} | ${run.oracle} | failed: ${run.error ?? 'no metrics'} | | | | | | | | | | |`);
      continue;
    }
    const unresolvedInRepo = Object.entries(m.recall.outcome_pct)
      .filter(([k]) => k.startsWith('unresolved:'))
      .reduce((a, [, v]) => a + (v ?? 0), 0);
    rows.push(
      `| ${run.corpus} | ${run.oracle} | ${m.sites_seen} | ${show(m.recorded_pct, '%')} | ${m.edges} | ${show(m.precision, '%')} | ${show(m.precision_confidence_ge_90, '%')} | ${show(m.recall.recall, '%')} | ${Math.round(unresolvedInRepo * 10) / 10}% | ${m.reason_accuracy ? `${show(m.reason_accuracy.accuracy, '%')} of ${m.reason_accuracy.judged}` : '–'} | ${show(m.reason_accuracy?.outside_conversions_kept_as_calls)} | ${m.phantom_edges?.edges ?? '–'} | ${m.cairn_only_sites} |`,
    );
  }
  return rows.join('\n');
}

function tierTable(m) {
  const rows = [
    '| tier | edges | judged | correct | precision | stated | gap | over-claims |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const [name, t] of Object.entries(m.tiers)) {
    rows.push(`| ${name} | ${t.edges} | ${t.judged} | ${t.correct} | ${show(t.precision, '%')} | ${show(t.stated_confidence)} | ${show(t.gap)} | ${t.overclaims ? '**yes**' : 'no'} |`);
  }
  return rows.join('\n');
}

/** Every corpus's tiers in one table: measured precision beside the confidence each tier states. */
function calibrationTable(runs) {
  const rows = [
    '| corpus | tier | edges | judged | precision | stated | over-claims |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const run of runs) {
    for (const [name, t] of Object.entries(run.metrics?.tiers ?? {})) {
      rows.push(`| ${run.corpus} | ${name} | ${t.edges} | ${t.judged} | ${show(t.precision, '%')} | ${show(t.stated_confidence)} | ${t.overclaims ? '**yes**' : 'no'} |`);
    }
  }
  return rows.join('\n');
}

function list(title, items) {
  if (!items || items.length === 0) return '';
  return `${title}\n\n${items.map((i) => `- \`${i.replace(/`/g, "'")}\``).join('\n')}\n`;
}

function counts(obj) {
  const entries = Object.entries(obj ?? {});
  return entries.length === 0 ? 'none' : entries.map(([k, v]) => `${k} ${v}`).join(', ');
}

/** @param {{ generated_at: string, cairn: object|null, runs: object[] }} report */
export function renderMarkdown(report) {
  const out = [];
  out.push('# Resolution accuracy');
  out.push('');
  out.push(`Generated ${report.generated_at} by \`npm run accuracy\` (each corpus's section says when it was measured). TypeScript corpora are judged by the TypeScript type checker, Go corpora by go/types, Python corpora by Jedi, Java by javac, C by clang, Rust by rustc (its save-analysis); each table's oracle column says which; golden sets (test/accuracy/golden/) are hand-labelled.`);
  out.push('');
  out.push(summaryTable(report.runs));
  out.push('');
  out.push('Legend: *sites seen* are call and `new` expressions with a named callee; *recorded* is the share cairn kept as an edge or an unresolved record (target 100%); *precision* counts edges whose target is the oracle\'s declaration (edges where the oracle has no answer are not judged); *recall* is over sites whose oracle target is a cairn symbol; *unresolved of in-repo* is the share of those sites cairn left unresolved; *reason accuracy* is, over unresolved sites the oracle can answer, the share whose reason fits what the oracle says is called (outside the workspace: external or builtin; a function value: indirect_call; an in-repo symbol: missing_target or ambiguous_target; a conversion: no call at all, so any reason is wrong); *outside conversions kept as calls* are conversions `T(x)` to a type declared outside the workspace and absent from cairn\'s pinned stdlib catalog, which cairn, reading the workspace alone, cannot tell from a call: left out of reason accuracy and counted here (go/types only; the strict figure, which counts them wrong, is in each section); *phantom edges* are judged-wrong edges of confidence 60 or more; *cairn-only* sites are cairn records no oracle site claimed.');
  out.push('');
  out.push('## Tiers: measured precision beside stated confidence');
  out.push('');
  out.push(calibrationTable(report.runs));
  for (const run of report.runs) {
    const m = run.metrics;
    out.push('');
    out.push(`## ${run.corpus}`);
    out.push('');
    if (!m) {
      out.push(`Not measured: ${run.error ?? 'unknown error'}`);
      continue;
    }
    const facts = [`oracle: ${run.oracle}`];
    if (run.oracle_config) facts.push(`config: ${run.oracle_config}`);
    if (run.files !== undefined) facts.push(`files: ${run.files}`);
    if (run.measured_at) facts.push(`measured ${run.measured_at}`);
    if (run.seconds) facts.push(`time: oracle ${run.seconds.oracle ?? '–'} s, cairn ${run.seconds.cairn ?? '–'} s, join ${run.seconds.join ?? '–'} s`);
    out.push(facts.join('; '));
    out.push('');
    if (run.oracle_classes) {
      out.push(`The oracle's classes of all its call sites: ${counts(run.oracle_classes)} (indirect: through a parameter, variable, field or attribute that holds a function).`);
      out.push('');
    }
    out.push(`Oracle targets: ${counts(m.oracle_targets)}. Anonymous callees (not counted): ${m.anonymous_callees}. Joined by: ${counts(m.match_by)}; blind pairings (not judged): ${m.blind_pairings}.`);
    out.push('');
    out.push(`In-repo targets that are no cairn symbol, by declaration kind: ${counts(m.unmodelled_targets_by_kind)}.`);
    out.push('');
    if (m.files_not_indexed > 0) {
      out.push(`Files the oracle walked that cairn does not index (left out of every figure): ${m.files_not_indexed} files, ${m.sites_in_files_not_indexed} sites (e.g. ${m.files_not_indexed_examples.slice(0, 3).join(', ')}).`);
      out.push('');
    }
    out.push(`Recall outcomes over ${m.recall.sites} in-repo symbol targets: ${counts(m.recall.outcomes)}. Recall outside test code: ${show(m.recall.outside_tests?.recall, '%')} of ${m.recall.outside_tests?.sites ?? 0}.`);
    out.push('');
    out.push(`Unresolved by reason (all sites): ${counts(m.unresolved_by_reason)}.`);
    if (m.reason_accuracy) {
      out.push('');
      const strict = m.reason_accuracy_strict ? ` (strict, outside conversions counted wrong: ${show(m.reason_accuracy_strict.accuracy, '%')} of ${m.reason_accuracy_strict.judged})` : '';
      out.push(`Reason accuracy: ${show(m.reason_accuracy.accuracy, '%')} of ${m.reason_accuracy.judged} judged unresolved sites${strict}; wrong: ${counts(m.reason_accuracy.wrong_by_reason)}. Phantom edges (confidence ≥ ${m.phantom_edges.confidence_at_least}, target elsewhere): ${m.phantom_edges.edges}.`);
      out.push('');
      out.push(list('Wrong reasons (sample):', m.reason_accuracy.wrong_examples));
      out.push(list('Outside conversions kept as calls (sample):', m.reason_accuracy.outside_conversion_examples));
    }
    out.push('');
    out.push(tierTable(m));
    out.push('');
    for (const [name, t] of Object.entries(m.tiers)) {
      if (t.wrong_examples.length === 0) continue;
      out.push(`Wrong \`${name}\` edges by oracle target kind: ${counts(t.wrong_by_oracle_kind)}.`);
      out.push('');
      out.push(list(`Wrong \`${name}\` edges (sample):`, t.wrong_examples));
    }
    if (m.not_recorded_examples.length > 0) {
      out.push(`Callees most often not recorded: ${counts(m.not_recorded_top_callees)}.`);
      out.push('');
    }
    out.push(list('Sites cairn did not record (sample):', m.not_recorded_examples));
    out.push(list('Missed in-repo targets (sample):', m.recall.missed_examples));
    out.push(list('Cairn-only sites (sample):', m.cairn_only_examples));
    out.push(list('Calls whose in-repo target is no cairn symbol (sample):', m.unmodelled_examples));
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
