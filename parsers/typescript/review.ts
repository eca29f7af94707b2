// The TypeScript review adapter: pure functions from source text to review facts
// (top-level declarations and their eligibility as roots, import bindings,
// re-exports, outbound references). No policy and no file system here.
import { parserFor, type Node } from '../tree-sitter.js';
import { matchesWithin, reviewQuery, withReviewParse, type ReviewMatch } from '../review/captures.js';
import { MAX_DECLARATIONS, type ReviewFile } from '../review/facts.js';
import { tsxAdapter, typescriptAdapter } from './extract.js';
import type {
  DeclarationKind,
  ImportBinding,
  IneligibleReason,
  OutboundReference,
  ReExport,
  ReviewDeclaration,
  ReviewFileFacts,
  TopLevelMaterial,
} from './review-facts.js';

export type * from './review-facts.js';

export type ReviewGrammar = 'typescript' | 'tsx';

/** The index adapter of a review grammar: its repair is the parse's, shared with the index. */
export const reviewAdapter = (grammar: ReviewGrammar) => (grammar === 'tsx' ? tsxAdapter : typescriptAdapter);

/** Starts loading the grammar and review query without waiting; a failure surfaces at the first real parse. */
export function preloadGrammar(grammar: ReviewGrammar): void {
  Promise.all([parserFor(grammar), reviewQuery(grammar, 'typescript')]).catch(() => undefined);
}

export { MAX_DECLARATIONS };
export type { ReviewFile };

interface RawDeclaration {
  name: string;
  kind: DeclarationKind;
  exported: boolean;
  node: Node;
  /** Value initialiser of a const callable, for reference extraction. */
  callable: 'function' | 'arrow' | 'effect' | 'unsupported' | null;
  signatureOnly: boolean;
}

/**
 * Parses a file once and runs its review query once: the facts, and the outbound
 * references of every top-level declaration, are read before the tree is let go.
 */
export async function openReviewFile(source: string, grammar: ReviewGrammar): Promise<ReviewFile<ReviewFileFacts>> {
  return withReviewParse(reviewAdapter(grammar), 'typescript', source, ({ root, matches }) => {
    const facts = factsOf(root, matches);
    // Names a `typeof` may query without leaving the file's evidence: its declarations and imports.
    const names = new Set([...facts.declarations.map((d) => d.name), ...facts.imports.map((b) => b.local)]);
    const bound = (name: string) => names.has(name);
    const inside = matchesWithin(root.namedChildren.filter((c): c is Node => c !== null), matches);
    const references = new Map<string, OutboundReference[]>();
    for (const [node, found] of inside) references.set(`${node.startIndex}:${node.endIndex}`, referencesIn(node, found, bound));
    return {
      facts,
      references: (declaration) => references.get(`${declaration.start}:${declaration.end}`) ?? [],
      dispose: () => undefined,
    };
  });
}

/** Parses a file and reports its review facts. */
export async function analyzeTypeScript(source: string, grammar: ReviewGrammar): Promise<ReviewFileFacts> {
  const file = await openReviewFile(source, grammar);
  file.dispose();
  return file.facts;
}

