// Receivers typed by declaration in Ruby: a local assigned only `Const.new(...)` in its
// method (or at file scope), and an instance variable assigned only `Const.new(...)` in
// the methods of its class. The type is the constant path as written (`Foo::Bar`); the
// resolver looks it up. Anything else (a parameter, two different classes, a value from
// another call) leaves the receiver untyped.
import type { ExtractionContext } from '../engine.js';
import type { Node } from '../tree-sitter.js';

const SCOPES = new Set(['method', 'singleton_method', 'program']);
const CLASS_SCOPES = new Set(['class', 'module', 'program']);

/** Per file: per scope node (by start offset), each assigned name's class, or null when it is not one class. */
const cache = new WeakMap<ExtractionContext, Map<string, Map<string, string | null>>>();

function nearest(node: Node, types: ReadonlySet<string>): Node | undefined {
  for (let n = node.parent; n; n = n.parent) if (types.has(n.type)) return n;
  return undefined;
}

/** `Const.new(...)` or `Mod::Const.new`: the constant path, else undefined. */
function constructed(value: Node | null): string | undefined {
  if (value?.type !== 'call' || value.childForFieldName('method')?.text !== 'new') return undefined;
  const receiver = value.childForFieldName('receiver');
  if (receiver?.type !== 'constant' && receiver?.type !== 'scope_resolution') return undefined;
  return /^(::)?[A-Z][\w:]*$/.test(receiver.text) ? receiver.text.replace(/^::/, '') : undefined;
}

function assignedTypes(scope: Node, kind: 'identifier' | 'instance_variable', scopes: ReadonlySet<string>): Map<string, string | null> {
  const types = new Map<string, string | null>();
  for (const assignment of scope.descendantsOfType(['assignment', 'operator_assignment'])) {
    if (!assignment) continue;
    const left = assignment.childForFieldName('left');
    if (left?.type !== kind || nearest(assignment, scopes)?.startIndex !== scope.startIndex) continue;
    const type = assignment.type === 'assignment' ? constructed(assignment.childForFieldName('right')) : undefined;
    const before = types.get(left.text);
    types.set(left.text, type === undefined || (before !== undefined && before !== type) ? null : type);
  }
  if (kind === 'identifier') {
    // A parameter of the method is whatever the caller passes.
    const parameters = scope.childForFieldName('parameters');
    for (const parameter of parameters?.namedChildren ?? []) {
      const name = parameter?.type === 'identifier' ? parameter : parameter?.childForFieldName('name');
      if (name) types.set(name.text, null);
    }
  }
  return types;
}

export function localReceiverType(call: Node, receiver: Node, ctx: ExtractionContext): string | undefined {
  const instance = receiver.type === 'instance_variable';
  const scopes = instance ? CLASS_SCOPES : SCOPES;
  const scope = nearest(call, scopes);
  if (!scope) return undefined;
  let files = cache.get(ctx);
  if (!files) cache.set(ctx, (files = new Map()));
  const key = `${instance ? '@' : ''}${scope.startIndex}:${scope.endIndex}`;
  let types = files.get(key);
  if (!types) files.set(key, (types = assignedTypes(scope, instance ? 'instance_variable' : 'identifier', scopes)));
  return types.get(receiver.text) ?? undefined;
}
