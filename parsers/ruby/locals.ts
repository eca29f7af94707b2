// Ruby's local-variable rule: a bare identifier is a local variable when the scope declares
// that name (an assignment, a parameter, a block or rescue variable, a pattern), else it is
// a method call without arguments (`setup`, `items.push(x)` calls `items`). Declarations
// are gathered per hard scope (a `def`, a class or module body, the file): blocks share
// their method's locals, and a name declared anywhere in the scope counts, which errs
// towards "variable" (no call site) rather than inventing a call.
import type { ExtractionContext } from '../engine.js';
import type { Node } from '../tree-sitter.js';

const HARD_SCOPES = new Set(['method', 'singleton_method', 'class', 'module', 'singleton_class', 'program']);
/** Parents whose identifier children declare a local. */
const DECLARING_PARENTS = new Set([
  'method_parameters', 'block_parameters', 'lambda_parameters', 'destructured_parameter', 'optional_parameter',
  'keyword_parameter', 'splat_parameter', 'hash_splat_parameter', 'block_parameter', 'left_assignment_list',
  'destructured_left_assignment', 'rest_assignment', 'exception_variable', 'for', 'array_pattern', 'find_pattern',
  'as_pattern', 'alternative_pattern', 'in_clause', 'keyword_pattern', 'hash_pattern',
]);
/** Parents whose identifier children are names, not expressions. */
const NAMING_PARENTS = new Set(['method', 'singleton_method', 'alias', 'undef', 'setter', 'call', 'scope_resolution']);

const declared = new WeakMap<ExtractionContext, Map<number, Set<string>>>();

function hardScope(node: Node): Node | undefined {
  for (let n = node.parent; n; n = n.parent) if (HARD_SCOPES.has(n.type)) return n;
  return undefined;
}

function declares(identifier: Node): boolean {
  const parent = identifier.parent;
  if (!parent) return false;
  if (DECLARING_PARENTS.has(parent.type)) return true;
  return (parent.type === 'assignment' || parent.type === 'operator_assignment') && parent.childForFieldName('left')?.startIndex === identifier.startIndex;
}

/** Per hard scope (by start offset), the names it declares; one pass over the file. */
function declarations(root: Node, ctx: ExtractionContext): Map<number, Set<string>> {
  let byScope = declared.get(ctx);
  if (byScope) return byScope;
  byScope = new Map();
  for (const identifier of root.descendantsOfType('identifier')) {
    if (!identifier || !declares(identifier)) continue;
    const scope = hardScope(identifier);
    if (!scope) continue;
    let names = byScope.get(scope.startIndex);
    if (!names) byScope.set(scope.startIndex, (names = new Set()));
    names.add(identifier.text);
  }
  declared.set(ctx, byScope);
  return byScope;
}

/** A bare identifier that Ruby reads as a method call: not a name, not a declaration, not a local. */
export function isBareMethodCall(identifier: Node, ctx: ExtractionContext): boolean {
  const parent = identifier.parent;
  if (!parent || declares(identifier)) return false;
  // `obj.m` names m (the call is its own site); `def m`, `alias a b` name methods.
  if (NAMING_PARENTS.has(parent.type) && !(parent.type === 'call' && parent.childForFieldName('receiver')?.startIndex === identifier.startIndex && parent.childForFieldName('receiver')?.type === 'identifier')) return false;
  const scope = hardScope(identifier);
  let root: Node = identifier;
  while (root.parent) root = root.parent;
  return scope !== undefined && !(declarations(root, ctx).get(scope.startIndex)?.has(identifier.text) ?? false);
}
