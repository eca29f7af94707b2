// Dart adapter: what grammars/dart/tags.scm cannot say. This grammar keeps a function's
// signature and body side by side and a call as a flat chain of selectors, so here a
// definition is stretched over the body that follows it, and a call is read from the
// selector before its argument list: a name (`f(x)`, `T(x)`), a member (`a.b.m(x)`,
// `this.m()`, `super.m()`), or something computed (`f()()`). Constructors are named as
// Dart writes them (`Circle`, `Circle.unit`); an extension's members belong to the type it
// extends. Receiver types come from parameters, typed or initialised variables and fields;
// `Circle.unit()` through a type name and `util.run()` through an import prefix are path
// calls. Tests: package:test and flutter_test blocks (`test`, `testWidgets`, `group`) named
// by their titles, and files under `test/` or named `…_test.dart`.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';

const TYPE_DECLARATIONS = new Set(['class_definition', 'mixin_declaration', 'enum_declaration', 'extension_declaration']);
const SIGNATURES = new Set(['function_signature', 'getter_signature', 'setter_signature', 'operator_signature', 'constructor_signature', 'factory_constructor_signature', 'redirecting_factory_constructor_signature']);
const MEMBER_SELECTORS = new Set(['unconditional_assignable_selector', 'conditional_assignable_selector']);
/** The calls that make test blocks, and those of them that group others rather than run. */
const TEST_BLOCKS = new Set(['test', 'group', 'testWidgets']);
const GROUP_BLOCKS = new Set(['group']);

const capitalised = (text: string) => /^_?\p{Lu}/u.test(text);

