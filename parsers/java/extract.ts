// Java adapter: what grammars/java/tags.scm cannot say. Overloads are told apart by
// their parameter types (`format(String,Object[])`), annotations are recorded, class
// bases and owners are named, receiver types come from locals, parameters, fields and
// `new T()`, a call through a class name is a path call (`Util.run()`), and tests are
// marked: JUnit 4/5 and TestNG by annotation, JUnit 3 by name inside a TestCase
// subclass, and whole files in test trees. Spring's annotations become framework
// facts in java-spring.ts.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';
import { FUNCTION_ARGUMENT, NULL_ARGUMENT, UNKNOWN_ARGUMENT } from './overloads.js';
import { springDefinition, springCall } from './spring-extract.js';

const CLASS_LIKE = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration']);
const METHOD_LIKE = new Set(['method_declaration', 'constructor_declaration', 'compact_constructor_declaration']);
/** Classes and methods: the `@local.scope` captures of grammars/java/tags.scm. */
export const SCOPE_NODES: ReadonlySet<string> = new Set([...CLASS_LIKE, ...METHOD_LIKE]);
const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate']);

/** `List<String>` -> `List`, `java.util.Map.Entry` -> `Entry`, `int[]` -> `int[]`. */
export function javaTypeName(node: Node | null): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'type_identifier':
    case 'integral_type':
    case 'floating_point_type':
    case 'boolean_type':
    case 'void_type':
      return node.text;
    case 'generic_type':
      return javaTypeName(node.namedChild(0));
    case 'scoped_type_identifier': {
      const last = node.namedChildren.filter((c) => c?.type === 'type_identifier').pop();
      return last?.text;
    }
    case 'array_type':
      return `${javaTypeName(node.childForFieldName('element')) ?? '?'}${'[]'.repeat((node.childForFieldName('dimensions')?.text.match(/\[/g) ?? []).length || 1)}`;
    case 'annotated_type':
      return javaTypeName(node.namedChildren.find((c) => c?.type !== 'marker_annotation' && c?.type !== 'annotation') ?? null);
    default:
      return undefined;
  }
}

/** Annotation nodes of a declaration's modifiers. */
export function annotationsOf(node: Node): Node[] {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  return (modifiers?.namedChildren ?? []).filter((c): c is Node => c?.type === 'annotation' || c?.type === 'marker_annotation');
}

/** `@a.b.Test` -> `Test`. */
export function annotationName(annotation: Node): string {
  const name = annotation.childForFieldName('name')?.text ?? '';
  return name.slice(name.lastIndexOf('.') + 1);
}

function hasModifier(node: Node, word: string): boolean {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  return modifiers ? modifiers.children.some((c) => c?.type === word) : false;
}

/** The class-like declaration around `node`. */
export function enclosingClass(node: Node, ctx: ExtractionContext): Node | undefined {
  for (const n of ctx.scopesAround(node)) if (CLASS_LIKE.has(n.type)) return n;
  return undefined;
}

/** `String s[]`: the brackets a declarator adds to its declared type. */
function withDimensions(type: string | undefined, declarator: Node | null): string | undefined {
  const dims = declarator?.childForFieldName('dimensions');
  return type && dims ? `${type}${'[]'.repeat((dims.text.match(/\[/g) ?? []).length)}` : type;
}

/** Parameter types of a method or constructor, and whether the last is varargs. */
function parameterTypes(node: Node): { types: string[]; varargs: boolean } {
  const params = node.childForFieldName('parameters');
  const types: string[] = [];
  let varargs = false;
  for (const p of params?.namedChildren ?? []) {
    if (!p) continue;
    if (p.type === 'formal_parameter') types.push(withDimensions(javaTypeName(p.childForFieldName('type')), p) ?? '?');
    else if (p.type === 'spread_parameter') {
      const type = p.namedChildren.find((c) => c && c.type !== 'variable_declarator' && c.type !== 'modifiers');
      types.push(`${javaTypeName(type ?? null) ?? '?'}[]`);
      varargs = true;
    }
  }
  return { types, varargs };
}

