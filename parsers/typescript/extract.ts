// TypeScript, TSX and JavaScript adapter: what the queries of grammars/typescript/
// (javascript-tags.scm, with tags.scm as the TypeScript overlay) cannot say. Export flags, constructors and accessors,
// class bases, test()/it()/describe() blocks as symbols, and the shapes of ES
// imports, re-exports and `require()` bindings.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { GrammarName, Node } from '../tree-sitter.js';
import { annotatedType, callbackParameterTypes, declaredReturnType, expressionType, FUNCTION_VALUES, localDeclaration } from './expression-types.js';

/** Callee roots of test blocks and of the containers that group them. */
const TEST_FUNCTIONS = new Set(['it', 'test', 'fit', 'xit', 'xtest', 'bench']);
const SUITE_FUNCTIONS = new Set(['describe', 'suite', 'fdescribe', 'xdescribe']);

function unquote(text: string): string {
  const first = text[0];
  return (first === '"' || first === "'" || first === '`') && text.length >= 2 ? text.slice(1, -1) : text;
}

function isExported(node: Node): boolean {
  let parent = node.parent;
  if (node.type === 'variable_declarator') parent = parent?.parent ?? null;
  if (parent?.type === 'ambient_declaration') parent = parent.parent; // `export declare function f()`
  return parent?.type === 'export_statement';
}

/** Names in `extends`/`implements` clauses, without type arguments. */
function classBases(node: Node, implemented?: string[]): string[] {
  const bases: string[] = [];
  for (const child of node.namedChildren) {
    if (child?.type !== 'class_heritage') continue;
    for (const clause of child.namedChildren) {
      if (!clause) continue;
      if (clause.type === 'extends_clause' || clause.type === 'implements_clause') {
        for (const base of clause.namedChildren) {
          if (base && base.type !== 'type_arguments') bases.push(base.text.split('<')[0].trim());
          if (base && base.type !== 'type_arguments' && clause.type === 'implements_clause') implemented?.push(base.text.split('<')[0].trim());
        }
      } else {
        bases.push(clause.text.split('<')[0].trim()); // JavaScript: `class_heritage` holds the expression
      }
    }
  }
  return bases;
}

/** `interface A extends B<T>, C`: the extended interfaces. */
function interfaceBases(node: Node): string[] {
  const bases: string[] = [];
  for (const child of node.namedChildren) {
    if (child?.type !== 'extends_type_clause') continue;
    for (const base of child.namedChildren) if (base) bases.push(base.text.split('<')[0].trim());
  }
  return bases;
}

/** The function node of a function-like definition: itself, or the function a variable or field holds. */
function functionNode(node: Node): Node | null {
  if (node.type === 'variable_declarator' || node.type === 'public_field_definition') {
    const value = node.childForFieldName('value');
    return value && FUNCTION_VALUES.has(value.type) ? value : null;
  }
  return node;
}

/** Declared result and callback parameter types of a function, method or signature (resolution follows them). */
function signatureTypes(draft: DefinitionDraft, node: Node): void {
  const fn = functionNode(node);
  if (!fn) return;
  const returns = declaredReturnType(fn);
  if (returns !== undefined) draft.attributes = { ...draft.attributes, returns };
  const callbacks = callbackParameterTypes(fn);
  if (callbacks.length > 0) draft.attributes = { ...draft.attributes, callbacks };
}

