// Swift adapter: what grammars/swift/tags.scm cannot say. One node type holds classes,
// structs, enums, actors and extensions, so members of structs and enums are made methods
// and owned here; an extension is a scope named after the type it extends. Functions are
// told apart by their argument labels, as Swift spells them (`move(to:by:)`). Receiver
// types come from parameters, annotated or initialised locals (`let c = Circle()`) and
// stored properties of the enclosing types; `Circle.make()` through a type name is a
// path call. Tests: XCTest methods (`test…` without parameters in an XCTestCase
// subclass), Swift Testing's `@Test` functions and `@Suite` types, and files in test
// targets (`Tests/`, `…Tests/`).
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';
import { repairSwiftSource } from './repair.js';

const TYPE_DECLARATIONS = new Set(['class_declaration', 'protocol_declaration']);
const FUNCTION_DECLARATIONS = new Set(['function_declaration', 'init_declaration', 'deinit_declaration', 'computed_property', 'lambda_literal']);
const BODIES = new Set(['class_body', 'enum_class_body', 'protocol_body']);

const capitalised = (text: string) => /^\p{Lu}/u.test(text);

/** `Foo`, `Foo.Bar<T>` -> `Bar`, `Foo?` -> `Foo`, `[T]` -> `Array`, `[K: V]` -> `Dictionary`; function types name nothing here. */
export function swiftTypeName(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'type_identifier':
      return node.text;
    case 'user_type': {
      const last = node.namedChildren.filter((c) => c?.type === 'type_identifier').pop();
      return last?.text;
    }
    case 'array_type':
      return 'Array';
    case 'dictionary_type':
      return 'Dictionary';
    case 'optional_type':
    case 'implicitly_unwrapped_type':
    case 'type_annotation':
      return swiftTypeName(node.namedChildren.find((c) => c?.type !== 'type_modifiers') ?? null);
    default:
      return undefined;
  }
}

/** The keyword of a class_declaration: class, struct, enum, actor or extension. */
function declarationKind(node: Node): string | undefined {
  return node.childForFieldName('declaration_kind')?.type;
}

/** The type declaration whose body holds `node` directly (a member), if any. */
function memberOf(node: Node): Node | undefined {
  const body = node.parent;
  if (!body || !BODIES.has(body.type)) return undefined;
  const owner = body.parent;
  return owner && TYPE_DECLARATIONS.has(owner.type) ? owner : undefined;
}

/** The name a type declaration gives its members' owner: its own, or the extended type's. */
export function typeDeclarationName(node: Node): string | undefined {
  const name = node.childForFieldName('name');
  return name?.type === 'type_identifier' ? name.text : swiftTypeName(name);
}

function attributeNames(node: Node): string[] {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  const names: string[] = [];
  for (const attribute of modifiers?.namedChildren ?? []) {
    if (attribute?.type !== 'attribute') continue;
    const name = swiftTypeName(attribute.namedChildren.find((c) => c?.type === 'user_type'));
    if (name) names.push(name);
  }
  return names;
}

function modifierWords(node: Node): string[] {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  return (modifiers?.namedChildren ?? []).filter((c) => c?.type !== 'attribute').map((c) => c!.text);
}

function inheritedNames(node: Node): string[] {
  const bases: string[] = [];
  for (const child of node.namedChildren) {
    if (child?.type !== 'inheritance_specifier') continue;
    const name = swiftTypeName(child.childForFieldName('inherits_from'));
    if (name) bases.push(name);
  }
  return bases;
}

interface Parameter {
  label: string;
  name: string;
  type: string | undefined;
  defaulted: boolean;
  /** `Int...`: takes any number of arguments. */
  variadic: boolean;
}

