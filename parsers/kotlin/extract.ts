// Kotlin adapter: what grammars/kotlin/tags.scm cannot say. Qualified names are the
// declarations' names within the file (`Service.run`, `Service.Companion.create`); the
// package clause is the module. `interface` and `enum class` are read from their keyword,
// objects are classes with `attributes.object`, members of a companion object are owned by
// the class around it, and an extension function records the type it extends
// (`attributes.extends`); functions and constructors record their arity, the parameters a
// call must pass (defaults aside) and varargs. A call of a capitalised name (`Repo()`,
// `Outer.Inner()`) is a constructor call (`new`). Receiver types are read from parameters,
// properties (`val x: T`, or the initializer: `val x = T()`, `val x = a.b()` as the chain
// the binder reads through declared results) and primary-constructor properties, `T::class`
// and `this@T`; a call through a capitalised name is a path call (`Util.run()`: an object or
// companion member). Tests: JUnit and kotlin.test by
// annotation, Kotest blocks (`test("title") { }`, `"title" { }`) by their call, and
// whole files in test source sets.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';

const CLASS_LIKE = new Set(['class_declaration', 'object_declaration', 'companion_object']);
const FUNCTION_LIKE = new Set(['function_declaration', 'secondary_constructor']);
const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate']);
/** Kotest's block functions: specs (FunSpec, DescribeSpec, ShouldSpec, BehaviorSpec, FeatureSpec, ExpectSpec, WordSpec) name tests with them. */
const KOTEST_TESTS = new Set(['test', 'it', 'should', 'then', 'Then', 'scenario', 'expect', 'xtest', 'xit', 'xshould', 'xscenario', 'xexpect']);
const KOTEST_GROUPS = new Set(['context', 'describe', 'given', 'Given', 'when', 'When', 'and', 'And', 'feature', 'xcontext', 'xdescribe', 'xgiven', 'xwhen', 'xfeature']);

const unquote = (name: string) => (name.startsWith('`') && name.endsWith('`') ? name.slice(1, -1) : name);
const capitalised = (text: string) => /^\p{Lu}/u.test(text);

/** `List<String>` -> `List`, `a.b.Map.Entry` -> `Entry`, `String?` -> `String`. */
export function kotlinTypeName(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'type_identifier':
      return node.text;
    case 'user_type': {
      const last = node.namedChildren.filter((c) => c?.type === 'type_identifier').pop();
      return last?.text;
    }
    case 'nullable_type':
    case 'parenthesized_type':
      return kotlinTypeName(node.namedChild(0));
    default:
      return undefined;
  }
}

/** A type as its written path without type arguments: `TypeSpec.Builder` for `TypeSpec.Builder<T>?`, `String` for `String`. */
export function kotlinTypePath(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'nullable_type' || node.type === 'parenthesized_type') return kotlinTypePath(node.namedChild(0));
  if (node.type === 'type_identifier') return node.text;
  if (node.type !== 'user_type') return undefined;
  const parts = node.namedChildren.filter((c) => c?.type === 'type_identifier').map((c) => c!.text);
  return parts.length > 0 ? parts.join('.') : undefined;
}

/** Annotation names in a declaration's modifiers: `@org.junit.Test` -> `Test`. */
function annotationsOf(node: Node): string[] {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  const names: string[] = [];
  for (const a of modifiers?.namedChildren ?? []) {
    if (a?.type !== 'annotation') continue;
    const type = a.namedChildren.find((c) => c?.type === 'user_type' || c?.type === 'constructor_invocation');
    const name = kotlinTypeName(type?.type === 'constructor_invocation' ? type.namedChild(0) : type);
    if (name) names.push(name);
  }
  return names;
}

function hasModifier(node: Node, word: string): boolean {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  return (modifiers?.namedChildren ?? []).some((m) => m?.text === word);
}

/** The class, object or companion around `node`. */
function enclosingClass(node: Node, ctx: ExtractionContext): Node | undefined {
  for (const n of ctx.scopesAround(node)) if (CLASS_LIKE.has(n.type)) return n;
  return undefined;
}

/** The named class or object around `node`, through a companion object. */
function ownerName(node: Node, ctx: ExtractionContext): string | undefined {
  for (let cls = enclosingClass(node, ctx); cls; cls = enclosingClass(cls, ctx)) {
    if (cls.type !== 'companion_object') return cls.namedChildren.find((c) => c?.type === 'type_identifier')?.text;
  }
  return undefined;
}

