// C# adapter: what grammars/csharp/tags.scm cannot say. Qualified names are the types'
// names within the file (`Service.Run`); the namespace a type is declared in is its
// `attributes.namespace` (a file may hold several), and the file's first namespace is its
// module. Overloads are told apart by parameter types (`Run(string,object[])`), attributes
// are recorded, bases named, extension methods marked by the type of their `this`
// parameter, arity and optional parameters recorded; receiver types are read from locals
// (`new T()`, casts, or the initializer `var x = a.B()` as the chain the binder reads
// through declared results), parameters, fields and properties; a call through a type name
// is a path call (`Util.Run()`), and tests are marked: xUnit, NUnit and MSTest by
// attribute, whole files in test projects.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';

const CLASS_LIKE = new Set(['class_declaration', 'struct_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'record_struct_declaration']);
const METHOD_LIKE = new Set(['method_declaration', 'constructor_declaration', 'local_function_statement']);
const NAMESPACES = new Set(['namespace_declaration', 'file_scoped_namespace_declaration']);

/** Test methods of xUnit (`Fact`, `Theory`), NUnit (`Test`, `TestCase`, ...) and MSTest (`TestMethod`, `DataTestMethod`). */
const TEST_ATTRIBUTES = new Set(['Fact', 'Theory', 'Test', 'TestCase', 'TestCaseSource', 'TestMethod', 'DataTestMethod', 'SkippableFact', 'SkippableTheory']);
/** Classes whose every member is test code: NUnit `TestFixture`, MSTest `TestClass`. */
const TEST_CLASS_ATTRIBUTES = new Set(['TestFixture', 'TestClass']);

/** `List<string>` -> `List`, `System.IO.Stream` -> `Stream`, `int?` -> `int`, `byte[]` -> `byte[]`. */
export function csharpTypeName(node: Node | null): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'identifier':
    case 'predefined_type':
      return node.text;
    case 'generic_name':
      return node.namedChild(0)?.text;
    case 'qualified_name':
    case 'alias_qualified_name':
      return csharpTypeName(node.childForFieldName('name') ?? node.namedChildren[node.namedChildCount - 1] ?? null);
    case 'nullable_type':
      return csharpTypeName(node.childForFieldName('type') ?? node.namedChild(0));
    case 'array_type':
      return `${csharpTypeName(node.childForFieldName('type')) ?? '?'}[]`;
    default:
      return undefined;
  }
}

/** Attribute names on a declaration, without an `Attribute` suffix or namespace: `[Xunit.FactAttribute]` -> `Fact`. */
export function attributesOf(node: Node): string[] {
  const names: string[] = [];
  for (const list of node.namedChildren) {
    if (list?.type !== 'attribute_list') continue;
    for (const attribute of list.namedChildren) {
      if (attribute?.type !== 'attribute') continue;
      const name = csharpTypeName(attribute.childForFieldName('name'));
      if (name) names.push(name.replace(/Attribute$/, ''));
    }
  }
  return names;
}

function hasModifier(node: Node, word: string): boolean {
  return node.namedChildren.some((c) => c?.type === 'modifier' && c.text === word);
}

/** The namespace a node is declared in, outer names first: `A.B` for `namespace A { namespace B { ... } }`. */
export function namespaceOf(node: Node): string | undefined {
  const parts: string[] = [];
  for (let n = node.parent; n; n = n.parent) {
    if (NAMESPACES.has(n.type)) {
      const name = n.childForFieldName('name')?.text.replace(/\s+/g, '');
      if (name) parts.unshift(name);
    }
  }
  return parts.length > 0 ? parts.join('.') : undefined;
}

/** The type declaration around `node`. */
export function enclosingType(node: Node, ctx: ExtractionContext): Node | undefined {
  for (const n of ctx.scopesAround(node)) if (CLASS_LIKE.has(n.type)) return n;
  return undefined;
}

/** Parameter types of a method-like node (or a record's parameters), and whether the last is `params`. */
function parameterTypes(node: Node): { types: string[]; required: number; params: boolean; extends?: string } {
  const list = node.childForFieldName('parameters');
  const types: string[] = [];
  let required = 0;
  let params = false;
  let extendsType: string | undefined;
  const children = list?.namedChildren ?? [];
  for (let i = 0; i < children.length; i++) {
    const p = children[i];
    if (!p) continue;
    if (p.type === 'parameter') {
      const type = csharpTypeName(p.childForFieldName('type')) ?? '?';
      types.push(type);
      if (!p.namedChildren.some((c) => c?.type === 'equals_value_clause')) required = types.length;
      if (types.length === 1 && p.namedChildren.some((c) => c?.type === 'parameter_modifier' && c.text === 'this')) extendsType = type;
    } else if (p.type === 'array_type') {
      // `params T[] name`: the grammar leaves the array type and the name beside each other.
      types.push(csharpTypeName(p) ?? '?[]');
      params = true;
      if (children[i + 1]?.type === 'identifier') i++;
    }
  }
  return { types, required, params, ...(extendsType ? { extends: extendsType } : {}) };
}

