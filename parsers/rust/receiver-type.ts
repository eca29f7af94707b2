// The type of a method call's receiver where the text declares it: `x.m()` where x is a
// parameter written `x: T` (or `&T`, `&mut T`, `Box<T>`, `impl T`, `&dyn T`), or a
// `let x: T = ..` / `let x = T { .. }` binding; `self.f.m()` where the impl's struct,
// defined in the file, declares `f: T`. The binding that counts is the last one
// of that name before the call whose scope holds the call; any other binding of the
// name there (a pattern, a closure parameter, an untyped let) means the type is not
// written, and none is given. The resolver binds `x.m()` to T's method m.
import type { ExtractionContext } from '../engine.js';
import type { Node } from '../tree-sitter.js';

/** Pattern nodes an identifier binds a name in. */
const PATTERN_PARENTS = new Set([
  'parameter', 'let_declaration', 'closure_parameters', 'tuple_pattern', 'tuple_struct_pattern', 'slice_pattern',
  'or_pattern', 'reference_pattern', 'mut_pattern', 'captured_pattern', 'field_pattern', 'match_pattern',
  'for_expression', 'let_condition', 'ref_pattern',
]);
/** Nodes whose bindings reach only what they contain. */
const SCOPES = new Set(['block', 'match_arm', 'closure_expression', 'for_expression', 'if_expression', 'while_expression', 'function_item']);
/** Smart pointers a method call derefs through to the type they hold. */
const POINTERS = new Set(['Box', 'Rc', 'Arc']);

interface Binding {
  start: number;
  /** Where the binding takes effect: after its let statement (`let x = x.f();` reads the outer x). */
  from: number;
  /** The scope node's byte range the binding reaches. */
  scopeStart: number;
  scopeEnd: number;
  type: string | undefined;
}

/** The type a written type names: `crate::a::T<U>` -> `T`, through references, `dyn`/`impl` and Box/Rc/Arc. */
export function writtenTypeName(node: Node | null): string | undefined {
  for (let at = node, depth = 0; at && depth < 6; depth++) {
    switch (at.type) {
      case 'reference_type':
      case 'dynamic_type':
      case 'abstract_type':
        at = at.childForFieldName('type') ?? at.childForFieldName('trait') ?? at.namedChildren.find((c) => c?.type !== 'lifetime' && c?.type !== 'mutable_specifier') ?? null;
        continue;
      case 'generic_type': {
        const base = writtenTypeName(at.childForFieldName('type'));
        if (base && POINTERS.has(base)) {
          at = at.childForFieldName('type_arguments')?.namedChildren.find((c) => c?.type !== 'lifetime') ?? null;
          continue;
        }
        return base;
      }
      case 'scoped_type_identifier':
        return at.childForFieldName('name')?.text;
      case 'type_identifier':
        return at.text === 'Self' ? undefined : at.text;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** The node a binding reaches to its end: a let's block, a parameter's function or closure, a pattern's arm or loop. */
function scopeOf(node: Node): Node | null {
  for (let at = node.parent; at; at = at.parent) if (SCOPES.has(at.type)) return at;
  return null;
}

/** What a binding identifier says its name's type is (undefined: not written). */
function bindingType(id: Node): string | undefined {
  const parent = id.parent;
  if (!parent) return undefined;
  const holder = parent.type === 'mut_pattern' ? parent.parent : parent;
  if (holder?.type === 'parameter' && holder.childForFieldName('pattern')?.id === (parent.type === 'mut_pattern' ? parent.id : id.id)) {
    return writtenTypeName(holder.childForFieldName('type'));
  }
  if (holder?.type === 'let_declaration' && holder.childForFieldName('pattern')?.id === (parent.type === 'mut_pattern' ? parent.id : id.id)) {
    const written = holder.childForFieldName('type');
    if (written) return writtenTypeName(written);
    const value = holder.childForFieldName('value');
    if (value?.type === 'struct_expression') return writtenTypeName(value.childForFieldName('name'));
  }
  return undefined;
}

/** Every binding in a function, by name (identifiers in pattern positions, parameters included). */
function bindingsIn(fn: Node): Map<string, Binding[]> {
  const out = new Map<string, Binding[]>();
  for (const id of fn.descendantsOfType(['identifier', 'shorthand_field_identifier'])) {
    if (!id || !id.parent || !PATTERN_PARENTS.has(id.parent.type)) continue;
    const parent = id.parent;
    // In a let, a for or a parameter only the pattern binds (not the value, the iterable or the type).
    if ((parent.type === 'let_declaration' || parent.type === 'for_expression' || parent.type === 'parameter' || parent.type === 'let_condition') && parent.childForFieldName('pattern')?.id !== id.id) continue;
    const scope = scopeOf(id);
    if (!scope) continue;
    let statement: Node | null = id;
    while (statement && statement.type !== 'let_declaration' && statement.id !== scope.id) statement = statement.parent;
    const from = statement?.type === 'let_declaration' ? statement.endIndex : id.endIndex;
    let list = out.get(id.text);
    if (!list) out.set(id.text, (list = []));
    list.push({ start: id.startIndex, from, scopeStart: scope.startIndex, scopeEnd: scope.endIndex, type: bindingType(id) });
  }
  return out;
}

/** The file's structs' named fields: struct name -> field name -> the field's type, generic parameters left out. */
function fieldTypesIn(root: Node): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const item of root.descendantsOfType('struct_item')) {
    const name = item?.childForFieldName('name')?.text;
    const body = item?.childForFieldName('body');
    if (!item || !name || body?.type !== 'field_declaration_list') continue;
    const generics = new Set(item.childForFieldName('type_parameters')?.descendantsOfType('type_identifier').map((t) => t?.text) ?? []);
    const fields = new Map<string, string>();
    for (const field of body.namedChildren) {
      if (field?.type !== 'field_declaration') continue;
      const type = writtenTypeName(field.childForFieldName('type'));
      const fieldName = field.childForFieldName('name')?.text;
      if (fieldName && type && !generics.has(type)) fields.set(fieldName, type);
    }
    // Two structs of one name in a file (cfg variants) leave the name unknown.
    if (out.has(name)) out.set(name, new Map());
    else out.set(name, fields);
  }
  return out;
}

/** The declared type of `self.field` used as a receiver at `call`: the field of the enclosing impl's struct, when this file defines it. */
export function fieldTypeAt(call: Node, field: string, ctx: ExtractionContext): string | undefined {
  let impl: Node | null = call.parent;
  while (impl && impl.type !== 'impl_item') impl = impl.parent;
  const owner = impl ? writtenTypeName(impl.childForFieldName('type')) : undefined;
  if (!impl || !owner) return undefined;
  let root: Node = impl;
  while (root.parent) root = root.parent;
  return ctx.memo(root, fieldTypesIn).get(owner)?.get(field);
}

/** The declared type of `name` used as a receiver at `call`, or undefined when the text does not say. */
export function receiverTypeAt(call: Node, name: string, ctx: ExtractionContext): string | undefined {
  let fn: Node | null = call.parent;
  while (fn && fn.type !== 'function_item') fn = fn.parent;
  if (!fn) return undefined;
  const bindings = ctx.memo(fn, bindingsIn).get(name);
  if (!bindings) return undefined;
  let last: Binding | undefined;
  for (const b of bindings) {
    if (b.from <= call.startIndex && b.scopeStart <= call.startIndex && call.endIndex <= b.scopeEnd && (!last || b.start > last.start)) last = b;
  }
  return last?.type;
}
