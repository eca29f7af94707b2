// Scala adapter: what grammars/scala/tags.scm cannot say. Members of objects (modules)
// and enums are methods owned by them; an extension's methods are owned by the type they
// extend. Overloads are told apart by parameter types (`format(String,Any*)`). Receiver
// types come from parameters, class parameters, typed or initialised vals (`new T`,
// `T(...)`) and fields of the enclosing templates; `Util.run()` through a capitalised
// name is a path call. `f(a)(b)` is one call with two argument lists. Tests: ScalaTest
// and MUnit blocks (`test("title") { }`, `"a" should "b" in { }`, `describe`/`when`
// branches), JUnit's `@Test`, and files in test trees (`src/test/`, `…Spec.scala`).
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';

const TEMPLATES = new Set(['class_definition', 'trait_definition', 'object_definition', 'enum_definition', 'package_object']);
const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'Property']);
/** Test blocks that group others rather than run (`describe`, `feature`). */
const GROUP_BLOCKS = new Set(['describe', 'feature']);

const capitalised = (text: string) => /^\p{Lu}/u.test(text);
/** `"a circle"` -> `a circle`; other text as written on one line. */
const unquote = (text: string) => text.replace(/"""|"/g, '').replace(/\s+/g, ' ').trim();

/** `List[Int]` -> `List`, `a.b.C` -> `C`, `=> T` -> `T`; function and tuple types name nothing here. */
export function scalaTypeName(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'type_identifier':
      return node.text;
    case 'generic_type':
      return scalaTypeName(node.childForFieldName('type'));
    case 'stable_type_identifier':
      return node.namedChildren.filter((c) => c?.type === 'type_identifier').pop()?.text;
    case 'lazy_parameter_type':
    case 'annotated_type':
      return scalaTypeName(node.namedChildren.find((c) => c?.type !== 'annotation') ?? null);
    case 'compound_type':
      return scalaTypeName(node.childForFieldName('base'));
    default:
      return undefined;
  }
}

function annotationNames(node: Node): string[] {
  return node.namedChildren.filter((c) => c?.type === 'annotation').map((a) => scalaTypeName(a!.childForFieldName('name')) ?? '');
}

function modifierWords(node: Node): string[] {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  return modifiers ? modifiers.text.split(/[\s[\]]+/).filter(Boolean) : [];
}

/** Bases named in `extends A with B` / `extends A, B`. */
function basesOf(node: Node): string[] {
  const clause = node.childForFieldName('extend');
  const bases: string[] = [];
  for (const type of clause?.childrenForFieldName('type') ?? []) {
    if (type?.type === 'compound_type') {
      for (const part of [type.childForFieldName('base'), ...type.childrenForFieldName('extra')]) {
        const name = scalaTypeName(part);
        if (name) bases.push(name);
      }
    } else {
      const name = scalaTypeName(type);
      if (name) bases.push(name);
    }
  }
  return bases;
}

/** The template (class, trait, object, enum) whose body holds `node` directly. */
function templateOf(node: Node): Node | undefined {
  const body = node.parent;
  if (body?.type !== 'template_body' && body?.type !== 'enum_body') return undefined;
  return body.parent && TEMPLATES.has(body.parent.type) ? body.parent : undefined;
}

/** The type an extension's methods extend: its parameter's type. */
function extendedType(node: Node): string | undefined {
  let extension: Node | null = node.parent;
  if (extension?.type === 'template_body') extension = extension.parent;
  if (extension?.type !== 'extension_definition') return undefined;
  const parameter = extension.childForFieldName('parameters')?.namedChildren.find((c) => c?.type === 'parameter');
  return scalaTypeName(parameter?.childForFieldName('type'));
}

/** Parameter types of every parameter list, and whether the last is repeated (`T*`). */
function parameterTypes(node: Node): { types: string[]; repeated: boolean } {
  const types: string[] = [];
  let repeated = false;
  for (const list of node.childrenForFieldName('parameters')) {
    if (list?.type !== 'parameters') continue;
    if (list.children.some((c) => c?.type === 'using' || c?.type === 'implicit')) continue;
    for (const p of list.namedChildren) {
      if (p?.type !== 'parameter') continue;
      const type = p.childForFieldName('type');
      const star = type?.type === 'repeated_parameter_type';
      types.push(`${scalaTypeName(star ? type.namedChild(0) : type) ?? '?'}${star ? '*' : ''}`);
      repeated ||= star;
    }
  }
  return { types, repeated };
}

function definition(draft: DefinitionDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  if (node.type === 'call_expression' || node.type === 'infix_expression') return testBlock(draft, node, parts, ctx);
  const annotations = annotationNames(node);
  const words = modifierWords(node);
  if (annotations.length > 0) draft.attributes = { ...draft.attributes, annotations };
  if (!words.includes('private') && !words.includes('protected')) draft.exported = true;
  if (TEMPLATES.has(node.type)) {
    // Field initialisers and a class's constructor body belong to the template.
    draft.bodyOwner = true;
    const bases = basesOf(node);
    if (bases.length > 0) draft.bases = bases;
    if (words.includes('case') || node.children.some((c) => c?.type === 'case')) draft.attributes = { ...draft.attributes, case: 'true' };
    if (node.type === 'package_object') draft.attributes = { ...draft.attributes, package_object: 'true' };
    return true;
  }
  if (node.type === 'type_definition') return true;
  const template = templateOf(node);
  if (template?.type === 'package_object') {
    // A package object's members are the package's own functions.
    const pkg = scalaPackageName(ctx.source);
    const name = template.childForFieldName('name')?.text ?? '';
    draft.attributes = { ...draft.attributes, package: pkg ? `${pkg}.${name}` : name };
  } else if (template) {
    // Members of objects and enums are methods too (the engine knows classes and traits).
    draft.kind = 'method';
    draft.ownerType = template.childForFieldName('name')?.text;
  } else {
    const extended = extendedType(node);
    if (extended) {
      draft.kind = 'method';
      draft.ownerType = extended;
      draft.attributes = { ...draft.attributes, extension: 'true' };
    }
  }
  const { types, repeated } = parameterTypes(node);
  draft.disambiguator = `${draft.name}(${types.join(',')})`;
  draft.attributes = { ...draft.attributes, arity: String(types.length) };
  if (repeated) draft.attributes.varargs = 'true';
  if (template?.type === 'object_definition') draft.attributes.static = 'true';
  const returns = scalaTypeName(node.childForFieldName('return_type'));
  if (returns && returns !== 'Unit') {
    draft.returnType = returns;
    draft.attributes.returns = returns;
  }
  const test = annotations.find((a) => TEST_ANNOTATIONS.has(a));
  if (test) {
    draft.isTest = true;
    draft.attributes.test = test;
  }
  return true;
}

/** A ScalaTest or MUnit block: a test named by its title, or a group of tests. */
function testBlock(draft: DefinitionDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  draft.name = unquote(parts.name?.text ?? '');
  if (!draft.name) return false;
  draft.isTest = true;
  draft.testBlock = true;
  draft.bodyOwner = true;
  if (node.type === 'call_expression') {
    const block = parts._block?.text ?? '';
    draft.attributes = { ...draft.attributes, test_block: block };
    if (GROUP_BLOCKS.has(block)) draft.kind = 'module';
    // The calls that make up the block are not call sites; the calls inside it belong to it.
    ctx.consumed.add(ctx.key(node));
    const inner = node.childForFieldName('function');
    if (inner) ctx.consumed.add(ctx.key(inner));
  } else {
    draft.attributes = { ...draft.attributes, test_block: node.childForFieldName('operator')?.text ?? '' };
  }
  return true;
}

// ---- receiver types ----------------------------------------------------------

/** A type as written, package path kept (`scopt.OptionParser[C]` -> `scopt.OptionParser`), for the binder to look up. */
function scalaTypePath(node: Node | null | undefined): string | undefined {
  if (node?.type === 'generic_type') return scalaTypePath(node.childForFieldName('type'));
  if (node?.type === 'stable_type_identifier') return node.text.replace(/\s+/g, '');
  return scalaTypeName(node);
}

/** `new T(...)` and `T(...)` give T; `T.make()` gives `T.make()` (the binder reads make's result). */
function valueType(value: Node | null): string | undefined {
  if (!value) return undefined;
  if (value.type === 'instance_expression') return scalaTypePath(value.namedChildren.find((c) => c?.type !== 'arguments' && c?.type !== 'template_body'));
  if (value.type !== 'call_expression') return undefined;
  const called = value.childForFieldName('function');
  const fn = called?.type === 'generic_function' ? called.childForFieldName('function') : called;
  if (fn?.type === 'identifier' && capitalised(fn.text)) return fn.text;
  if (fn?.type === 'field_expression') {
    const target = fn.childForFieldName('value');
    const name = fn.childForFieldName('field')?.text;
    if (target?.type === 'identifier' && capitalised(target.text) && name) return name === 'apply' ? target.text : `${target.text}.${name}()`;
  }
  return undefined;
}

function declared(definition: Node): [string, string] | undefined {
  const name = definition.childForFieldName('pattern');
  if (name?.type !== 'identifier') return undefined;
  const type = scalaTypePath(definition.childForFieldName('type')) ?? valueType(definition.childForFieldName('value'));
  return type ? [name.text, type] : undefined;
}

/** Class parameters and fields of a template. */
function fieldTypes(template: Node): Map<string, string> {
  const types = new Map<string, string>();
  for (const list of template.childrenForFieldName('class_parameters')) {
    for (const p of list?.namedChildren ?? []) {
      const name = p?.childForFieldName('name')?.text;
      const type = scalaTypeName(p?.childForFieldName('type'));
      if (name && type) types.set(name, type);
    }
  }
  for (const member of template.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type !== 'val_definition' && member?.type !== 'var_definition') continue;
    const pair = declared(member);
    if (pair) types.set(...pair);
  }
  return types;
}

/** Parameters and local vals of a function, nested blocks included. */
function localTypes(fn: Node): Map<string, string> {
  const types = new Map<string, string>();
  for (const list of fn.childrenForFieldName('parameters')) {
    for (const p of list?.namedChildren ?? []) {
      const name = p?.childForFieldName('name')?.text;
      const type = scalaTypeName(p?.childForFieldName('type'));
      if (p?.type === 'parameter' && name && type) types.set(name, type);
    }
  }
  const body = fn.childForFieldName('body');
  for (const definition of body?.descendantsOfType(['val_definition', 'var_definition']) ?? []) {
    const pair = definition ? declared(definition) : undefined;
    if (pair) types.set(...pair);
  }
  return types;
}

function enclosingTemplate(at: Node, ctx: ExtractionContext): Node | undefined {
  for (const n of ctx.scopesAround(at)) if (TEMPLATES.has(n.type)) return n;
  return undefined;
}

/** The declared type of a name at `at`: a parameter or local, else a field of an enclosing template. */
function typeOfName(name: string, at: Node, ctx: ExtractionContext): string | undefined {
  for (const scope of ctx.scopesAround(at)) {
    if (scope.type === 'function_definition') {
      const local = ctx.memo(scope, localTypes).get(name);
      if (local) return local;
    } else if (TEMPLATES.has(scope.type)) {
      const field = ctx.memo(scope, fieldTypes).get(name);
      if (field) return field;
    }
  }
  return undefined;
}

/**
 * The type an expression has where the declarations say so: a typed name, `new T`, `T(...)`,
 * or `T.m()` for the result of m on a T (the binder reads m's declared result), chained up
 * to a few calls (`repo.self().save()`).
 */
function expressionType(expression: Node, at: Node, ctx: ExtractionContext, depth = 0): string | undefined {
  if (expression.type === 'identifier') return expression.text === 'this' ? enclosingTemplate(at, ctx)?.childForFieldName('name')?.text : typeOfName(expression.text, at, ctx) ?? (capitalised(expression.text) ? expression.text : undefined);
  if (expression.type === 'instance_expression') return valueType(expression);
  if (expression.type !== 'call_expression' || depth >= 3) return undefined;
  const called = expression.childForFieldName('function');
  const fn = called?.type === 'generic_function' ? called.childForFieldName('function') : called;
  if (fn?.type === 'identifier') {
    if (capitalised(fn.text)) return fn.text;
    // `opt[Int]("x")` in a template: a method of the template (or of an anonymous class's parent).
    const self = implicitThis(expression, ctx);
    return self ? `${self}.${fn.text}()` : undefined;
  }
  if (fn?.type !== 'field_expression') return undefined;
  const value = fn.childForFieldName('value');
  const name = fn.childForFieldName('field')?.text;
  const base = value ? expressionType(value, at, ctx, depth + 1) : undefined;
  if (!base || !name) return undefined;
  return name === 'apply' && value?.type === 'identifier' && capitalised(value.text) ? base : `${base}.${name}()`;
}

/**
 * The type a bare name's `this` has at `at`: the parent of the nearest anonymous class
 * (`new OptionParser[C]("x") { head("x") }` calls OptionParser.head), else the enclosing template.
 */
function implicitThis(at: Node, ctx: ExtractionContext): string | undefined {
  for (let n: Node | null = at.parent, steps = 0; n && steps < 64; n = n.parent, steps++) {
    if (TEMPLATES.has(n.type)) break;
    if (n.type === 'template_body' && n.parent?.type === 'instance_expression') return valueType(n.parent);
  }
  return enclosingTemplate(at, ctx)?.childForFieldName('name')?.text;
}

/** The parent of the anonymous class (`new T { ... }`) whose body holds `at`, if any. */
function anonymousParent(at: Node): string | undefined {
  for (let n: Node | null = at.parent, steps = 0; n && steps < 64; n = n.parent, steps++) {
    if (TEMPLATES.has(n.type)) return undefined;
    if (n.type === 'template_body' && n.parent?.type === 'instance_expression') return valueType(n.parent);
  }
  return undefined;
}

function argumentCount(parts: Parts): number {
  const args = parts.arguments;
  if (!args) return 0;
  if (args.type !== 'arguments') return 1; // a block or a lambda as the one argument
  return args.namedChildren.filter((c) => c && c.type !== 'comment' && c.type !== 'block_comment').length;
}

/** `a.b.C` written as a path whose last segment is capitalised: a path to an object. */
function objectPath(node: Node): string | undefined {
  if (node.type === 'identifier') return node.text;
  if (node.type !== 'field_expression') return undefined;
  const value = node.childForFieldName('value');
  const field = node.childForFieldName('field')?.text;
  const head = value ? objectPath(value) : undefined;
  return head && field ? `${head}.${field}` : undefined;
}

/** `opt[Unit]` -> `opt`, `ListMap[K, V]` -> `ListMap`: a call names its method, not the instantiation. */
function withoutTypeArguments(text: string): string {
  if (!text.endsWith(']')) return text;
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    if (text[i] === ']') depth++;
    else if (text[i] === '[' && --depth === 0) return text.slice(0, i);
  }
  return text;
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  draft.argumentCount = argumentCount(parts);
  if (node.childForFieldName('function')?.type === 'generic_function') draft.specifier = withoutTypeArguments(draft.specifier);
  if (draft.kind === 'new') {
    draft.specifier = `new ${draft.calleeName}`;
    draft.bare = false;
    // `new scopt.OptionParser[C]`: the package path, for the binder.
    const path = scalaTypePath(node.namedChildren.find((c) => c?.type !== 'arguments' && c?.type !== 'template_body'));
    if (path?.includes('.')) draft.qualifier = path.slice(0, path.lastIndexOf('.'));
    return true;
  }
  const receiver = parts.receiver;
  if (!receiver) {
    // `Circle(1)`: a companion's apply, or a case class built.
    if (draft.bare && capitalised(draft.calleeName)) draft.kind = 'new';
    else {
      // In an anonymous class's body a bare name is first a member of its parent.
      const parent = anonymousParent(node);
      if (parent) draft.receiverType = parent;
    }
    return true;
  }
  draft.bare = false;
  draft.specifier = `${draft.receiver}.${draft.calleeName}`;
  if (receiver.type === 'identifier') {
    if (receiver.text === 'this') {
      const template = enclosingTemplate(node, ctx);
      const name = template?.childForFieldName('name')?.text;
      if (name) draft.receiverType = name;
      return true;
    }
    if (receiver.text === 'super') return true;
    const type = typeOfName(receiver.text, node, ctx);
    if (type) draft.receiverType = type;
    else if (capitalised(receiver.text)) {
      // `Util.run()`: a member of an object (or a companion) through its name.
      draft.qualifier = receiver.text;
      delete draft.receiver;
    }
  } else if (receiver.type === 'field_expression') {
    const path = objectPath(receiver);
    const last = path?.slice(path.lastIndexOf('.') + 1);
    if (receiver.childForFieldName('value')?.text === 'this') {
      const type = typeOfName(receiver.childForFieldName('field')?.text ?? '', node, ctx);
      if (type) draft.receiverType = type;
    } else if (path && last && capitalised(last) && !/^\p{Lu}[\p{Lu}\d_]*$/u.test(last)) {
      // `scala.util.Try.apply()`, `Outer.Inner.run()`: a path to an object.
      draft.qualifier = path;
      delete draft.receiver;
    }
  } else if (receiver.type === 'instance_expression' || receiver.type === 'call_expression') {
    const type = expressionType(receiver, node, ctx);
    if (type) draft.receiverType = type;
  }
  return true;
}

function importHandler(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const path = node.childrenForFieldName('path').filter((p) => p?.type === 'identifier').map((p) => p!.text);
  const line = ctx.line(node);
  const add = (source: string, imported: string, local: string) => ctx.imports.push({ source, imported, local, reexport: false, typeOnly: false, line });
  const selectors = node.namedChildren.find((c) => c?.type === 'namespace_selectors');
  const renamed = node.namedChildren.find((c) => c?.type === 'as_renamed_identifier' || c?.type === 'arrow_renamed_identifier');
  const source = path.join('.');
  if (node.namedChildren.some((c) => c?.type === 'namespace_wildcard')) add(source, '*', '*');
  else if (renamed) add(source, renamed.childForFieldName('name')?.text ?? '', renamed.childForFieldName('alias')?.text ?? '');
  else if (selectors) {
    for (const selector of selectors.namedChildren) {
      if (!selector) continue;
      if (selector.type === 'namespace_wildcard') add(source, '*', '*');
      else if (selector.type === 'identifier') add(source, selector.text, selector.text);
      else if (selector.type === 'arrow_renamed_identifier' || selector.type === 'as_renamed_identifier') {
        const alias = selector.childForFieldName('alias')?.text ?? '';
        // `{Foo => _}` hides Foo: no binding.
        if (alias !== '_' && alias !== '') add(source, selector.childForFieldName('name')?.text ?? '', alias);
      }
    }
  } else if (path.length > 0) add(path.slice(0, -1).join('.'), path[path.length - 1], path[path.length - 1]);
}

/** sbt/Maven test trees (`src/test/`, `src/it/`), folders named `test`/`tests`, and `…Spec`/`…Test`/`…Suite` files. */
function isTestFile(path: string): boolean {
  if (/(^|\/)src\/(test|it)\//.test(path)) return true;
  const parts = path.split('/');
  const file = parts.pop() ?? '';
  return parts.some((folder) => folder === 'test' || folder === 'tests') || /(Spec|Specs|Test|Tests|Suite)\.scala$/.test(file);
}

export const scalaAdapter: LanguageAdapter = {
  grammar: 'scala',
  queryFiles: ['scala/tags.scm'],
  separator: (parent, child) => (parent.testBlock && child.testBlock ? ' > ' : '.'),
  selfReceiver: 'this',
  isTestFile,
  definition,
  call,
  handlers: { import: importHandler },
};

/** The package of a Scala file: its leading package clauses joined (`package a.b` then `package c` is `a.b.c`). */
export function scalaPackageName(source: string): string | undefined {
  const names: string[] = [];
  const clause = /(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*package\s+([\w.]+)[ \t]*(?:;|\r?\n)/y;
  let at = 0;
  for (;;) {
    clause.lastIndex = at;
    const match = clause.exec(source);
    if (!match || match[1] === 'object') break;
    names.push(match[1]);
    at = clause.lastIndex;
  }
  return names.length > 0 ? names.join('.') : undefined;
}
