// Go adapter: what grammars/go/tags.scm cannot say. Methods are named
// `Type::method` after their receiver (pointer or value), exported-ness follows the
// capital letter, `pkg.F()` through an import is a qualified call while `x.M()` is a
// member call whose receiver type comes from the enclosing function's declarations
// (parameters, closure parameters, range variables, `var x T`, `x := T{}` / `&T{}` /
// `NewT()` / `y.M()` / `y.f` / `y.(T)` / `y[i]`) or the file's package-level variables,
// a conversion to a predeclared type (`int64(x)`) is no call site, and test functions of `_test.go`
// files are marked by their prefix. Structs record their fields' named types
// (attribute `fields`, `name type` each). Two kinds of site are no calls: each type a
// function names (`references`), and the type of a method declared in another file than
// its type (`contains`); a method beside its type in one file hangs under it directly.
//
// A receiver type is a small expression the binder evaluates against the store:
// `T` or `pkg.T` (a type), `F()` or `pkg.F()` (a function's declared result),
// `X->f` (field f of X's type), `X->M()` (method M's declared result on X's type),
// `X->[]` (an element of X, a slice or array type written `[]E`, a map type `map[K]V`, or a
// named type whose `underlying` attribute is one), `X->[k]` (a key of X: a map's K), `C#n`
// (result n of call C, from the function's `results` attribute) and `pkg.$v` (a
// value declared by an imported package, `http.DefaultClient`). A qualified call naming
// a type of the standard library (`time.Duration(x)`, stdlib-types.ts) converts: a
// `references` site, no call.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';
import { inactiveForToolchains } from './toolchain-inactive.js';
import { isStandardType } from './stdlib-types.js';
import { FunctionLocals, scopeEnd, type NamesInScope } from './local-scopes.js';

const TEST_PREFIXES = ['Test', 'Benchmark', 'Example', 'Fuzz'];

/** `TestX`, `Test_x`, `Test` (not `Testify`): the go tool's rule for test function names. */
export function goTestKind(name: string): string | undefined {
  for (const prefix of TEST_PREFIXES) {
    if (!name.startsWith(prefix)) continue;
    const next = name.charAt(prefix.length);
    if (next === '' || next === '_' || !(next >= 'a' && next <= 'z')) return prefix;
  }
  return undefined;
}

const isExportedName = (name: string) => /^\p{Lu}/u.test(name);

/** `*T`, `T[K]`, `pkg.T` -> `T` (or `pkg.T` when `qualified`). */
export function goTypeName(node: Node | null, qualified = false): string | undefined {
  for (let depth = 0; node && depth < 4; depth++) {
    switch (node.type) {
      case 'type_identifier':
        return node.text;
      case 'pointer_type':
      case 'parenthesized_type':
        node = node.namedChild(0);
        break;
      case 'generic_type':
        node = node.childForFieldName('type');
        break;
      case 'qualified_type': {
        const name = node.childForFieldName('name')?.text;
        const pkg = node.childForFieldName('package')?.text;
        return qualified && pkg ? `${pkg}.${name}` : name;
      }
      default:
        return undefined;
    }
  }
  return undefined;
}

const CONTAINER_TYPES: ReadonlySet<string> = new Set(['slice_type', 'array_type', 'map_type']);

/**
 * A declared type as a receiver-type expression: a named type as goTypeName says, a
 * slice or array as `[]E` of its element type, a map as `map[K]V` (`[]V` when its key
 * type has no name), so that ranging over it types the loop variables; a pointer to
 * one of them as the type it points to (`*in` reads it).
 */
function declaredType(node: Node | null): string | undefined {
  if (node?.type === 'pointer_type' && CONTAINER_TYPES.has(node.namedChild(0)?.type ?? '')) return declaredType(node.namedChild(0));
  if (node?.type === 'struct_type') return inlineStruct(node);
  if (node && CONTAINER_TYPES.has(node.type)) {
    const element = declaredType(node.childForFieldName(node.type === 'map_type' ? 'value' : 'element'));
    if (element === undefined) return undefined;
    const key = node.type === 'map_type' ? declaredType(node.childForFieldName('key')) : undefined;
    return key === undefined ? `[]${element}` : `map[${key}]${element}`;
  }
  return goTypeName(node, true);
}

