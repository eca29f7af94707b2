// The Rust review adapter: pure functions from source text to review facts, from the
// captures of grammars/rust/review.scm. Top-level `struct`, `enum` and `type` items are
// type-shape roots; `use` declarations are flattened into bindings; `mod child;`
// declarations and scope-uncertain constructs are reported for the binding policy
// (parsers/rust/binding.ts). No policy and no file system here.
import type { Node } from '../tree-sitter.js';
import { withReviewParse, type ReviewMatch } from '../review/captures.js';
import { rustAdapter } from './extract.js';
import { MAX_DECLARATIONS, type OutboundReference, type ReviewDeclaration, type ReviewFacts, type ReviewFile, type TopLevelMaterial } from '../review/facts.js';

export interface UseBinding {
  /** The name the `use` binds in this module; '*' for a glob. */
  local: string;
  /** The path as written, segments in order (`crate`, `self`, `super` included). */
  path: string[];
  /** `pub use`: a re-export. */
  public: boolean;
}

export interface ModuleDeclaration {
  name: string;
  /** `mod child { ... }` rather than `mod child;`. */
  inline: boolean;
}

export interface RustFacts extends ReviewFacts {
  uses: UseBinding[];
  modules: ModuleDeclaration[];
  /**
   * Why the file's binding scope is uncertain (a macro, an attribute other than a
   * standard-library derive, an extern crate or block), or null.
   */
  uncertain: string | null;
}

/**
 * Derive macros of the standard library. They implement traits for the type they
 * annotate and expand to `impl` blocks only: they cannot declare or rename a type, so
 * they leave every binding of the file as written.
 */
export const STD_DERIVES = new Set(['Debug', 'Clone', 'Copy', 'PartialEq', 'Eq', 'PartialOrd', 'Ord', 'Hash', 'Default']);

const ROOT_KINDS = new Set(['struct', 'enum', 'type']);
const TYPE_NAMESPACE = new Set(['struct', 'enum', 'type', 'union', 'trait']);

export async function openRustFile(source: string): Promise<ReviewFile<RustFacts>> {
  return withReviewParse(rustAdapter, 'rust', source, ({ root, matches }) => {
    const { facts, references } = factsOf(root, matches);
    return { facts, references: (d) => references.get(d.index) ?? [], dispose: () => undefined };
  });
}