/** `'a title'` -> `a title`. */
function unquote(text: string): string {
  return text.replace(/^r?('''|"""|'|")/, '').replace(/('''|"""|'|")$/, '').replace(/\s+/g, ' ').trim();
}

/** `Circle`, `List<int>` -> `List`, `Circle?` -> `Circle`; function types name nothing. */
export function dartTypeName(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'type_identifier') return node.text;
  return undefined;
}

/** The first type written among a declaration's children (`final Helper h`, `Helper h`). */
function writtenType(node: Node): string | undefined {
  for (const child of node.namedChildren) {
    if (child?.type === 'type_identifier') return child.text;
    if (child?.type === 'identifier' || child?.type === 'inferred_type') return undefined;
  }
  return undefined;
}

/** The type declaration whose body holds `node` directly (a member), if any. */
function memberOf(node: Node): Node | undefined {
  const body = node.parent;
  if (!body || (body.type !== 'class_body' && body.type !== 'extension_body' && body.type !== 'enum_body')) return undefined;
  return body.parent && TYPE_DECLARATIONS.has(body.parent.type) ? body.parent : undefined;
}

/** The name a type declaration gives its members' owner: its own, or the extended type's. */
export function typeDeclarationName(node: Node): string | undefined {
  if (node.type === 'extension_declaration') return dartTypeName(node.childForFieldName('class'));
  if (node.type === 'mixin_declaration') return node.namedChildren.find((c) => c?.type === 'identifier')?.text;
  return node.childForFieldName('name')?.text;
}

/** Annotations written before a member (`@override`, `@visibleForTesting`). */
function annotationsBefore(node: Node): string[] {
  const names: string[] = [];
  for (let n = node.previousNamedSibling; n?.type === 'annotation'; n = n.previousNamedSibling) {
    names.unshift(n.childForFieldName('name')?.text ?? '');
  }
  return names;
}

function basesOf(node: Node): string[] {
  const bases: string[] = [];
  const add = (n: Node | null | undefined) => {
    for (const t of n?.namedChildren ?? []) {
      if (t?.type === 'type_identifier') bases.push(t.text);
      else if (t?.type === 'mixins') add(t);
    }
  };
  add(node.childForFieldName('superclass'));
  add(node.childForFieldName('interfaces'));
  // `mixin M on A, B`
  if (node.type === 'mixin_declaration') for (const t of node.namedChildren) if (t?.type === 'type_identifier') bases.push(t.text);
  return bases;
}

/** The signature node a definition match is about. */
function signatureOf(node: Node): Node | undefined {
  if (SIGNATURES.has(node.type)) return node;
  if (node.type === 'local_function_declaration') return node.namedChild(0)?.childForFieldName('parameters') ?? undefined;
  return node.namedChildren.find((c) => c !== null && SIGNATURES.has(c.type)) ?? undefined;
}

/** Stretch a definition over the body that follows its signature (`f() {...}`, `m() => x;`). */
function stretchOverBody(draft: DefinitionDraft, node: Node, ctx: ExtractionContext): void {
  const body = node.nextNamedSibling;
  if (body?.type !== 'function_body') return;
  const end = ctx.position(body);
  draft.end = end.end;
  draft.endLine = end.endLine;
  draft.endColumn = end.endColumn;
}

function parameterCount(signature: Node | undefined): number {
  const list = signature?.namedChildren.find((c) => c?.type === 'formal_parameter_list');
  let count = 0;
  for (const p of list?.namedChildren ?? []) {
    if (p?.type === 'formal_parameter') count++;
    else if (p?.type === 'optional_formal_parameters') count += p.namedChildren.filter((c) => c?.type === 'formal_parameter').length;
  }
  return count;
}

function definition(draft: DefinitionDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  if (node.type === 'expression_statement') return testBlock(draft, node, parts, ctx);
  if (TYPE_DECLARATIONS.has(node.type)) {
    // Field initialisers belong to the type, not to the file.
    draft.bodyOwner = true;
    const bases = basesOf(node);
    if (bases.length > 0) draft.bases = bases;
    if (node.type === 'mixin_declaration') draft.attributes = { ...draft.attributes, mixin: 'true' };
    if (node.type === 'extension_declaration') {
      const extended = typeDeclarationName(node);
      if (!extended) return false;
      draft.name = extended;
      draft.scopeName = extended;
    }
    if (!draft.name.startsWith('_')) draft.exported = true;
    return true;
  }
  if (node.type === 'type_alias') return true;
  const signature = signatureOf(node);
  const owner = memberOf(node);
  const ownerName = owner ? typeDeclarationName(owner) : undefined;
  if (draft.kind === 'constructor') {
    // `Circle(...)` is the class's own constructor; `Circle.unit(...)` a named one, spelt so.
    const names = (signature?.namedChildren ?? []).filter((c) => c?.type === 'identifier').map((c) => c!.text);
    draft.name = names.length > 1 ? names.slice(1).join('.') : (names[0] ?? ownerName ?? '');
  } else if (signature?.type === 'operator_signature') {
    draft.name = `operator ${signature.namedChildren.find((c) => c?.type === 'binary_operator' || c?.type === 'tilde_operator')?.text ?? signature.text.replace(/^.*operator\s*/, '').replace(/\(.*$/s, '')}`;
  }
  if (ownerName) {
    draft.ownerType = ownerName;
    if (draft.kind === 'function') draft.kind = 'method';
    if (owner?.type === 'extension_declaration') {
      draft.attributes = { ...draft.attributes, extension: owner.childForFieldName('name')?.text ?? '' };
    }
  }
  if (signature?.type === 'getter_signature') draft.attributes = { ...draft.attributes, getter: 'true' };
  if (signature?.type === 'setter_signature') draft.attributes = { ...draft.attributes, setter: 'true' };
  if (signature?.type === 'factory_constructor_signature' || signature?.type === 'redirecting_factory_constructor_signature') draft.attributes = { ...draft.attributes, factory: 'true' };
  if (node.type !== 'local_function_declaration') stretchOverBody(draft, node, ctx);
  const annotations = annotationsBefore(node);
  if (annotations.length > 0) draft.attributes = { ...draft.attributes, annotations };
  draft.attributes = { ...draft.attributes, arity: String(parameterCount(signature)) };
  if (node.children.some((c) => c?.type === 'static')) draft.attributes.static = 'true';
  // A constructor's result is its class: `Circle.unit().area()` reads it like a method's.
  const returns = draft.kind === 'constructor' ? ownerName : signature ? writtenType(signature) : undefined;
  if (returns) {
    draft.returnType = returns;
    draft.attributes.returns = returns;
  }
  if (!draft.name.startsWith('_')) draft.exported = true;
  return true;
}

/** A package:test block: a test named by its title, or a group of tests. */
function testBlock(draft: DefinitionDraft, _node: Node, parts: Parts, _ctx: ExtractionContext): boolean {
  draft.name = unquote(parts.name?.text ?? '');
  if (!draft.name) return false;
  const block = parts._block?.text ?? '';
  draft.isTest = true;
  draft.testBlock = true;
  draft.bodyOwner = true;
  draft.attributes = { ...draft.attributes, test_block: block };
  if (GROUP_BLOCKS.has(block)) draft.kind = 'module';
  return true;
}

// ---- receiver types ----------------------------------------------------------

/** The member name a selector names (`.m`, `?.m`), if it names one. */
function memberName(node: Node | null): Node | undefined {
  if (!node) return undefined;
  if (MEMBER_SELECTORS.has(node.type)) return node.namedChildren.find((c) => c?.type === 'identifier') ?? undefined;
  if (node.type === 'selector') return memberName(node.namedChild(0));
  return undefined;
}

const isCallSelector = (node: Node | null) => node?.type === 'selector' && node.namedChild(0)?.type === 'argument_part';

/**
 * The type of a chain of primary and selectors, where its text says so: `T(...)` gives T,
 * `T.m(...)` gives `T.m()` (the binder reads m's declared result), and a typed name its type.
 */
function chainType(items: Node[], at: Node, ctx: ExtractionContext): string | undefined {
  const [head, ...rest] = items;
  if (!head) return undefined;
  let type: string | undefined;
  if (head.type === 'identifier') type = typeOfName(head.text, at, ctx) ?? (capitalised(head.text) ? head.text : undefined);
  else if (head.type === 'this') type = enclosingTypeName(at, ctx);
  else if (head.type === 'new_expression' || head.type === 'const_object_expression') type = dartTypeName(head.namedChildren.find((c) => c?.type === 'type_identifier'));
  if (!type) return undefined;
  let steps = 0;
  for (let i = 0; i < rest.length; i++) {
    const member = memberName(rest[i]);
    if (member && isCallSelector(rest[i + 1] ?? null)) {
      // A method's (or a named constructor's) declared result, which the binder reads.
      if (++steps > 3) return undefined;
      type = `${type}.${member.text}()`;
      i++;
    } else if (isCallSelector(rest[i]) && i === 0 && head.type === 'identifier' && capitalised(head.text)) {
      // `T(...)`: the type itself.
    } else return undefined;
  }
  return type;
}

/** `var x = T()`, `T x = ...`, `final x = T.make()`: the name and type a variable definition binds. */
function declared(definition: Node): [string, string] | undefined {
  const name = definition.childForFieldName('name')?.text;
  if (!name) return undefined;
  const written = writtenType(definition);
  if (written) return [name, written];
  const value = definition.childrenForFieldName('value').filter((c): c is Node => c !== null);
  const type = valueType(value);
  return type ? [name, type] : undefined;
}

/** The type of an initialiser written as `T(...)`, `new T(...)` or `T.m(...)`, read without scopes. */
function valueType(items: Node[]): string | undefined {
  let list = items;
  if (list.length === 1 && (list[0].type === 'unary_expression' || list[0].type === 'await_expression')) {
    const inner = list[0].type === 'unary_expression' ? list[0].namedChild(0) : list[0];
    list = inner?.namedChildren.filter((c): c is Node => c !== null) ?? [];
  }
  const [head, ...rest] = list;
  if (!head) return undefined;
  if (head.type === 'new_expression' || head.type === 'const_object_expression') return dartTypeName(head.namedChildren.find((c) => c?.type === 'type_identifier'));
  if (head.type !== 'identifier' || !capitalised(head.text)) return undefined;
  if (rest.length === 1 && isCallSelector(rest[0])) return head.text;
  const member = memberName(rest[0] ?? null);
  if (member && rest.length === 2 && isCallSelector(rest[1])) return `${head.text}.${member.text}()`;
  return undefined;
}

/** Fields of a type declaration. */
function fieldTypes(type: Node): Map<string, string> {
  const types = new Map<string, string>();
  const body = type.childForFieldName('body') ?? type.namedChildren.find((c) => c?.type === 'class_body');
  for (const member of body?.namedChildren ?? []) {
    if (member?.type !== 'declaration') continue;
    const written = writtenType(member);
    for (const list of member.namedChildren) {
      if (list?.type !== 'initialized_identifier_list') continue;
      for (const item of list.namedChildren) {
        const children = item?.namedChildren.filter((c): c is Node => c !== null) ?? [];
        const name = children[0]?.type === 'identifier' ? children[0].text : undefined;
        const type = written ?? valueType(children.slice(1));
        if (name && type) types.set(name, type);
      }
    }
  }
  return types;
}

/** Parameters and local variables of a function body, nested closures included. */
function localTypes(body: Node): Map<string, string> {
  const types = new Map<string, string>();
  const signature = body.previousNamedSibling;
  const holder = signature?.type === 'method_signature' ? signature.namedChild(0) : signature;
  const list = holder?.namedChildren.find((c) => c?.type === 'formal_parameter_list');
  for (const p of list?.descendantsOfType('formal_parameter') ?? []) {
    const name = p?.childForFieldName('name')?.text;
    const type = p ? writtenType(p) : undefined;
    if (name && type) types.set(name, type);
  }
  for (const definition of body.descendantsOfType('initialized_variable_definition')) {
    const pair = definition ? declared(definition) : undefined;
    if (pair) types.set(...pair);
  }
  return types;
}

function enclosingTypeName(at: Node, ctx: ExtractionContext): string | undefined {
  for (const n of ctx.scopesAround(at)) if (TYPE_DECLARATIONS.has(n.type)) return typeDeclarationName(n);
  return undefined;
}

/** The declared type of a name at `at`: a parameter or local, else a field of an enclosing type. */
function typeOfName(name: string, at: Node, ctx: ExtractionContext): string | undefined {
  for (const scope of ctx.scopesAround(at)) {
    if (scope.type === 'function_body') {
      const local = ctx.memo(scope, localTypes).get(name);
      if (local) return local;
    } else if (TYPE_DECLARATIONS.has(scope.type)) {
      const field = ctx.memo(scope, fieldTypes).get(name);
      if (field) return field;
    }
  }
  return undefined;
}

/** Import prefixes of the file so far (`import 'x.dart' as util`): imports come first. */
function isImportPrefix(name: string, ctx: ExtractionContext): boolean {
  return ctx.imports.some((f) => f.local === name && f.imported === '*');
}

function argumentCount(parts: Parts): number {
  return parts.arguments?.namedChildren.filter((c) => c?.type === 'argument' || c?.type === 'named_argument').length ?? 0;
}

/** The call that makes a test block (grammars/dart/tags.scm): `test('title', ...)` as a statement. */
function isTestBlockCall(callee: Node, parts: Parts): boolean {
  if (!TEST_BLOCKS.has(callee.text) || callee.parent?.type !== 'expression_statement' || callee.previousNamedSibling !== null) return false;
  return parts.arguments?.namedChild(0)?.namedChild(0)?.type === 'string_literal';
}

function moveTo(draft: CallDraft, node: Node, ctx: ExtractionContext): void {
  const at = ctx.point(node);
  draft.start = at.index;
  draft.line = at.line;
  draft.column = at.column;
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  draft.argumentCount = argumentCount(parts);
  if (draft.kind === 'new') {
    const named = node.namedChildren.find((c) => c?.type === 'identifier');
    draft.specifier = `${node.text.startsWith('const') ? 'const' : 'new'} ${draft.calleeName}${named ? `.${named.text}` : ''}`;
    if (named) {
      // `new Circle.unit()`: the named constructor.
      draft.qualifier = draft.calleeName;
      draft.calleeName = named.text;
    }
    draft.bare = false;
    return true;
  }
  if (node.type === 'cascade_section') {
    // `target..m()`: a member call on the cascade's target.
    let first: Node | null = node;
    while (first?.type === 'cascade_section') first = first.previousNamedSibling;
    const target = first ? [...chainBefore(first), first] : [];
    draft.receiver = oneLine(target.map((t) => t.text).join(''));
    draft.specifier = `${draft.receiver}..${draft.calleeName}`;
    draft.bare = false;
    const name = node.namedChild(0)?.namedChild(0);
    if (name) moveTo(draft, name, ctx);
    const type = chainType(target, node, ctx);
    if (type) draft.receiverType = type;
    return true;
  }
  const previous = node.previousNamedSibling;
  if (!previous) return false;
  const member = memberName(previous);
  if (previous.type === 'identifier' || previous.type === 'this' || previous.type === 'super') {
    if (previous.type !== 'identifier') return false; // `this(...)`, `super(...)`: a redirecting constructor, no call site
    // `test('title', () {...})` makes a test block, which is no call site.
    if (isTestBlockCall(previous, parts)) return false;
    draft.calleeName = previous.text;
    draft.specifier = previous.text;
    draft.bare = true;
    moveTo(draft, previous, ctx);
    // `Circle(2)`: a class's constructor (Dart 2 needs no `new`).
    if (capitalised(previous.text)) draft.kind = 'new';
    return true;
  }
  if (!member) {
    // `f()()`, `(g)()`, `list[0]()`: a computed callee.
    const before = chainBefore(node);
    const head = before[0];
    draft.calleeName = oneLine(before.map((t) => t.text).join(''));
    draft.specifier = draft.calleeName;
    draft.indirect = true;
    if (head) moveTo(draft, head, ctx);
    return true;
  }
  const before = chainBefore(previous);
  const head = before[0];
  if (!head) return false;
  draft.calleeName = member.text;
  draft.receiver = oneLine(before.map((t) => t.text).join('')).replace(/\?$/, '');
  draft.specifier = `${draft.receiver}.${member.text}`;
  draft.bare = false;
  // A member call sits at its member's name, as a reader's eye finds it in a long chain.
  moveTo(draft, member, ctx);
  if (before.length === 1 && head.type === 'identifier') {
    const type = typeOfName(head.text, node, ctx);
    if (type) draft.receiverType = type;
    else if (isImportPrefix(head.text, ctx) || capitalised(head.text)) {
      // `util.run()` through an import prefix, `Circle.unit()` through a class name.
      draft.qualifier = head.text;
      delete draft.receiver;
    }
  } else if (before.length === 1 && head.type === 'this') {
    draft.receiver = 'this';
    const type = enclosingTypeName(node, ctx);
    if (type) draft.receiverType = type;
  } else if (before.length === 1 && head.type === 'super') {
    draft.receiver = 'super';
  } else {
    const type = chainType(before, node, ctx);
    if (type) draft.receiverType = type;
  }
  return true;
}

/**
 * The expression a selector applies to: the primary and the selectors between it and
 * `node`, in order. Siblings before the primary (a declaration's type and name) are not
 * part of it.
 */
function chainBefore(node: Node): Node[] {
  const out: Node[] = [];
  let n = node.previousNamedSibling;
  while (n && (n.type === 'selector' || MEMBER_SELECTORS.has(n.type))) {
    out.unshift(n);
    n = n.previousNamedSibling;
  }
  if (n && n.type !== 'cascade_section' && n.type !== 'type_identifier' && n.type !== 'final_builtin' && n.type !== 'inferred_type') out.unshift(n);
  return out;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}

function importHandler(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const uri = node.descendantsOfType('uri')[0];
  const source = uri ? unquote(uri.text) : '';
  if (!source) return;
  const line = ctx.line(node);
  const add = (imported: string, local: string, reexport = false) => ctx.imports.push({ source, imported, local, reexport, typeOnly: false, line });
  if (node.type === 'part_directive') {
    add('*', '*');
    return;
  }
  if (node.type === 'library_export') {
    add('*', '', true);
    return;
  }
  const specification = node.namedChildren.find((c) => c?.type === 'import_specification');
  const prefix = specification?.namedChildren.find((c) => c?.type === 'identifier')?.text;
  const combinators = specification?.namedChildren.filter((c) => c?.type === 'combinator') ?? [];
  const shown = combinators.find((c) => c!.text.startsWith('show'));
  if (shown && !prefix) {
    for (const name of shown.namedChildren) if (name?.type === 'identifier') add(name.text, name.text);
    return;
  }
  // `as util`: the library's names through the prefix; otherwise all of them (`hide` aside).
  add('*', prefix ?? '*');
}

/** Test code: files under `test/`, `integration_test/` or `test_driver/`, and `…_test.dart` files. */
function isTestFile(path: string): boolean {
  if (/_test\.dart$/.test(path)) return true;
  return path.split('/').slice(0, -1).some((folder) => folder === 'test' || folder === 'integration_test' || folder === 'test_driver');
}

export const dartAdapter: LanguageAdapter = {
  grammar: 'dart',
  queryFiles: ['dart/tags.scm'],
  separator: (parent, child) => (parent.testBlock && child.testBlock ? ' > ' : '.'),
  selfReceiver: 'this',
  isTestFile,
  definition,
  call,
  handlers: { import: importHandler },
};

/** The package-relative path of a library under `lib/` (`pkg/lib/src/a.dart` -> `src/a.dart`). */
export function dartLibraryPath(path: string): string | undefined {
  const match = /(?:^|\/)lib\/(.+\.dart)$/.exec(path);
  return match?.[1];
}
