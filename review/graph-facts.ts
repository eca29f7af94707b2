// The graph-facts backend: what a review can tell an agent without any model. From
// the index (as it was before the edit) and the post-edit capture it reports
// structural evidence about the edited roots, never a verdict:
//
// - a function whose parameter list the edit changed: the indexed call sites whose
//   argument count no longer fits, and the tests that reach it;
// - a top-level declaration the index knows in the edited file whose name the edit
//   took away (it was in the replaced text and no longer occurs in the file: removed
//   or renamed): the places that still reference it.
//
// Facts carry locations, names and confidences only, never source. Every location
// passes the context policy; a caller's file is read (to count its arguments) only
// through the same gated capture as supporting evidence, and at most FACT_FILES of them.
import type { GraphReader, SymbolRecord } from '../contracts/graph.js';
import { RESOLUTION_CONFIDENCE } from '../contracts/tiers.js';
import { LANGUAGES } from '../parsers/registry.js';
import type { CallableShapes, ParameterShape } from '../parsers/review/callables.js';
import { profileFor, type ProfileGrammar } from '../parsers/review/profiles.js';
import type { ReviewDeclaration } from '../parsers/review/facts.js';
import type { Span } from './edits.js';
import type { ReviewHost } from './evidence.js';

/** Lines a hook may print for all facts of one event, at most. */
export const MAX_FACT_LINES = 20;
/** Caller files read to count arguments, at most, per event. */
export const FACT_FILES = 8;
/** Tests named per changed function, at most. */
const FACT_TESTS = 3;

export interface TestReach {
  path: string;
  line: number;
  name: string;
  confidence: number;
}

/** What graph facts read: the index, and the tests-for walk (which the command line hands in from graph/). */
export interface GraphFactsSource {
  reader: GraphReader;
  testsReaching(target: SymbolRecord, limit: number): TestReach[];
}

export interface FactLocation {
  path: string;
  line: number;
  /** The index's confidence in the edge or path this location stands on (0-100). */
  confidence: number;
  /** What is there, source-free: `passes 3 arguments`, `calls it`, a test's name. */
  note: string;
}

export type GraphFact =
  | {
      fact: 'parameters-changed';
      path: string;
      name: string;
      line: number;
      accepts: { required: number; max: number | null };
      /** Call sites (the index's in other files, the capture's in the edited file), and those whose argument count was read. */
      callSites: number;
      checked: number;
      misfits: FactLocation[];
      tests: FactLocation[];
    }
  | { fact: 'declaration-gone'; path: string; name: string; kind: string; line: number; references: FactLocation[] };

/** One edited file as the run saw it: its captured text, verified spans and the roots they selected. */
export interface EditedFile {
  path: string;
  text: string;
  /** The text the edit replaced (see FileEdit.replaced). */
  replaced: string;
  spans: Span[];
  roots: ReviewDeclaration[];
}

const CALLABLE_KINDS = new Set(['function']);
/** The resolution tier of a call bound by its name in the same file (contracts/tiers.ts). */
const SAME_FILE_CONFIDENCE = RESOLUTION_CONFIDENCE.same_file;
const REFERENCE_RELATIONSHIPS = new Set(['calls', 'references', 'instantiates', 'extends', 'implements', 'tests']);

export async function graphFacts(source: GraphFactsSource, host: ReviewHost, files: EditedFile[]): Promise<GraphFact[]> {
  const facts: GraphFact[] = [];
  let filesRead = 0;
  const allowed = (path: string) => host.policy.checkContext(path).allowed;
  for (const file of files) {
    const indexed = source.reader.file(file.path) ? source.reader.symbolsInFile(file.path) : [];
    if (indexed.length === 0) continue;
    const own = await callablesOf(file.path);
    for (const root of own ? file.roots : []) {
      const { shapes, grammar } = own!;
      if (root.rootKind !== 'function') continue;
      const shape = await shapes.parameterShape(file.text, grammar, root.start, root.end);
      if (!shape || !file.spans.some((s) => touches(s, shape))) continue;
      const symbol = indexed.find((s) => s.name === root.name && s.parent_id === null && CALLABLE_KINDS.has(s.kind));
      if (!symbol) continue;
      const calls = source.reader.incoming(symbol.id).filter((e) => e.relationship === 'calls' && e.file_path !== file.path && allowed(e.file_path));
      const misfits: FactLocation[] = [];
      const fits = (n: number) => n >= shape.required && (shape.max === null || n <= shape.max);
      // The edited file's own calls are read from the capture (the index has their old lines); a bare-name call there binds like a same-file call.
      const local = (await shapes.bareCalls(file.text, grammar, root.name)).filter((c) => c.line < root.startLine || c.line > root.endLine);
      let checked = 0;
      for (const call of local) {
        if (call.count === null) continue;
        checked++;
        if (!fits(call.count)) misfits.push({ path: file.path, line: call.line, confidence: SAME_FILE_CONFIDENCE, note: `passes ${call.count} argument${call.count === 1 ? '' : 's'}` });
      }
      const byFile = new Map<string, typeof calls>();
      for (const call of calls) byFile.set(call.file_path, [...(byFile.get(call.file_path) ?? []), call]);
      for (const [path, sites] of [...byFile].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        // A caller is counted by its own language's shapes (a call from another language is left unchecked).
        const caller = await callablesOf(path);
        if (!caller || caller.shapes !== shapes || filesRead >= FACT_FILES) continue;
        const captured = await host.capture(path, (p) => host.policy.checkContext(p));
        if (!captured.ok) continue;
        filesRead++;
        const counts = await shapes.argumentCounts(captured.snapshot.text, caller.grammar, sites.map((s) => ({ line: s.line, column: s.column, name: root.name })));
        sites.forEach((site, i) => {
          const n = counts[i];
          if (n === null) return;
          checked++;
          if (!fits(n)) {
            misfits.push({ path, line: site.line, confidence: site.confidence, note: `passes ${n} argument${n === 1 ? '' : 's'}` });
          }
        });
      }
      const tests = source
        .testsReaching(symbol, FACT_TESTS)
        .filter((t) => allowed(t.path))
        .map((t) => ({ path: t.path, line: t.line, confidence: t.confidence, note: t.name }));
      facts.push({
        fact: 'parameters-changed',
        path: file.path,
        name: root.name,
        line: root.startLine,
        accepts: { required: shape.required, max: shape.max },
        callSites: calls.length + local.length,
        checked,
        misfits: sortLocations(misfits),
        tests,
      });
    }
    for (const symbol of indexed) {
      if (symbol.parent_id !== null || symbol.kind === 'file' || symbol.is_test) continue;
      if (!mentions(file.replaced, symbol.name) || mentions(file.text, symbol.name)) continue;
      const references = source.reader
        .incoming(symbol.id)
        .filter((e) => e.file_path !== file.path && REFERENCE_RELATIONSHIPS.has(e.relationship) && allowed(e.file_path))
        .map((e) => ({ path: e.file_path, line: e.line, confidence: e.confidence, note: e.relationship === 'calls' ? 'calls it' : e.relationship }));
      if (references.length === 0) continue;
      facts.push({ fact: 'declaration-gone', path: file.path, name: symbol.name, kind: symbol.kind, line: symbol.start_line, references: sortLocations(references) });
    }
  }
  return facts;
}