/** Names of the type parameters a declaration introduces (`<T, E extends X>`). */
function typeParameterNames(node: Node): string[] {
  const list = node.childForFieldName('type_parameters');
  return (list?.namedChildren ?? []).flatMap((p) => {
    const name = p?.type === 'type_parameter' ? p.namedChildren.find((c) => c?.type === 'type_identifier')?.text : undefined;
    return name ? [name] : [];
  });
}

/** The type variables in scope at `node`: those of the enclosing methods and classes. */
function typeVariablesAround(node: Node, ctx: ExtractionContext): string[] {
  const names = typeParameterNames(node);
  for (const scope of ctx.scopesAround(node)) if (scope.id !== node.id) names.push(...typeParameterNames(scope));
  return names;
}

function classBases(node: Node): string[] {
  const bases: string[] = [];
  const superclass = node.childForFieldName('superclass');
  const superType = javaTypeName(superclass?.namedChild(0) ?? null);
  if (superType) bases.push(superType);
  const interfaces = node.childForFieldName('interfaces') ?? node.namedChildren.find((c) => c?.type === 'extends_interfaces') ?? null;
  const list = interfaces?.namedChildren.find((c) => c?.type === 'type_list');
  for (const t of list?.namedChildren ?? []) {
    const name = javaTypeName(t);
    if (name) bases.push(name);
  }
  return bases;
}

/**
 * A JUnit 3 test method, as junit.framework.TestSuite collects them: public, returning
 * void, no parameters, a name starting with `test`, with a body, declared directly in a
 * class whose superclass is `TestCase` or whose simple name ends in `TestCase`
 * (`junit.framework.TestCase`, `GWTTestCase`, `AndroidTestCase`). Only the superclass
 * written on the class is seen: a test class extending an intermediate base
 * (`FooTest extends AbstractFooTest`) is caught by its test tree, not here. Abstract
 * classes count: JUnit 3 runs the test methods a subclass inherits.
 */
function isJUnit3Test(node: Node): boolean {
  if (node.type !== 'method_declaration') return false;
  const name = node.childForFieldName('name')?.text ?? '';
  if (!name.startsWith('test') || !hasModifier(node, 'public') || !node.childForFieldName('body')) return false;
  if (node.childForFieldName('type')?.type !== 'void_type') return false;
  if ((node.childForFieldName('parameters')?.namedChildren ?? []).some((p) => p?.type === 'formal_parameter' || p?.type === 'spread_parameter')) return false;
  // A direct member: a method of an anonymous or local class inside the test class is not a test.
  const cls = node.parent?.type === 'class_body' ? node.parent.parent : null;
  if (cls?.type !== 'class_declaration') return false;
  const superclass = javaTypeName(cls.childForFieldName('superclass')?.namedChild(0) ?? null);
  return superclass !== undefined && superclass.endsWith('TestCase');
}

function definition(draft: DefinitionDraft, node: Node, _parts: Parts, ctx: ExtractionContext): boolean {
  const annotations = annotationsOf(node);
  if (annotations.length > 0) draft.attributes = { ...draft.attributes, annotations: annotations.map(annotationName) };
  if (hasModifier(node, 'public')) draft.exported = true;
  if (CLASS_LIKE.has(node.type)) {
    // Field initialisers and injection sites belong to the class, not to the file.
    draft.bodyOwner = true;
    const bases = classBases(node);
    if (bases.length > 0) draft.bases = bases;
  } else {
    const owner = enclosingClass(node, ctx);
    const ownerName = owner?.childForFieldName('name')?.text;
    if (ownerName) draft.ownerType = ownerName;
    if (node.type === 'compact_constructor_declaration') {
      const record = owner ? parameterTypes(owner) : { types: [], varargs: false };
      draft.disambiguator = `${draft.name}(${record.types.join(',')})`;
      draft.attributes = { ...draft.attributes, arity: String(record.types.length) };
    } else {
      const { types, varargs } = parameterTypes(node);
      draft.disambiguator = `${draft.name}(${types.join(',')})`;
      draft.attributes = { ...draft.attributes, arity: String(types.length) };
      if (varargs) draft.attributes.varargs = 'true';
      // Overloads are chosen by these and the type variables they may name (overloads.ts).
      if (types.length > 0) {
        draft.attributes.params = types;
        const typeVars = typeVariablesAround(node, ctx);
        if (typeVars.length > 0) draft.attributes.typeVars = typeVars;
      }
    }
    if (hasModifier(node, 'static')) draft.attributes = { ...draft.attributes, static: 'true' };
    // A private method is no overload a caller in another file can reach.
    if (hasModifier(node, 'private')) draft.attributes = { ...draft.attributes, private: 'true' };
    const test = annotations.map(annotationName).find((a) => TEST_ANNOTATIONS.has(a)) ?? (isJUnit3Test(node) ? 'junit3' : undefined);
    if (test) {
      draft.isTest = true;
      draft.attributes = { ...draft.attributes, test };
    }
    const returns = javaTypeName(node.childForFieldName('type'));
    if (returns && returns !== 'void') {
      draft.returnType = returns;
      draft.attributes = { ...draft.attributes, returns };
    }
  }
  springDefinition(draft, node, annotations, ctx);
  return true;
}

