// What a TypeScript file says by itself about the type of an expression: declared
// annotations, constructed classes, and the call chains whose declared return types the
// binder can follow across files. The answer is a *type recipe*, one of:
//
//   T, ns.T            a declared or constructed type (`x: T`, `new T()`, `x as T`)
//   {T}.m().n()        an instance of T (braces: a type, not a value), then the declared
//                      results of its methods m and n
//   f().m(), a.b.f()   the declared result of calling f, bound as a call written here
//                      (an import, a namespace member, `this.f`), then of m
//   f(#k.j)            parameter j of the callback passed as argument k to f: the type
//                      f's own declaration gives that callback's parameter
//   new C(#k.j)        the same for a callback passed to C's constructor
//
// Recipes never guess: a local binding without an annotation, initialiser or callback
// position has none. parsers/typescript/resolve.ts evaluates them.
import type { Scopes } from '../scopes.js';
import type { Node } from '../tree-sitter.js';

export const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'generator_function']);
const FUNCTION_NODES = new Set(['function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration', 'generator_function']);
/** Where local names are declared: the `@local.scope` captures of grammars/typescript/javascript-tags.scm. */
export const SCOPE_NODES: ReadonlySet<string> = new Set([...FUNCTION_NODES, 'statement_block', 'program']);
const PARAMETER_NODES = new Set(['required_parameter', 'optional_parameter']);
const CLASS_NODES = new Set(['class_declaration', 'abstract_class_declaration', 'class']);
/** Declarations whose type parameters are in scope inside them. */
const GENERIC_SCOPES = new Set([...FUNCTION_NODES, ...CLASS_NODES, 'interface_declaration', 'type_alias_declaration', 'method_signature', 'function_signature', 'abstract_method_signature', 'function_type']);
/** How deep a recipe follows initialisers and receivers (`a = b.c(); b = d.e(); ...`). */
const MAX_DEPTH = 8;

/** `T` of a `: T` or `: T<U>` annotation; `this` for a `this` type; undefined for unions, literals and other shapes. */
export function annotatedType(annotation: Node | null | undefined): string | undefined {
  const type = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  if (type?.type === 'this_type') return 'this';
  const named = type?.type === 'generic_type' ? type.childForFieldName('name') : type;
  // `T`, or `ns.T` through a namespace import (`Fiber.Fiber<A>`)
  if (named?.type === 'type_identifier' || named?.type === 'nested_type_identifier') return named.text.replace(/\s+/g, '');
  return undefined;
}

/** Type parameters in scope at `node`: its own and those of every enclosing generic declaration. */
function typeParameters(node: Node): Set<string> {
  const names = new Set<string>();
  for (let n: Node | null = node; n; n = n.parent) {
    if (!GENERIC_SCOPES.has(n.type)) continue;
    for (const p of n.childForFieldName('type_parameters')?.namedChildren ?? []) {
      const name = p?.childForFieldName('name')?.text;
      if (name) names.add(name);
    }
  }
  return names;
}

/** A declared type that names a real type, not a type parameter in scope at `at`. */
function concreteType(annotation: Node | null | undefined, at: Node): string | undefined {
  const type = annotatedType(annotation);
  if (type === undefined || type === 'this') return type;
  return typeParameters(at).has(type.split('.')[0]) ? undefined : type;
}

/** `: T` after a function's parameters, for the function-like declaration `node`. */
export function declaredReturnType(node: Node): string | undefined {
  return concreteType(node.childForFieldName('return_type'), node);
}

/** Parameters of a parameter list, without a leading `this:` parameter. */
function valueParameters(list: Node | null | undefined): Node[] {
  const params = (list?.namedChildren ?? []).filter((p): p is Node => p !== null);
  return params.filter((p) => p.childForFieldName('pattern')?.type !== 'this');
}

/**
 * The declared parameter types of the callbacks a function takes: `k:j:T` when parameter k
 * is typed by a function type whose parameter j is declared as T.
 */
