// Metrics over joined outcomes, accumulated one outcome at a time so memory stays
// bounded by the number of tiers and the example caps, not by the corpus.
//
// Definitions (the report's legend repeats them):
// - seen: oracle call sites with a named callee (anonymous callees such as IIFEs
//   are counted apart: no tool can name their target by name);
// - recorded: seen sites where cairn has an edge or an unresolved record;
// - precision: judged edges whose target is one of the oracle's answers; an edge is
//   judged when the oracle has an answer (in the corpus or outside it);
// - recall: sites whose oracle target is a cairn symbol and where cairn has an edge
//   to it, over all such sites;
// - blind pairings: sites paired by position among several records whose specifiers
//   were cut short (long call chains); recorded, but neither judged nor in recall;
// - unmodelled targets: in-repo declarations that are no cairn symbol (locals,
//   parameters, members cairn skips): out of recall, and any edge there is wrong;
// - reason accuracy: over unresolved sites the oracle can answer, the share whose reason
//   fits (rightReasons); a conversion to a type declared outside the workspace and not in
//   cairn's pinned stdlib catalog is no call site for the oracle, yet cairn, which may not
//   read outside the workspace, cannot tell that type from a function: such sites are
//   counted apart (outside conversions kept as calls), and the strict figure counts them wrong;
// - calibration: per tier, observed precision beside the mean stated confidence; a
//   tier is over-claiming when it is below by more than 2 points (exact) or 5 (others).

// The Go catalog cairn itself reads (the harness runs after `npm run build`).
import { isStandardType } from '../../dist/parsers/go/stdlib-types.js';

/** Small seeded generator so example lists are a fair sample and still reproducible. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fixed-size uniform sample of a stream (reservoir sampling). */
export class Reservoir {
  constructor(size, random) {
    this.size = size;
    this.random = random;
    this.seen = 0;
    /** @type {unknown[]} */
    this.items = [];
  }
  add(item) {
    this.seen++;
    if (this.items.length < this.size) this.items.push(item);
    else {
      const j = Math.floor(this.random() * this.seen);
      if (j < this.size) this.items[j] = item;
    }
  }
}

/** Test code by path convention: a `test`/`tests`/`__tests__`/`spec` folder or a `.test.`/`.spec.`/`_test.` file. */
export function isTestPath(path) {
  return /(^|\/)(tests?|__tests__|spec)\//.test(path) || /[._-](test|spec)\.[a-z]+$/i.test(path) || /(^|\/)test_[^/]*\.py$/.test(path);
}

export const OVERCLAIM_TOLERANCE = { exact: 2, other: 5 };

/** An edge at or above this confidence claims to be trusted: a wrong one is a phantom edge. */
export const PHANTOM_CONFIDENCE = 60;

/**
 * Declarations that hold a function value (Go's go/types kinds, TypeScript's syntax
 * kinds, the Python oracle's Jedi kinds): a call through one is indirect.
 */
const FUNCTION_VALUE_KINDS = new Set([
  'FuncVar', 'FuncField', 'Parameter', 'VariableDeclaration', 'PropertySignature', 'PropertyDeclaration', 'PropertyAssignment', 'BindingElement',
  'PyParam', 'PyVariable', 'PyAttribute',
]);

/**
 * The reasons that are right for an unresolved call site, by what the oracle says it
 * calls; null when the oracle cannot say. A conversion (`T(x)`) calls nothing: no
 * reason is right, cairn should record no call there. A target outside the workspace
 * is `external` or `builtin` (both say "not here"); a function value is indirect_call;
 * an in-repo declaration cairn models is its own miss (missing_target or
 * ambiguous_target: recall counts those).
 */
export function rightReasons(o) {
  if (o.site.status === 'indirect') return new Set();
  const target = o.site.targets.find((x) => !x.alternative);
  if (!target || o.targetClass === 'unknown') return null;
  if (target.where === 'builtin' || target.declKind === 'Builtin') return new Set(['builtin', 'external']);
  if (o.targetClass === 'external') return new Set(['external', 'builtin']);
  if (FUNCTION_VALUE_KINDS.has(target.declKind)) return new Set(['indirect_call']);
  if (o.targetClass === 'modelled') return new Set(['missing_target', 'ambiguous_target']);
  return null;
}