// ---- receiver types ----------------------------------------------------------

/** `var x = new T()` gives T; other initialisers give nothing. */
function declaredType(typeNode: Node | null, value: Node | null): string | undefined {
  const written = javaTypeName(typeNode);
  if (written && written !== 'var') return written;
  if (value?.type === 'object_creation_expression') return javaTypeName(value.childForFieldName('type'));
  return undefined;
}

function fieldTypes(cls: Node): Map<string, string> {
  const types = new Map<string, string>();
  const body = cls.childForFieldName('body');
  for (const member of body?.namedChildren ?? []) {
    if (member?.type !== 'field_declaration') continue;
    for (const declarator of member.childrenForFieldName('declarator')) {
      const name = declarator?.childForFieldName('name')?.text;
      const type = declaredType(member.childForFieldName('type'), declarator?.childForFieldName('value') ?? null);
      if (name && type) types.set(name, type);
    }
  }
  if (cls.type === 'record_declaration') {
    for (const p of cls.childForFieldName('parameters')?.namedChildren ?? []) {
      const name = p?.childForFieldName('name')?.text;
      const type = javaTypeName(p?.childForFieldName('type') ?? null);
      if (name && type) types.set(name, type);
    }
  }
  return types;
}

/**
 * The declared types of a method's parameters and locals, `''` for a local whose type
 * is not written (`var x = f()`) or that is declared twice with different types (in
 * two blocks): it has no one type, and it hides a field of its name all the same.
 */
function localTypes(method: Node): Map<string, string> {
  const types = new Map<string, string>();
  const declare = (name: string | undefined, type: string | undefined) => {
    if (!name) return;
    const before = types.get(name);
    types.set(name, !type || (before !== undefined && before !== type) ? '' : type);
  };
  for (const p of method.childForFieldName('parameters')?.namedChildren ?? []) {
    if (p?.type === 'formal_parameter') declare(p.childForFieldName('name')?.text, withDimensions(javaTypeName(p.childForFieldName('type')), p));
    else if (p?.type === 'spread_parameter') {
      const type = javaTypeName(p.namedChildren.find((c) => c && c.type !== 'variable_declarator' && c.type !== 'modifiers') ?? null);
      const declarator = p.namedChildren.find((c) => c?.type === 'variable_declarator');
      declare(declarator?.childForFieldName('name')?.text, type && `${type}[]`);
    }
  }
  const body = method.childForFieldName('body');
  if (!body) return types;
  for (const decl of body.descendantsOfType(['local_variable_declaration', 'enhanced_for_statement', 'resource', 'catch_formal_parameter', 'lambda_expression'])) {
    if (!decl) continue;
    if (decl.type === 'lambda_expression') {
      // `x -> ...` and `(a, b) -> ...` name locals of inferred types; `(String s) -> ...` writes them.
      const params = decl.childForFieldName('parameters');
      if (params?.type === 'identifier') declare(params.text, undefined);
      for (const p of params?.type === 'identifier' ? [] : (params?.namedChildren ?? [])) {
        if (p?.type === 'identifier') declare(p.text, undefined);
        else if (p?.type === 'formal_parameter') declare(p.childForFieldName('name')?.text, withDimensions(javaTypeName(p.childForFieldName('type')), p));
      }
    } else if (decl.type === 'local_variable_declaration') {
      for (const declarator of decl.childrenForFieldName('declarator')) {
        const type = declaredType(decl.childForFieldName('type'), declarator?.childForFieldName('value') ?? null);
        declare(declarator?.childForFieldName('name')?.text, withDimensions(type, declarator));
      }
    } else if (decl.type === 'enhanced_for_statement') {
      // The loop variable's type is written, or `var` (the iterable's element: unknown here).
      declare(decl.childForFieldName('name')?.text, withDimensions(declaredType(decl.childForFieldName('type'), null), decl));
    } else {
      const type = declaredType(decl.childForFieldName('type'), decl.childForFieldName('value'));
      declare(decl.childForFieldName('name')?.text, withDimensions(type, decl));
    }
  }
  return types;
}

