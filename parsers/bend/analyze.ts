// The Bend review profile's native facts: pure functions from the text of one `.bend`
// file to its leading imports, datatype declarations (constructors, fields, type
// references with coordinates), top-level bindings, and everything outside the
// profile as explicit facts. Lines are matched with grammars/bend/type.ohm; this file
// cuts the text into top-level items and masks comments and quoted literals so that
// nothing inside them starts an item. It never throws on any input.
import { readFileSync } from 'node:fs';
import * as ohm from 'ohm-js';
import type {
  BendConstructor,
  BendDatatype,
  BendField,
  BendFileFacts,
  BendImport,
  BendParam,
  BendTypeReference,
  FieldType,
  OmissionReason,
  Span,
  TypeArgument,
} from './facts.js';

export type * from './facts.js';

/** Bounds: larger files are refused; longer lines and deeper `<...>` nesting are omissions. */
export const MAX_BEND_BYTES = 256 * 1024;
export const MAX_BEND_DECLARATIONS = 1024;
export const MAX_BEND_LINE = 2048;
export const MAX_TYPE_NESTING = 16;

interface Line {
  text: string;
  start: number;
  number: number;
}

type Ast =
  | { rule: 'header'; name: Piece; params: ParamAst[]; kind: KindAst }
  | { rule: 'constructor'; name: Piece; fields: Piece }
  | { rule: 'field'; name: Piece; type: TypeAst }
  | { rule: 'import-base' }
  | { rule: 'import-relative'; path: Piece; alias: Piece };
interface Piece {
  text: string;
  start: number;
  end: number;
}
interface KindAst {
  word: 'Data' | 'Type';
  quantity: Piece | null;
}
type ParamAst = { name: Piece; role: 'type' | 'erased' | 'quantity' | 'bare'; kind: KindAst | null };
type TypeAst = { ref: Piece; qualifier: Piece | null; name: Piece; args: ArgAst[] };
type ArgAst = { quantity: Piece } | { type: TypeAst };

let compiled: { grammar: ohm.Grammar; semantics: ohm.Semantics } | null = null;

function load() {
  if (compiled) return compiled;
  const grammar = ohm.grammar(readFileSync(new URL('../../grammars/bend/type.ohm', import.meta.url), 'utf8'));
  const piece = (n: ohm.Node): Piece => ({ text: n.sourceString, start: n.source.startIdx, end: n.source.endIdx });
  const semantics = grammar.createSemantics().addOperation<unknown>('ast', {
    Header: (_type, name, params, _is, kind, _colon) => ({ rule: 'header', name: piece(name), params: params.children.flatMap((p) => p.ast() as ParamAst[]), kind: kind.ast() }),
    Params: (_open, list, _close) => list.asIteration().children.map((p) => p.ast()),
    Param_erased: (_minus, name, _colon, kind) => ({ name: piece(name), role: 'erased', kind: kind.ast() }),
    Param_quantity: (name, _colon, _quant) => ({ name: piece(name), role: 'quantity', kind: null }),
    Param_ordinary: (name, _colon, kind) => ({ name: piece(name), role: 'type', kind: kind.ast() }),
    Param_bare: (name) => ({ name: piece(name), role: 'bare', kind: null }),
    Kind_applied: (word, _open, q, _close) => ({ word: word.sourceString, quantity: piece(q) }),
    Kind_plain: (word) => ({ word: word.sourceString, quantity: null }),
    Constructor: (name, _open, fields, _close) => ({ rule: 'constructor', name: piece(name), fields: piece(fields) }),
    Field: (name, _colon, type) => ({ rule: 'field', name: piece(name), type: type.ast() }),
    Type_applied: (ref, _open, args, _close) => ({ ...(ref.ast() as object), args: args.asIteration().children.map((a) => a.ast()) }),
    Type_plain: (ref) => ({ ...(ref.ast() as object), args: [] }),
    Arg_quantity: (q) => ({ quantity: piece(q) }),
    Arg_type: (t) => ({ type: t.ast() }),
    ref_qualified: (qualifier, _dot, name) => ({ ref: { text: `${qualifier.sourceString}.${name.sourceString}`, start: qualifier.source.startIdx, end: name.source.endIdx }, qualifier: piece(qualifier), name: piece(name) }),
    ref_simple: (name) => ({ ref: piece(name), qualifier: null, name: piece(name) }),
    Import: (_import, target) => target.ast(),
    ImportTarget_relative: (path, _as, alias) => ({ rule: 'import-relative', path: piece(path), alias: piece(alias) }),
    ImportTarget_base: (_base) => ({ rule: 'import-base' }),
  });
  compiled = { grammar, semantics };
  return compiled;
}