/**
 * True for a conversion `T(x)` whose type is declared outside the workspace (not a
 * builtin type, not one the pinned stdlib catalog names): nothing cairn may read says
 * that `T` is a type. Only oracles that name a conversion's type (go/types) say so.
 */
export function isOutsideConversion(site) {
  const to = site.conversionTo;
  if (site.status !== 'indirect' || !to || to.file || !to.where || to.where === 'builtin') return false;
  return !isStandardType(to.where, to.name);
}

const pct = (num, den) => (den === 0 ? null : Math.round((1000 * num) / den) / 10);
const bump = (map, key, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
const sortedObject = (map) => Object.fromEntries([...map].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0]))));

function siteLabel(site) {
  return `${site.file}:${site.line} ${site.specifier}`;
}

export class Tally {
  /** @param {{ examples?: number, seed?: number }} [options] */
  constructor(options = {}) {
    this.exampleCount = options.examples ?? 12;
    this.random = seededRandom(options.seed ?? 6);
    this.seen = 0;
    this.anonymous = 0;
    this.anonymousRecorded = 0;
    this.recorded = 0;
    this.matchBy = new Map();
    this.targetClass = new Map();
    this.notRecorded = this.reservoir();
    this.notRecordedByCallee = new Map();
    this.unmodelledKinds = new Map();
    this.unmodelled = this.reservoir();
    this.blind = 0;
    this.recallOutsideTests = { sites: 0, found: 0 };
    this.unresolvedByReason = new Map();
    this.edges = 0;
    this.judged = 0;
    this.correct = 0;
    this.high = { judged: 0, correct: 0 };
    /** @type {Map<string, { edges: number, judged: number, correct: number, confidence: number, wrong: Reservoir, wrongByOracleKind: Map<string, number>, wrongTargets: Map<string, number> }>} */
    this.tiers = new Map();
    this.recall = { sites: 0, found: 0, outcomes: new Map(), missed: this.reservoir() };
    this.cairnOnly = 0;
    this.cairnOnlyExamples = this.reservoir();
    this.reasons = { judged: 0, right: 0, wrong: this.reservoir(), confusion: new Map(), outsideConversions: 0, outsideConversionExamples: this.reservoir() };
    this.phantom = { edges: 0, examples: this.reservoir() };
    this.notIndexed = { files: [], sites: 0 };
  }

  /** A source file the oracle walked that cairn did not index (excluded by policy). */
  addNotIndexed(file, sites) {
    this.notIndexed.files.push(file);
    this.notIndexed.sites += sites;
  }

  reservoir() {
    return new Reservoir(this.exampleCount, this.random);
  }

  tier(name) {
    let t = this.tiers.get(name);
    if (!t) {
      t = { edges: 0, judged: 0, correct: 0, confidence: 0, wrong: this.reservoir(), wrongByOracleKind: new Map(), wrongTargets: new Map() };
      this.tiers.set(name, t);
    }
    return t;
  }