/** Longest inline struct a receiver type spells out; a longer one is left unknown. */
const MAX_INLINE_STRUCT = 600;

/**
 * A struct type written in place (`[]struct{ name string; run func() }` of a table test) as
 * `struct{name string;run func}`: its named fields with their types (`func` for a function
 * type), so that a call through `tt.run()` is indirect and `tt.c.String()` finds c's type.
 */
function inlineStruct(node: Node): string | undefined {
  const list = node.namedChildren.find((c) => c?.type === 'field_declaration_list');
  const fields: string[] = [];
  for (const field of list?.namedChildren ?? []) {
    if (field?.type !== 'field_declaration') continue;
    const declared = field.childForFieldName('type');
    const type = declared?.type === 'function_type' ? 'func' : declaredType(declared);
    if (!type) continue;
    for (const name of field.childrenForFieldName('name')) if (name) fields.push(`${name.text} ${type}`);
  }
  const text = `struct{${fields.join(';')}}`;
  return text.length <= MAX_INLINE_STRUCT ? text : undefined;
}

/** Embedded fields of a struct and embedded interfaces: their methods are promoted. */
function embedded(typeSpec: Node): string[] {
  const type = typeSpec.childForFieldName('type');
  const bases: string[] = [];
  if (type?.type === 'struct_type') {
    const list = type.namedChildren.find((c) => c?.type === 'field_declaration_list');
    for (const field of list?.namedChildren ?? []) {
      if (field?.type !== 'field_declaration' || field.childForFieldName('name')) continue;
      const name = goTypeName(field.childForFieldName('type'), true);
      if (name) bases.push(name);
    }
  } else if (type?.type === 'interface_type') {
    for (const element of type.namedChildren) {
      if (element?.type !== 'type_elem') continue;
      const name = goTypeName(element.namedChild(0), true);
      if (name) bases.push(name);
    }
  }
  return bases;
}

/** Predeclared types: a field of one has no methods in the workspace. */
const PREDECLARED = new Set([
  'bool', 'byte', 'rune', 'string', 'error', 'int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32',
  'uint64', 'uintptr', 'float32', 'float64', 'complex64', 'complex128', 'any',
]);

/** A struct's fields with a named type (`*T`, `pkg.T`) as `name type`; an embedded field is named by its type. */
function fieldTypes(typeSpec: Node): string[] | undefined {
  const type = typeSpec.childForFieldName('type');
  if (type?.type !== 'struct_type') return undefined;
  const list = type.namedChildren.find((c) => c?.type === 'field_declaration_list');
  const fields: string[] = [];
  for (const field of list?.namedChildren ?? []) {
    if (field?.type !== 'field_declaration') continue;
    const declared = field.childForFieldName('type');
    // A function-typed field is recorded as `func`: a call through it reaches no declaration.
    const fieldType = declared?.type === 'function_type' ? 'func' : declaredType(declared);
    if (!fieldType || PREDECLARED.has(fieldType)) continue;
    const names = field.childrenForFieldName('name').filter((n): n is Node => n !== null);
    if (names.length === 0) fields.push(`${fieldType.slice(fieldType.lastIndexOf('.') + 1)} ${fieldType}`);
    for (const name of names) fields.push(`${name.text} ${fieldType}`);
  }
  return fields.length > 0 ? fields : undefined;
}

/** Types declared at file scope of the file, by name. */
const fileTypes = new WeakMap<ExtractionContext, Set<string>>();

function typesOfFile(at: Node, ctx: ExtractionContext): Set<string> {
  let names = fileTypes.get(ctx);
  if (names) return names;
  fileTypes.set(ctx, (names = new Set()));
  for (const decl of at.tree.rootNode.namedChildren) {
    if (decl?.type !== 'type_declaration') continue;
    for (const spec of decl.namedChildren) {
      const name = spec?.type === 'type_spec' || spec?.type === 'type_alias' ? spec.childForFieldName('name')?.text : undefined;
      if (name) names.add(name);
    }
  }
  return names;
}