export function callbackParameterTypes(node: Node): string[] {
  const out: string[] = [];
  valueParameters(node.childForFieldName('parameters')).forEach((param, k) => {
    const annotation = param.childForFieldName('type');
    const fn = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : null;
    if (fn?.type !== 'function_type') return;
    valueParameters(fn.childForFieldName('parameters')).forEach((inner, j) => {
      const type = concreteType(inner.childForFieldName('type'), fn);
      if (type !== undefined && type !== 'this') out.push(`${k}:${j}:${type}`);
    });
  });
  return out;
}

/** What the nearest declaration of a local name says. */
export interface LocalDeclaration {
  /** Declared or constructed type name, when the declaration states one. */
  type?: string;
  /** The initialiser of a variable, whose recipe types it when no annotation does. */
  value?: Node;
  /** A parameter of a callback passed as argument `argument` of `call`. */
  callback?: { call: Node; argument: number; parameter: number };
  /** A variable holding a function expression: a function symbol of its own. */
  functionValue: boolean;
  /** Declared at file scope. */
  fileScope: boolean;
}

const BINDING_NAMES = ['identifier', 'shorthand_property_identifier_pattern'];

/**
 * The nearest declaration of `name` around a node: a parameter (`source: Observable<T>`,
 * destructured or not) or a block-level variable (`const x: T = ...`, `const x = f()`,
 * `const { a } = ...`). The nearest one wins even when it says nothing about the type, so a
 * shadowing name is never typed by an outer one.
 */
export function localDeclaration(from: Node, name: string, scopes: Scopes): LocalDeclaration | undefined {
  // The file's `@local.scope` captures are exactly the SCOPE_NODES this walk checks.
  const around = scopes.around(from);
  if (around) {
    for (const scope of around) {
      const found = declarationsIn(scope).get(name);
      if (found) return found;
    }
    return undefined;
  }
  for (let node = from.parent; node; node = node.parent) {
    if (!SCOPE_NODES.has(node.type)) continue;
    const found = declarationsIn(node).get(name);
    if (found) return found;
  }
  return undefined;
}

/** Per tree, the names each scope declares: built once per scope, not once per call. */
let scopeTree: unknown;
const scopeCache = new Map<number, Map<string, LocalDeclaration>>();
const fieldCache = new Map<number, Map<string, string>>();

function boundNames(pattern: Node | null): string[] {
  if (!pattern) return [];
  if (pattern.type === 'identifier') return [pattern.text];
  return pattern.descendantsOfType(BINDING_NAMES).flatMap((n) => (n ? [n.text] : []));
}

function sameTree(node: Node): void {
  if (node.tree === scopeTree) return;
  scopeTree = node.tree;
  scopeCache.clear();
  fieldCache.clear();
}

/** `fn` is argument k of a call or `new`: that call and k. */
function callbackPosition(fn: Node): { call: Node; argument: number } | undefined {
  const args = fn.parent;
  const call = args?.parent;
  if (args?.type !== 'arguments' || (call?.type !== 'call_expression' && call?.type !== 'new_expression')) return undefined;
  const argument = args.namedChildren.findIndex((a) => a?.id === fn.id);
  return argument < 0 ? undefined : { call, argument };
}