/** A function's parameters: argument label, local name, type, and whether it has a default. */
function parametersOf(node: Node): Parameter[] {
  const out: Parameter[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (!child) continue;
    if (child.type === 'parameter') {
      const external = child.childForFieldName('external_name');
      const name = child.namedChildren.filter((c) => c?.type === 'simple_identifier' && c.startIndex !== external?.startIndex).pop()?.text ?? '_';
      const type = swiftTypeName(child.namedChildren.find((c) => c?.type !== 'simple_identifier' && c?.type !== 'parameter_modifiers'));
      out.push({ label: external?.text ?? name, name, type, defaulted: false, variadic: child.children.some((c) => c?.type === '...') });
    } else if (out.length > 0 && (node.fieldNameForChild(i) === 'default_value' || (child.type === 'ERROR' && child.child(0)?.type === '='))) {
      // The grammar hangs a default value beside its parameter (or, for `= #_sourceLocation`, an error).
      out[out.length - 1].defaulted = true;
    }
  }
  return out;
}

/** The written result type of a function (`-> T`). */
function resultType(node: Node): string | undefined {
  for (let i = 0; i < node.childCount; i++) {
    if (node.child(i)?.type === '->') return swiftTypeName(node.child(i + 1));
  }
  return undefined;
}

function isXCTestCase(type: Node | undefined): boolean {
  return type !== undefined && inheritedNames(type).some((base) => base.endsWith('TestCase'));
}

function definition(draft: DefinitionDraft, node: Node, _parts: Parts, _ctx: ExtractionContext): boolean {
  const attributes = attributeNames(node);
  const words = modifierWords(node);
  if (attributes.length > 0) draft.attributes = { ...draft.attributes, annotations: attributes };
  if (words.includes('public') || words.includes('open')) draft.exported = true;
  if (node.type === 'class_declaration' || node.type === 'protocol_declaration') {
    // Stored property initialisers belong to the type, not to the file.
    draft.bodyOwner = true;
    const bases = inheritedNames(node);
    if (bases.length > 0) draft.bases = bases;
    if (declarationKind(node) === 'extension') {
      const extended = typeDeclarationName(node);
      if (!extended) return false;
      draft.name = extended;
      draft.scopeName = extended;
    } else if (declarationKind(node) === 'actor') draft.attributes = { ...draft.attributes, swift_kind: 'actor' };
    if (attributes.includes('Suite')) {
      draft.isTest = true;
      draft.attributes = { ...draft.attributes, test: 'Suite' };
    }
    return true;
  }
  if (node.type === 'typealias_declaration') return true;
  const owner = memberOf(node);
  if (node.type === 'init_declaration') draft.name = 'init';
  if (owner) {
    const ownerName = typeDeclarationName(owner);
    if (ownerName) draft.ownerType = ownerName;
    // Members of structs, enums and protocols are methods too (the engine knows classes and extensions).
    if (draft.kind === 'function') draft.kind = 'method';
  }
  const parameters = parametersOf(node);
  draft.disambiguator = `${draft.name}(${parameters.map((p) => `${p.label}:`).join('')})`;
  const required = parameters.filter((p) => !p.defaulted).length;
  draft.attributes = { ...draft.attributes, arity: String(parameters.length) };
  if (required !== parameters.length) draft.attributes.required = String(required);
  // Labels in order, `...` after a variadic one, `?` after a defaulted one: what a call's labels are matched against.
  if (parameters.length > 0) draft.attributes.parameters = parameters.map((p) => `${p.label}${p.variadic ? '...' : ''}${p.defaulted ? '?' : ''}`);
  if (words.includes('static') || (words.includes('class') && owner)) draft.attributes.static = 'true';
  const returns = resultType(node);
  if (returns && returns !== 'Void') {
    draft.returnType = returns;
    draft.attributes.returns = returns;
  }
  const xctest = node.type === 'function_declaration' && /^test/.test(draft.name) && parameters.length === 0 && isXCTestCase(owner);
  const test = attributes.includes('Test') ? 'Test' : xctest ? 'xctest' : undefined;
  if (test) {
    draft.isTest = true;
    draft.attributes.test = test;
  }
  return true;
}

