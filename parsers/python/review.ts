// The Python review adapter: pure functions from source text to review facts, from the
// captures of grammars/python/review.scm. Roots are top-level model classes (class-level
// annotations, `@dataclass`, TypedDict, pydantic BaseModel, a same-file model base),
// `X: TypeAlias = ...`, `type X = ...` and `X = NewType("X", T)`. Methods are inert
// members of their class: an edit inside one alone selects no root. Nothing is imported,
// run or evaluated. Binding policy lives in parsers/python/binding.ts.
import type { Node } from '../tree-sitter.js';
import { matchesWithin, withReviewParse, type ReviewMatch } from '../review/captures.js';
import { pythonAdapter } from './extract.js';
import { MAX_DECLARATIONS, type OutboundReference, type ReviewDeclaration, type ReviewFacts, type ReviewFile, type TopLevelMaterial } from '../review/facts.js';

export interface PythonImport {
  /** The name bound in this module. */
  local: string;
  /** Module as written: leading dots for relative imports (`..pkg.mod`). */
  module: string;
  /** The imported member; null for `import a.b [as c]` (a module binding). */
  name: string | null;
  /** Inside `if TYPE_CHECKING:` (static-only, still authoritative). */
  typeChecking: boolean;
}

export interface PythonFacts extends ReviewFacts {
  imports: PythonImport[];
  /** Names bound by imports whose authority is conditional (try blocks, other `if`s). */
  conditional: string[];
  /** A `from m import *`: names may come from anywhere. */
  wildcard: boolean;
}

/** Markers by the module that defines them; imported names (or aliases) only, never guessed. */
const MARKERS: Record<string, string[]> = {
  dataclass: ['dataclasses'],
  TypedDict: ['typing', 'typing_extensions'],
  BaseModel: ['pydantic'],
  TypeAlias: ['typing', 'typing_extensions'],
  NewType: ['typing', 'typing_extensions'],
  TYPE_CHECKING: ['typing', 'typing_extensions'],
};

export async function openPythonFile(source: string): Promise<ReviewFile<PythonFacts>> {
  return withReviewParse(pythonAdapter, 'python', source, ({ root, matches }) => {
    const { facts, references } = factsOf(root, matches);
    return { facts, references: (d) => references.get(d.index) ?? [], dispose: () => undefined };
  });
}

/** A review match and the parts of every other match of the same tag on the same node (one node, several patterns). */
function merged(matches: readonly ReviewMatch[]): ReviewMatch[] {
  const byNode = new Map<string, ReviewMatch>();
  const out: ReviewMatch[] = [];
  for (const m of matches) {
    const key = `${m.tag}:${m.node.id}`;
    const seen = byNode.get(key);
    if (seen) Object.assign(seen.parts, { ...m.parts, ...seen.parts });
    else {
      const copy = { tag: m.tag, node: m.node, parts: { ...m.parts } };
      byNode.set(key, copy);
      out.push(copy);
    }
  }
  return out;
}