/** The declarations a function's parameters or a block's statements make; the first of a name wins. */
function declarationsIn(scope: Node): Map<string, LocalDeclaration> {
  sameTree(scope);
  const cached = scopeCache.get(scope.id);
  if (cached) return cached;
  const found = new Map<string, LocalDeclaration>();
  const add = (name: string, declaration: LocalDeclaration) => {
    if (!found.has(name)) found.set(name, declaration);
  };
  if (FUNCTION_NODES.has(scope.type)) {
    const position = FUNCTION_VALUES.has(scope.type) ? callbackPosition(scope) : undefined;
    const callback = (parameter: number) => (position ? { callback: { ...position, parameter } } : {});
    const single = scope.childForFieldName('parameter'); // `x => x.f()`
    if (single) add(single.text, { functionValue: false, fileScope: false, ...callback(0) });
    valueParameters(scope.childForFieldName('parameters')).forEach((param, j) => {
      if (PARAMETER_NODES.has(param.type)) {
        const pattern = param.childForFieldName('pattern');
        const type = annotatedType(param.childForFieldName('type'));
        const untyped = type === undefined && pattern?.type === 'identifier' ? callback(j) : {};
        for (const name of boundNames(pattern)) add(name, { type, functionValue: false, fileScope: false, ...untyped });
        return;
      }
      const pattern = param.type === 'assignment_pattern' ? param.childForFieldName('left') : param;
      const untyped = pattern?.type === 'identifier' ? callback(j) : {};
      for (const name of boundNames(pattern)) add(name, { functionValue: false, fileScope: false, ...untyped });
    });
  } else {
    const fileScope = scope.type === 'program';
    for (const child of scope.namedChildren) {
      // `export const x = ...` declares x in the file's scope like `const x = ...`.
      const statement = child?.type === 'export_statement' ? child.childForFieldName('declaration') : child;
      if (statement?.type !== 'lexical_declaration' && statement?.type !== 'variable_declaration') continue;
      for (const declarator of statement.namedChildren) {
        if (declarator?.type !== 'variable_declarator') continue;
        const bound = declarator.childForFieldName('name');
        if (bound?.type !== 'identifier') {
          for (const name of boundNames(bound)) add(name, { functionValue: false, fileScope });
          continue;
        }
        const value = declarator.childForFieldName('value') ?? undefined;
        const type = annotatedType(declarator.childForFieldName('type'));
        add(bound.text, { type, ...(value ? { value } : {}), functionValue: FUNCTION_VALUES.has(value?.type ?? ''), fileScope });
      }
    }
  }
  scopeCache.set(scope.id, found);
  return found;
}

/** The class whose instance `this` is at `node`: through arrow functions, not through other functions. */
function thisClass(node: Node): Node | undefined {
  for (let n = node.parent; n; n = n.parent) {
    if (n.type === 'function_declaration' || n.type === 'function_expression' || n.type === 'generator_function' || n.type === 'generator_function_declaration') return undefined;
    if (n.type === 'method_definition' && n.children.some((c) => c?.type === 'static')) return undefined;
    if (CLASS_NODES.has(n.type)) return n;
  }
  return undefined;
}

/**
 * The declared or constructed types of a class's instance fields: `x: T`, `x = new T()`,
 * constructor parameter properties (`private x: T`) and `this.x = new T()` in the constructor.
 */
function fieldTypes(cls: Node): Map<string, string> {
  sameTree(cls);
  const cached = fieldCache.get(cls.id);
  if (cached) return cached;
  const fields = new Map<string, string>();
  const add = (name: string | undefined, type: string | undefined) => {
    if (name !== undefined && type !== undefined && type !== 'this' && !fields.has(name)) fields.set(name, type);
  };
  for (const member of cls.childForFieldName('body')?.namedChildren ?? []) {
    if (!member) continue;
    if (member.type === 'public_field_definition' && !member.children.some((c) => c?.type === 'static')) {
      const value = member.childForFieldName('value');
      add(member.childForFieldName('name')?.text, concreteType(member.childForFieldName('type'), member) ?? constructed(value));
    }
    if (member.type === 'method_definition' && member.childForFieldName('name')?.text === 'constructor') {
      for (const param of valueParameters(member.childForFieldName('parameters'))) {
        const property = param.children.some((c) => c?.type === 'accessibility_modifier' || c?.type === 'readonly');
        if (property) add(param.childForFieldName('pattern')?.text, concreteType(param.childForFieldName('type'), member));
      }
      for (const statement of member.childForFieldName('body')?.namedChildren ?? []) {
        const assignment = statement?.type === 'expression_statement' ? statement.namedChild(0) : null;
        if (assignment?.type !== 'assignment_expression') continue;
        const left = assignment.childForFieldName('left');
        if (left?.type !== 'member_expression' || left.childForFieldName('object')?.type !== 'this') continue;
        add(left.childForFieldName('property')?.text, constructed(assignment.childForFieldName('right')));
      }
    }
  }
  fieldCache.set(cls.id, fields);
  return fields;
}

/** `C` or `ns.C` of `new C(...)`. */
function constructed(value: Node | null | undefined): string | undefined {
  if (value?.type !== 'new_expression') return undefined;
  const constructor = value.childForFieldName('constructor');
  return constructor ? dottedName(constructor) : undefined;
}