/** A site that is no call: a type its enclosing function uses, or the type a method belongs to. */
function typeSite(node: Node, relationship: 'references' | 'contains', ctx: ExtractionContext): void {
  const at = ctx.point(node);
  const qualified = node.type === 'qualified_type';
  const name = qualified ? (node.childForFieldName('name')?.text ?? '') : node.text;
  const draft: CallDraft = { start: at.index, end: at.index + (node.endIndex - node.startIndex), line: at.line, column: at.column, calleeName: name, specifier: node.text, kind: 'call', relationship };
  if (qualified) draft.qualifier = node.childForFieldName('package')?.text;
  ctx.calls.push(draft);
}

/**
 * Each type a function or method names (parameters, results, literals, declarations,
 * conversions, assertions), once, at its first use; not its receiver's type, nor its own
 * type parameters, nor predeclared types. Resolution makes each a `references` edge when the
 * type is in the workspace, so a type's callers are the code that uses it.
 */
function typeUses(fn: Node, ctx: ExtractionContext): void {
  const skip = new Set<string>(PREDECLARED);
  for (const p of fn.childForFieldName('type_parameters')?.namedChildren ?? []) {
    for (const name of p?.childrenForFieldName('name') ?? []) if (name) skip.add(name.text);
  }
  const receiver = fn.childForFieldName('receiver');
  const seen = new Set<string>();
  for (const node of fn.descendantsOfType(['type_identifier', 'qualified_type'])) {
    if (!node || (node.type === 'type_identifier' && node.parent?.type === 'qualified_type')) continue;
    if (receiver && node.startIndex >= receiver.startIndex && node.endIndex <= receiver.endIndex) continue;
    if (skip.has(node.text) || seen.has(node.text)) continue;
    seen.add(node.text);
    typeSite(node, 'references', ctx);
  }
}

/** Each file's `//go:build` line when no current toolchain builds it, read once per extraction. */
const inactiveFiles = new WeakMap<ExtractionContext, string | null>();

function inactiveLine(ctx: ExtractionContext): string | null {
  let line = inactiveFiles.get(ctx);
  if (line === undefined) inactiveFiles.set(ctx, (line = inactiveForToolchains(ctx.source) ?? null));
  return line;
}

function definition(draft: DefinitionDraft, node: Node, _parts: Parts, ctx: ExtractionContext): boolean {
  if (isExportedName(draft.name)) draft.exported = true;
  // A stand-in no current toolchain builds (toolchain-inactive.ts): resolution passes it over.
  const inactive = inactiveLine(ctx);
  if (inactive !== null) draft.attributes = { ...draft.attributes, inactive };
  if (node.type === 'type_alias') {
    // `type A = pkg.T`: A's methods are T's (resolve.ts follows it).
    const aliasOf = goTypeName(node.childForFieldName('type'), true);
    if (aliasOf) draft.attributes = { ...draft.attributes, aliasOf };
  }
  if (node.type === 'type_spec') {
    const bases = embedded(node);
    if (bases.length > 0) draft.bases = bases;
    const fields = fieldTypes(node);
    if (fields) draft.attributes = { ...draft.attributes, fields };
    // `type byName []*types.Func`, `type Indices map[string]Index`: what indexing and ranging read.
    const shape = node.childForFieldName('type');
    const underlying = shape && CONTAINER_TYPES.has(shape.type) ? declaredType(shape) : undefined;
    if (underlying) draft.attributes = { ...draft.attributes, underlying };
  }
  if (node.type === 'method_declaration') {
    const receiver = node.childForFieldName('receiver')?.namedChildren.find((c) => c?.type === 'parameter_declaration');
    const typeNode = receiver?.childForFieldName('type') ?? null;
    const type = goTypeName(typeNode);
    if (type) {
      draft.ownerType = type;
      draft.qualifiedName = `${type}::${draft.name}`;
      // Declared in another file of the package: resolution finds the type that contains it.
      const named = typeNode?.descendantsOfType('type_identifier').find((n) => n?.text === type);
      if (named && !typesOfFile(node, ctx).has(type)) typeSite(named, 'contains', ctx);
    }
  }
  if (node.type === 'function_declaration' || node.type === 'method_declaration') typeUses(node, ctx);
  if (node.type === 'function_declaration' || node.type === 'method_declaration' || node.type === 'method_elem') {
    const returns = resultType(node.childForFieldName('result'));
    if (returns) {
      draft.returnType = returns;
      draft.attributes = { ...draft.attributes, returns };
    }
    const results = resultTypes(node.childForFieldName('result'));
    if (results) draft.attributes = { ...draft.attributes, results };
    if (node.type === 'function_declaration' && isTestFile(ctx.path)) {
      const test = goTestKind(draft.name);
      if (test) {
        draft.isTest = true;
        draft.attributes = { ...draft.attributes, test };
      }
    }
  }
  return true;
}