function basesOf(node: Node): string[] {
  const list = node.childForFieldName('bases') ?? node.namedChildren.find((c) => c?.type === 'base_list') ?? null;
  const bases: string[] = [];
  for (const child of list?.namedChildren ?? []) {
    const type = child?.type === 'primary_constructor_base_type' ? child.namedChild(0) : child;
    const name = csharpTypeName(type ?? null);
    if (name) bases.push(name);
  }
  return bases;
}

function definition(draft: DefinitionDraft, node: Node, _parts: Parts, ctx: ExtractionContext): boolean {
  const attributes = attributesOf(node);
  if (attributes.length > 0) draft.attributes = { ...draft.attributes, annotations: attributes };
  if (hasModifier(node, 'public')) draft.exported = true;
  if (hasModifier(node, 'static')) draft.attributes = { ...draft.attributes, static: 'true' };
  if (CLASS_LIKE.has(node.type)) {
    // Field and property initialisers and property bodies belong to the type, not the file.
    draft.bodyOwner = true;
    const bases = basesOf(node);
    if (bases.length > 0) draft.bases = bases;
    const namespace = namespaceOf(node);
    if (namespace) draft.attributes = { ...draft.attributes, namespace };
    if (attributes.some((a) => TEST_CLASS_ATTRIBUTES.has(a))) {
      draft.isTest = true;
      draft.attributes = { ...draft.attributes, test: attributes.find((a) => TEST_CLASS_ATTRIBUTES.has(a))! };
    }
    return true;
  }
  if (node.type !== 'local_function_statement') {
    const owner = enclosingType(node, ctx)?.childForFieldName('name')?.text;
    if (owner) draft.ownerType = owner;
  }
  const { types, required, params, extends: extendsType } = parameterTypes(node);
  draft.disambiguator = `${draft.name}(${types.join(',')})`;
  draft.attributes = { ...draft.attributes, arity: String(types.length) };
  // Parameters with a default value may be left out of a call.
  if (required < types.length - (params ? 1 : 0)) draft.attributes.required = String(required);
  if (params) draft.attributes.varargs = 'true';
  if (extendsType) draft.attributes.extends = extendsType;
  const test = attributes.find((a) => TEST_ATTRIBUTES.has(a));
  if (test) {
    draft.isTest = true;
    draft.attributes.test = test;
  }
  const returns = unwrapTask(node.childForFieldName('type') ?? node.childForFieldName('returns'));
  if (returns && returns !== 'void') {
    draft.returnType = returns;
    draft.attributes.returns = returns;
  }
  return true;
}

/** `Task<T>` and `ValueTask<T>` give T (what `await` yields); other types their name. */
function unwrapTask(node: Node | null): string | undefined {
  if (node?.type === 'generic_name' && /^(Value)?Task$/.test(node.namedChild(0)?.text ?? '')) {
    const args = node.namedChildren.find((c) => c?.type === 'type_argument_list');
    return csharpTypeName(args?.namedChild(0) ?? null);
  }
  // A plain `Task` is what `void` is to a synchronous method.
  const name = csharpTypeName(node);
  return name === 'Task' || name === 'ValueTask' ? undefined : name;
}

// ---- receiver types ----------------------------------------------------------

/**
 * A declared name's type: written (or read from `new T()`, a cast), the initializer to read
 * it from (`var x = a.B()`), or the collection a `foreach (var x in xs)` takes it from.
 */
type Declared = string | Node | { elementOf: Node };

/** Collections whose element type is their one type argument. */
const COLLECTIONS = new Set(['IEnumerable', 'ICollection', 'IReadOnlyCollection', 'IList', 'IReadOnlyList', 'List', 'ISet', 'HashSet', 'SortedSet', 'Queue', 'Stack', 'ImmutableArray', 'ImmutableList', 'IImmutableList', 'ConcurrentQueue', 'ConcurrentBag', 'LinkedList']);