interface Parameters {
  types: string[];
  /** How many parameters a call must pass: up to the last one without a default value. */
  required: number;
  varargs: boolean;
}

const TYPE_NODES = new Set(['user_type', 'nullable_type', 'function_type']);
/** What a class parameter holds besides a default value. */
const CLASS_PARAMETER_PARTS = new Set(['modifiers', 'binding_pattern_kind', 'simple_identifier', ...TYPE_NODES]);

/**
 * The parameters of a `function_value_parameters` or `primary_constructor` list. The
 * grammar puts a default value, and the modifiers (`vararg`) of the next parameter,
 * beside the parameters rather than inside them.
 */
function parametersOf(list: Node | null | undefined, kind: 'parameter' | 'class_parameter'): Parameters {
  const out: Parameters = { types: [], required: 0, varargs: false };
  const children = list?.namedChildren ?? [];
  for (let i = 0; i < children.length; i++) {
    const p = children[i];
    if (p?.type === 'parameter_modifiers' && p.text.includes('vararg')) out.varargs = true;
    if (p?.type !== kind) continue;
    const typeNode = p.namedChildren.find((c) => c !== null && TYPE_NODES.has(c.type));
    out.types.push(typeNode?.type === 'function_type' ? 'Function' : (kotlinTypeName(typeNode) ?? '?'));
    // A class parameter holds its default value; a function parameter's follows it.
    const next = children[i + 1];
    const hasDefault =
      kind === 'class_parameter'
        ? p.namedChildren.some((c) => c !== null && !CLASS_PARAMETER_PARTS.has(c.type))
        : next !== null && next !== undefined && next.type !== 'parameter' && next.type !== 'parameter_modifiers';
    const isVararg = i > 0 && children[i - 1]?.type === 'parameter_modifiers' && children[i - 1]!.text.includes('vararg');
    if (!hasDefault && !isVararg) out.required = out.types.length;
  }
  return out;
}

function arityAttributes(params: Parameters): Record<string, string> {
  const attributes: Record<string, string> = { arity: String(params.types.length) };
  if (params.varargs) attributes.varargs = 'true';
  if (params.required < params.types.length - (params.varargs ? 1 : 0)) attributes.required = String(params.required);
  return attributes;
}

function classKind(node: Node): DefinitionDraft['kind'] {
  if (node.type !== 'class_declaration') return 'class';
  if (node.children.some((c) => c?.type === 'interface')) return 'interface';
  if (node.children.some((c) => c?.type === 'enum') || node.namedChildren.some((c) => c?.type === 'enum_class_body')) return 'enum';
  return 'class';
}

function basesOf(node: Node): string[] {
  const bases: string[] = [];
  for (const spec of node.namedChildren) {
    if (spec?.type !== 'delegation_specifier') continue;
    const inner = spec.namedChild(0);
    const type = inner?.type === 'constructor_invocation' || inner?.type === 'explicit_delegation' ? inner.namedChild(0) : inner;
    const name = kotlinTypePath(type);
    if (name) bases.push(name);
  }
  return bases;
}