/** `a`, `a.b.c`: identifiers joined by dots, nothing computed. */
function dottedName(node: Node): string | undefined {
  if (node.type === 'identifier' || node.type === 'this') return node.text;
  if (node.type !== 'member_expression') return undefined;
  const object = node.childForFieldName('object');
  const property = node.childForFieldName('property');
  if (!object || property?.type !== 'property_identifier') return undefined;
  const head = dottedName(object);
  return head === undefined ? undefined : `${head}.${property.text}`;
}

/** A dotted callee path whose root is no local binding: bound by the binder like a call written here. */
function calleePath(node: Node, scopes: Scopes): string | undefined {
  const path = dottedName(node);
  if (path === undefined) return undefined;
  const root = path.split('.')[0];
  return root === 'this' || localDeclaration(node, root, scopes) === undefined ? path : undefined;
}

const asInstance = (recipe: string) => (recipe.includes('(') || recipe.startsWith('{') ? recipe : `{${recipe}}`);

/** The recipe of the callee part of a call: `f`, `a.b.f`, `{T}.m`, `new C`. */
function calleeRecipe(call: Node, scopes: Scopes, depth: number): string | undefined {
  if (call.type === 'new_expression') {
    const constructor = call.childForFieldName('constructor');
    const name = constructor && dottedName(constructor);
    return name === undefined ? undefined : `new ${name}`;
  }
  const fn = call.childForFieldName('function');
  if (!fn) return undefined;
  if (fn.type === 'identifier') {
    // A local binding holds a value of unknown type, unless it is a file-scope function.
    const local = localDeclaration(fn, fn.text, scopes);
    return local === undefined || (local.functionValue && local.fileScope) ? fn.text : undefined;
  }
  if (fn.type !== 'member_expression') return undefined;
  const object = fn.childForFieldName('object');
  const property = fn.childForFieldName('property');
  if (!object || (property?.type !== 'property_identifier' && property?.type !== 'private_property_identifier')) return undefined;
  const typed = expressionType(object, scopes, depth + 1);
  if (typed !== undefined) return `${asInstance(typed)}.${property.text}`;
  const path = calleePath(object, scopes);
  return path === undefined ? undefined : `${path}.${property.text}`;
}

/** The type recipe of an expression, when the file alone can state one. */
export function expressionType(node: Node, scopes: Scopes, depth = 0): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  switch (node.type) {
    case 'parenthesized_expression':
    case 'non_null_expression':
    case 'satisfies_expression': {
      const inner = node.namedChild(0);
      return inner ? expressionType(inner, scopes, depth + 1) : undefined;
    }
    case 'as_expression': {
      const type = node.namedChild(1);
      const declared = type?.type === 'generic_type' || type?.type === 'type_identifier' || type?.type === 'nested_type_identifier' ? annotatedType(type) : undefined;
      return declared !== undefined && declared !== 'this' && !typeParameters(node).has(declared.split('.')[0]) ? declared : undefined;
    }
    case 'new_expression':
      return constructed(node);
    case 'identifier': {
      const declaration = localDeclaration(node, node.text, scopes);
      if (!declaration) return undefined;
      if (declaration.type !== undefined) return declaration.type === 'this' ? undefined : declaration.type;
      if (declaration.value) return expressionType(declaration.value, scopes, depth + 1);
      if (declaration.callback) {
        const { call, argument, parameter } = declaration.callback;
        const callee = calleeRecipe(call, scopes, depth + 1);
        return callee === undefined ? undefined : `${callee}(#${argument}.${parameter})`;
      }
      return undefined;
    }
    case 'member_expression': {
      // `this.x`: a field of the enclosing class.
      const object = node.childForFieldName('object');
      const property = node.childForFieldName('property');
      if (object?.type !== 'this' || !property) return undefined;
      const cls = thisClass(node);
      return cls ? fieldTypes(cls).get(property.text) : undefined;
    }
    case 'call_expression': {
      const callee = calleeRecipe(node, scopes, depth);
      return callee === undefined ? undefined : `${callee}()`;
    }
    default:
      return undefined;
  }
}