function factsOf(root: Node, matches: readonly ReviewMatch[]): { facts: RustFacts; references: Map<number, OutboundReference[]> } {
  const uses: UseBinding[] = [];
  const modules: ModuleDeclaration[] = [];
  let uncertain: string | null = null;
  const raw: Array<{ kind: string; name: string; node: Node; visibility: Node | undefined }> = [];
  const unsupported: Array<{ node: Node; reason: string }> = [];
  const typeRefs: Node[] = [];
  const binders: Node[] = [];
  const skipped = new Set<number>();

  for (const m of matches) {
    if (m.tag.startsWith('declaration.')) raw.push({ kind: m.tag.slice('declaration.'.length), name: m.parts.name?.text ?? '', node: m.node, visibility: m.parts.modifier });
    else if (m.tag === 'module') modules.push({ name: m.parts.name.text, inline: m.parts.body !== undefined });
    else if (m.tag === 'import') uses.push(...flattenUse(m.node, m.parts.modifier !== undefined));
    else if (m.tag === 'uncertain') uncertain ??= uncertaintyOf(m.node);
    else if (m.tag === 'unsupported') {
      const reason = unsupportedReason(m);
      if (reason) unsupported.push({ node: m.node, reason });
    } else if (m.tag === 'reference.type' || m.tag === 'reference.qualified') typeRefs.push(m.node);
    else if (m.tag === 'binder') binders.push(m.node);
    else if (m.tag === 'skip') skipped.add(m.node.id);
  }

  // Attributes and outer doc comments directly above an item belong to its span.
  const starts = new Map<number, number>();
  const top = root.namedChildren.filter((c): c is Node => c !== null);
  for (let i = 0; i < top.length; i++) {
    let start = top[i].startIndex;
    for (let j = i - 1; j >= 0 && isAttached(top[j]); j--) start = top[j].startIndex;
    starts.set(top[i].id, start);
  }
  const attached = new Set<number>();
  for (let i = 0; i < top.length; i++) {
    if (!isAttached(top[i])) continue;
    let k = i;
    while (k < top.length && isAttached(top[k])) k++;
    if (k < top.length && raw.some((r) => r.node.id === top[k].id)) attached.add(top[i].id);
  }

  const typeNames = new Map<string, number>();
  for (const r of raw) if (TYPE_NAMESPACE.has(r.kind)) typeNames.set(r.name, (typeNames.get(r.name) ?? 0) + 1);
  const declarations: ReviewDeclaration[] = raw.slice(0, MAX_DECLARATIONS + 1).map((r, index) => {
    let ineligible: string | null = null;
    const rootKind = ROOT_KINDS.has(r.kind) ? ('type' as const) : null;
    if (!rootKind) ineligible = 'not-a-root';
    else if (r.name.startsWith('r#')) ineligible = 'raw-identifier';
    else if ((typeNames.get(r.name) ?? 0) > 1) ineligible = 'duplicate-name';
    const start = starts.get(r.node.id) ?? r.node.startIndex;
    return {
      index,
      name: r.name,
      kind: r.kind,
      rootKind,
      ineligible,
      exported: r.visibility !== undefined && (r.visibility.text === 'pub' || r.visibility.text === 'pub(crate)'),
      start,
      end: r.node.endIndex,
      startLine: lineOf(root, start),
      endLine: r.node.endPosition.row + 1,
    };
  });

  const material: TopLevelMaterial[] = [];
  for (const node of top) {
    if (raw.some((r) => r.node.id === node.id) || attached.has(node.id)) continue;
    material.push({ start: node.startIndex, end: node.endIndex, comment: node.type === 'line_comment' || node.type === 'block_comment' });
  }

  // References per declaration, in source order, deduplicated by name.
  const references = new Map<number, OutboundReference[]>();
  const holder = (node: Node) => declarations.find((d) => d.start <= node.startIndex && node.endIndex <= d.end);
  const bindersOf = new Map<number, Set<string>>();
  for (const b of binders) {
    const d = holder(b);
    if (d) bindersOf.set(d.index, new Set([...(bindersOf.get(d.index) ?? []), b.text]));
  }
  const add = (d: ReviewDeclaration, ref: OutboundReference) => {
    const list = references.get(d.index) ?? [];
    list.push(ref);
    references.set(d.index, list);
  };
  for (const u of unsupported) {
    const d = holder(u.node);
    if (d) add(d, { kind: 'type', name: u.node.type, offset: u.node.startIndex, unsupported: u.reason });
  }
  for (const node of typeRefs) {
    const d = holder(node);
    if (!d) continue;
    if (node.type === 'type_identifier') {
      if (skipped.has(node.id) || bindersOf.get(d.index)?.has(node.text)) continue;
      if (node.text.startsWith('r#')) add(d, { kind: 'type', name: node.text, offset: node.startIndex, unsupported: 'raw-identifier' });
      else add(d, { kind: 'type', name: node.text, offset: node.startIndex });
    } else {
      const path = node.text.split('::').map((s) => s.trim());
      const plain = path.every((s) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(s));
      add(d, plain ? { kind: 'type', name: path[0], path, offset: node.startIndex } : { kind: 'type', name: node.text, offset: node.startIndex, unsupported: 'unsupported-path' });
    }
  }
  for (const [index, list] of references) {
    list.sort((x, y) => x.offset - y.offset);
    const seen = new Set<string>();
    references.set(
      index,
      list.filter((r) => {
        const key = r.unsupported ? `!${r.unsupported}:${r.name}` : (r.path ?? [r.name]).join('::');
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    );
  }
  return { facts: { declarations, material, syntaxErrors: root.hasError, uses, modules, uncertain }, references };
}

const isAttached = (node: Node) => node.type === 'attribute_item' || (node.type === 'line_comment' && /^\/\/\/(?!\/)/.test(node.text)) || (node.type === 'block_comment' && /^\/\*\*(?!\*)/.test(node.text));

function lineOf(root: Node, offset: number): number {
  const node = root.descendantForIndex(offset);
  return (node?.startPosition.row ?? 0) + 1;
}

/** Why a captured construct makes the scope uncertain, or null for a standard-library derive. */
function uncertaintyOf(node: Node): string | null {
  switch (node.type) {
    case 'attribute_item':
      return isStdDerive(node) ? null : 'attribute';
    case 'inner_attribute_item':
      return 'attribute';
    case 'extern_crate_declaration':
      return 'extern-crate';
    case 'foreign_mod_item':
      return 'extern-block';
    default:
      return 'macro';
  }
}

/** `#[derive(A, B)]` naming only standard-library derives, each by its bare name. */
function isStdDerive(node: Node): boolean {
  const attribute = node.namedChildren.find((c) => c?.type === 'attribute');
  if (!attribute) return false;
  const name = attribute.namedChildren[0];
  const args = attribute.childForFieldName('arguments');
  if (name?.type !== 'identifier' || name.text !== 'derive' || !args || args.type !== 'token_tree') return false;
  if (attribute.namedChildren.length !== 2) return false;
  const tokens = args.children.filter((c): c is Node => c !== null);
  const inner = tokens.slice(1, -1);
  if (inner.length === 0) return false;
  // Alternating names and commas: no paths (`serde::Serialize`), no nested groups.
  return inner.every((t, i) => (i % 2 === 0 ? t.type === 'identifier' && STD_DERIVES.has(t.text) : t.type === ','));
}

function unsupportedReason(m: ReviewMatch): string | null {
  const node = m.node;
  if (node.type === 'array_type') return m.parts.name?.type === 'integer_literal' ? null : 'array-length';
  if (node.type === 'enum_variant') return m.parts.name?.type === 'integer_literal' ? null : 'enum-discriminant';
  if (node.type === 'trait_bounds' || node.type === 'where_clause') return 'trait-bound';
  if (node.type === 'const_parameter' || node.parent?.type === 'type_arguments') return 'const-generic';
  return 'unsupported-syntax';
}

/** The bindings of one `use` declaration, flattened (lists, aliases, `self`, globs). */
function flattenUse(node: Node, isPublic: boolean): UseBinding[] {
  const out: UseBinding[] = [];
  const walk = (n: Node, prefix: string[]) => {
    switch (n.type) {
      case 'identifier':
      case 'crate':
      case 'super':
        out.push({ local: n.text, path: [...prefix, n.text], public: isPublic });
        break;
      case 'self':
        if (prefix.length > 0) out.push({ local: prefix[prefix.length - 1], path: prefix, public: isPublic });
        break;
      case 'scoped_identifier': {
        const path = [...prefix, ...n.text.split('::').map((s) => s.trim())];
        out.push({ local: path[path.length - 1], path, public: isPublic });
        break;
      }
      case 'use_as_clause': {
        const path = n.childForFieldName('path');
        const alias = n.childForFieldName('alias');
        if (path && alias) out.push({ local: alias.text, path: [...prefix, ...path.text.split('::').map((s) => s.trim())], public: isPublic });
        break;
      }
      case 'use_wildcard': {
        const path = n.namedChildren[0];
        out.push({ local: '*', path: [...prefix, ...(path ? path.text.split('::').map((s) => s.trim()) : [])], public: isPublic });
        break;
      }
      case 'scoped_use_list': {
        const path = n.childForFieldName('path');
        const list = n.childForFieldName('list');
        const next = path ? [...prefix, ...path.text.split('::').map((s) => s.trim())] : prefix;
        if (list) walk(list, next);
        break;
      }
      case 'use_list':
        for (const c of n.namedChildren) if (c) walk(c, prefix);
        break;
      default:
        out.push({ local: '?', path: [...prefix, n.text], public: isPublic });
    }
  };
  const argument = node.childForFieldName('argument');
  if (argument) walk(argument, []);
  return out;
}