function definition(draft: DefinitionDraft, node: Node, _parts: Parts, ctx: ExtractionContext): boolean {
  if (draft.kind === 'function' || draft.kind === 'method') signatureTypes(draft, node);
  switch (node.type) {
    case 'variable_declarator': {
      if (draft.kind === 'function') break;
      // A function-valued variable is already a function symbol.
      const value = node.childForFieldName('value');
      if (FUNCTION_VALUES.has(value?.type ?? '')) return false;
      if (node.parent?.child(0)?.type === 'let') draft.kind = 'variable';
      // `export const p: Provider = {...}`, `export const s = make()`: members are reached
      // through the declared type, or the type recipe of the initialiser.
      const declared = annotatedType(node.childForFieldName('type')) ?? (value ? expressionType(value, ctx.scopes) : undefined);
      if (declared !== undefined && declared !== 'this') draft.attributes = { ...draft.attributes, type: declared };
      // `const stringType = ZodString.create`: another name for that value (recipes.ts follows it).
      if ((value?.type === 'identifier' || value?.type === 'member_expression') && /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(value.text)) {
        draft.attributes = { ...draft.attributes, aliasOf: value.text };
      }
      break;
    }
    case 'type_alias_declaration': {
      // `type A = B<C>`: A has B's members.
      const aliased = annotatedType(node.childForFieldName('value'));
      if (aliased !== undefined && aliased !== 'this') draft.bases = [aliased];
      break;
    }
    case 'interface_declaration': {
      const bases = interfaceBases(node);
      if (bases.length > 0) draft.bases = bases;
      break;
    }
    case 'method_definition': {
      if (draft.name === 'constructor') draft.kind = 'constructor';
      const first = node.child(0)?.type;
      const accessor = first === 'get' || first === 'set' ? first : node.child(1)?.type;
      if (accessor === 'get' || accessor === 'set') draft.attributes = { accessor };
      break;
    }
    case 'class_declaration':
    case 'abstract_class_declaration': {
      const implemented: string[] = [];
      const bases = classBases(node, implemented);
      if (bases.length > 0) draft.bases = bases;
      if (node.type === 'abstract_class_declaration') draft.attributes = { abstract: 'true' };
      // Implemented types give a class no members: it declares each one itself (maybe as a field).
      if (implemented.length > 0) draft.attributes = { ...draft.attributes, implements: implemented };
      break;
    }
    case 'module':
    case 'internal_module':
      draft.name = unquote(draft.name);
      break;
  }
  if (isExported(node)) draft.exported = true;
  return true;
}

/** The identifier a callee chain starts from: `it` in `it.only`, `test` in `test.each([])`. */
function calleeRoot(node: Node | null): string | undefined {
  for (let depth = 0; node && depth < 4; depth++) {
    if (node.type === 'identifier') return node.text;
    if (node.type === 'member_expression') node = node.childForFieldName('object');
    else if (node.type === 'call_expression') node = node.childForFieldName('function');
    else return undefined;
  }
  return undefined;
}

function hasCallback(call: Node): boolean {
  const args = call.childForFieldName('arguments');
  return args !== null && args.namedChildren.some((arg) => arg?.type === 'arrow_function' || arg?.type === 'function_expression');
}

/** `it('title', fn)`, `describe.each(table)('title', fn)`: a symbol named by its title. */
function testBlock(node: Node, parts: Parts, ctx: ExtractionContext): void {
  if (ctx.callsOnly) return;
  const root = calleeRoot(parts.function ?? null);
  if (!root) return;
  const suite = SUITE_FUNCTIONS.has(root);
  if (!suite && !TEST_FUNCTIONS.has(root)) return;
  // Outside test files a block needs a callback: a lone `test('x')` there is some other function.
  if (!isTestFile(ctx.path) && !hasCallback(node)) return;
  // The block spans its arguments, so the call itself stays a call site of the enclosing symbol.
  const args = node.childForFieldName('arguments') ?? node;
  const draft: DefinitionDraft = {
    ...ctx.position(args),
    kind: suite ? 'module' : 'test',
    name: unquote(parts.name.text).replace(/\s+/g, ' '),
    isTest: true,
    testBlock: true,
    bodyOwner: true,
  };
  if (suite) draft.attributes = { test_block: 'describe' };
  ctx.definitions.push(draft);
}

/**
 * The token that names a callee, as the compiler sees it: `f`, the `m` of `a.m` or `a.m!`,
 * the `"m"` of `a["m"]`, the `C` of `new ns.C`; null when the callee has no name
 * (`f(a)(b)`, `(cond ? f : g)()`).
 */
function calleeNameNode(fn: Node | null): Node | null {
  let node = fn;
  while (node && (node.type === 'non_null_expression' || node.type === 'instantiation_expression')) node = node.namedChild(0);
  if (!node) return null;
  switch (node.type) {
    case 'identifier':
    case 'private_property_identifier':
    case 'super':
    case 'this':
      return node;
    case 'member_expression':
      return node.childForFieldName('property');
    case 'subscript_expression': {
      const index = node.childForFieldName('index');
      return index?.type === 'string' || index?.type === 'template_string' ? index : null;
    }
    default:
      return null;
  }
}

/**
 * Where a call is recorded: at its callee's name token, or, for a callee without a name, at
 * its argument list. Calls of one chain (`a.b().c()`) or of a curried function (`f(a)(b)`)
 * start at one position; their names and argument lists never do.
 */