function enclosingMethod(node: Node, ctx: ExtractionContext): Node | undefined {
  for (const n of ctx.scopesAround(node)) {
    if (METHOD_LIKE.has(n.type)) return n;
    if (CLASS_LIKE.has(n.type)) return undefined;
  }
  return undefined;
}

/** The declared type of a name at `at`: a local or parameter, else a field of an enclosing class. */
export function typeOfName(name: string, at: Node, ctx: ExtractionContext): string | undefined {
  const method = enclosingMethod(at, ctx);
  const local = method ? ctx.memo(method, localTypes).get(name) : undefined;
  if (local !== undefined) return local || undefined;
  return fieldTypeOf(name, at, ctx);
}

/** The declared type of field `name` of a class around `at` (`this.name`). */
function fieldTypeOf(name: string, at: Node, ctx: ExtractionContext): string | undefined {
  for (let cls = enclosingClass(at, ctx); cls; cls = enclosingClass(cls, ctx)) {
    const field = ctx.memo(cls, fieldTypes).get(name);
    if (field) return field;
  }
  return undefined;
}

/**
 * The type an expression has where the declarations say so: `T` for a typed name, `new T()`
 * or a class name, `T.m()` for the result of method m on a T (the binder reads m's declared
 * result), chained up to a few calls (`T.a().b()`).
 */
function expressionType(expression: Node, at: Node, ctx: ExtractionContext, depth = 0): string | undefined {
  switch (expression.type) {
    case 'identifier':
      return typeOfName(expression.text, at, ctx) ?? (/^\p{Lu}/u.test(expression.text) ? expression.text : undefined);
    case 'this':
      return enclosingClass(at, ctx)?.childForFieldName('name')?.text;
    case 'object_creation_expression':
      return javaTypeName(expression.childForFieldName('type'));
    case 'field_access':
      return expression.childForFieldName('object')?.type === 'this' ? fieldTypeOf(expression.childForFieldName('field')?.text ?? '', at, ctx) : undefined;
    case 'parenthesized_expression':
      return expression.namedChild(0) ? expressionType(expression.namedChild(0)!, at, ctx, depth) : undefined;
    case 'method_invocation': {
      if (depth >= 3) return undefined;
      const object = expression.childForFieldName('object');
      const base = object ? expressionType(object, at, ctx, depth + 1) : enclosingClass(at, ctx)?.childForFieldName('name')?.text;
      const name = expression.childForFieldName('name')?.text;
      return base && name ? `${base}.${name}()` : undefined;
    }
    default:
      return undefined;
  }
}

/** Whether `node` lies in the body of an anonymous class (`new T() { ... }`), whose `this` no named class describes. */
function insideAnonymousClass(node: Node): boolean {
  for (let n = node.parent; n && !CLASS_LIKE.has(n.type); n = n.parent) {
    if (n.type === 'class_body' && n.parent?.type === 'object_creation_expression') return true;
  }
  return false;
}

const INTEGER_LITERALS = new Set(['decimal_integer_literal', 'hex_integer_literal', 'octal_integer_literal', 'binary_integer_literal']);
const FLOAT_LITERALS = new Set(['decimal_floating_point_literal', 'hex_floating_point_literal']);
const BOOLEAN_OPERATORS = new Set(['==', '!=', '<', '>', '<=', '>=', '&&', '||']);