/** `*T`, `T`, `(*T, error)` -> `T`: the first result when it names a type. */
function resultType(result: Node | null): string | undefined {
  if (!result) return undefined;
  if (result.type === 'parameter_list') {
    const first = result.namedChildren.find((c) => c?.type === 'parameter_declaration');
    return declaredType(first?.childForFieldName('type') ?? null);
  }
  return declaredType(result);
}

/**
 * `(*T, []U, error)`, `(a, b int)` -> each result's type, '' where it has no name (the
 * binder reads the second and later ones: `_, obj := scope.LookupParent(...)`); undefined
 * for fewer than two results.
 */
function resultTypes(result: Node | null): string[] | undefined {
  if (result?.type !== 'parameter_list') return undefined;
  const types: string[] = [];
  for (const p of result.namedChildren) {
    if (p?.type !== 'parameter_declaration') continue;
    const type = declaredType(p.childForFieldName('type')) ?? '';
    const names = p.childrenForFieldName('name').length;
    for (let i = 0; i < Math.max(1, names); i++) types.push(type);
  }
  return types.length > 1 ? types : undefined;
}

/** The locals of each function, by its start offset. */
const localTypes = new WeakMap<ExtractionContext, Map<number, FunctionLocals>>();

/** How many steps of a chain (`c.client.Delete().Namespace(ns)...Do(ctx)`) a receiver type follows. */
const MAX_CHAIN = 24;

/**
 * The receiver-type expression of a value (see the header): `T{}`, `&T{}`, `new(T)`,
 * `NewT()`, `pkg.NewT()`, a typed local, `y.f`, `y.M()`, `y.(T)`; undefined when unknown.
 */
function valueType(value: Node | null, locals: NamesInScope, ctx: ExtractionContext, depth = 0): string | undefined {
  if (!value || depth > MAX_CHAIN) return undefined;
  switch (value.type) {
    case 'parenthesized_expression':
      return valueType(value.namedChild(0), locals, ctx, depth + 1);
    case 'unary_expression': {
      // `&x` and `*x` have x's type: receiver types leave pointers out.
      const operator = value.child(0)?.type;
      return operator === '&' || operator === '*' ? valueType(value.childForFieldName('operand'), locals, ctx, depth + 1) : undefined;
    }
    case 'composite_literal':
      // `T{}`, `[]T{}`, `map[K]V{}`, `[]struct{...}{...}`: a value of the type written.
      return declaredType(value.childForFieldName('type'));
    case 'type_assertion_expression':
      return goTypeName(value.childForFieldName('type'), true);
    case 'identifier': {
      const switched = typeSwitchType(value, locals, ctx, depth);
      return switched !== undefined ? (switched ?? undefined) : locals.get(value.text);
    }
    case 'index_expression': {
      const base = valueType(value.childForFieldName('operand'), locals, ctx, depth + 1);
      return base === undefined ? undefined : `${base}->[]`;
    }
    case 'selector_expression': {
      const operand = value.childForFieldName('operand');
      // `http.DefaultClient`: a value an imported package declares, its type unknown here.
      if (operand?.type === 'identifier' && !locals.has(operand.text) && packageBinding(operand.text, ctx) !== undefined) {
        return `${operand.text}.$${value.childForFieldName('field')?.text}`;
      }
      const base = valueType(operand, locals, ctx, depth + 1);
      return base === undefined ? undefined : `${base}->${value.childForFieldName('field')?.text}`;
    }
    case 'call_expression': {
      const fn = value.childForFieldName('function');
      if (fn?.type === 'identifier') {
        if (fn.text === 'new') return goTypeName(value.childForFieldName('arguments')?.namedChild(0) ?? null, true);
        // `make([]*types.Var, n)`, `make(map[K]V)`: a value of the type it names.
        if (fn.text === 'make' && !locals.has('make')) return declaredType(value.childForFieldName('arguments')?.namedChild(0) ?? null);
        return `${fn.text}()`;
      }
      if (fn?.type !== 'selector_expression') return undefined;
      const operand = fn.childForFieldName('operand');
      const field = fn.childForFieldName('field')?.text;
      // `pkg.NewT()` through an import, unless a local shadows the package name.
      if (operand?.type === 'identifier' && !locals.has(operand.text) && packageBinding(operand.text, ctx) !== undefined) return `${fn.text}()`;
      const base = valueType(operand, locals, ctx, depth + 1);
      return base === undefined ? undefined : `${base}->${field}()`;
    }
    default:
      return undefined;
  }
}