function placeCall(draft: CallDraft, node: Node, callee: Node | undefined, ctx: ExtractionContext): void {
  // A pattern's @callee is that name token already (grammars/typescript/javascript-tags.scm).
  const fn = callee ? null : node.type === 'new_expression' ? node.childForFieldName('constructor') : node.childForFieldName('function');
  const at = callee ?? calleeNameNode(fn) ?? node.childForFieldName('arguments');
  if (!at) return;
  const point = ctx.point(at);
  draft.line = point.line;
  draft.column = point.column;
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  placeCall(draft, node, parts.callee, ctx);
  // `require('x')` is also an import when bound (the import.require pattern); the call itself
  // is a call site like any other, of the runtime's `require`.
  // `new X!(...)` parses as a call of `new X!`: the `new` is the one record of this site.
  if (draft.indirect && parts.function?.type === 'non_null_expression' && parts.function.namedChild(0)?.type === 'new_expression') return false;
  if (parts.receiver && draft.receiver !== 'this') {
    const type = expressionType(parts.receiver, ctx.scopes);
    if (type !== undefined && type !== 'this') draft.receiverType = type;
  }
  // A bare call through a parameter or a variable holding a value (not a function
  // symbol) is indirect: never bound by name. File-scope exported values are symbols.
  if (draft.bare && !draft.indirect && draft.kind === 'call') {
    const local = localDeclaration(node, draft.calleeName, ctx.scopes);
    if (local && !local.functionValue && !(local.fileScope && isExportedName(node, draft.calleeName))) draft.indirect = true;
  }
  return true;
}

/** `name` declared by an `export const`/`export let` at file scope. */
function isExportedName(from: Node, name: string): boolean {
  return from.tree.rootNode.namedChildren.some((statement) => {
    if (statement?.type !== 'export_statement') return false;
    const declaration = statement.childForFieldName('declaration');
    return declaration !== null && (declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration')
      && declaration.namedChildren.some((d) => d?.type === 'variable_declarator' && d.childForFieldName('name')?.text === name);
  });
}

function stringValue(node: Node | null | undefined): string {
  return node ? unquote(node.text) : '';
}

function importStatement(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const line = ctx.line(node);
  const typeOnly = node.child(1)?.type === 'type';
  const source = stringValue(node.childForFieldName('source'));
  const add = (from: string, imported: string, local: string, typed = typeOnly) =>
    ctx.imports.push({ source: from, imported, local, reexport: false, typeOnly: typed, line });
  let bound = false;
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'import_require_clause') {
      const name = child.namedChild(0);
      add(stringValue(child.childForFieldName('source')), '*', name ? name.text : '');
      bound = true;
    } else if (child.type === 'import_clause') {
      for (const part of child.namedChildren) {
        if (!part) continue;
        if (part.type === 'identifier') add(source, 'default', part.text);
        else if (part.type === 'namespace_import') add(source, '*', part.namedChild(0)?.text ?? '');
        else if (part.type === 'named_imports') {
          for (const specifier of part.namedChildren) {
            if (specifier?.type !== 'import_specifier') continue;
            const name = specifier.childForFieldName('name');
            const alias = specifier.childForFieldName('alias');
            if (!name) continue;
            add(source, unquote(name.text), (alias ?? name).text, typeOnly || specifier.child(0)?.type === 'type');
          }
        }
      }
      bound = true;
    }
  }
  if (!bound) add(source, '*', ''); // `import '../languages/side-effect'`
}

function exportFrom(node: Node, ctx: ExtractionContext): void {
  const line = ctx.line(node);
  const typeOnly = node.child(1)?.type === 'type';
  const source = stringValue(node.childForFieldName('source'));
  const add = (imported: string, local: string, typed = typeOnly) =>
    ctx.imports.push({ source, imported, local, reexport: true, typeOnly: typed, line });
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'export_clause') {
      for (const specifier of child.namedChildren) {
        if (specifier?.type !== 'export_specifier') continue;
        const name = specifier.childForFieldName('name');
        const alias = specifier.childForFieldName('alias');
        if (name) add(unquote(name.text), unquote((alias ?? name).text), typeOnly || specifier.child(0)?.type === 'type');
      }
      return;
    }
    if (child.type === 'namespace_export') {
      add('*', unquote(child.namedChild(0)?.text ?? ''));
      return;
    }
  }
  add('*', '*'); // `export * from 'x'`
}

function importHandler(node: Node, parts: Parts, ctx: ExtractionContext): void {
  if (node.type === 'export_statement') exportFrom(node, ctx);
  else importStatement(node, parts, ctx);
}