  /** @param {import('./join.mjs').Outcome} o */
  add(o) {
    if (o.site.calleeName === null) {
      this.anonymous++;
      if (o.cairn) this.anonymousRecorded++;
      return;
    }
    this.seen++;
    bump(this.targetClass, o.targetClass);
    if (o.targetClass === 'unmodelled') {
      const kind = o.site.targets.find((x) => !x.alternative)?.declKind ?? 'none';
      bump(this.unmodelledKinds, kind);
      this.unmodelled.add(`${siteLabel(o.site)}: ${o.oracleTarget}`);
    }
    if (o.blind) this.blind++;
    if (!o.cairn) {
      bump(this.notRecordedByCallee, `${o.site.kind} ${o.site.calleeName}`);
      this.notRecorded.add(`${siteLabel(o.site)} (col ${o.site.column}, ${o.site.kind})`);
    } else {
      this.recorded++;
      bump(this.matchBy, o.match);
      for (const u of o.cairn.unresolved) bump(this.unresolvedByReason, u.reason);
      // Reason accuracy: a site cairn left unresolved (no edge), judged by what the oracle says it calls.
      const right = o.edges.length === 0 && o.cairn.unresolved.length > 0 && !o.blind ? rightReasons(o) : null;
      if (right && isOutsideConversion(o.site)) {
        this.reasons.outsideConversions++;
        this.reasons.outsideConversionExamples.add(`${siteLabel(o.site)}: ${o.cairn.unresolved[0].reason}; oracle conversion to ${o.site.conversionTo.where}.${o.site.conversionTo.name}`);
      } else if (right) {
        const reason = o.cairn.unresolved[0].reason;
        this.reasons.judged++;
        if (right.has(reason)) this.reasons.right++;
        else {
          const expected = right.size === 0 ? 'no call' : [...right][0];
          bump(this.reasons.confusion, `${reason} (oracle: ${expected})`);
          this.reasons.wrong.add(`${siteLabel(o.site)}: ${reason}; oracle ${o.oracleTarget}`);
        }
      }
    }
    for (const e of o.edges) {
      this.edges++;
      const t = this.tier(e.tier);
      t.edges++;
      t.confidence += e.confidence;
      if (e.correct === null) continue;
      this.judged++;
      t.judged++;
      if (e.confidence >= 90) this.high.judged++;
      if (e.correct) {
        this.correct++;
        t.correct++;
        if (e.confidence >= 90) this.high.correct++;
      } else {
        const kind = o.site.targets.find((x) => !x.alternative)?.declKind ?? 'none';
        bump(t.wrongByOracleKind, `${o.targetClass}:${kind}`);
        bump(t.wrongTargets, e.target ?? '(null)');
        t.wrong.add(`${siteLabel(o.site)} → ${e.target} [${e.tier} ${e.confidence}] vs oracle ${o.oracleTarget}`);
        if (e.confidence >= PHANTOM_CONFIDENCE) {
          this.phantom.edges++;
          this.phantom.examples.add(`${siteLabel(o.site)} → ${e.target} [${e.tier} ${e.confidence}] vs oracle ${o.oracleTarget}`);
        }
      }
    }
    if (o.targetClass === 'modelled' && !o.blind) {
      this.recall.sites++;
      const found = o.edges.some((e) => e.correct);
      if (!isTestPath(o.site.file)) {
        this.recallOutsideTests.sites++;
        if (found) this.recallOutsideTests.found++;
      }
      if (found) {
        this.recall.found++;
        bump(this.recall.outcomes, 'correct_edge');
      } else {
        let outcome;
        if (!o.cairn) outcome = 'not_recorded';
        else if (o.edges.length > 0) outcome = 'wrong_edge';
        else if (o.cairn.unresolved.length > 0) outcome = `unresolved:${o.cairn.unresolved[0].reason}`;
        else outcome = 'no_record';
        bump(this.recall.outcomes, outcome);
        const got = o.edges.length > 0 ? `edge to ${o.edges.map((e) => e.target).join(', ')}` : outcome;
        this.recall.missed.add(`${siteLabel(o.site)}: ${got}; oracle ${o.oracleTarget}`);
      }
    }
  }

  /** @param {import('./cairn-graph.mjs').CairnSite[]} sites */
  addUnclaimed(sites) {
    for (const s of sites) {
      this.cairnOnly++;
      this.cairnOnlyExamples.add(`${s.file}:${s.line}:${s.column} ${s.specifier ?? '(no specifier)'}`);
    }
  }