// ---- receiver types ----------------------------------------------------------

/**
 * The type a value has where its text says so: `T(...)` gives T, `T.make()` gives
 * `T.make()` (the binder reads make's declared result), `T.shared` nothing.
 */
function valueType(value: Node | null): string | undefined {
  if (value?.type !== 'call_expression') return undefined;
  const callee = value.namedChild(0);
  if (callee?.type === 'simple_identifier' && capitalised(callee.text)) return callee.text;
  if (callee?.type === 'navigation_expression') {
    const target = callee.childForFieldName('target');
    const name = callee.childForFieldName('suffix')?.childForFieldName('suffix')?.text;
    if (target?.type === 'simple_identifier' && capitalised(target.text) && name) return name === 'init' ? target.text : `${target.text}.${name}()`;
  }
  return undefined;
}

/** `let x: T`, `var x = T()`: the name and type a property declaration binds. */
function declared(declaration: Node): [string, string] | undefined {
  const pattern = declaration.childForFieldName('name');
  const name = pattern?.childForFieldName('bound_identifier')?.text;
  if (!name) return undefined;
  const annotation = declaration.namedChildren.find((c) => c?.type === 'type_annotation');
  const type = swiftTypeName(annotation) ?? valueType(declaration.childForFieldName('value'));
  return type ? [name, type] : undefined;
}

/** Stored properties of a type declaration (the body's direct members). */
function propertyTypes(type: Node): Map<string, string> {
  const types = new Map<string, string>();
  const body = type.childForFieldName('body');
  for (const member of body?.namedChildren ?? []) {
    if (member?.type !== 'property_declaration') continue;
    const pair = declared(member);
    if (pair) types.set(...pair);
  }
  return types;
}

/** Parameters and locals of a function, its nested closures included. */
function localTypes(fn: Node): Map<string, string> {
  const types = new Map<string, string>();
  for (const p of parametersOf(fn)) if (p.type) types.set(p.name, p.type);
  for (const declaration of fn.descendantsOfType('property_declaration')) {
    const pair = declaration ? declared(declaration) : undefined;
    if (pair) types.set(...pair);
  }
  return types;
}

function enclosingType(at: Node, ctx: ExtractionContext): Node | undefined {
  for (const n of ctx.scopesAround(at)) if (TYPE_DECLARATIONS.has(n.type)) return n;
  return undefined;
}

/** The declared type of a name at `at`: a parameter or local, else a stored property of an enclosing type. */
function typeOfName(name: string, at: Node, ctx: ExtractionContext): string | undefined {
  for (const scope of ctx.scopesAround(at)) {
    if (scope.type === 'function_declaration' || scope.type === 'init_declaration') {
      const local = ctx.memo(scope, localTypes).get(name);
      if (local) return local;
    } else if (TYPE_DECLARATIONS.has(scope.type)) {
      const property = ctx.memo(scope, propertyTypes).get(name);
      if (property) return property;
    }
  }
  return undefined;
}

/** Argument labels in order: `_` for an unlabelled argument, `{}` for a trailing closure. */
function argumentLabels(parts: Parts): string[] {
  const labels: string[] = [];
  for (const child of parts.arguments?.namedChildren ?? []) {
    if (child?.type === 'value_arguments') {
      for (const argument of child.namedChildren) {
        if (argument?.type !== 'value_argument') continue;
        const label = argument.childForFieldName('name');
        labels.push(label ? label.text.replace(/\s+/g, '') : '_');
      }
    } else if (child?.type === 'lambda_literal') labels.push('{}');
  }
  return labels;
}