const loaded = new Map<string, Promise<CallableShapes>>();

/** The callable shapes of a path's review language (parsers/registry.ts), with the grammar to parse it with; null when the language has none. */
async function callablesOf(path: string): Promise<{ shapes: CallableShapes; grammar: ProfileGrammar } | null> {
  const profile = profileFor(path);
  const grammar = profile?.grammarFor(path);
  const load = LANGUAGES.find((entry) => entry.review === profile)?.reviewCallables;
  if (!profile || !grammar || !load) return null;
  if (!loaded.has(profile.language)) loaded.set(profile.language, load());
  return { shapes: await loaded.get(profile.language)!, grammar };
}

/** Does a changed span (or one of its lines) reach into the parameter list? */
function touches(span: Span, shape: ParameterShape): boolean {
  const parts = span.parts ?? [span];
  return parts.some((p) => (p.start === p.end ? shape.start < p.start && p.start < shape.end : p.start < shape.end && shape.start < p.end));
}

/** Whether `name` still occurs in the text as a whole word: if not, the declaration is gone (removed or renamed). */
function mentions(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = at === 0 ? '' : text[at - 1];
    const after = text[at + name.length] ?? '';
    if (!/[\w$]/.test(before) && !/[\w$]/.test(after)) return true;
  }
  return false;
}

function sortLocations(locations: FactLocation[]): FactLocation[] {
  return locations.sort((a, b) => b.confidence - a.confidence || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.line - b.line);
}

/** The facts as lines for the agent: labelled as evidence, at most MAX_FACT_LINES. Empty when there is nothing to say. */
export function factLines(facts: GraphFact[]): string[] {
  if (facts.length === 0) return [];
  const lines = ['cairn graph facts (structural evidence from the index, not a verdict):'];
  for (const f of facts) {
    if (f.fact === 'parameters-changed') {
      const accepts = f.accepts.max === null ? `${f.accepts.required} or more` : f.accepts.required === f.accepts.max ? `${f.accepts.max}` : `${f.accepts.required} to ${f.accepts.max}`;
      const sites =
        f.callSites === 0
          ? 'no call sites of it are known'
          : `of its ${f.callSites} call site${f.callSites === 1 ? '' : 's'}, ${f.checked} checked: ${f.misfits.length === 0 ? 'all fit' : `${f.misfits.length} pass${f.misfits.length === 1 ? 'es' : ''} another count`}`;
      lines.push(`- function ${f.name} (${f.path}:${f.line}) now takes ${accepts} argument${accepts === '1' ? '' : 's'}; ${sites}`);
      for (const m of f.misfits) lines.push(`    ${m.path}:${m.line} ${m.note} (call confidence ${m.confidence})`);
      if (f.tests.length > 0) lines.push(`  tests that reach it: ${f.tests.map((t) => `${t.path}:${t.line} ${t.note} (${t.confidence})`).join(', ')}`);
    } else {
      lines.push(`- ${f.kind} ${f.name} (${f.path}:${f.line} before the edit) is gone from the file; the index still has ${f.references.length} reference${f.references.length === 1 ? '' : 's'} to it:`);
      for (const r of f.references) lines.push(`    ${r.path}:${r.line} ${r.note} (confidence ${r.confidence})`);
    }
  }
  if (lines.length <= MAX_FACT_LINES) return lines;
  const kept = lines.slice(0, MAX_FACT_LINES - 1);
  kept.push(`  (${lines.length - kept.length} more line${lines.length - kept.length === 1 ? '' : 's'} of facts left out)`);
  return kept;
}