/**
 * The type of a name a type switch binds (`switch x := y.(type)`) where `name` is read: in
 * a `case T:` of one type, T; in a case of several types or the default, y's type. Null
 * when the switch binds it but its type is not known; undefined when no switch binds it.
 */
function typeSwitchType(name: Node, locals: NamesInScope, ctx: ExtractionContext, depth: number): string | null | undefined {
  for (let clause = name.parent; clause; clause = clause.parent) {
    if (clause.type === 'function_declaration' || clause.type === 'method_declaration') return undefined;
    if (clause.type !== 'type_case' && clause.type !== 'default_case') continue;
    const statement = clause.parent;
    if (statement?.type !== 'type_switch_statement') continue;
    const alias = statement.childForFieldName('alias')?.namedChildren ?? [];
    if (alias.length !== 1 || alias[0]?.text !== name.text) continue;
    const types = clause.type === 'type_case' ? clause.childrenForFieldName('type') : [];
    if (types.length === 1) return goTypeName(types[0], true) ?? null;
    return valueType(statement.childForFieldName('value'), locals, ctx, depth + 1) ?? null;
  }
  return undefined;
}

/** Package-level variables declared in the file, by name, with their types where known. */
const fileVariables = new WeakMap<ExtractionContext, Map<string, string>>();

/**
 * The file's `var x T` / `var x = T{}` at package level: an `init()` or a test of the same
 * file calls methods on them (`rootCmd.Flags()`). Variables of the package's other files
 * are not seen here.
 */
function packageVariables(at: Node, ctx: ExtractionContext): Map<string, string> {
  let types = fileVariables.get(ctx);
  if (types) return types;
  fileVariables.set(ctx, (types = new Map()));
  for (const decl of at.tree.rootNode.namedChildren) {
    if (decl?.type !== 'var_declaration') continue;
    const specs = decl.namedChildren.flatMap((c) => (c?.type === 'var_spec_list' ? c.namedChildren : [c]));
    for (const spec of specs) {
      if (spec?.type !== 'var_spec') continue;
      const type = declaredType(spec.childForFieldName('type')) ?? valueType(spec.childForFieldName('value')?.namedChild(0) ?? null, types, ctx);
      if (!type) continue;
      for (const name of spec.childrenForFieldName('name')) if (name) types.set(name.text, type);
    }
  }
  return types;
}

/**
 * The type the i-th of `names` names gets from `values`: its own value when they pair up,
 * else result i of the one call (`x, err := f()`: `f()#1` is err's; `f()` is x's, a call's
 * first result).
 */
function assignedType(names: number, values: Array<Node | null>, i: number, locals: NamesInScope, ctx: ExtractionContext): string | undefined {
  if (names === values.length) return valueType(values[i] ?? null, locals, ctx);
  if (values.length !== 1) return undefined;
  // `v, ok := x.(T)`, `v, ok := m[k]`: the first name has the value's type.
  if (i === 0) return valueType(values[0], locals, ctx);
  if (values[0]?.type !== 'call_expression') return undefined;
  const call = valueType(values[0], locals, ctx);
  return call?.endsWith('()') ? `${call}#${i}` : undefined;
}