/** `Foo.Bar` written as a chain of capitalised names: a type path. */
function typePath(node: Node): string | undefined {
  if (node.type === 'simple_identifier') return capitalised(node.text) ? node.text : undefined;
  if (node.type !== 'navigation_expression') return undefined;
  const target = node.childForFieldName('target');
  const name = node.childForFieldName('suffix')?.childForFieldName('suffix');
  const head = target ? typePath(target) : undefined;
  return head && name && capitalised(name.text) ? `${head}.${name.text}` : undefined;
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  const labels = argumentLabels(parts);
  draft.argumentCount = labels.length;
  if (labels.some((l) => l !== '_')) draft.argumentLabels = labels;
  const receiver = parts.receiver;
  if (!receiver) {
    // `Circle(r: 1)`: a type's initialiser (`XCTAssertEqual`, a prefixed function name, is not).
    if (draft.bare && capitalised(draft.calleeName) && !/^\p{Lu}{2,}\p{Ll}/u.test(draft.calleeName)) draft.kind = 'new';
    return true;
  }
  draft.specifier = `${oneLineText(receiver)}.${draft.calleeName}`;
  if (receiver.type === 'self_expression') {
    draft.receiver = 'self';
    const type = enclosingType(node, ctx);
    const name = type ? typeDeclarationName(type) : undefined;
    if (name) draft.receiverType = name;
  } else if (receiver.type === 'super_expression') {
    draft.receiver = 'super';
  } else if (receiver.type === 'simple_identifier') {
    const type = typeOfName(receiver.text, node, ctx);
    if (type) draft.receiverType = type;
    else if (capitalised(receiver.text)) {
      // `Circle.make()`: a static member (or an enum case) through a type name.
      draft.qualifier = receiver.text;
      delete draft.receiver;
    }
  } else if (receiver.type === 'navigation_expression') {
    const path = typePath(receiver);
    const target = receiver.childForFieldName('target');
    const field = receiver.childForFieldName('suffix')?.childForFieldName('suffix')?.text;
    if (path) {
      draft.qualifier = path;
      delete draft.receiver;
    } else if (target?.type === 'self_expression' && field) {
      const type = typeOfName(field, node, ctx);
      if (type) draft.receiverType = type;
    }
  } else if (receiver.type === 'call_expression') {
    const type = valueType(receiver);
    if (type) draft.receiverType = type;
  }
  return true;
}

function oneLineText(node: Node): string {
  const text = node.text.replace(/\s+/g, ' ');
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function importHandler(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const path = node.namedChildren.find((c) => c?.type === 'identifier');
  if (!path) return;
  const segments = path.namedChildren.filter((c) => c?.type === 'simple_identifier').map((c) => c!.text);
  if (segments.length === 0) return;
  const line = ctx.line(node);
  // `import Foundation` brings a module's public names; `import struct Foo.Bar` one of them.
  if (segments.length === 1) ctx.imports.push({ source: segments[0], imported: '*', local: '*', reexport: false, typeOnly: false, line });
  else {
    const name = segments[segments.length - 1];
    ctx.imports.push({ source: segments.slice(0, -1).join('.'), imported: name, local: name, reexport: false, typeOnly: false, line });
  }
}

/** Test targets: a `Tests/` folder or one named `…Tests`, and `…Tests.swift` files. */
function isTestFile(path: string): boolean {
  const parts = path.split('/');
  const file = parts.pop() ?? '';
  return parts.some((folder) => /^(Tests|.+Tests)$/.test(folder)) || /Tests?\.swift$/.test(file);
}

export const swiftAdapter: LanguageAdapter = {
  grammar: 'swift',
  queryFiles: ['swift/tags.scm'],
  separator: () => '.',
  selfReceiver: 'self',
  isTestFile,
  repairSource: repairSwiftSource,
  repairAlways: true,
  definition,
  call,
  handlers: { import: importHandler },
};

/**
 * The module of a file in a Swift package: the target folder under `Sources/` or
 * `Tests/` (`Sources/NIOCore/Channel.swift` -> `NIOCore`).
 */
export function swiftModuleName(path: string): string | undefined {
  const match = /(?:^|\/)(?:Sources|Tests)\/([^/]+)\//.exec(path);
  return match?.[1];
}
