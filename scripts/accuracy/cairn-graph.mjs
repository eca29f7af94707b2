// Reads `cairn export --format jsonl` into the compact shape the join needs:
// symbols per file (for mapping a declaration to a symbol) and call sites per
// file and line (edges and unresolved records grouped by where they were called).
// Streams line by line; message types it does not know are ignored, as the
// export contract asks.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** Relationships whose edges come from a call site. */
export const CALL_RELATIONSHIPS = new Set(['calls', 'tests']);

/**
 * @typedef {object} CairnSymbol
 * @property {string} id
 * @property {string} name
 * @property {string} kind
 * @property {number} startLine
 * @property {number} startColumn
 * @property {number} endLine
 * @property {number} endColumn
 */

/**
 * @typedef {object} CairnEdge
 * @property {string|null} target
 * @property {string} tier         resolution_kind
 * @property {number} confidence
 */

/**
 * One call cairn recorded: an edge (or a `calls` edge and its `tests` twin) or an
 * unresolved record.
 * @typedef {object} CairnSite
 * @property {string} file
 * @property {number} line
 * @property {number} column
 * @property {string|null} specifier
 * @property {string|null} calleeName  last identifier of the specifier
 * @property {CairnEdge[]} edges
 * @property {{ reason: string, candidates: number }[]} unresolved
 * @property {boolean} matched      set by the join
 */

/**
 * @typedef {object} CairnGraph
 * @property {object|null} meta
 * @property {Map<string, string>} files  path -> parse status, from `file` messages
 * @property {Map<string, CairnSymbol[]>} symbolsByFile
 * @property {Map<string, Map<number, CairnSite[]>>} sitesByFile  file -> line -> sites
 */

/** Last identifier of a callee as written: `a.b?.c` → c, `new Foo<T>` → Foo, `x["y"]` → y. */
export function lastIdentifier(specifier) {
  // A specifier cut short by the extractor no longer ends with the callee's name.
  if (!specifier || specifier.endsWith('...')) return null;
  let s = stripTypeArguments(specifier.trim());
  const element = /\[\s*(['"`])([^'"`]*)\1\s*\]\s*$/.exec(s);
  if (element) return element[2];
  // A trailing argument list belongs to a callee that is itself a call (`f(a)(b)`).
  for (let i = 0; i < 4 && /\)\s*$/.test(s); i++) s = stripTypeArguments(s.replace(/\([^()]*\)\s*$/, '').trim());
  const names = s.match(/#?[A-Za-z_$\u00c0-\uffff][\w$\u00c0-\uffff]*/g);
  return names ? names[names.length - 1] : null;
}

/** Drops trailing type arguments, which may hold arrows and parentheses: `z.toZod<() => string>`. */
function stripTypeArguments(text) {
  if (!text.endsWith('>')) return text;
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const ch = text[i];
    if (ch === '>' && text[i - 1] !== '=') depth++;
    else if (ch === '<') {
      depth--;
      if (depth === 0) return text.slice(0, i).trim();
    }
  }
  return text;
}

export function emptyGraph() {
  return { meta: null, files: new Map(), symbolsByFile: new Map(), sitesByFile: new Map() };
}

/** Adds one export message to the graph. */
export function addMessage(graph, message) {
  const d = message.data;
  switch (message.type) {
    case 'meta':
      graph.meta = d;
      return;
    case 'file':
      graph.files.set(d.path, d.status);
      return;
    case 'symbol': {
      let list = graph.symbolsByFile.get(d.file_path);
      if (!list) graph.symbolsByFile.set(d.file_path, (list = []));
      list.push({
        id: d.id,
        name: d.name,
        kind: d.kind,
        startLine: d.start_line,
        startColumn: d.start_column ?? 0,
        endLine: d.end_line,
        endColumn: d.end_column ?? Number.MAX_SAFE_INTEGER,
      });
      return;
    }
    case 'edge':
      if (!CALL_RELATIONSHIPS.has(d.relationship)) return;
      {
        // A `tests` edge may repeat the `calls` edge of the same call: count it once.
        const same = sitesAt(graph, d).find((s) => s.column === d.column && s.edges.some((e) => e.target === d.target));
        if (same) return;
        addSite(graph, d).edges.push({ target: d.target, tier: d.resolution_kind, confidence: d.confidence });
      }
      return;
    case 'unresolved':
      if (d.kind !== 'call' && d.kind !== 'new' && d.kind !== 'macro') return;
      addSite(graph, d).unresolved.push({ reason: d.reason, candidates: d.candidate_count ?? 0 });
      return;
    default:
      return;
  }
}

function sitesAt(graph, record) {
  return graph.sitesByFile.get(record.file_path)?.get(record.line) ?? [];
}

/**
 * Every record is its own site: two calls can share a position and a cut-short
 * specifier (`new A({...}).b().c()` starts `b` and `c` at one column), so merging
 * by position would hide one of them. A site with more than one record would
 * show up as cairn-only records, not vanish.
 */
function addSite(graph, record) {
  let lines = graph.sitesByFile.get(record.file_path);
  if (!lines) graph.sitesByFile.set(record.file_path, (lines = new Map()));
  let sites = lines.get(record.line);
  if (!sites) lines.set(record.line, (sites = []));
  const specifier = record.specifier ?? null;
  const site = {
    file: record.file_path,
    line: record.line,
    column: record.column,
    specifier,
    calleeName: lastIdentifier(specifier),
    edges: [],
    unresolved: [],
    matched: false,
  };
  sites.push(site);
  return site;
}

/** Builds a graph from export messages already in memory (tests). */
export function graphFromMessages(messages) {
  const graph = emptyGraph();
  for (const m of messages) addMessage(graph, m);
  return graph;
}

/** Streams an export file into a graph. */
export async function readCairnExport(path) {
  const graph = emptyGraph();
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    addMessage(graph, JSON.parse(line));
  }
  return graph;
}

/**
 * The cairn symbol that stands for a declaration: the smallest symbol of the file
 * whose span contains the declaration's name position. It counts only if it bears
 * the declared name (a constructor may stand for its class); otherwise the
 * declaration is something cairn does not model as a symbol (a parameter, a local
 * binding, an interface member it skips) and the answer is null.
 * @param {CairnGraph} graph
 * @param {{ file: string|null, line: number, column: number, name: string }} target
 * @returns {{ id: string|null, enclosing: string|null }}
 */
export function symbolForDeclaration(graph, target) {
  if (!target.file) return { id: null, enclosing: null };
  const symbols = graph.symbolsByFile.get(target.file) ?? [];
  let best = null;
  for (const s of symbols) {
    // The file's own symbol stands for file-scope code, never for a declaration.
    if (s.kind === 'file' || !contains(s, target.line, target.column)) continue;
    if (!best || smaller(s, best)) best = s;
  }
  if (!best) return { id: null, enclosing: null };
  const named = best.name === target.name || (target.name === 'constructor' && best.kind === 'constructor');
  return { id: named ? best.id : null, enclosing: best.id };
}

function contains(s, line, column) {
  if (line < s.startLine || line > s.endLine) return false;
  if (line === s.startLine && column < s.startColumn) return false;
  if (line === s.endLine && column >= s.endColumn) return false;
  return true;
}

function smaller(a, b) {
  const la = a.endLine - a.startLine;
  const lb = b.endLine - b.startLine;
  if (la !== lb) return la < lb;
  if (a.startLine !== b.startLine) return a.startLine > b.startLine;
  if (a.startColumn !== b.startColumn) return a.startColumn > b.startColumn;
  return a.endColumn < b.endColumn;
}