function declarationsOf(fn: Node, ctx: ExtractionContext): FunctionLocals {
  // Package-level variables answer what no local declares.
  const locals = new FunctionLocals(packageVariables(fn, ctx));
  const params = (list: Node | null, scope: Node) => {
    for (const p of list?.namedChildren ?? []) {
      if (p?.type !== 'parameter_declaration') continue;
      const type = declaredType(p.childForFieldName('type'));
      for (const name of p.childrenForFieldName('name')) if (name) locals.declare(name.text, type, scope.startIndex, scope.endIndex);
    }
  };
  params(fn.childForFieldName('receiver'), fn);
  params(fn.childForFieldName('parameters'), fn);
  // Named results (`func f() (typ types.Type, err error)`) are locals of the body too.
  params(fn.childForFieldName('result'), fn);
  const body = fn.childForFieldName('body');
  if (!body) return locals;
  // In source order, so a later declaration reads the types of earlier ones.
  // One walk of the body for all four kinds (no two of them start at one offset).
  const declarations = body
    .descendantsOfType(['var_spec', 'short_var_declaration', 'func_literal', 'range_clause'])
    .filter((n): n is Node => n !== null);
  declarations.sort((a, b) => a.startIndex - b.startIndex);
  for (const decl of declarations) {
    // What the right-hand side reads is what is visible where the declaration starts.
    const before = locals.at(decl.startIndex);
    const to = scopeEnd(decl, fn);
    if (decl.type === 'func_literal') {
      params(decl.childForFieldName('parameters'), decl);
      params(decl.childForFieldName('result'), decl);
    } else if (decl.type === 'range_clause') {
      // `for k, v := range xs`: v is an element of xs (a slice's, array's or map's value), k its
      // key (known only when xs comes from outside: then k does too).
      const left = decl.childForFieldName('left')?.namedChildren ?? [];
      const over = valueType(decl.childForFieldName('right'), before, ctx);
      left.forEach((name, i) => {
        if (name?.type === 'identifier') locals.declare(name.text, over === undefined ? undefined : `${over}->${i === 1 ? '[]' : '[k]'}`, decl.endIndex, to);
      });
    } else if (decl.type === 'var_spec') {
      const declared = declaredType(decl.childForFieldName('type'));
      const names = decl.childrenForFieldName('name');
      const values = decl.childForFieldName('value')?.namedChildren ?? [];
      names.forEach((name, i) => {
        if (name) locals.declare(name.text, declared ?? assignedType(names.length, values, i, before, ctx), decl.endIndex, to);
      });
    } else {
      const left = decl.childForFieldName('left')?.namedChildren ?? [];
      const right = decl.childForFieldName('right')?.namedChildren ?? [];
      left.forEach((name, i) => {
        if (name?.type !== 'identifier') return;
        // A redeclaration with an unknown value forgets the earlier type rather than keep a wrong one.
        locals.declare(name.text, assignedType(left.length, right, i, before, ctx), decl.endIndex, to);
      });
    }
  }
  return locals;
}

/** Functions whose locals type a receiver: the `@local.scope` captures of grammars/go/tags.scm. */
export const SCOPE_NODES: ReadonlySet<string> = new Set(['function_declaration', 'method_declaration']);

/** The function around `node`. */
function enclosingFunction(node: Node, ctx: ExtractionContext): Node | undefined {
  for (const n of ctx.scopesAround(node)) {
    if (SCOPE_NODES.has(n.type)) return n;
  }
  return undefined;
}

/** Import bindings of the file: local package name -> import path. */
function packageBinding(name: string, ctx: ExtractionContext): string | undefined {
  for (const fact of ctx.imports) if (fact.local === name) return fact.source;
  return undefined;
}