/** `T[]` and `List<T>`-like types give T; the key `name[]` of a types map holds it. */
function elementTypeName(node: Node | null): string | undefined {
  if (node?.type === 'array_type') return csharpTypeName(node.childForFieldName('type'));
  if (node?.type === 'nullable_type') return elementTypeName(node.childForFieldName('type') ?? node.namedChild(0));
  if (node?.type !== 'generic_name' || !COLLECTIONS.has(node.namedChild(0)?.text ?? '')) return undefined;
  const args = node.namedChildren.find((c) => c?.type === 'type_argument_list');
  return args?.namedChildCount === 1 ? csharpTypeName(args.namedChild(0)) : undefined;
}
type Types = Map<string, Declared>;

/** The type a declaration gives its name: as written, or from `new T()`, a cast or `as T` when written `var`. */
function declaredType(typeNode: Node | null, value: Node | null): Declared | undefined {
  const written = typeNode?.type === 'implicit_type' ? undefined : csharpTypeName(typeNode);
  if (written) return written;
  switch (value?.type) {
    case 'object_creation_expression':
      return csharpTypeName(value.childForFieldName('type'));
    case 'cast_expression':
      return csharpTypeName(value.childForFieldName('type'));
    case 'as_expression':
      return csharpTypeName(value.childForFieldName('right'));
    case 'invocation_expression':
    case 'await_expression':
      return value;
    default:
      return undefined;
  }
}

/** `T a = v, b;` as (name, type) pairs. */
function variables(declaration: Node | undefined, into: Types): void {
  if (!declaration) return;
  const type = declaration.childForFieldName('type');
  for (const declarator of declaration.namedChildren) {
    if (declarator?.type !== 'variable_declarator') continue;
    const name = declarator.namedChild(0);
    const value = declarator.namedChildren.find((c) => c?.type === 'equals_value_clause')?.namedChild(0) ?? null;
    const found = declaredType(type, value);
    if (name?.type !== 'identifier') continue;
    if (found) into.set(name.text, found);
    const element = elementTypeName(type);
    if (element) into.set(`${name.text}[]`, element);
  }
}

function parametersInto(node: Node, into: Types): void {
  for (const p of node.childForFieldName('parameters')?.namedChildren ?? []) {
    if (p?.type !== 'parameter') continue;
    const name = p.childForFieldName('name')?.text;
    const type = csharpTypeName(p.childForFieldName('type'));
    if (name && type) into.set(name, type);
    const element = elementTypeName(p.childForFieldName('type'));
    if (name && element) into.set(`${name}[]`, element);
  }
}

function memberTypes(type: Node): Types {
  const types: Types = new Map();
  // Record and primary-constructor parameters are in scope in the whole body.
  parametersInto(type, types);
  for (const member of type.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type === 'field_declaration' || member?.type === 'event_field_declaration') {
      variables(member.namedChildren.find((c) => c?.type === 'variable_declaration') ?? undefined, types);
    } else if (member?.type === 'property_declaration') {
      const name = member.childForFieldName('name')?.text;
      const found = csharpTypeName(member.childForFieldName('type'));
      if (name && found) types.set(name, found);
      const element = elementTypeName(member.childForFieldName('type'));
      if (name && element) types.set(`${name}[]`, element);
    }
  }
  return types;
}

function localTypes(method: Node): Types {
  const types: Types = new Map();
  parametersInto(method, types);
  const body = method.childForFieldName('body');
  if (!body) return types;
  for (const node of body.descendantsOfType(['variable_declaration', 'for_each_statement', 'catch_declaration', 'declaration_pattern'])) {
    if (!node) continue;
    if (node.type === 'variable_declaration') variables(node, types);
    else if (node.type === 'for_each_statement') {
      const left = node.childForFieldName('left');
      const type = node.childForFieldName('type');
      const found = type?.type === 'implicit_type' ? undefined : csharpTypeName(type);
      const right = node.childForFieldName('right');
      if (left?.type === 'identifier' && found) types.set(left.text, found);
      else if (left?.type === 'identifier' && right) types.set(left.text, { elementOf: right });
    } else {
      const type = csharpTypeName(node.childForFieldName('type'));
      const name = node.childForFieldName('name') ?? node.namedChildren.find((c) => c?.type === 'identifier') ?? null;
      if (type && name) types.set(name.text, type);
    }
  }
  return types;
}

function enclosingMethod(node: Node, ctx: ExtractionContext): Node | undefined {
  for (const n of ctx.scopesAround(node)) {
    if (n.type === 'method_declaration' || n.type === 'constructor_declaration') return n;
    if (CLASS_LIKE.has(n.type)) return undefined;
  }
  return undefined;
}

