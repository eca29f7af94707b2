// Receivers typed by declaration in PHP: `$x->m()` where `$x` is a parameter declared
// with a class type or a local assigned only `new T(...)` in the same function, and
// `$this->p->m()` where property `p` is declared with a class type (a typed property, a
// `@var T` docblock or a promoted constructor parameter) or only assigned `new T(...)` or a
// parameter the method declares with a class type. `self` and `static` are the enclosing class.
// The type is the name as written (`T`, `\A\T`); the resolver reads it in the file's namespace.
import type { ExtractionContext } from '../engine.js';
import type { Node } from '../tree-sitter.js';

const FUNCTIONS = new Set(['method_declaration', 'function_definition', 'anonymous_function_creation_expression', 'arrow_function']);
const CLASSES = new Set(['class_declaration', 'trait_declaration', 'enum_declaration', 'interface_declaration']);
const SCALARS = new Set(['self', 'static', 'parent', 'mixed', 'object', 'callable', 'iterable', 'array', 'string', 'int', 'float', 'bool', 'void', 'null', 'never', 'false', 'true']);

const cache = new WeakMap<ExtractionContext, Map<string, Map<string, string | null>>>();

function nearest(node: Node, types: ReadonlySet<string>): Node | undefined {
  for (let n = node.parent; n; n = n.parent) if (types.has(n.type)) return n;
  return undefined;
}

/** A declared class type (`T`, `?T`, `T|null`, `\A\T`; `self` and `static` are `own`); other unions and scalars give none. */
function typeText(text: string, own: string | undefined): string | undefined {
  const plain = text.replace(/\s+/g, '').replace(/^\?/, '').replace(/^null\||\|null$/i, '');
  const lower = plain.toLowerCase();
  if (lower === 'self' || lower === 'static') return own;
  if (!/^\\?[A-Za-z_][\w\\]*$/.test(plain) || SCALARS.has(lower)) return undefined;
  return plain;
}

function classType(type: Node | null, own?: string): string | undefined {
  return type ? typeText(type.text, own) : undefined;
}

/** The name of the class-like declaration around a node. */
function ownName(node: Node): string | undefined {
  return nearest(node, CLASSES)?.childForFieldName('name')?.text;
}

/** `/** @var T *\/` right before a property declaration. */
function docblockType(member: Node, own: string | undefined): string | undefined {
  const doc = member.previousNamedSibling;
  if (doc?.type !== 'comment' || !doc.text.startsWith('/**')) return undefined;
  const match = /@var\s+([^\s*]+)/.exec(doc.text);
  return match ? typeText(match[1], own) : undefined;
}

/** `new T(...)`: the name as written. */
function constructed(value: Node | null): string | undefined {
  if (value?.type !== 'object_creation_expression') return undefined;
  const name = value.namedChildren.find((c) => c?.type === 'name' || c?.type === 'qualified_name');
  return name ? classType(name) : undefined;
}

function record(types: Map<string, string | null>, key: string, type: string | undefined): void {
  const before = types.get(key);
  types.set(key, type === undefined || (before !== undefined && before !== type) ? null : type);
}

/** Variables of one function: typed parameters and `$x = new T` assignments. */
function variableTypes(fn: Node): Map<string, string | null> {
  const types = new Map<string, string | null>();
  const declared = new Set<string>();
  const own = ownName(fn);
  for (const parameter of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    const name = parameter?.childForFieldName('name');
    if (!name) continue;
    const type = classType(parameter!.childForFieldName('type'), own);
    types.set(name.text, type ?? null);
    if (type !== undefined) declared.add(name.text);
  }
  for (const assignment of fn.descendantsOfType('assignment_expression')) {
    const left = assignment?.childForFieldName('left');
    if (left?.type !== 'variable_name' || nearest(assignment!, FUNCTIONS)?.startIndex !== fn.startIndex) continue;
    if (declared.has(left.text)) continue; // a declared type wins over what is assigned
    record(types, left.text, constructed(assignment!.childForFieldName('right')));
  }
  return types;
}

/** Properties of one class: typed declarations, promoted parameters and `$this->p = new T` assignments. */
function propertyTypes(cls: Node, ctx: ExtractionContext): Map<string, string | null> {
  const types = new Map<string, string | null>();
  const own = cls.childForFieldName('name')?.text;
  const body = cls.childForFieldName('body');
  for (const member of body?.namedChildren ?? []) {
    if (member?.type === 'property_declaration') {
      const type = classType(member.childForFieldName('type'), own) ?? docblockType(member, own);
      for (const element of member.namedChildren) {
        if (element?.type !== 'property_element') continue;
        const name = element.namedChildren.find((c) => c?.type === 'variable_name');
        // An untyped declaration says nothing: what is assigned to it may.
        if (name && type !== undefined) types.set(name.text.replace(/^\$/, ''), type);
      }
    } else if (member?.type === 'method_declaration' && member.childForFieldName('name')?.text === '__construct') {
      for (const parameter of member.childForFieldName('parameters')?.namedChildren ?? []) {
        if (parameter?.type !== 'property_promotion_parameter') continue;
        const name = parameter.childForFieldName('name');
        const type = classType(parameter.childForFieldName('type'), own);
        if (name && type !== undefined) types.set(name.text.replace(/^\$/, ''), type);
      }
    }
  }
  for (const assignment of cls.descendantsOfType('assignment_expression')) {
    const left = assignment?.childForFieldName('left');
    if (left?.type !== 'member_access_expression' || left.childForFieldName('object')?.text !== '$this') continue;
    const name = left.childForFieldName('name')?.text;
    if (!name || nearest(assignment!, CLASSES)?.startIndex !== cls.startIndex) continue;
    const declared = types.get(name);
    if (declared) continue; // a declared type wins over what is assigned
    // `$this->p = new T(...)`, or `$this->p = $param` where the method declares $param's class.
    const right = assignment!.childForFieldName('right');
    const fn = right?.type === 'variable_name' ? nearest(assignment!, FUNCTIONS) : undefined;
    const passed = fn && right ? cached(ctx, `f${fn.startIndex}`, () => variableTypes(fn)).get(right.text) ?? undefined : undefined;
    record(types, name, passed ?? constructed(right));
  }
  return types;
}

function cached(ctx: ExtractionContext, key: string, make: () => Map<string, string | null>): Map<string, string | null> {
  let files = cache.get(ctx);
  if (!files) cache.set(ctx, (files = new Map()));
  let types = files.get(key);
  if (!types) files.set(key, (types = make()));
  return types;
}

export function phpReceiverType(call: Node, receiver: Node, ctx: ExtractionContext): string | undefined {
  if (receiver.type === 'variable_name') {
    const fn = nearest(call, FUNCTIONS);
    if (!fn) return undefined;
    return cached(ctx, `f${fn.startIndex}`, () => variableTypes(fn)).get(receiver.text) ?? undefined;
  }
  if (receiver.type === 'member_access_expression' && receiver.childForFieldName('object')?.text === '$this') {
    const cls = nearest(call, CLASSES);
    const name = receiver.childForFieldName('name')?.text;
    if (!cls || !name) return undefined;
    return cached(ctx, `c${cls.startIndex}`, () => propertyTypes(cls, ctx)).get(name) ?? undefined;
  }
  return undefined;
}