/** The names visible at `at`, typed where known (the package-level variables outside a function). */
function localsAt(at: Node, ctx: ExtractionContext): NamesInScope {
  const fn = enclosingFunction(at, ctx);
  if (!fn) return packageVariables(at, ctx);
  let byFunction = localTypes.get(ctx);
  if (!byFunction) localTypes.set(ctx, (byFunction = new Map()));
  let locals = byFunction.get(fn.startIndex);
  if (!locals) byFunction.set(fn.startIndex, (locals = declarationsOf(fn, ctx)));
  return locals.at(at.startIndex);
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  const receiver = parts.receiver;
  if (!receiver) {
    if (!draft.bare) return true;
    // `fn()` where a local, parameter or package variable fn is visible: a call through a function value.
    if (localsAt(node, ctx).has(draft.calleeName)) {
      draft.indirect = true;
      return true;
    }
    // `int64(x)`, `string(b)`: a conversion to a predeclared type calls nothing.
    return !PREDECLARED.has(draft.calleeName);
  }
  const locals = localsAt(node, ctx);
  const imported = receiver.type === 'identifier' && !locals.has(receiver.text) ? packageBinding(receiver.text, ctx) : undefined;
  if (imported !== undefined) {
    // `pkg.F()`: a path call through an import, not a member call.
    draft.qualifier = receiver.text;
    delete draft.receiver;
    // `time.Duration(x)` converts to a standard library type: a use of the type, no call.
    if (isStandardType(imported, draft.calleeName)) draft.relationship = 'references';
    return true;
  }
  const type = valueType(receiver, locals, ctx);
  if (type) draft.receiverType = type;
  return true;
}

function unquote(text: string): string {
  return text.length >= 2 && (text[0] === '"' || text[0] === '`') ? text.slice(1, -1) : text;
}

/** The names the file's imports give explicitly (`core "k8s.io/client-go/testing"`). */
function explicitImportNames(spec: Node): Set<string> {
  const names = new Set<string>();
  for (const decl of spec.tree.rootNode.namedChildren) {
    if (decl?.type !== 'import_declaration') continue;
    const specs = decl.namedChildren.flatMap((c) => (c?.type === 'import_spec_list' ? c.namedChildren : [c]));
    for (const other of specs) {
      const name = other?.type === 'import_spec' ? other.childForFieldName('name') : null;
      if (name?.type === 'package_identifier') names.add(name.text);
    }
  }
  return names;
}

/** `import f "fmt"`, `. "strings"`, `_ "embed"`, `"a/b/pkg"`: source the path, local the name it binds. */
function importHandler(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const path = node.childForFieldName('path');
  if (!path) return;
  const source = unquote(path.text);
  const name = node.childForFieldName('name');
  let local = source.slice(source.lastIndexOf('/') + 1);
  // `gopkg.in/yaml.v3` binds `yaml`; `github.com/x/y/v2` binds `y`, unless another import of
  // the file takes that name (`core "k8s.io/client-go/testing"`): then the package is `v1`.
  if (/^v\d+$/.test(local) && !name) {
    const parts = source.split('/');
    if (parts.length >= 2 && !explicitImportNames(node).has(parts[parts.length - 2])) local = parts[parts.length - 2];
  }
  local = local.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/[.-]/g, '_');
  let imported = '*';
  if (name) {
    if (name.type === 'dot') local = '*';
    else if (name.type === 'blank_identifier') {
      local = '';
      imported = '_';
    } else local = name.text;
  }
  ctx.imports.push({ source, imported, local, reexport: false, typeOnly: false, line: ctx.line(node) });
}

function isTestFile(path: string): boolean {
  return path.endsWith('_test.go');
}

export const goAdapter: LanguageAdapter = {
  grammar: 'go',
  queryFiles: ['go/tags.scm'],
  separator: () => '::',
  selfReceiver: '',
  methodsBesideType: true,
  isTestFile,
  definition,
  call,
  handlers: { import: importHandler },
};

/** The package clause of a Go file, read without parsing (it is the first non-comment token). */
export function goPackageName(source: string): string | undefined {
  const match = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*package\s+([\p{L}_][\p{L}\p{N}_]*)/u.exec(source);
  return match ? match[1] : undefined;
}