/**
 * The static type of an argument where the source says it plainly: a literal, `new T()`,
 * `new T[]`, a cast, `T.class`, a lambda, a declared local, parameter or field, a string
 * concatenation, a comparison; `?` elsewhere. A name typed by a type variable is `?`
 * (any type may stand for it).
 */
function argumentType(arg: Node, at: Node, ctx: ExtractionContext, typeVars: () => ReadonlySet<string>): string {
  const unlessTypeVar = (type: string | undefined) => (type === undefined || typeVars().has(type.replace(/(\[\])+$/, '')) ? UNKNOWN_ARGUMENT : type);
  switch (arg.type) {
    case 'string_literal':
    case 'text_block':
      return 'String';
    case 'character_literal':
      return 'char';
    case 'true':
    case 'false':
      return 'boolean';
    case 'null_literal':
      return NULL_ARGUMENT;
    case 'class_literal':
      return 'Class';
    case 'lambda_expression':
    case 'method_reference':
      return FUNCTION_ARGUMENT;
    case 'object_creation_expression':
      // An anonymous class `new T() { ... }` has T's supertypes and T itself: T serves.
      return unlessTypeVar(javaTypeName(arg.childForFieldName('type')));
    case 'array_creation_expression': {
      const element = javaTypeName(arg.childForFieldName('type'));
      const depth = arg.childrenForFieldName('dimensions').reduce((n, d) => n + (d?.text.match(/\[/g) ?? []).length, 0);
      return element && depth > 0 ? unlessTypeVar(`${element}${'[]'.repeat(depth)}`) : UNKNOWN_ARGUMENT;
    }
    case 'cast_expression': {
      const types = arg.childrenForFieldName('type');
      return types.length === 1 ? unlessTypeVar(javaTypeName(types[0])) : UNKNOWN_ARGUMENT;
    }
    case 'identifier':
      return unlessTypeVar(typeOfName(arg.text, at, ctx));
    case 'this':
      return insideAnonymousClass(at) ? UNKNOWN_ARGUMENT : unlessTypeVar(enclosingClass(at, ctx)?.childForFieldName('name')?.text);
    case 'field_access':
      return arg.childForFieldName('object')?.type === 'this' ? unlessTypeVar(fieldTypeOf(arg.childForFieldName('field')?.text ?? '', at, ctx)) : UNKNOWN_ARGUMENT;
    case 'parenthesized_expression':
      return arg.namedChild(0) ? argumentType(arg.namedChild(0)!, at, ctx, typeVars) : UNKNOWN_ARGUMENT;
    case 'unary_expression': {
      const operator = arg.childForFieldName('operator')?.type;
      if (operator === '!') return 'boolean';
      // `-1`, `+2.5`: the literal's type.
      const operand = arg.childForFieldName('operand');
      return (operator === '-' || operator === '+') && operand && (INTEGER_LITERALS.has(operand.type) || FLOAT_LITERALS.has(operand.type)) ? argumentType(operand, at, ctx, typeVars) : UNKNOWN_ARGUMENT;
    }
    case 'instanceof_expression':
      return 'boolean';
    case 'binary_expression': {
      const operator = arg.childForFieldName('operator')?.type ?? '';
      if (BOOLEAN_OPERATORS.has(operator)) return 'boolean';
      if (operator !== '+') return UNKNOWN_ARGUMENT;
      const sides = [arg.childForFieldName('left'), arg.childForFieldName('right')];
      return sides.some((side) => side && argumentType(side, at, ctx, typeVars) === 'String') ? 'String' : UNKNOWN_ARGUMENT;
    }
    default:
      if (INTEGER_LITERALS.has(arg.type)) return /[lL]$/.test(arg.text) ? 'long' : 'int';
      if (FLOAT_LITERALS.has(arg.type)) return /[fF]$/.test(arg.text) ? 'float' : 'double';
      return UNKNOWN_ARGUMENT;
  }
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  draft.bare = false; // a Java name call is a method call, never a call through a variable
  const args = parts.arguments?.namedChildren.filter((c): c is Node => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment') ?? [];
  draft.argumentCount = args.length;
  let typeVars: ReadonlySet<string> | undefined;
  const types = args.map((arg) => argumentType(arg, node, ctx, () => (typeVars ??= new Set(typeVariablesAround(node, ctx)))));
  if (types.some((t) => t !== UNKNOWN_ARGUMENT)) draft.argumentTypes = types;
  if (draft.kind === 'new') {
    const type = javaTypeName(parts.callee) ?? draft.calleeName;
    draft.calleeName = type;
    draft.specifier = `new ${type}`;
    return true;
  }
  const receiver = parts.receiver;
  if (receiver) {
    draft.specifier = `${draft.receiver}.${draft.calleeName}`;
    if (receiver.type === 'identifier') {
      const type = typeOfName(receiver.text, node, ctx);
      if (type) draft.receiverType = type;
      else if (/^\p{Lu}/u.test(receiver.text)) {
        // `Util.run()`: a static call through a class name.
        draft.qualifier = receiver.text;
        delete draft.receiver;
      }
    } else if (receiver.type === 'field_access' && receiver.childForFieldName('object')?.type === 'this') {
      const type = fieldTypeOf(receiver.childForFieldName('field')?.text ?? '', node, ctx);
      if (type) draft.receiverType = type;
    } else if (receiver.type === 'object_creation_expression' || receiver.type === 'method_invocation' || receiver.type === 'parenthesized_expression') {
      const type = expressionType(receiver, node, ctx);
      if (type) draft.receiverType = type;
    } else if (receiver.type === 'scoped_identifier' || receiver.type === 'field_access') {
      // `java.util.Objects.hash()` / `Outer.Inner.run()`: a path through a class when it reads like one.
      const last = receiver.text.slice(receiver.text.lastIndexOf('.') + 1);
      if (/^\p{Lu}/u.test(last) && !/^\p{Lu}[\p{Lu}\d_]*$/u.test(last)) {
        draft.qualifier = receiver.text.replace(/\s+/g, '');
        delete draft.receiver;
      }
    }
  }
  springCall(draft, node, parts, ctx);
  return true;
}

function importHandler(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const path = node.namedChildren.find((c) => c?.type === 'scoped_identifier' || c?.type === 'identifier');
  if (!path) return;
  const text = path.text.replace(/\s+/g, '');
  const wildcard = node.namedChildren.some((c) => c?.type === 'asterisk');
  const line = ctx.line(node);
  const add = (source: string, imported: string, local: string) =>
    ctx.imports.push({ source, imported, local, reexport: false, typeOnly: false, line });
  if (wildcard) {
    add(text, '*', '*');
    return;
  }
  const cut = text.lastIndexOf('.');
  const name = text.slice(cut + 1);
  // A static import's source ends with its class (`a.b.C`); the binder tells them apart by that.
  add(cut < 0 ? '' : text.slice(0, cut), name, name);
}

/** A folder that holds only tests outside the Maven layout: `test/`, `tests/`, `guava-tests/`, `api_tests/`. */
const TEST_FOLDER = /^(tests?|.+[-_]tests)$/;

/** Maven/Gradle test trees (`src/test/`, `src/integrationTest/`), and other test folders. */
function isTestFile(path: string): boolean {
  if (/(^|\/)src\/test\//.test(path) || /(^|\/)src\/[\w-]*[tT]est\w*\//.test(path)) return true;
  return path.split('/').slice(0, -1).some((folder) => TEST_FOLDER.test(folder));
}

export const javaAdapter: LanguageAdapter = {
  grammar: 'java',
  queryFiles: ['java/tags.scm'],
  separator: () => '.',
  selfReceiver: 'this',
  isTestFile,
  definition,
  call,
  handlers: { import: importHandler },
};

/** The package a Java file declares, read without parsing. */
export function javaPackageName(source: string): string | undefined {
  const match = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/|@[\w.]+(?:\([^)]*\))?)*package\s+([\w.\s]+?)\s*;/.exec(source);
  return match ? match[1].replace(/\s+/g, '') : undefined;
}
