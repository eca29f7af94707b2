// The Go review adapter: pure functions from the text of one `.go` file to review
// facts: top-level declarations (type declarations are roots; functions, methods,
// constants and variables are not), the package clause, imports, the names the file
// declares at package level, its build-constraint header, and outbound type
// references of a type declaration, from one run of grammars/go/review.scm over the
// file. No policy, no file system.
import { matchesWithin, reviewQuery, withReviewParse, type ReviewMatch } from '../review/captures.js';
import type { OutboundReference, ReviewDeclaration, ReviewFacts, ReviewFile, TopLevelMaterial } from '../review/facts.js';
import { parserFor, type Node } from '../tree-sitter.js';
import { readHeader, type HeaderConstraint } from './build-constraint.js';
import { goAdapter } from './extract.js';

export interface GoImport {
  /** The import path as written, without quotes. */
  path: string;
  /** `default` binds the package's declared name; `alias` binds `alias`; `dot` and `blank` bind no single name. */
  form: 'default' | 'alias' | 'dot' | 'blank';
  alias: string | null;
}

/** A constant declaration group and the type its first typed specification names. */
export interface GoConstantGroup {
  /** Index of the group's declaration. */
  declaration: number;
  /** The named type of the group's first typed specification (`T` or `pkg.T`), if any. */
  type: string | null;
}

export interface GoReviewFacts extends ReviewFacts {
  packageName: string | null;
  imports: GoImport[];
  importsC: boolean;
  /** Package-level names this file declares (types, functions, constants, variables). */
  packageNames: string[];
  header: HeaderConstraint;
  constantGroups: GoConstantGroup[];
}

export function preloadGo(): void {
  Promise.all([parserFor('go'), reviewQuery('go', 'go')]).catch(() => undefined);
}

/** Parses a file once and runs its review query once: facts and the references of every type declaration. */
export async function openGoReviewFile(source: string): Promise<ReviewFile<GoReviewFacts>> {
  return withReviewParse(goAdapter, 'go', source, ({ root, matches }) => {
    const { facts, nodes } = factsOf(root, source, matches);
    const types = facts.declarations.filter((d) => d.rootKind === 'type');
    const inside = matchesWithin(
      types.map((d) => nodes[d.index]),
      matches,
    );
    const references = new Map(types.map((d) => [d.index, referencesIn(inside.get(nodes[d.index]) ?? [])]));
    return {
      facts,
      references: (declaration) => {
        const found = references.get(declaration.index);
        return found && declaration.rootKind === 'type' ? [...found, ...constantLinks(facts, declaration)] : [];
      },
      dispose: () => undefined,
    };
  });
}

const isExported = (name: string) => /^\p{Lu}/u.test(name);
const children = (n: Node): Node[] => n.namedChildren.filter((c): c is Node => c !== null);