function definition(draft: DefinitionDraft, node: Node, _parts: Parts, ctx: ExtractionContext): boolean {
  if (node.type === 'companion_object') {
    draft.name = node.namedChildren.find((c) => c?.type === 'type_identifier')?.text ?? 'Companion';
    return true;
  }
  draft.name = unquote(draft.name);
  const annotations = annotationsOf(node);
  if (annotations.length > 0) draft.attributes = { ...draft.attributes, annotations };
  if (!hasModifier(node, 'private') && !hasModifier(node, 'internal') && !hasModifier(node, 'protected')) draft.exported = true;
  if (CLASS_LIKE.has(node.type)) {
    draft.kind = classKind(node);
    if (node.type === 'object_declaration') draft.attributes = { ...draft.attributes, object: 'true' };
    // Property initialisers, `init` blocks and a spec's constructor lambda belong to the class.
    draft.bodyOwner = true;
    const bases = basesOf(node);
    if (bases.length > 0) draft.bases = bases;
    // A class is called as its primary constructor: its parameters are the class's.
    if (node.type === 'class_declaration' && draft.kind === 'class') {
      draft.attributes = { ...draft.attributes, ...arityAttributes(parametersOf(node.namedChildren.find((c) => c?.type === 'primary_constructor'), 'class_parameter')) };
    }
    return true;
  }
  if (node.type === 'type_alias') return true;
  const owner = ownerName(node, ctx);
  const inClass = node.parent?.type === 'class_body' || node.parent?.type === 'enum_class_body';
  if (node.type === 'secondary_constructor') {
    if (!owner) return false;
    draft.name = owner;
  }
  if (owner && inClass) draft.ownerType = owner;
  // A function in any class body is a method (the engine sees only class, interface and trait bodies).
  if (node.type === 'function_declaration' && inClass) draft.kind = 'method';
  const params = parametersOf(node.namedChildren.find((c) => c?.type === 'function_value_parameters'), 'parameter');
  draft.disambiguator = `${draft.name}(${params.types.join(',')})`;
  draft.attributes = { ...draft.attributes, ...arityAttributes(params) };
  if (node.type === 'function_declaration') {
    // `fun T.name()`: the type before the name is the extended receiver; the one after the parameters the result.
    const nameIndex = node.namedChildren.findIndex((c) => c?.type === 'simple_identifier');
    const before = node.namedChildren.slice(0, nameIndex).find((c) => c?.type === 'user_type' || c?.type === 'nullable_type');
    const extendsType = kotlinTypePath(before);
    if (extendsType) draft.attributes.extends = extendsType;
    const paramsIndex = node.namedChildren.findIndex((c) => c?.type === 'function_value_parameters');
    const after = node.namedChildren.slice(paramsIndex + 1).find((c) => c?.type === 'user_type' || c?.type === 'nullable_type');
    const returns = kotlinTypePath(after);
    if (returns && returns !== 'Unit') {
      draft.returnType = returns;
      draft.attributes.returns = returns;
    }
    const test = annotations.find((a) => TEST_ANNOTATIONS.has(a));
    if (test) {
      draft.isTest = true;
      draft.attributes.test = test;
    }
  }
  return true;
}

/** `test("title") { }` (the call and its trailing lambda) or `"title" { }`: a test, or a group of tests. */
function testBlock(node: Node, parts: Parts, ctx: ExtractionContext): void {
  if (ctx.callsOnly) return;
  const fn = parts.function?.text;
  if (fn !== undefined && !KOTEST_TESTS.has(fn) && !KOTEST_GROUPS.has(fn)) return;
  // `"title" { }` outside a test file is some other DSL.
  if (fn === undefined && !isTestFile(ctx.path)) return;
  const group = fn !== undefined && KOTEST_GROUPS.has(fn);
  const title = parts.name.namedChildren.map((c) => c?.text ?? '').join('') || parts.name.text.replace(/^"|"$/g, '');
  const draft: DefinitionDraft = {
    ...ctx.position(node),
    kind: group ? 'module' : 'test',
    name: title.replace(/\s+/g, ' '),
    isTest: true,
    testBlock: true,
    bodyOwner: true,
    attributes: { test: fn ?? 'string', ...(group ? { test_block: fn! } : {}) },
  };
  ctx.definitions.push(draft);
  // The block's own call is how the test is declared, not a call site.
  if (fn !== undefined) ctx.consumed.add(ctx.key(node.namedChild(0)!));
}

// ---- receiver types ----------------------------------------------------------

/** A declared name's type: written, or the initializer to read it from (`val x = T()`, `val x = a.b()`). */
type Declared = string | Node | { elementOf: Node };

/** Collections whose element type is their one type argument. */
const COLLECTIONS = new Set(['List', 'MutableList', 'ArrayList', 'Set', 'MutableSet', 'HashSet', 'LinkedHashSet', 'Collection', 'MutableCollection', 'Iterable', 'Sequence', 'Array']);

/** `List<T>`-like types give T: a types map holds it under the key `name[]`, for `for (x in name)`. */
function elementTypePath(node: Node | null | undefined): string | undefined {
  if (node?.type === 'nullable_type') return elementTypePath(node.namedChild(0));
  if (node?.type !== 'user_type') return undefined;
  const names = node.namedChildren.filter((c) => c?.type === 'type_identifier');
  if (!COLLECTIONS.has(names[names.length - 1]?.text ?? '')) return undefined;
  const args = node.namedChildren.find((c) => c?.type === 'type_arguments');
  return args?.namedChildCount === 1 ? kotlinTypePath(args.namedChild(0)?.namedChild(0)) : undefined;
}

/** A declared name and its written type node: its type path, and its element type when a collection. */
function declare(types: Types, name: string, typeNode: Node | null | undefined): boolean {
  const path = kotlinTypePath(typeNode);
  if (!path) return false;
  types.set(name, path);
  const element = elementTypePath(typeNode);
  if (element) types.set(`${name}[]`, element);
  return true;
}

