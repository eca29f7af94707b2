// What each coverage code, outcome and omission code a review records means, once.
// `cairn review codes` prints this table; `review status` and a run's `Coverage:` line
// count by the coverage codes, and each `omitted … : <code>` line names an omission code.
// Omission codes come from contracts/omission-codes.ts (shared) and each language's own
// table through the registry; a code two languages give is listed once, with both.
import { SHARED_OMISSIONS } from '../contracts/omission-codes.js';
import { LANGUAGES } from '../parsers/registry.js';
import { COVERAGE_CODES, type CoverageOutcome } from './coverage.js';

export const CODE_MEANINGS: Record<CoverageOutcome, string> = {
  'unsupported-event': 'the event is not a completed edit cairn reviews (another tool or hook, a deleted or moved file)',
  'ineligible-path': 'the file is outside the workspace, not a review language, or excluded (includes, excludes, privacyExcludes, git ignore, protected paths)',
  'capture-unavailable': 'the file could not be captured stably (missing, too large for its language ceiling, changed while read), or the edit does not match the captured file',
  'no-supported-root': 'the changed lines hit no declaration that can be a root (a method, a constant, an edit that changes nothing)',
  'ambiguous-attribution': 'a changed line could not be tied to one declaration: shared top-level material (imports), a deletion between declarations, an edit the event does not locate',
  'unsupported-syntax': 'the changed declaration is one the profile excludes (overloads, merged declarations, unsupported callables, too many declarations in the file)',
  'incomplete-graph': 'every applicable rule needs evidence that was omitted (unresolved or excluded references); no rule ran',
  'expansion-limit': 'every applicable rule needs evidence a budget cut off (files, reads, tree bytes, depth, targets, work)',
  'input-limit': 'the rendered review input is larger than the evidence-tree budget',
  'analysis-deadline': 'evidence traversal ran past its deadline',
  'no-applicable-rule': 'no enabled rule applies to this root (its language, kind or paths)',
  'stale-result': 'a source changed between capture and the answer: the advice was dropped',
  'backend-timeout': 'the command or http backend gave no answer within its deadline',
  'backend-error': 'the backend failed (exit status, HTTP error, could not start)',
  'backend-invalid-response': 'the backend answered something other than decisions cairn can read',
  rendered: 'an input was built and no backend was asked (dry run, or the none or graph backend)',
  reviewed: 'a backend answered and no finding passed its threshold: not a verdict that the code is fine',
  finding: 'a backend finding passed its rule threshold and was shown to the agent',
  'graph-fact': 'the graph backend told the agent one fact from the index',
};

export interface CodeRow {
  code: string;
  /** `coverage` (a skip), `outcome` (a run that got somewhere) or `omission` (why an evidence edge was left out). */
  kind: 'coverage' | 'outcome' | 'omission';
  meaning: string;
  /** For an omission code one language gives: that language (its folder); null when shared. */
  language: string | null;
}

/** Every omission code once: the shared ones, then each language's own in registry order. */
export function omissionRows(): CodeRow[] {
  const rows = new Map<string, CodeRow>();
  for (const [code, meaning] of Object.entries(SHARED_OMISSIONS)) rows.set(code, { code, kind: 'omission', meaning, language: null });
  for (const entry of LANGUAGES) {
    for (const [code, meaning] of Object.entries(entry.reviewOmissions ?? {})) {
      if (rows.has(code)) throw new Error(`omission code ${code} is explained twice (${rows.get(code)!.language ?? 'shared'} and ${entry.folder})`);
      rows.set(code, { code, kind: 'omission', meaning, language: entry.folder });
    }
  }
  return [...rows.values()];
}

/** Every code in the order a reader meets them: skips first, then outcomes, then omissions. */
export function codeTable(): CodeRow[] {
  const outcomes = Object.keys(CODE_MEANINGS).filter((c) => !(COVERAGE_CODES as readonly string[]).includes(c));
  const runCodes = [...COVERAGE_CODES, ...outcomes].map((code): CodeRow => ({
    code,
    kind: (COVERAGE_CODES as readonly string[]).includes(code) ? 'coverage' : 'outcome',
    meaning: CODE_MEANINGS[code as CoverageOutcome],
    language: null,
  }));
  return [...runCodes, ...omissionRows()];
}
