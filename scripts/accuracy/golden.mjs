// Golden sets: hand-labelled call sites for languages with no compiler oracle here.
// A golden file (test/accuracy/golden/<lang>.json) names its corpus, the seed and
// procedure that sampled its sites, and for each site the true target found by
// reading the code. Loading one turns it into oracle sites, so the same join and
// metrics judge cairn on it.
//
// Site fields: file, line, column (0-based, of the callee's name token), call_line and
// call_column (where the call expression starts; optional), callee,
// specifier, kind ('call' | 'new' | 'macro'), rationale, and target:
//   { "file": "src/x.rs", "line": 30, "name": "foo" }   a declaration in the corpus
//   { "external": "std::vec::Vec::new" }                 outside the corpus
//   { "any_of": [{ "file": ..., "line": ..., "name": ... }, ...] }
//                                                        one of these declarations, chosen at run
//                                                        time (a function defined in both branches
//                                                        of an `if`): an edge to any is right, and so
//                                                        is ambiguous_target
//   { "file": ..., "line": ..., "name": ..., "value": true }
//                                                        a parameter or variable holding a function:
//                                                        the right reason is indirect_call
//   null                                                 no single declaration (a closure, a trait object)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {object} GoldenSite
 * @property {string} file
 * @property {number} line
 * @property {number} column
 * @property {string} callee
 * @property {string} specifier
 * @property {'call'|'new'|'macro'} kind
 * @property {{ file: string, line: number, name: string } | { external: string } | { any_of: { file: string, line: number, name: string }[] } | null} target
 * @property {string} rationale
 */

/**
 * @typedef {object} GoldenSet
 * @property {string} language
 * @property {string} corpus     install name of the corpus
 * @property {number} seed
 * @property {string} procedure
 * @property {GoldenSite[]} sites
 */

/** @returns {GoldenSet} */
export function readGolden(path) {
  const set = JSON.parse(readFileSync(path, 'utf8'));
  for (const key of ['language', 'corpus', 'seed', 'procedure', 'sites']) {
    if (set[key] === undefined) throw new Error(`${path}: missing ${key}`);
  }
  return set;
}

/** Column of `name` as a whole word on a 1-based line of a file, or 0 when absent. */
export function nameColumn(text, line, name) {
  const lineText = text.split('\n')[line - 1] ?? '';
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(^|[^\\w$])(${escaped})(?![\\w$])`).exec(lineText);
  return match ? match.index + match[1].length : 0;
}

/**
 * Oracle sites for a golden set, with target columns looked up in the corpus.
 * @param {GoldenSet} set
 * @param {string} root corpus root the golden paths are relative to
 * @returns {import('./oracle-ts.mjs').OracleSite[]}
 */
export function goldenToOracleSites(set, root) {
  const texts = new Map();
  const textOf = (file) => {
    if (!texts.has(file)) texts.set(file, readFileSync(join(root, file), 'utf8'));
    return texts.get(file);
  };
  return set.sites.map((g) => {
    /** @type {import('./oracle-ts.mjs').OracleTarget[]} */
    const targets = [];
    if (g.target && 'external' in g.target) {
      targets.push({ file: null, line: 0, column: 0, name: g.target.external.split(/::|\./).pop(), declKind: 'golden', where: g.target.external });
    } else if (g.target && 'any_of' in g.target) {
      g.target.any_of.forEach((t, i) => {
        const target = { file: t.file, line: t.line, column: nameColumn(textOf(t.file), t.line, t.name), name: t.name, declKind: 'golden' };
        targets.push(i === 0 ? target : { ...target, alternative: true });
      });
    } else if (g.target) {
      const t = g.target;
      // A function value's declaration kind is the one the metrics read as "a call through a value".
      targets.push({ file: t.file, line: t.line, column: nameColumn(textOf(t.file), t.line, t.name), name: t.name, declKind: t.value ? 'VariableDeclaration' : 'golden' });
    }
    return {
      file: g.file,
      line: g.line,
      column: g.column,
      callLine: g.call_line ?? g.line,
      callColumn: g.call_column ?? g.column,
      calleeName: g.callee,
      specifier: g.specifier,
      kind: g.kind === 'new' ? 'new' : 'call',
      // A labeller's null means "no declaration answers this call": any edge there is wrong.
      status: targets.length === 0 ? 'indirect' : targets[0].file ? 'in_repo' : 'external',
      targets,
    };
  });
}