const typeNodeOf = (node: Node) => node.namedChildren.find((c) => c?.type === 'user_type' || c?.type === 'nullable_type');
type Types = Map<string, Declared>;

/** `val x: T = ...` gives T; `val x = <expression>` gives the expression, typed on demand. */
function declareProperty(types: Types, property: Node): void {
  const variable = property.namedChildren.find((c) => c?.type === 'variable_declaration');
  const name = variable?.namedChildren.find((c) => c?.type === 'simple_identifier')?.text;
  if (!variable || !name || declare(types, name, typeNodeOf(variable))) return;
  const value = property.namedChildren.find((c) => c && c.type !== 'modifiers' && c.type !== 'binding_pattern_kind' && c.type !== 'variable_declaration');
  if (value) types.set(name, value);
}

/** `for (x: T in xs)` gives T; `for (x in xs)` the element type declared with xs. */
function declareLoopVariable(types: Types, loop: Node): void {
  const variable = loop.namedChildren.find((c) => c?.type === 'variable_declaration');
  const name = variable?.namedChildren.find((c) => c?.type === 'simple_identifier')?.text;
  if (!variable || !name || declare(types, name, typeNodeOf(variable))) return;
  const iterable = variable.nextNamedSibling;
  if (iterable?.type === 'simple_identifier') types.set(name, { elementOf: iterable });
}

function classTypes(cls: Node): Types {
  const types: Types = new Map();
  const ctor = cls.namedChildren.find((c) => c?.type === 'primary_constructor');
  for (const p of ctor?.namedChildren ?? []) {
    if (p?.type !== 'class_parameter') continue;
    const name = p.namedChildren.find((c) => c?.type === 'simple_identifier')?.text;
    if (name) declare(types, name, typeNodeOf(p));
  }
  const body = cls.namedChildren.find((c) => c?.type === 'class_body' || c?.type === 'enum_class_body');
  for (const member of body?.namedChildren ?? []) {
    if (member?.type === 'property_declaration') declareProperty(types, member);
  }
  return types;
}

function localTypes(fn: Node): Types {
  const types: Types = new Map();
  const params = fn.namedChildren.find((c) => c?.type === 'function_value_parameters');
  for (const p of params?.namedChildren ?? []) {
    if (p?.type !== 'parameter') continue;
    const name = p.namedChildren.find((c) => c?.type === 'simple_identifier')?.text;
    if (name) declare(types, name, typeNodeOf(p));
  }
  const body = fn.namedChildren.find((c) => c?.type === 'function_body');
  for (const node of body?.descendantsOfType(['property_declaration', 'for_statement']) ?? []) {
    if (node?.type === 'property_declaration') declareProperty(types, node);
    else if (node) declareLoopVariable(types, node);
  }
  return types;
}

function enclosingFunction(node: Node, ctx: ExtractionContext): Node | undefined {
  for (const n of ctx.scopesAround(node)) {
    if (FUNCTION_LIKE.has(n.type)) return n;
    if (CLASS_LIKE.has(n.type)) return undefined;
  }
  return undefined;
}

/** The declared type of a name at `at`: a local or parameter, else a property of an enclosing class. */
function typeOfName(name: string, at: Node, ctx: ExtractionContext, depth = 0): string | undefined {
  const fn = enclosingFunction(at, ctx);
  const locals = fn ? ctx.memo(fn, localTypes) : undefined;
  if (locals?.has(name)) return typeOf(locals, name, ctx, depth);
  for (let cls = enclosingClass(at, ctx); cls; cls = enclosingClass(cls, ctx)) {
    const members = ctx.memo(cls, classTypes);
    if (members.has(name)) return typeOf(members, name, ctx, depth);
  }
  return undefined;
}

/**
 * A written type as is; an initializer's type read from the expression where it stands
 * (bounded, so `val a = b; val b = a` ends), and kept when read from the top (a read cut
 * short by the bound is not kept). `''`: no type.
 */
function typeOf(types: Types, name: string, ctx: ExtractionContext, depth: number): string | undefined {
  const declared = types.get(name)!;
  if (typeof declared === 'string') return declared || undefined;
  if (depth >= 3) return undefined;
  const found = 'elementOf' in declared ? typeOfName(`${declared.elementOf.text}[]`, declared.elementOf, ctx, depth + 1) : expressionType(declared, declared, ctx, depth + 1);
  if (depth === 0) types.set(name, found ?? '');
  return found;
}