/** The declared type of a name at `at`: a local or parameter, else a field or property of an enclosing type. */
function typeOfName(name: string, at: Node, ctx: ExtractionContext, depth = 0): string | undefined {
  const method = enclosingMethod(at, ctx);
  const local = method ? ctx.memo(method, localTypes).get(name) : undefined;
  if (local) return typeOf(local, at, ctx, depth);
  for (let type = enclosingType(at, ctx); type; type = enclosingType(type, ctx)) {
    const member = ctx.memo(type, memberTypes).get(name);
    if (member) return typeOf(member, at, ctx, depth);
  }
  return undefined;
}

/** A written type as is; an initializer's type read from the expression (bounded: `var a = b.F(); var b = a.G();` ends). */
function typeOf(declared: Declared, at: Node, ctx: ExtractionContext, depth: number): string | undefined {
  if (typeof declared === 'string') return declared;
  if (depth >= 3) return undefined;
  if ('elementOf' in declared) {
    // `foreach (var x in xs)`: the element type declared with xs (a name or `this.xs`).
    const xs = declared.elementOf;
    const name = xs.type === 'identifier' ? xs.text : xs.type === 'member_access_expression' && xs.childForFieldName('expression')?.type === 'this_expression' ? xs.childForFieldName('name')?.text : undefined;
    return name ? typeOfName(`${name}[]`, at, ctx, depth + 1) : undefined;
  }
  const value = declared.type === 'await_expression' ? declared.namedChild(0) : declared;
  return value ? expressionType(value, at, ctx, depth + 1) : undefined;
}

const ownName = (at: Node, ctx: ExtractionContext) => enclosingType(at, ctx)?.childForFieldName('name')?.text;
const capitalised = (text: string) => /^\p{Lu}/u.test(text);

/**
 * The type an expression has where the declarations say so: `T` for a typed name or
 * `new T()`, `T.M()` for the result of method M on a T (the binder reads M's declared
 * result), chained up to a few calls.
 */
function expressionType(expression: Node, at: Node, ctx: ExtractionContext, depth = 0): string | undefined {
  switch (expression.type) {
    case 'identifier':
      return typeOfName(expression.text, at, ctx, depth) ?? (capitalised(expression.text) ? expression.text : undefined);
    case 'this_expression':
      return ownName(at, ctx);
    case 'object_creation_expression':
      return csharpTypeName(expression.childForFieldName('type'));
    case 'parenthesized_expression':
      return expression.namedChild(0) ? expressionType(expression.namedChild(0)!, at, ctx, depth) : undefined;
    case 'cast_expression':
      return csharpTypeName(expression.childForFieldName('type'));
    case 'as_expression':
      return csharpTypeName(expression.childForFieldName('right'));
    case 'member_access_expression': {
      const object = expression.childForFieldName('expression');
      return object?.type === 'this_expression' ? typeOfName(expression.childForFieldName('name')?.text ?? '', at, ctx) : undefined;
    }
    case 'invocation_expression': {
      if (depth >= 3) return undefined;
      const fn = expression.childForFieldName('function');
      // `F()`: a method of the enclosing type (the binder reads its declared result).
      if (fn?.type === 'identifier') {
        const own = ownName(at, ctx);
        return own ? `${own}.${fn.text}()` : undefined;
      }
      if (fn?.type !== 'member_access_expression') return undefined;
      const object = fn.childForFieldName('expression');
      const base = object ? expressionType(object, at, ctx, depth + 1) : undefined;
      const name = csharpTypeName(fn.childForFieldName('name'));
      return base && name ? `${base}.${name}()` : undefined;
    }
    default:
      return undefined;
  }
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  draft.argumentCount = parts.arguments?.namedChildren.filter((c) => c?.type === 'argument').length ?? 0;
  if (draft.kind === 'new') {
    const type = csharpTypeName(parts.callee) ?? draft.calleeName;
    draft.calleeName = type;
    draft.specifier = `new ${type}`;
    draft.bare = false;
    return true;
  }
  // `nameof(x)` is evaluated by the compiler: no call.
  if (draft.bare && draft.calleeName === 'nameof') return false;
  const receiver = parts.receiver;
  if (!receiver) return true;
  draft.bare = false;
  if (receiver.type === 'identifier') {
    const type = typeOfName(receiver.text, node, ctx);
    if (type) draft.receiverType = type;
    else if (capitalised(receiver.text)) {
      // `Util.Run()`: a static call through a type name.
      draft.qualifier = receiver.text;
      delete draft.receiver;
    }
  } else if (receiver.type === 'member_access_expression' && receiver.childForFieldName('expression')?.type === 'this_expression') {
    const type = typeOfName(receiver.childForFieldName('name')?.text ?? '', node, ctx);
    if (type) draft.receiverType = type;
  } else if (receiver.type === 'member_access_expression' || receiver.type === 'qualified_name' || receiver.type === 'alias_qualified_name') {
    // `System.Console.WriteLine()`, `Outer.Inner.Run()`: a path through a type when every segment is a name.
    const text = receiver.text.replace(/\s+/g, '').replace(/^global::/, '');
    const first = text.split('.')[0];
    if (/^[\p{L}_][\p{L}\p{N}_]*(\.[\p{L}_][\p{L}\p{N}_]*)+$/u.test(text) && capitalised(first) && typeOfName(first, node, ctx) === undefined) {
      draft.qualifier = text;
      delete draft.receiver;
    }
  } else if (receiver.type !== 'base_expression') {
    const type = expressionType(receiver, node, ctx);
    if (type) draft.receiverType = type;
  }
  return true;
}