function factsOf(root: Node, matches: readonly ReviewMatch[]): { facts: PythonFacts; references: Map<number, OutboundReference[]> } {
  const imports: PythonImport[] = [];
  const conditional: string[] = [];
  let wildcard = false;
  const raw: Array<{ kind: string; name: string; node: Node; parts: ReviewMatch['parts'] }> = [];
  const statements: ReviewMatch[] = [];
  const bindings: ReviewMatch[] = [];
  const within: ReviewMatch[] = [];
  const names: Node[] = [];
  const skipped = new Set<number>();
  for (const m of matches) {
    if (m.tag.startsWith('declaration.')) {
      if (raw.some((r) => r.node.id === m.node.id)) continue;
      raw.push({ kind: m.tag.slice('declaration.'.length), name: (m.parts.name?.text ?? '').replace(/\[.*$/s, ''), node: m.node, parts: m.parts });
    } else if (m.tag === 'import' || m.tag === 'uncertain') statements.push(m);
    else if (m.tag === 'binding') bindings.push(m);
    else if (m.tag === 'reference.type' || m.tag === 'reference.qualified' || m.tag === 'unsupported') names.push(m.node);
    else {
      if (m.tag === 'skip') skipped.add(m.node.id);
      within.push(m);
    }
  }

  // Imports in document order: a TYPE_CHECKING guard is proved by the imports before it.
  const importStatements = merged(statements);
  const boundBy = matchesWithin(importStatements.map((m) => m.node), bindings);
  for (const m of importStatements) {
    const found = (boundBy.get(m.node) ?? []).flatMap((b) => importOf(b));
    if (boundBy.get(m.node)?.some((b) => b.node.type === 'wildcard_import')) wildcard = true;
    const { guard, body } = m.parts;
    const inIf = body !== undefined;
    if (m.tag === 'uncertain' || (inIf && !(guard && body && isTypeChecking(guard, body, imports)))) conditional.push(...found.map((i) => i.local));
    else imports.push(...found.map((i) => ({ ...i, typeChecking: inIf })));
  }

  const marker = (local: string, wanted: string) => {
    const bound = imports.filter((i) => i.local === local);
    return bound.length === 1 && bound[0].name === wanted && MARKERS[wanted].includes(bound[0].module) && !raw.some((r) => r.name === local);
  };
  const moduleAlias = (local: string, modules: string[]) => imports.some((i) => i.local === local && i.name === null && modules.includes(i.module));
  const isMarker = (node: Node | null | undefined, wanted: string): boolean => {
    if (!node) return false;
    if (node.type === 'identifier') return marker(node.text, wanted);
    if (node.type === 'attribute') return node.childForFieldName('attribute')?.text === wanted && moduleAlias(node.childForFieldName('object')?.text ?? '', MARKERS[wanted]);
    return false;
  };

  // What each top-level declaration is made of, from the captures inside it.
  const inside = matchesWithin(raw.map((r) => r.node), merged(within));
  const partsOf = (r: (typeof raw)[number], tag: string) => (inside.get(r.node) ?? []).filter((m) => m.tag === tag);

  // Classify: model classes and explicit aliases are roots; the rest only occupy their span.
  const classes = new Map<string, { node: Node; model: boolean }>();
  const declarations: ReviewDeclaration[] = [];
  const regions = new Map<number, Node[]>();
  const unknowns = new Map<number, Array<{ node: Node; reason: string }>>();
  const typeNames = new Map<string, number>();
  for (const r of raw) typeNames.set(r.name, (typeNames.get(r.name) ?? 0) + 1);
  // Two passes so a class inheriting a later same-file model is a model too.
  for (let pass = 0; pass < 2; pass++) {
    for (const r of raw) {
      if (r.kind !== 'class') continue;
      const bases = partsOf(r, 'base').map((m) => m.node).filter((b) => b.type !== 'keyword_argument' && b.type !== 'comment');
      const annotated = partsOf(r, 'field').some((m) => m.parts.type !== undefined);
      const dataclass = partsOf(r, 'decorator').some((m) => isMarker(m.parts.callee, 'dataclass'));
      const framework = bases.some((b) => isMarker(b, 'TypedDict') || isMarker(b, 'BaseModel'));
      const inherited = bases.some((b) => b.type === 'identifier' && classes.get(b.text)?.model);
      classes.set(r.name, { node: r.node, model: annotated || dataclass || framework || inherited });
    }
  }

  raw.slice(0, MAX_DECLARATIONS + 1).forEach((r, index) => {
    let rootKind: 'type' | null = null;
    let kind = r.kind;
    let ineligible: string | null = 'not-a-root';
    const region: Node[] = [];
    const unknown: Array<{ node: Node; reason: string }> = [];
    const inert: Array<{ start: number; end: number }> = [];
    if (r.kind === 'class' && classes.get(r.name)?.model) {
      rootKind = 'type';
      ineligible = null;
      for (const d of partsOf(r, 'decorator')) {
        if (!isMarker(d.parts.callee, 'dataclass')) unknown.push({ node: d.node, reason: 'unknown-decorator' });
        else if (d.parts.value && !literalArguments(d.parts.value)) unknown.push({ node: d.node, reason: 'computed-metadata' });
      }
      for (const { node: b } of partsOf(r, 'base')) {
        if (b.type === 'comment') continue;
        if (b.type === 'keyword_argument') {
          if (!isLiteral(b.childForFieldName('value'))) unknown.push({ node: b, reason: 'computed-metadata' });
        } else if (b.type === 'identifier' || b.type === 'attribute') region.push(b);
        else unknown.push({ node: b, reason: 'unknown-base' });
      }
      const inertIds = new Set(partsOf(r, 'inert').map((m) => m.node.id));
      const fields = new Map(partsOf(r, 'field').map((m) => [m.node.id, m.parts]));
      for (const { node: statement } of partsOf(r, 'statement')) {
        if (inertIds.has(statement.id)) {
          inert.push({ start: statement.startIndex, end: statement.endIndex });
          continue;
        }
        const field = fields.get(statement.id);
        if (field) {
          const { name: left, type, value } = field;
          if (left?.type !== 'identifier') unknown.push({ node: statement, reason: 'unsupported-class-statement' });
          if (type) region.push(type);
          if (value && !isLiteral(value) && !isFieldCall(value)) unknown.push({ node: value, reason: type ? 'executable-default' : 'unsupported-class-statement' });
          continue;
        }
        if (!skipped.has(statement.id)) unknown.push({ node: statement, reason: 'unsupported-class-statement' });
      }
    } else if (r.kind === 'type') {
      kind = 'type-alias';
      rootKind = 'type';
      ineligible = null;
      if (r.parts.type) region.push(r.parts.type);
      for (const params of partsOf(r, 'binder')) unknown.push({ node: params.node, reason: 'type-parameters' });
    } else if (r.kind === 'variable') {
      const { type, value } = r.parts;
      if (type && isMarker(type, 'TypeAlias') && value) {
        kind = 'type-alias';
        rootKind = 'type';
        ineligible = null;
        region.push(value);
      } else if (!type && value?.type === 'call' && isMarker(value.childForFieldName('function'), 'NewType')) {
        const args = value.childForFieldName('arguments')?.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment') ?? [];
        kind = 'type-alias';
        rootKind = 'type';
        if (args.length === 2 && args[0].type === 'string' && stringText(args[0]) === r.name) {
          ineligible = null;
          region.push(args[1]);
        } else ineligible = 'unsupported-newtype';
      }
    }
    if (rootKind && (typeNames.get(r.name) ?? 0) > 1) ineligible = 'duplicate-name';
    const node = r.node;
    declarations.push({
      index,
      name: r.name,
      kind,
      rootKind,
      ineligible,
      exported: !r.name.startsWith('_'),
      start: node.startIndex,
      end: node.endIndex,
      startLine: node.startPosition.row + 1,
      endLine: node.endPosition.row + 1,
      ...(inert.length > 0 ? { inert } : {}),
    });
    regions.set(index, region);
    unknowns.set(index, unknown);
  });

  const material: TopLevelMaterial[] = [];
  for (const node of root.namedChildren) {
    if (!node || raw.some((r) => r.node.id === node.id)) continue;
    material.push({ start: node.startIndex, end: node.endIndex, comment: node.type === 'comment' });
  }

  const references = new Map<number, OutboundReference[]>();
  for (const d of declarations) {
    const region = regions.get(d.index) ?? [];
    const inRegion = (n: Node) => region.some((r) => r.startIndex <= n.startIndex && n.endIndex <= r.endIndex);
    const list: OutboundReference[] = (unknowns.get(d.index) ?? []).map((u) => ({ kind: 'type', name: u.node.type, offset: u.node.startIndex, unsupported: u.reason }));
    for (const n of names) {
      if (!inRegion(n) || skipped.has(n.id) || insideLiteral(n, region)) continue;
      if (n.type === 'string') {
        const text = stringText(n);
        if (text !== null && /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(text)) {
          const path = text.split('.');
          list.push(path.length === 1 ? { kind: 'type', name: text, offset: n.startIndex } : { kind: 'type', name: path[0], path, offset: n.startIndex });
        } else list.push({ kind: 'type', name: 'string', offset: n.startIndex, unsupported: 'forward-annotation' });
        continue;
      }
      if (n.type === 'attribute') {
        const path = n.text.split('.').map((s) => s.trim());
        if (path.every((s) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(s))) list.push({ kind: 'type', name: path[0], path, offset: n.startIndex });
        else list.push({ kind: 'type', name: n.text, offset: n.startIndex, unsupported: 'unsupported-syntax' });
        continue;
      }
      list.push({ kind: 'type', name: n.text, offset: n.startIndex });
    }
    list.sort((x, y) => x.offset - y.offset);
    const seen = new Set<string>();
    references.set(
      d.index,
      list.filter((r) => {
        const key = r.unsupported ? `!${r.unsupported}:${r.offset}` : (r.path ?? [r.name]).join('.');
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    );
  }
  return { facts: { declarations, material, syntaxErrors: root.hasError, imports, conditional, wildcard }, references };
}

/** What one `@binding` of an import binds: `import a.b` binds `a`, `import a.b as c` binds `c`, `from m import x as y` binds `y`. */
function importOf(binding: ReviewMatch): Array<Omit<PythonImport, 'typeChecking'>> {
  const { name, alias, source } = binding.parts;
  if (binding.node.type === 'wildcard_import') return [];
  const imported = (name ?? binding.node).text;
  if (!source) return [{ local: alias?.text ?? imported.split('.')[0], module: alias ? imported : imported.split('.')[0], name: null }];
  return [{ local: alias?.text ?? imported, module: source.text.replace(/\s+/g, ''), name: imported }];
}

/** `if TYPE_CHECKING:` / `if typing.TYPE_CHECKING:` (no else: the query's `@guard`) with only imports and pass. */
function isTypeChecking(condition: Node, body: Node, imports: Array<Omit<PythonImport, 'typeChecking'>>): boolean {
  if (!body.namedChildren.every((s) => s && ['import_statement', 'import_from_statement', 'pass_statement', 'comment'].includes(s.type))) return false;
  if (condition.type === 'identifier') return imports.some((i) => i.local === condition.text && i.name === 'TYPE_CHECKING' && MARKERS.TYPE_CHECKING.includes(i.module));
  if (condition.type === 'attribute') {
    const object = condition.childForFieldName('object')?.text ?? '';
    return condition.childForFieldName('attribute')?.text === 'TYPE_CHECKING' && imports.some((i) => i.local === object && i.name === null && MARKERS.TYPE_CHECKING.includes(i.module));
  }
  return false;
}

const LITERALS = new Set(['string', 'integer', 'float', 'true', 'false', 'none', 'concatenated_string']);

function isLiteral(node: Node | null): boolean {
  if (!node) return false;
  if (LITERALS.has(node.type)) return true;
  if (node.type === 'unary_operator') return isLiteral(node.namedChildren[node.namedChildren.length - 1] ?? null);
  if (['list', 'tuple', 'set'].includes(node.type)) return node.namedChildren.every((c) => c === null || c.type === 'comment' || isLiteral(c));
  if (node.type === 'dictionary') return node.namedChildren.every((c) => c === null || c.type === 'comment' || (c.type === 'pair' && isLiteral(c.childForFieldName('key')) && isLiteral(c.childForFieldName('value'))));
  return false;
}

function literalArguments(call: Node): boolean {
  return (call.childForFieldName('arguments')?.namedChildren ?? []).every((a) => a === null || a.type === 'comment' || (a.type === 'keyword_argument' && isLiteral(a.childForFieldName('value'))));
}

/** `field(...)`/`Field(...)` with literal keyword arguments (a `default_factory` names a type). */
function isFieldCall(node: Node): boolean {
  if (node.type !== 'call') return false;
  const fn = node.childForFieldName('function');
  if (fn?.type !== 'identifier' || !['field', 'Field'].includes(fn.text)) return false;
  return (node.childForFieldName('arguments')?.namedChildren ?? []).every((a) => {
    if (a === null || a.type === 'comment') return true;
    if (a.type !== 'keyword_argument') return isLiteral(a);
    const value = a.childForFieldName('value');
    return isLiteral(value) || (a.childForFieldName('name')?.text === 'default_factory' && value?.type === 'identifier');
  });
}

/** Inside `Literal[...]` or the metadata of `Annotated[T, ...]`: values, not types. */
function insideLiteral(node: Node, region: Node[]): boolean {
  let child = node;
  for (let n = node.parent; n && !region.some((r) => r.id === child.id); child = n, n = n.parent) {
    let head: Node | null = null;
    let first: Node | null = null;
    if (n.type === 'subscript') {
      head = n.childForFieldName('value');
      first = n.namedChildren.find((c) => c !== null && c.id !== head?.id) ?? null;
    } else if (n.type === 'type_parameter' && n.parent?.type === 'generic_type') {
      head = n.parent.namedChildren[0];
      first = n.namedChildren[0];
    }
    if (!head || head.id === child.id) continue;
    if (/(^|\.)Literal$/.test(head.text)) return true;
    if (/(^|\.)Annotated$/.test(head.text) && first?.id !== child.id) return true;
  }
  return false;
}

function stringText(node: Node): string | null {
  const parts = node.namedChildren.filter((c) => c?.type === 'string_content');
  if (node.namedChildren.some((c) => c?.type === 'interpolation')) return null;
  return parts.map((p) => p!.text).join('');
}