/** Matches one line (or piece of one) against a start rule; null when it does not match. */
function match<T extends Ast>(text: string, rule: string): T | null {
  try {
    const { grammar, semantics } = load();
    const m = grammar.match(text, rule);
    return m.succeeded() ? (semantics(m).ast() as T) : null;
  } catch {
    return null;
  }
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const keyword = (text: string, word: string) => text.startsWith(word) && !/[A-Za-z0-9_]/.test(text[word.length] ?? '');

/** The code part of a line: up to a `#` comment, unless a quote comes first (then the whole line). */
function code(text: string): string {
  const hash = text.indexOf('#');
  if (hash < 0) return text.trimEnd();
  const quote = text.search(/["']/);
  return quote >= 0 && quote < hash ? text : text.slice(0, hash).trimEnd();
}

/** Quote state across lines: which quote is open at the end of `text`, starting in `open`. */
function literalState(text: string, open: '"' | "'" | null): '"' | "'" | null {
  let state = open;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (state) {
      if (c === '\\') i++;
      else if (c === state) state = null;
    } else if (c === '#') break;
    else if (c === '"' || c === "'") state = c;
  }
  return state;
}

/** Parses one `.bend` file into review facts. Never throws. */
export function analyzeBend(source: string): BendFileFacts {
  const facts: BendFileFacts = { imports: [], datatypes: [], bindings: [], outside: [], rejected: null };
  if (Buffer.byteLength(source, 'utf8') > MAX_BEND_BYTES) return { ...facts, rejected: { reason: 'too-large', line: 1 } };
  const lines = splitLines(source);
  const span = (line: Line, from: number, to: number): Span => ({ start: line.start + from, end: line.start + to, line: line.number, column: from });

  let leading = true;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const trimmed = line.text.trim();
    if (trimmed === '' || (trimmed.startsWith('#') && !/^\s/.test(line.text))) {
      i++;
      continue;
    }
    // The item's extent: following lines that are blank, indented, comments, or inside an open literal.
    let open = literalState(line.text, null);
    let j = i + 1;
    while (j < lines.length) {
      const t = lines[j].text;
      if (!open && t.trim() !== '' && !/^\s/.test(t) && !t.startsWith('#')) break;
      open = literalState(t, open);
      j++;
    }
    let last = j - 1;
    while (last > i && (lines[last].text.trim() === '' || lines[last].text.trim().startsWith('#'))) last--;
    const end = lines[last];
    const itemSpan: Span = { start: line.start, end: end.start + end.text.length, line: line.number, column: 0 };

    if (/^\s/.test(line.text)) {
      facts.outside.push({ reason: 'orphan-indentation', span: itemSpan, endLine: end.number });
    } else if (keyword(line.text, 'import')) {
      if (!leading) return { imports: [], datatypes: [], bindings: [], outside: [], rejected: { reason: 'late-import', line: line.number } };
      facts.imports.push(readImport(line, span(line, 0, code(line.text).length)));
    } else {
      leading = false;
      if (keyword(line.text, 'type')) {
        const datatype = readDatatype(lines.slice(i, last + 1), itemSpan, end.number, span);
        if (datatype) {
          facts.datatypes.push(datatype);
          facts.bindings.push({ name: datatype.name, kind: 'type', span: datatype.nameSpan, item: itemSpan, endLine: end.number });
        } else {
          facts.outside.push({ reason: 'unsupported-header', span: itemSpan, endLine: end.number });
          const name = NAME.exec(line.text.slice(4).trimStart());
          if (name) {
            const at = line.text.indexOf(name[0], 4);
            facts.bindings.push({ name: name[0], kind: 'unsupported-type', span: span(line, at, at + name[0].length), item: itemSpan, endLine: end.number });
          }
        }
      } else if (keyword(line.text, 'def') || keyword(line.text, 'law')) {
        const kind = line.text.startsWith('def') ? 'def' : 'law';
        const name = NAME.exec(line.text.slice(3).trimStart());
        if (name) {
          const at = line.text.indexOf(name[0], 3);
          facts.bindings.push({ name: name[0], kind, span: span(line, at, at + name[0].length), item: itemSpan, endLine: end.number });
        } else facts.outside.push({ reason: 'unrecognized-top-level', span: itemSpan, endLine: end.number });
      } else {
        facts.outside.push({ reason: 'unrecognized-top-level', span: itemSpan, endLine: end.number });
      }
    }
    if (facts.bindings.length > MAX_BEND_DECLARATIONS) return { imports: [], datatypes: [], bindings: [], outside: [], rejected: { reason: 'too-many-declarations', line: line.number } };
    i = j;
  }

  const counts = new Map<string, number>();
  for (const b of facts.bindings) counts.set(b.name, (counts.get(b.name) ?? 0) + 1);
  for (const d of facts.datatypes) d.duplicate = (counts.get(d.name) ?? 0) > 1;
  return facts;
}

function splitLines(source: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  let number = 1;
  while (start <= source.length) {
    const nl = source.indexOf('\n', start);
    const stop = nl < 0 ? source.length : nl;
    const text = source.slice(start, stop > start && source[stop - 1] === '\r' ? stop - 1 : stop);
    lines.push({ text, start, number: number++ });
    if (nl < 0) break;
    start = nl + 1;
  }
  return lines;
}

function readImport(line: Line, at: Span): BendImport {
  const text = code(line.text);
  const ast = text.length <= MAX_BEND_LINE ? match<Ast>(text, 'Import') : null;
  if (ast?.rule === 'import-base') return { kind: 'base', span: at };
  if (ast?.rule === 'import-relative') return { kind: 'relative', path: ast.path.text, alias: ast.alias.text, span: at };
  const target = text.slice('import'.length).trim();
  const form = target.startsWith('/') ? 'absolute' : target.startsWith('./') || target.startsWith('../') || target === '' ? 'malformed' : /\//.test(target) ? 'hub' : /^[A-Za-z_][A-Za-z0-9_]*$/.test(target) ? 'bare' : 'malformed';
  return { kind: 'unsupported', form, span: at };
}

/** A datatype from its lines (header first, trailing comments already cut), or null for an unsupported header. */
function readDatatype(lines: Line[], itemSpan: Span, endLine: number, span: (l: Line, from: number, to: number) => Span): BendDatatype | null {
  const [head, ...body] = lines;
  const headText = code(head.text);
  if (headText.length > MAX_BEND_LINE || /["']/.test(headText) || nesting(headText) > MAX_TYPE_NESTING) return null;
  const header = match<Extract<Ast, { rule: 'header' }>>(headText, 'Header');
  if (!header) return null;

  const params: BendParam[] = header.params.map((p) => ({
    name: p.name.text,
    role: p.role === 'bare' ? 'quantity' : p.role,
    kind: p.role === 'quantity' || p.role === 'bare' ? 'Quant' : (p.kind?.word ?? 'Data'),
    quantity: p.kind?.quantity?.text ?? null,
  }));
  const quantities = new Set(params.filter((p) => p.role === 'quantity').map((p) => p.name));
  const names = params.map((p) => p.name);
  // Kind(q) needs q to be a bound quantity; computed kinds and repeated binders are outside the profile.
  if (new Set(names).size !== names.length) return null;
  if (params.some((p) => p.quantity !== null && !quantities.has(p.quantity))) return null;
  if (header.kind.quantity && !quantities.has(header.kind.quantity.text)) return null;

  const typeParams = new Set(params.filter((p) => p.role !== 'quantity').map((p) => p.name));
  const datatype: BendDatatype = {
    kind: 'datatype',
    name: header.name.text,
    resultKind: header.kind.word,
    resultQuantity: header.kind.quantity?.text ?? null,
    params,
    span: itemSpan,
    endLine,
    nameSpan: span(head, header.name.start, header.name.end),
    constructors: [],
    references: [],
    omissions: [],
    duplicate: false,
  };
  const omit = (reason: OmissionReason, at: Span) => datatype.omissions.push({ reason, span: at });

  let open: '"' | "'" | null = null;
  let unclosed = false;
  for (const line of body) {
    const startsInLiteral = open !== null;
    open = literalState(line.text, open);
    const trimmed = line.text.trim();
    const whole = span(line, 0, line.text.length);
    if (!startsInLiteral && (trimmed === '' || trimmed.startsWith('#'))) continue;
    if (startsInLiteral || /["']/.test(code(line.text))) {
      omit('literal', whole);
      continue;
    }
    if (unclosed) {
      // Continuation lines of a constructor that did not close on its own line.
      omit('multiline-constructor', whole);
      if (line.text.includes('}')) unclosed = false;
      continue;
    }
    const text = code(line.text);
    if (!/^ {2}[^ \t]/.test(text)) {
      omit('indentation', whole);
      continue;
    }
    if (text.length > MAX_BEND_LINE) {
      omit('line-too-long', whole);
      continue;
    }
    const ctor = match<Extract<Ast, { rule: 'constructor' }>>(text.slice(2), 'Constructor');
    if (!ctor) {
      if (text.includes('{') && !text.includes('}')) unclosed = true;
      omit(unclosed ? 'multiline-constructor' : 'unsupported-constructor', whole);
      continue;
    }
    const at = (p: Piece, base = 2) => span(line, base + p.start, base + p.end);
    const constructor: BendConstructor = { name: ctor.name.text, span: span(line, 2, text.length), fields: [] };
    datatype.constructors.push(constructor);
    const fieldBase = 2 + ctor.fields.start;
    const seen: string[] = [];
    for (const piece of splitFields(ctor.fields.text)) {
      const pieceSpan = span(line, fieldBase + piece.start, fieldBase + piece.end);
      if (piece.text.trim() === '') {
        if (ctor.fields.text.trim() !== '') omit('unsupported-field-type', pieceSpan);
        continue;
      }
      const parsed = nesting(piece.text) > MAX_TYPE_NESTING ? null : match<Extract<Ast, { rule: 'field' }>>(piece.text, 'Field');
      if (!parsed) {
        const name = NAME.exec(piece.text.trimStart())?.[0] ?? '';
        if (name) constructor.fields.push({ name, span: pieceSpan, type: null });
        omit(nesting(piece.text) > MAX_TYPE_NESTING ? 'nesting-limit' : 'unsupported-field-type', pieceSpan);
        seen.push(name);
        continue;
      }
      const base = fieldBase + piece.start;
      const field: BendField = { name: parsed.name.text, span: pieceSpan, type: null };
      const refs: BendTypeReference[] = [];
      let ok = true;
      const toType = (t: TypeAst, argument: boolean): FieldType | null => {
        const refSpan = at(t.ref, base);
        if (t.qualifier && (typeParams.has(t.qualifier.text) || quantities.has(t.qualifier.text))) {
          omit('parameter-shadowing', refSpan);
          return null;
        }
        if (!t.qualifier && seen.includes(t.name.text)) {
          omit('field-shadowing', refSpan);
          return null;
        }
        if (!t.qualifier && quantities.has(t.name.text) && !(argument && t.args.length === 0)) {
          omit('quantity-as-type', refSpan);
          return null;
        }
        const parameter = !t.qualifier && typeParams.has(t.name.text);
        const args: TypeArgument[] = [];
        for (const a of t.args) {
          if ('quantity' in a) args.push({ kind: 'quantity-literal', value: a.quantity.text as '&0', span: at(a.quantity, base) });
          else if (!a.type.qualifier && a.type.args.length === 0 && quantities.has(a.type.name.text)) args.push({ kind: 'quantity-parameter', name: a.type.name.text, span: at(a.type.ref, base) });
          else {
            const inner = toType(a.type, true);
            if (!inner) return null;
            args.push({ kind: 'type', type: inner });
          }
        }
        if (!parameter) refs.push({ name: t.name.text, qualifier: t.qualifier?.text ?? null, span: refSpan, constructor: constructor.name, field: field.name });
        return { name: t.name.text, qualifier: t.qualifier?.text ?? null, span: refSpan, args, parameter };
      };
      const type = toType(parsed.type, false);
      if (!type) ok = false;
      field.type = type;
      constructor.fields.push(field);
      if (ok) datatype.references.push(...refs.sort((a, b) => a.span.start - b.span.start));
      seen.push(field.name);
    }
  }
  return datatype;
}

/** Cuts a constructor's field text at commas outside `<...>`, keeping offsets. */
function splitFields(text: string): Piece[] {
  const pieces: Piece[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === '<') depth++;
    else if (c === '>' && depth > 0) depth--;
    if (i === text.length || (c === ',' && depth === 0)) {
      const raw = text.slice(from, i);
      const lead = raw.length - raw.trimStart().length;
      pieces.push({ text: raw.trim(), start: from + lead, end: from + lead + raw.trim().length });
      from = i + 1;
    }
  }
  return pieces;
}

/** The deepest `<` nesting of a text, counted before the grammar sees it. */
function nesting(text: string): number {
  let depth = 0;
  let max = 0;
  for (const c of text) {
    if (c === '<') max = Math.max(max, ++depth);
    else if (c === '>') depth--;
  }
  return max;
}