function factsOf(root: Node, source: string, matches: readonly ReviewMatch[]): { facts: GoReviewFacts; nodes: Node[] } {
  const declarations: ReviewDeclaration[] = [];
  const nodes: Node[] = [];
  const material: TopLevelMaterial[] = [];
  const imports: GoImport[] = [];
  const packageNames: string[] = [];
  const constantGroups: GoConstantGroup[] = [];
  let packageName: string | null = null;

  const declare = (node: Node, name: string, kind: string, rootKind: 'type' | null) => {
    declarations.push({
      index: declarations.length,
      name,
      kind,
      rootKind,
      ineligible: rootKind ? null : 'not-a-root',
      exported: isExported(name),
      start: node.startIndex,
      end: node.endIndex,
      startLine: node.startPosition.row + 1,
      endLine: node.endPosition.row + 1,
    });
    nodes.push(node);
  };

  // The query's matches inside each top-level item: its package name, type specs, function names.
  const tops = children(root);
  const inside = matchesWithin(tops, matches);
  const tagged = (top: Node, tag: string) => (inside.get(top) ?? []).filter((m) => m.tag === tag);
  for (const top of tops) {
    switch (top.type) {
      case 'package_clause':
        packageName = tagged(top, 'module')[0]?.parts.name?.text ?? null;
        material.push({ start: top.startIndex, end: top.endIndex, comment: false });
        break;
      case 'import_declaration':
        material.push({ start: top.startIndex, end: top.endIndex, comment: false });
        break;
      case 'type_declaration': {
        const specs = tagged(top, 'declaration.type');
        const grouped = specs.some((s) => s.parts.modifier !== undefined);
        if (grouped) {
          material.push({ start: top.startIndex, end: specs[0]?.node.startIndex ?? top.endIndex, comment: false });
          if (specs.length > 0) material.push({ start: specs[specs.length - 1].node.endIndex, end: top.endIndex, comment: false });
        }
        for (const { node: spec, parts } of specs) {
          const name = parts.name?.text ?? '';
          const type = parts.type;
          const kind = spec.type === 'type_alias' ? 'alias' : type?.type === 'struct_type' ? 'struct' : type?.type === 'interface_type' ? 'interface' : 'defined-type';
          declare(grouped ? spec : top, name, kind, 'type');
          packageNames.push(name);
        }
        break;
      }
      case 'function_declaration': {
        const name = tagged(top, 'declaration.function')[0]?.parts.name?.text ?? '';
        declare(top, name, 'function', null);
        packageNames.push(name);
        break;
      }
      case 'method_declaration': {
        const { receiver, name } = tagged(top, 'declaration.function')[0]?.parts ?? {};
        declare(top, `${receiver?.descendantsOfType('type_identifier')[0]?.text ?? ''}.${name?.text ?? ''}`, 'method', null);
        break;
      }
      case 'const_declaration': {
        const declarators = tagged(top, 'declarator');
        const names = declarators.map((m) => m.node.text);
        const typeNode = declarators.find((m) => m.parts.type)?.parts.type;
        constantGroups.push({ declaration: declarations.length, type: typeNode && ['type_identifier', 'qualified_type'].includes(typeNode.type) ? typeNode.text : null });
        declare(top, names[0] ?? '', 'constant-group', null);
        packageNames.push(...names);
        break;
      }
      case 'var_declaration': {
        const names = tagged(top, 'declarator').map((m) => m.node.text);
        declare(top, names[0] ?? '', 'variable', null);
        packageNames.push(...names);
        break;
      }
      case 'comment':
        material.push({ start: top.startIndex, end: top.endIndex, comment: true });
        break;
      default:
        material.push({ start: top.startIndex, end: top.endIndex, comment: false });
    }
  }

  for (const { tag, parts } of matches) {
    if (tag !== 'import') continue;
    const name = parts.name;
    const form = !name ? 'default' : name.type === 'dot' ? 'dot' : name.type === 'blank_identifier' ? 'blank' : 'alias';
    imports.push({ path: parts.source?.text.slice(1, -1) ?? '', form, alias: form === 'alias' ? name!.text : null });
  }

  // A type named twice in one file (or a type and another package-level name) has no unique identity.
  for (const d of declarations) {
    if (d.rootKind === 'type' && packageNames.filter((n) => n === d.name).length > 1) d.ineligible = 'duplicate-name';
  }
  const facts: GoReviewFacts = {
    declarations,
    material,
    syntaxErrors: root.hasError,
    packageName,
    imports,
    importsC: imports.some((i) => i.path === 'C'),
    packageNames: [...new Set(packageNames)],
    header: readHeader(source),
    constantGroups,
  };
  return { facts, nodes };
}

/** Outbound type references of one type declaration from the matches inside it, in source order, each name once. */
function referencesIn(matches: readonly ReviewMatch[]): OutboundReference[] {
  const binders = new Set(matches.filter((m) => m.tag === 'binder').map((m) => m.node.text));
  const skipped = new Set(matches.filter((m) => m.tag === 'skip').map((m) => m.node.id));
  const found: OutboundReference[] = [];
  for (const { tag, node: n, parts } of matches) {
    if (tag === 'reference.type') {
      if (skipped.has(n.id) || binders.has(n.text)) continue;
      found.push({ kind: 'type', name: n.text, offset: n.startIndex });
    } else if (tag === 'reference.qualified') {
      found.push({ kind: 'type', name: parts.qualifier.text, member: parts.member.text, offset: parts.qualifier.startIndex });
    }
  }
  found.sort((a, b) => a.offset - b.offset);
  const seen = new Set<string>();
  return found.filter((r) => {
    const key = `${r.name}.${r.member ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Links from a type declaration to the constant groups of the same file typed with it:
 * the whole group is supporting evidence (its ordinal predecessors and implicit
 * repetitions included), never an enumeration of runtime values.
 */
function constantLinks(facts: GoReviewFacts, declaration: ReviewDeclaration): OutboundReference[] {
  return facts.constantGroups
    .filter((g) => g.type === declaration.name)
    .map((g) => ({ kind: 'type' as const, name: facts.declarations[g.declaration].name, path: [CONSTANT_GROUP, String(g.declaration)], offset: facts.declarations[g.declaration].start }));
}

/** The first path segment of a reference that links a type to one of its constant groups. */
export const CONSTANT_GROUP = '(constants)';
