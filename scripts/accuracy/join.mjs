// The join: pair each oracle call site with the call site cairn recorded at the
// same place, and judge cairn's edges there against the oracle's target.
//
// Position conventions differ between tools: a call may be placed at the start of
// the call expression or at its callee's name token, and a multi-line callee
// (`a\n  .b()`) on either line. So within one file the pairing runs in passes,
// strictest first, each pair used once:
//   1. same line and column as the callee's name token (names agree if cairn gave one);
//   2. same line and column as the call expression's start, names agreeing or
//      cairn's name unknown (a specifier cut short); the written callee decides
//      between chained calls that start at one column;
//   3. same line (name line or call line) and the same callee name, nearest column.
// Each outcome records which pass matched it, so a convention drift shows up in
// the report instead of as missing sites.
import { symbolForDeclaration } from './cairn-graph.mjs';

/**
 * @typedef {import('./oracle-ts.mjs').OracleSite} OracleSite
 * @typedef {import('./cairn-graph.mjs').CairnGraph} CairnGraph
 * @typedef {import('./cairn-graph.mjs').CairnSite} CairnSite
 */

/**
 * @typedef {object} Outcome
 * @property {OracleSite} site
 * @property {'name_column'|'call_column'|'callee_name'|null} match
 * @property {boolean} blind  paired by position among records whose names were cut off:
 *   recorded, but its edges are not judged and it stays out of recall
 * @property {CairnSite|null} cairn
 * @property {'modelled'|'unmodelled'|'external'|'unknown'} targetClass
 *   modelled: the oracle's target is a cairn symbol; unmodelled: inside the corpus
 *   but not a symbol cairn has (parameter, local, skipped member); external: outside
 *   the corpus (library, runtime); unknown: the oracle has no answer
 * @property {string[]} expected   cairn symbol ids that are a correct answer
 * @property {string} oracleTarget a readable description of the oracle's answer
 * @property {{ target: string|null, tier: string, confidence: number, correct: boolean|null }[]} edges
 *   correct is null where the oracle has no answer to judge by
 */

/** A name without the `?`/`!` a Ruby method name may end with (the export's names stop before them). */
const bareName = (name) => name.replace(/[?!]$/, '');

function namesAgree(site, cairn) {
  return cairn.calleeName === null || site.calleeName === null || bareName(cairn.calleeName) === bareName(site.calleeName);
}

/** Records at a record's position whose names were cut off, paired or not. */
function nameless(lines, record) {
  return (lines?.get(record.line) ?? []).filter((c) => c.column === record.column && c.calleeName === null).length;
}

/** Records at a record's position with its name, paired or not. */
function sameNameAt(lines, record) {
  return (lines?.get(record.line) ?? []).filter((c) => c.column === record.column && c.calleeName === record.calleeName).length;
}

function candidatesFor(lines, site) {
  const out = [...(lines?.get(site.line) ?? [])];
  if (site.callLine !== undefined && site.callLine !== site.line) out.push(...(lines?.get(site.callLine) ?? []));
  return out.filter((c) => !c.matched);
}

/**
 * Pairs a file's oracle sites with cairn's sites (marking those used) and judges each.
 * @param {CairnGraph} graph
 * @param {OracleSite[]} sites  all oracle sites of one file
 * @returns {Outcome[]}
 */
export function joinFile(graph, sites) {
  if (sites.length === 0) return [];
  const lines = graph.sitesByFile.get(sites[0].file);
  /** @type {(CairnSite|null)[]} */
  const paired = sites.map(() => null);
  /** @type {(Outcome['match'])[]} */
  const how = sites.map(() => null);
  const blind = sites.map(() => false);

  const pass = (label, accept, pick) => {
    sites.forEach((site, i) => {
      if (paired[i]) return;
      const options = candidatesFor(lines, site).filter((c) => accept(site, c));
      if (options.length === 0) return;
      const chosen = pick ? pick(site, options) : options[0];
      chosen.matched = true;
      paired[i] = chosen;
      how[i] = label;
      // Several records at one position whose names were cut off: which is which cannot be told.
      if (chosen.calleeName === null && nameless(lines, chosen) > 1) blind[i] = true;
      // Nor among calls of one name in a chain that starts there, when the oracle's text of the call was cut short.
      if (label === 'call_column' && chosen.specifier !== site.specifier && site.specifier?.endsWith('...') && sameNameAt(lines, chosen) > 1) blind[i] = true;
    });
  };
  pass('name_column', (s, c) => c.line === s.line && c.column === s.column && namesAgree(s, c));
  pass(
    'call_column',
    (s, c) => c.line === (s.callLine ?? s.line) && c.column === s.callColumn && namesAgree(s, c),
    // `a.get().get()`: both calls start at the same column; the written callee tells them apart.
    (s, options) => options.find((c) => c.specifier === s.specifier) ?? options.find((c) => c.calleeName !== null) ?? options[0],
  );
  pass(
    'callee_name',
    (s, c) => s.calleeName !== null && c.calleeName !== null && bareName(c.calleeName) === bareName(s.calleeName),
    (s, options) => options.reduce((a, b) => (Math.abs(b.column - s.column) < Math.abs(a.column - s.column) ? b : a)),
  );

  return sites.map((site, i) => judge(graph, site, paired[i], how[i], blind[i]));
}

/**
 * Judges one site: which cairn symbols are correct answers, and whether each of
 * cairn's edges there is one of them.
 * @returns {Outcome}
 */
export function judge(graph, site, cairn, match, blind = false) {
  const expected = [];
  const described = [];
  let inRepo = false;
  for (const t of site.targets) {
    if (t.file) inRepo = true;
    const { id } = symbolForDeclaration(graph, t);
    if (id && !expected.includes(id)) expected.push(id);
    const text = id ?? (t.file ? `${t.file}:${t.line} ${t.name} (${t.declKind}, no symbol)` : `external ${t.where ?? '?'} ${t.name}`);
    if ((!t.alternative || id) && !described.includes(text)) described.push(text);
  }
  /** @type {Outcome['targetClass']} */
  let targetClass;
  if (site.status === 'indirect') targetClass = 'unmodelled';
  else if (site.targets.length === 0) targetClass = 'unknown';
  else if (expected.length > 0) targetClass = 'modelled';
  else if (inRepo) targetClass = 'unmodelled';
  else targetClass = 'external';
  const edges = (cairn?.edges ?? []).map((e) => ({
    ...e,
    correct: targetClass === 'unknown' || blind ? null : e.target !== null && expected.includes(e.target),
  }));
  return {
    site,
    match,
    blind,
    cairn,
    targetClass,
    expected,
    oracleTarget: described.length > 0 ? described.join(' | ') : '(no declaration)',
    edges,
  };
}

/**
 * Cairn sites in the given files that no oracle site claimed: calls cairn saw that
 * the oracle did not (or a position convention the join does not know).
 * @param {CairnGraph} graph
 * @param {Iterable<string>} files
 * @returns {CairnSite[]}
 */
export function unclaimedSites(graph, files) {
  const out = [];
  for (const file of files) {
    for (const sites of graph.sitesByFile.get(file)?.values() ?? []) {
      for (const s of sites) if (!s.matched) out.push(s);
    }
  }
  return out;
}