function usingHandler(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const alias = node.namedChildren.find((c) => c?.type === 'name_equals')?.namedChild(0)?.text;
  const target = node.namedChildren.filter((c) => c && c.type !== 'name_equals').pop();
  if (!target) return;
  const text = target.text.replace(/\s+/g, '').replace(/^global::/, '');
  const line = ctx.line(node);
  const add = (source: string, imported: string, local: string) => ctx.imports.push({ source, imported, local, reexport: false, typeOnly: false, line });
  if (alias) {
    // `using X = A.B.C;`: X names type (or namespace) C of A.B.
    const cut = text.lastIndexOf('.');
    add(cut < 0 ? '' : text.slice(0, cut), csharpTypeName(target) ?? text.slice(cut + 1), alias);
  } else {
    // `using A.B;` brings a namespace's types in; `using static A.B.C;` a type's static members.
    add(text, '*', '*');
  }
}

/**
 * Gaps of the grammar build, rewritten at the same offsets: conditional directives inside
 * declarations (below), and a class or struct primary constructor (`class Sink(ILogEventSink
 * inner) : Base`), whose parameter list becomes spaces so the declaration and its body
 * parse (the parameters are then not read).
 */
function repairSource(source: string): string {
  return blankConditionalDirectives(source).replace(/(\b(?:class|struct)\s+[\p{L}_][\p{L}\p{N}_]*(?:<[^\n(]*>)?\s*)(\([^()]*(?:\([^()]*\)[^()]*)*\))/gu, (_m, head: string, list: string) => head + list.replace(/[^\n]/g, ' '));
}

/**
 * Conditional compilation read as its first branch: `#if` lines and `#elif`/`#else` branches
 * up to their `#endif` become spaces. The grammar build reads a directive as a statement, so
 * one inside a declaration (`void M()\n#if X\n => F()\n#endif\n;`) breaks the file, and
 * both branches of one declaration (`{ ... }\n#else\n;`) do not parse as one text.
 */
function blankConditionalDirectives(source: string): string {
  const lines = source.split('\n');
  // One entry per open #if: whether the branch being read is a later one (blanked).
  const open: boolean[] = [];
  const blank = (i: number) => (lines[i] = lines[i].replace(/[^\r]/g, ' '));
  for (let i = 0; i < lines.length; i++) {
    const directive = /^[ \t]*#[ \t]*(if|elif|else|endif)\b/.exec(lines[i])?.[1];
    const hidden = open.some((later) => later);
    if (directive === 'if') open.push(false);
    else if ((directive === 'elif' || directive === 'else') && open.length > 0) open[open.length - 1] = true;
    else if (directive === 'endif') open.pop();
    if (directive !== undefined || hidden) blank(i);
  }
  return lines.join('\n');
}

/** A test project's folder (`Serilog.Tests`, `App.UnitTests`, `tests`) or a `test`/`tests` folder. */
const TEST_FOLDER = /^(tests?|.+[._-]\w*tests?|.+[._-]specs?)$/i;

function isTestFile(path: string): boolean {
  return path.split('/').slice(0, -1).some((folder) => TEST_FOLDER.test(folder));
}

export const csharpAdapter: LanguageAdapter = {
  grammar: 'csharp',
  queryFiles: ['csharp/tags.scm'],
  separator: () => '.',
  selfReceiver: 'this',
  isTestFile,
  repairSource,
  definition,
  call,
  handlers: { import: usingHandler },
};

/** The first namespace a C# file declares, read without parsing. */
export function csharpNamespace(source: string): string | undefined {
  const match = /^\s*namespace\s+([\p{L}_][\p{L}\p{N}_.\s]*?)\s*[;{]/mu.exec(source);
  return match ? match[1].replace(/\s+/g, '') : undefined;
}