/** The navigation's receiver and member name: `a.b` -> [a, "b"]. */
function navigation(node: Node): [Node | null, string | undefined] {
  const suffix = node.lastNamedChild;
  const name = suffix?.type === 'navigation_suffix' ? suffix.lastNamedChild : null;
  return [node.firstNamedChild, name?.type === 'simple_identifier' ? name.text : undefined];
}

/**
 * The type an expression has where the declarations say so: `T` for a typed name or a
 * constructor call `T()`, `T.m()` for the result of method m on a T (the binder reads
 * m's declared result), chained up to a few calls.
 */
function expressionType(expression: Node, at: Node, ctx: ExtractionContext, depth = 0): string | undefined {
  switch (expression.type) {
    case 'simple_identifier':
      return typeOfName(expression.text, at, ctx, depth) ?? (capitalised(expression.text) ? expression.text : undefined);
    case 'this_expression':
      // `this@Outer` names its class.
      return expression.namedChild(0)?.text ?? ownerName(at, ctx);
    case 'callable_reference':
      // `T::class` is a KClass (its `.java` a Class, below); `::f` a function reference.
      return expression.text.endsWith('::class') ? 'KClass' : undefined;
    case 'as_expression':
      return kotlinTypePath(expression.namedChild(1));
    case 'postfix_expression':
      // `x!!`: the type of x.
      return expression.text.endsWith('!!') && expression.namedChild(0) ? expressionType(expression.namedChild(0)!, at, ctx, depth) : undefined;
    case 'parenthesized_expression':
      return expression.namedChild(0) ? expressionType(expression.namedChild(0)!, at, ctx, depth) : undefined;
    case 'navigation_expression': {
      const [object, name] = navigation(expression);
      if (object?.type === 'callable_reference' && object.text.endsWith('::class') && name === 'java') return 'Class';
      return object?.type === 'this_expression' && name ? typeOfName(name, at, ctx, depth) : undefined;
    }
    case 'call_expression': {
      if (depth >= 5) return undefined;
      const callee = expression.namedChild(0);
      if (isTrailingLambda(expression)) return callee ? expressionType(callee, at, ctx, depth) : undefined;
      if (callee?.type === 'simple_identifier') {
        // `T()` makes a T; `f()` is what a function of the enclosing class (or file) returns.
        if (capitalised(callee.text)) return callee.text;
        const own = ownerName(at, ctx);
        return own ? `${own}.${callee.text}()` : undefined;
      }
      if (callee?.type !== 'navigation_expression') return undefined;
      const [object, name] = navigation(callee);
      const base = object ? expressionType(object, at, ctx, depth + 1) : undefined;
      if (!base || !name) return undefined;
      // `Outer.Inner()` makes an Outer.Inner (a type path, not a method's result).
      return capitalised(name) && !base.endsWith(')') ? `${base}.${name}` : `${base}.${name}()`;
    }
    default:
      return undefined;
  }
}

/** A call whose only suffix is a trailing lambda, after a call: `f(x) { }` nests as `(f(x)) { }`. */
function isTrailingLambda(node: Node): boolean {
  const callee = node.namedChild(0);
  const suffix = node.namedChild(1);
  return callee?.type === 'call_expression' && suffix?.type === 'call_suffix' && suffix.namedChildren.every((c) => c?.type === 'annotated_lambda');
}

function argumentCount(suffix: Node | undefined): number {
  let count = 0;
  for (const c of suffix?.namedChildren ?? []) {
    if (c?.type === 'value_arguments') count += c.namedChildren.filter((a) => a?.type === 'value_argument').length;
    else if (c?.type === 'annotated_lambda') count++;
  }
  return count;
}