/** `const x = require('x')`, `const { a, b: c } = require('x')`. */
function requireHandler(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const line = ctx.line(node);
  for (const declarator of node.namedChildren) {
    if (declarator?.type !== 'variable_declarator') continue;
    const value = declarator.childForFieldName('value');
    if (value?.type !== 'call_expression' || value.childForFieldName('function')?.text !== 'require') continue;
    const source = stringValue(value.childForFieldName('arguments')?.namedChild(0));
    const name = declarator.childForFieldName('name');
    const add = (imported: string, local: string) =>
      ctx.imports.push({ source, imported, local, reexport: false, typeOnly: false, line });
    if (name?.type === 'identifier') add('*', name.text);
    else if (name?.type === 'object_pattern') {
      for (const property of name.namedChildren) {
        if (property?.type === 'shorthand_property_identifier_pattern') add(property.text, property.text);
        else if (property?.type === 'pair_pattern') {
          const key = property.childForFieldName('key');
          const bound = property.childForFieldName('value');
          if (key && bound?.type === 'identifier') add(unquote(key.text), bound.text);
        }
      }
    }
  }
}

/** `import('x')`: noted as an import without a binding. */
function dynamicImport(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const source = stringValue(node.childForFieldName('arguments')?.namedChild(0));
  ctx.imports.push({ source, imported: '*', local: '', reexport: false, typeOnly: false, line: ctx.line(node) });
}

/**
 * `export { a, b as c }` and `export default a`: the local symbols a and b are exported; each
 * specifier is also noted as a re-export without a source (`c` names what `b` names here,
 * which may be an import binding such as `import * as z from './x'; export { z }`).
 */
function exportClause(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const line = ctx.line(node);
  const typeOnly = node.child(1)?.type === 'type';
  const value = node.childForFieldName('value');
  if (value?.type === 'identifier') ctx.exportedNames.add(value.text);
  for (const child of node.namedChildren) {
    if (child?.type !== 'export_clause') continue;
    for (const specifier of child.namedChildren) {
      const name = specifier?.childForFieldName('name');
      if (!name) continue;
      ctx.exportedNames.add(name.text);
      const alias = specifier?.childForFieldName('alias');
      const typed = typeOnly || specifier?.child(0)?.type === 'type';
      ctx.imports.push({ source: '', imported: unquote(name.text), local: unquote((alias ?? name).text), reexport: true, typeOnly: typed, line });
    }
  }
}

/**
 * Two TypeScript forms the grammar misreads, losing the whole declaration around them:
 * - a call signature that starts a line with type parameters (`(a: A): B` then
 *   `<T>(self: T): T` on the next line of an object type, line comments between them) reads
 *   as a comparison; a `;` in place of the last indentation space ends the previous member,
 *   as TypeScript's own parser does at the line break;
 * - variance annotations on type parameters (`interface Channel<out A, in B>`); they are
 *   blanked out (they say nothing about which declaration a call reaches);
 * - an escaped backtick inside a template literal type; blanked out too.
 */
const GENERIC_MEMBER_LINE = /(?<=(?:[\w$)\]}]|(?<!=)>|\*\/)[ \t]*\r?\n(?:[ \t]*(?:\/\/[^\r\n]*)?\r?\n)*[ \t]*)[ \t](?=<\s*(?:const\s+)?[A-Za-z_$][\w$]*(?:\s+extends\b|\s*[,>=]))/g;
const VARIANCE = /(?<=[<,]\s*)(?:in\s+out|in|out)(?=\s+[A-Za-z_$][\w$]*\s*(?:[,>=]|extends\b))/g;

function repairSource(source: string): string {
  return source
    .replace(GENERIC_MEMBER_LINE, ';')
    .replace(VARIANCE, (m) => m.replace(/\S/g, ' '))
    .replace(/(?<!\\)\\`/g, '  ');
}

const TEST_FILE = /(^|\/)__tests__\/|\.(test|spec)\.[cm]?[jt]sx?$/;

function isTestFile(path: string): boolean {
  return TEST_FILE.test(path);
}

function adapterFor(grammar: GrammarName, queryFiles: readonly string[]): LanguageAdapter {
  return {
    grammar,
    queryFiles,
    separator: (parent, child) => (parent.testBlock && child.testBlock ? ' > ' : '.'),
    selfReceiver: 'this',
    isTestFile,
    repairSource,
    definition,
    call,
    handlers: {
      import: importHandler,
      'import.require': requireHandler,
      'import.dynamic': dynamicImport,
      'export.clause': exportClause,
      'test.block': testBlock,
    },
  };
}

export const typescriptAdapter = adapterFor('typescript', ['typescript/javascript-tags.scm', 'typescript/tags.scm']);
export const tsxAdapter = adapterFor('tsx', ['typescript/javascript-tags.scm', 'typescript/tags.scm']);
export const javascriptAdapter = adapterFor('javascript', ['typescript/javascript-tags.scm', 'typescript/javascript-plain.scm']);