/** Outbound references of one top-level node from the query's matches inside it, in source order, deduplicated by name. */
function referencesIn(node: Node, matches: readonly ReviewMatch[], bound: (name: string) => boolean): OutboundReference[] {
  const found: OutboundReference[] = [];
  const binders = new Set(matches.filter((m) => m.tag === 'binder').map((m) => m.node.text));
  const skipped = new Set(matches.filter((m) => m.tag === 'skip').map((m) => m.node.id));
  const locals = new Set<string>();
  for (const m of matches) if (m.tag === 'local' && !ownName(m.node, node)) collectPattern(m.node, locals);
  const selfName = declaredName(node);
  const wrappers = wrapperCallIds(node);
  for (const { tag, node: n, parts } of matches) {
    if (tag === 'reference.type') {
      if (skipped.has(n.id) || binders.has(n.text)) continue;
      found.push({ kind: 'type', name: n.text, offset: n.startIndex });
    } else if (tag === 'unsupported' && n.type === 'type_query') {
      // `typeof x`: a bound x keeps its old meaning (no edge); an unbound one is a reference the binder cannot resolve.
      const queried = queriedName(n);
      if (queried && !bound(queried) && !locals.has(queried) && !binders.has(queried)) found.push({ kind: 'type', name: queried, offset: n.startIndex });
    } else if (tag === 'reference.qualified') {
      found.push({ kind: 'type', name: parts.qualifier.text, member: parts.member.text, offset: parts.qualifier.startIndex });
    } else if (tag === 'reference.call') {
      const { callee, qualifier, member } = parts;
      if (wrappers.has(n.id)) continue;
      if (qualifier && member) {
        if (!locals.has(qualifier.text)) found.push({ kind: 'call', name: qualifier.text, member: member.text, offset: qualifier.startIndex });
      } else if (!locals.has(callee.text) && callee.text !== selfName) found.push({ kind: 'call', name: callee.text, offset: callee.startIndex });
    }
  }
  found.sort((x, y) => x.offset - y.offset);
  const seen = new Set<string>();
  return found.filter((r) => {
    const key = `${r.kind}:${r.name}.${r.member ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The leftmost name a `typeof` queries (`x` of `typeof x.y`), or null for `typeof import(...)` and the like. */
function queriedName(node: Node): string | null {
  let target = node.namedChildren.find((c) => c !== null && c.type !== 'type_arguments') ?? null;
  while (target && target.type === 'member_expression') target = target.childForFieldName('object');
  return target?.type === 'identifier' ? target.text : null;
}

/**
 * Is a `@local` name the declaration's own (`f` of `function f`, `x` of `export const x`)?
 * Naming policy: the names of the top-level declarators and functions are not local;
 * every parameter is.
 */
function ownName(name: Node, declaration: Node): boolean {
  const binder = name.parent;
  if (!binder || (binder.type !== 'variable_declarator' && binder.type !== 'function_declaration')) return false;
  for (let n = binder; n.id !== declaration.id; n = n.parent!) {
    const parent = n.parent;
    if (!parent) return false;
    if (n.type !== 'lexical_declaration' && n.type !== 'variable_declarator' && parent.type !== 'export_statement') return false;
  }
  return true;
}

/** The `Effect.fn(...)` wrapper calls of a const callable: part of the artifact, not references. */
function wrapperCallIds(node: Node): Set<number> {
  const ids = new Set<number>();
  const inner = node.type === 'export_statement' ? node.childForFieldName('declaration') : node;
  const declarators = inner?.namedChildren.filter((c): c is Node => c?.type === 'variable_declarator') ?? [];
  if (declarators.length !== 1) return ids;
  let value = declarators[0].childForFieldName('value');
  if (value?.type !== 'call_expression') return ids;
  ids.add(value.id);
  value = value.childForFieldName('function');
  if (value?.type === 'call_expression') ids.add(value.id);
  return ids;
}

function declaredName(node: Node): string | undefined {
  const inner = node.type === 'export_statement' ? node.childForFieldName('declaration') : node;
  if (!inner) return undefined;
  const name = inner.childForFieldName('name');
  if (name) return name.text;
  if (inner.type === 'lexical_declaration') return inner.namedChildren.find((c) => c?.type === 'variable_declarator')?.childForFieldName('name')?.text;
  return undefined;
}

function collectPattern(pattern: Node, into: Set<string>): void {
  const stack = [pattern];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'identifier' || node.type === 'shorthand_property_identifier_pattern') into.add(node.text);
    else for (const child of node.namedChildren) if (child && child.type !== 'type_annotation') stack.push(child);
  }
}

function factsOf(root: Node, matches: readonly ReviewMatch[]): ReviewFileFacts {
  const imports: ImportBinding[] = [];
  const reExports: ReExport[] = [];
  const localExports: Record<string, string> = {};
  const material: TopLevelMaterial[] = [];
  const raw: RawDeclaration[] = [];
  // The declaration each item (or the export around it) is, by the item: only top-level items are looked up.
  const declared = new Map<number, ReviewMatch>();
  const names: ReviewMatch[] = [];
  for (const m of matches) {
    if (m.tag === 'binding' || m.tag === 'export' || m.tag === 'declarator') names.push(m);
    if (!m.tag.startsWith('declaration.')) continue;
    const parent = m.node.parent;
    declared.set((parent?.type === 'export_statement' ? parent : m.node).id, m);
  }
  // The names each top-level import binds, each export clause exports and each variable declaration declares.
  const top = root.namedChildren.filter((c): c is Node => c !== null);
  const namesIn = matchesWithin(top, names);

  for (const node of top) {
    switch (node.type) {
      case 'import_statement':
        imports.push(...importsOf(namesIn.get(node) ?? []));
        material.push({ start: node.startIndex, end: node.endIndex, comment: false });
        break;
      case 'comment':
        material.push({ start: node.startIndex, end: node.endIndex, comment: true });
        break;
      case 'export_statement': {
        const declaration = node.childForFieldName('declaration');
        const source = stringOf(node.childForFieldName('source'));
        const isDefault = node.children.some((c) => c?.type === 'default');
        if (declaration && !isDefault) {
          const found = declared.get(node.id);
          if (found) raw.push(...declarationsOf(found, node, true, namesIn.get(node) ?? []));
        } else {
          const specs = exportSpecifiers(namesIn.get(node) ?? []);
          if (source !== null) reExports.push(...reExportsOf(specs, source));
          else for (const spec of specs) if (spec.local !== null) localExports[spec.exported] = spec.local;
          material.push({ start: node.startIndex, end: node.endIndex, comment: false });
        }
        break;
      }
      default: {
        const match = declared.get(node.id);
        const found = match ? declarationsOf(match, node, false, namesIn.get(node) ?? []) : [];
        if (found.length > 0) raw.push(...found);
        else material.push({ start: node.startIndex, end: node.endIndex, comment: false });
      }
    }
  }

  for (const [exported, local] of Object.entries(localExports)) {
    for (const d of raw) if (d.name === local) d.exported = true;
    void exported;
  }
  const effect = effectBindings(imports, raw);
  const declarations = classify(raw, effect).slice(0, MAX_DECLARATIONS + 1);
  return { declarations, material, imports, reExports, localExports, syntaxErrors: root.hasError };
}

function stringOf(node: Node | null | undefined): string | null {
  if (!node) return null;
  const fragment = node.namedChildren.find((c) => c?.type === 'string_fragment');
  return fragment ? fragment.text : '';
}

/** The bindings of one import statement from its `@binding` captures, in source order. */
function importsOf(bindings: readonly ReviewMatch[]): ImportBinding[] {
  const out: ImportBinding[] = [];
  for (const { tag, node, parts } of bindings) {
    const specifier = stringOf(parts.source);
    if (tag !== 'binding' || specifier === null) continue;
    const typeOnly = parts.modifier !== undefined;
    if (parts.name) out.push({ local: (parts.alias ?? parts.name).text, imported: parts.name.text, specifier, typeOnly });
    else if (parts.alias) out.push({ local: parts.alias.text, imported: '*', specifier, typeOnly });
    else out.push({ local: node.text, imported: 'default', specifier, typeOnly });
  }
  return out;
}

/** The names of one export statement from its `@export` captures: `local` null for `* as X`. */
function exportSpecifiers(exports: readonly ReviewMatch[]): Array<{ exported: string; local: string | null }> {
  const out: Array<{ exported: string; local: string | null }> = [];
  for (const { tag, parts } of exports) {
    if (tag !== 'export') continue;
    if (parts.name) out.push({ local: parts.name.text, exported: (parts.alias ?? parts.name).text });
    else out.push({ local: null, exported: parts.alias?.text ?? '' });
  }
  return out;
}

function reExportsOf(specs: Array<{ exported: string; local: string | null }>, specifier: string): ReExport[] {
  const namespace = specs.find((s) => s.local === null);
  if (namespace) return [{ exported: namespace.exported, imported: '*', specifier }];
  if (specs.length === 0) return [{ exported: '*', imported: '*', specifier }];
  return specs.map((s) => ({ exported: s.exported, imported: s.local!, specifier }));
}

/** The declarations of a top-level item the query tagged `@declaration.<kind>`. */
function declarationsOf({ tag, node }: ReviewMatch, outer: Node, exported: boolean, inside: readonly ReviewMatch[]): RawDeclaration[] {
  const name = node.childForFieldName('name')?.text ?? '';
  const base = { exported, node: outer, callable: null, signatureOnly: false } as const;
  const kind = tag.slice('declaration.'.length);
  switch (kind) {
    case 'function':
      return [{ ...base, name, kind: 'function', callable: 'function', signatureOnly: node.type === 'function_signature' }];
    case 'ambient': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
      const innerName = inner?.childForFieldName('name')?.text ?? '';
      return innerName ? [{ ...base, name: innerName, kind: 'ambient' }] : [];
    }
    case 'variable': {
      const declarators = inside.filter((m) => m.tag === 'declarator');
      const isConst = declarators.some((d) => d.parts.modifier !== undefined);
      return declarators.map(({ parts }) => {
        const value = parts.value ?? null;
        const nameNode = parts.name;
        const simpleName = nameNode?.type === 'identifier' ? nameNode.text : '';
        const callableValue = value !== null && isCallableValue(value);
        let callable: RawDeclaration['callable'] = null;
        if (callableValue) {
          callable = isConst && declarators.length === 1 && simpleName ? (value!.type === 'arrow_function' ? 'arrow' : value!.type === 'call_expression' ? 'effect' : 'unsupported') : 'unsupported';
        }
        return { ...base, name: simpleName || (nameNode?.text ?? ''), kind: callable ? 'const-callable' : 'variable', callable };
      });
    }
    default:
      return [{ ...base, name, kind: kind as DeclarationKind }];
  }
}

function isCallableValue(value: Node): boolean {
  if (['arrow_function', 'function_expression', 'function', 'generator_function'].includes(value.type)) return true;
  return value.type === 'call_expression' && effectCallParts(value) !== null;
}

interface EffectCall {
  object: string;
  member: string;
  labelled: boolean;
  ok: boolean;
}

/** Recognises `X.fn(f)`, `X.fn("label")(f)`, `X.fnUntraced(f)` shapes (binding is checked later). */
function effectCallParts(call: Node): EffectCall | null {
  let fnNode = call.childForFieldName('function');
  const args = call.childForFieldName('arguments');
  let labelled = false;
  let ok = !call.childForFieldName('type_arguments');
  if (fnNode?.type === 'call_expression') {
    const labelArgs = fnNode.childForFieldName('arguments')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
    ok = ok && !fnNode.childForFieldName('type_arguments') && labelArgs.length === 1 && labelArgs[0]!.type === 'string';
    labelled = true;
    fnNode = fnNode.childForFieldName('function');
  }
  if (fnNode?.type !== 'member_expression') return null;
  const object = fnNode.childForFieldName('object');
  const property = fnNode.childForFieldName('property');
  if (object?.type !== 'identifier' || !property) return null;
  if (property.text !== 'fn' && property.text !== 'fnUntraced') return null;
  if (property.text === 'fnUntraced' && labelled) ok = false;
  const argList = args?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
  ok = ok && argList.length === 1 && ['arrow_function', 'function_expression', 'function', 'generator_function'].includes(argList[0]!.type);
  return { object: object.text, member: property.text, labelled, ok };
}

/** Local names that denote the `Effect` module: `{ Effect [as X] }` from 'effect' or `* as X` from 'effect/Effect'. */
function effectBindings(imports: ImportBinding[], raw: RawDeclaration[]): Set<string> {
  const names = new Set<string>();
  for (const b of imports) {
    if (b.typeOnly) continue;
    if (b.specifier === 'effect' && b.imported === 'Effect') names.add(b.local);
    if (b.specifier === 'effect/Effect' && b.imported === '*') names.add(b.local);
  }
  const counts = new Map<string, number>();
  for (const b of imports) counts.set(b.local, (counts.get(b.local) ?? 0) + 1);
  for (const d of raw) if (names.has(d.name)) names.delete(d.name); // shadowed by a top-level declaration
  for (const [name, n] of counts) if (n > 1) names.delete(name);
  return names;
}

const TYPE_SPACE: DeclarationKind[] = ['interface', 'type', 'class', 'enum', 'namespace', 'ambient'];
const VALUE_SPACE: DeclarationKind[] = ['function', 'const-callable', 'class', 'enum', 'namespace', 'variable', 'ambient'];

function classify(raw: RawDeclaration[], effect: Set<string>): ReviewDeclaration[] {
  const typeNames = new Map<string, number>();
  const valueNames = new Map<string, number>();
  const functionDefs = new Map<string, RawDeclaration[]>();
  for (const d of raw) {
    if (TYPE_SPACE.includes(d.kind)) typeNames.set(d.name, (typeNames.get(d.name) ?? 0) + 1);
    if (VALUE_SPACE.includes(d.kind)) valueNames.set(d.name, (valueNames.get(d.name) ?? 0) + 1);
    if (d.kind === 'function') functionDefs.set(d.name, [...(functionDefs.get(d.name) ?? []), d]);
  }
  return raw.map((d, index) => {
    let rootKind: ReviewDeclaration['rootKind'] = null;
    let ineligible: IneligibleReason | null = null;
    if (d.kind === 'interface' || d.kind === 'type') {
      rootKind = 'type';
      if ((typeNames.get(d.name) ?? 0) > 1) ineligible = 'declaration-merging';
    } else if (d.kind === 'function') {
      rootKind = 'function';
      const group = functionDefs.get(d.name) ?? [];
      if (group.some((g) => g.signatureOnly)) ineligible = 'function-overload';
      else if ((valueNames.get(d.name) ?? 0) > 1) ineligible = 'duplicate-name';
    } else if (d.kind === 'const-callable') {
      rootKind = 'function';
      if (d.callable === 'unsupported') ineligible = 'unsupported-callable';
      else if (d.callable === 'effect') {
        const value = d.node.descendantsOfType('variable_declarator')[0]?.childForFieldName('value');
        const parts = value ? effectCallParts(value) : null;
        if (!parts || !parts.ok || !effect.has(parts.object)) ineligible = 'unsupported-callable';
      }
      if (!ineligible && (valueNames.get(d.name) ?? 0) > 1) ineligible = 'duplicate-name';
    } else {
      ineligible = 'not-a-root';
    }
    if (!d.name) ineligible = ineligible ?? 'not-a-root';
    const node = d.node;
    return {
      index,
      name: d.name,
      kind: d.kind,
      rootKind,
      ineligible,
      exported: d.exported,
      start: node.startIndex,
      end: node.endIndex,
      startLine: node.startPosition.row + 1,
      endLine: node.endPosition.row + 1,
    };
  });
}