/** A call followed by its trailing lambda (`f(x) { }` nests as `(f(x)) { }`): the lambda's call suffix. */
function trailingLambdaOf(call: Node): boolean {
  const next = call.nextSibling;
  return next?.type === 'call_suffix' && next.namedChildCount === 1 && next.firstNamedChild?.type === 'annotated_lambda';
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  // The query matches no trailing-lambda wrapper as a call (its computed-callee pattern asks
  // for value arguments); the lambda is one more argument of the call inside.
  draft.argumentCount = argumentCount(parts.arguments) + (trailingLambdaOf(node) ? 1 : 0);
  if (draft.indirect) return true;
  const receiver = parts.receiver;
  if (!receiver) {
    if (capitalised(draft.calleeName)) {
      draft.kind = 'new';
      draft.bare = false;
    }
    return true;
  }
  draft.bare = false;
  if (receiver.type === 'simple_identifier') {
    const type = typeOfName(receiver.text, node, ctx);
    if (type) draft.receiverType = type;
    else if (capitalised(receiver.text)) {
      // `Util.run()`: an object's or a companion's member, or a Java static method;
      // `Outer.Inner()`: a nested class's constructor.
      draft.qualifier = receiver.text;
      delete draft.receiver;
      if (capitalised(draft.calleeName)) draft.kind = 'new';
    }
  } else if (receiver.type === 'navigation_expression') {
    const [object, name] = navigation(receiver);
    if (object?.type === 'this_expression' && name) {
      const type = typeOfName(name, node, ctx);
      if (type) draft.receiverType = type;
    } else if (/^[\p{L}_][\p{L}\p{N}_]*(\.[\p{L}_][\p{L}\p{N}_]*)+$/u.test(receiver.text) && capitalised(name ?? '')) {
      // `a.b.Util.run()`, `Outer.Inner.run()`: a path through a type.
      const first = receiver.text.split('.')[0];
      if (typeOfName(first, node, ctx) === undefined) {
        draft.qualifier = receiver.text;
        delete draft.receiver;
      }
    }
  } else if (receiver.type === 'this_expression') {
    // `this@Outer.f()`: the labelled class.
    const label = receiver.namedChild(0)?.text;
    if (label) draft.receiverType = label;
  } else if (receiver.type !== 'super_expression') {
    const type = expressionType(receiver, node, ctx);
    if (type) draft.receiverType = type;
  }
  return true;
}

function importHandler(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const path = node.namedChildren.find((c) => c?.type === 'identifier')?.text.replace(/\s+/g, '');
  if (!path) return;
  const line = ctx.line(node);
  const add = (source: string, imported: string, local: string) => ctx.imports.push({ source, imported, local, reexport: false, typeOnly: false, line });
  if (node.namedChildren.some((c) => c?.type === 'wildcard_import')) {
    add(path, '*', '*');
    return;
  }
  const cut = path.lastIndexOf('.');
  const name = path.slice(cut + 1);
  const alias = node.namedChildren.find((c) => c?.type === 'import_alias')?.namedChild(0)?.text;
  add(cut < 0 ? '' : path.slice(0, cut), name, alias ?? name);
}

/**
 * Gaps of the grammar build, rewritten at the same offsets: a primary constructor with
 * modifiers on the line after the class name (`class A\n  private constructor(...)`), whose
 * line break becomes spaces; `a..<b` (`..< ` becomes `.. `); binary literals (`0b1011`
 * reads as the hex literal `0x1011`, a number all the same).
 */
function repairSource(source: string): string {
  return source
    .replace(/(\b(?:class|object)\s+[\p{L}_`][\p{L}\p{N}_`]*(?:<[^\n]*>)?)([ \t]*\n\s*)(?=(?:@[\w.]+\s+)*(?:(?:public|private|internal|protected)\s+)?constructor\b)/gu, (_m, head: string, gap: string) => head + ' '.repeat(gap.length))
    .replace(/\.\.</g, '.. ')
    .replace(/\b0[bB](?=[01_]+\b)/g, '0x');
}

/** A folder that holds only tests: `test/`, `tests/`, `integration-tests/`. */
const TEST_FOLDER = /^(tests?|.+[-_]tests)$/;

/** Gradle test source sets (`src/test/`, `src/jvmTest/`, `src/androidTest/`), and other test folders. */
function isTestFile(path: string): boolean {
  if (/(^|\/)src\/test\//.test(path) || /(^|\/)src\/\w*Test\//.test(path)) return true;
  return path.split('/').slice(0, -1).some((folder) => TEST_FOLDER.test(folder));
}

export const kotlinAdapter: LanguageAdapter = {
  grammar: 'kotlin',
  queryFiles: ['kotlin/tags.scm'],
  separator: (parent, child) => (parent.testBlock && child.testBlock ? ' > ' : '.'),
  selfReceiver: 'this',
  isTestFile,
  repairSource,
  definition,
  call,
  handlers: { 'test.block': testBlock, import: importHandler },
};

/** The package a Kotlin file declares, read without parsing. */
export function kotlinPackageName(source: string): string | undefined {
  const match = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/|@file:[^\n]*\n)*package\s+([\w.`\s]+?)\s*(?:;|\n|$)/.exec(source);
  return match ? match[1].replace(/[\s`]+/g, '') : undefined;
}