  /** The JSON-ready report. */
  report() {
    const tiers = {};
    for (const [name, t] of [...this.tiers].sort((a, b) => b[1].edges - a[1].edges)) {
      const stated = t.edges === 0 ? null : Math.round((10 * t.confidence) / t.edges) / 10;
      const precision = pct(t.correct, t.judged);
      const tolerance = name === 'exact' ? OVERCLAIM_TOLERANCE.exact : OVERCLAIM_TOLERANCE.other;
      tiers[name] = {
        edges: t.edges,
        judged: t.judged,
        correct: t.correct,
        precision,
        stated_confidence: stated,
        gap: precision === null || stated === null ? null : Math.round(10 * (precision - stated)) / 10,
        overclaims: precision !== null && stated !== null && precision < stated - tolerance,
        wrong_by_oracle_kind: sortedObject(t.wrongByOracleKind),
        top_wrong_targets: Object.fromEntries(Object.entries(sortedObject(t.wrongTargets)).slice(0, 10)),
        wrong_examples: t.wrong.items,
      };
    }
    const unresolvedTotal = [...this.unresolvedByReason.values()].reduce((a, b) => a + b, 0);
    return {
      sites_seen: this.seen,
      recorded: this.recorded,
      recorded_pct: pct(this.recorded, this.seen),
      anonymous_callees: this.anonymous,
      anonymous_recorded: this.anonymousRecorded,
      not_recorded_examples: this.notRecorded.items,
      not_recorded_top_callees: Object.fromEntries(Object.entries(sortedObject(this.notRecordedByCallee)).slice(0, 10)),
      match_by: sortedObject(this.matchBy),
      blind_pairings: this.blind,
      oracle_targets: sortedObject(this.targetClass),
      unmodelled_targets_by_kind: sortedObject(this.unmodelledKinds),
      unmodelled_examples: this.unmodelled.items,
      edges: this.edges,
      edges_judged: this.judged,
      edges_correct: this.correct,
      precision: pct(this.correct, this.judged),
      precision_confidence_ge_90: pct(this.high.correct, this.high.judged),
      edges_confidence_ge_90: this.high.judged,
      recall: {
        sites: this.recall.sites,
        found: this.recall.found,
        recall: pct(this.recall.found, this.recall.sites),
        outcomes: sortedObject(this.recall.outcomes),
        outcome_pct: Object.fromEntries([...this.recall.outcomes].map(([k, v]) => [k, pct(v, this.recall.sites)])),
        missed_examples: this.recall.missed.items,
        outside_tests: { ...this.recallOutsideTests, recall: pct(this.recallOutsideTests.found, this.recallOutsideTests.sites) },
      },
      unresolved_by_reason: sortedObject(this.unresolvedByReason),
      reason_accuracy: {
        judged: this.reasons.judged,
        right: this.reasons.right,
        accuracy: pct(this.reasons.right, this.reasons.judged),
        wrong_by_reason: sortedObject(this.reasons.confusion),
        wrong_examples: this.reasons.wrong.items,
        outside_conversions_kept_as_calls: this.reasons.outsideConversions,
        outside_conversion_examples: this.reasons.outsideConversionExamples.items,
      },
      // The same figure with outside conversions counted as wrong reasons.
      reason_accuracy_strict: {
        judged: this.reasons.judged + this.reasons.outsideConversions,
        right: this.reasons.right,
        accuracy: pct(this.reasons.right, this.reasons.judged + this.reasons.outsideConversions),
      },
      phantom_edges: { confidence_at_least: PHANTOM_CONFIDENCE, edges: this.phantom.edges, examples: this.phantom.examples.items },
      unresolved_pct_by_reason: Object.fromEntries([...this.unresolvedByReason].map(([k, v]) => [k, pct(v, unresolvedTotal)])),
      tiers,
      files_not_indexed: this.notIndexed.files.length,
      sites_in_files_not_indexed: this.notIndexed.sites,
      files_not_indexed_examples: this.notIndexed.files.slice(0, this.exampleCount),
      cairn_only_sites: this.cairnOnly,
      cairn_only_examples: this.cairnOnlyExamples.items,
    };
  }
}
