// TypeScript, TSX and JavaScript adapter: what grammars/javascript and
// grammars/typescript queries cannot say. Export flags, constructors and accessors,
// class bases, test()/it()/describe() blocks as symbols, and the shapes of ES
// imports, re-exports and `require()` bindings.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { GrammarName, Node } from '../tree-sitter.js';

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

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'generator_function']);

/** `interface A extends B<T>, C`: the extended interfaces. */
function interfaceBases(node: Node): string[] {
  const bases: string[] = [];
  for (const child of node.namedChildren) {
    if (child?.type !== 'extends_type_clause') continue;
    for (const base of child.namedChildren) if (base) bases.push(base.text.split('<')[0].trim());
  }
  return bases;
}

function definition(draft: DefinitionDraft, node: Node, _parts: Parts, _ctx: ExtractionContext): boolean {
  switch (node.type) {
    case 'variable_declarator': {
      if (draft.kind === 'function') break;
      // A function-valued variable is already a function symbol.
      if (FUNCTION_VALUES.has(node.childForFieldName('value')?.type ?? '')) return false;
      if (node.parent?.child(0)?.type === 'let') draft.kind = 'variable';
      // `export const p: Provider = {...}`: members are reached through the declared type.
      const declared = annotatedType(node.childForFieldName('type'));
      if (declared !== undefined) draft.attributes = { ...draft.attributes, type: declared };
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

function call(draft: CallDraft, node: Node, parts: Parts, _ctx: ExtractionContext): boolean {
  // `require('x')` is an import, recorded by the import.require pattern when bound.
  if (draft.bare && draft.calleeName === 'require' && node.childForFieldName('arguments')?.firstNamedChild?.type === 'string') return false;
  // `new X!(...)` parses as a call of `new X!`: the `new` is the one record of this site.
  if (draft.indirect && parts.function?.type === 'non_null_expression' && parts.function.namedChild(0)?.type === 'new_expression') return false;
  if (draft.receiver !== undefined && draft.receiver !== 'this' && /^[A-Za-z_$][\w$]*$/.test(draft.receiver)) {
    const type = localDeclaration(node, draft.receiver)?.type;
    if (type !== undefined) draft.receiverType = type;
  }
  // A bare call through a parameter or a variable holding a value (not a function
  // symbol) is indirect: never bound by name. File-scope exported values are symbols.
  if (draft.bare && !draft.indirect && draft.kind === 'call') {
    const local = localDeclaration(node, draft.calleeName);
    if (local && !local.functionValue && !(local.fileScope && isExportedName(node, draft.calleeName))) draft.indirect = true;
  }
  return true;
}

/** `name` declared by an `export const`/`export let` at file scope. */
function isExportedName(from: Node, name: string): boolean {
  let root: Node = from;
  while (root.parent) root = root.parent;
  return root.namedChildren.some((statement) => {
    if (statement?.type !== 'export_statement') return false;
    const declaration = statement.childForFieldName('declaration');
    return declaration !== null && (declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration')
      && declaration.namedChildren.some((d) => d?.type === 'variable_declarator' && d.childForFieldName('name')?.text === name);
  });
}

const FUNCTION_NODES = new Set(['function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration', 'generator_function']);
const PARAMETER_NODES = new Set(['required_parameter', 'optional_parameter']);

/** `T` of a `: T` or `: T<U>` annotation; undefined for unions, literals and other shapes. */
function annotatedType(annotation: Node | null): string | undefined {
  const type = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
  const named = type?.type === 'generic_type' ? type.childForFieldName('name') : type;
  // `T`, or `ns.T` through a namespace import (`Fiber.Fiber<A>`)
  if (named?.type === 'type_identifier' || named?.type === 'nested_type_identifier') return named.text.replace(/\s+/g, '');
  return undefined;
}

/** What the nearest declaration of a local name says. */
interface LocalDeclaration {
  /** Declared or constructed type name, when the declaration states one. */
  type?: string;
  /** A variable holding a function expression: a function symbol of its own. */
  functionValue: boolean;
  /** Declared at file scope. */
  fileScope: boolean;
}

const BINDING_NAMES = ['identifier', 'shorthand_property_identifier_pattern'];

/**
 * The nearest declaration of `name` around a call: a parameter (`source: Observable<T>`,
 * destructured or not) or a block-level variable (`const x: T = ...`, `const x = new T()`,
 * `const { a } = ...`). The nearest one wins even when it says nothing about the type, so a
 * shadowing name is never typed by an outer one.
 */
function localDeclaration(from: Node, name: string): LocalDeclaration | undefined {
  for (let node = from.parent; node; node = node.parent) {
    if (!FUNCTION_NODES.has(node.type) && node.type !== 'statement_block' && node.type !== 'program') continue;
    const found = declarationsIn(node).get(name);
    if (found) return found;
  }
  return undefined;
}

/** Per tree, the names each scope declares: built once per scope, not once per call. */
let scopeTree: unknown;
const scopeCache = new Map<number, Map<string, LocalDeclaration>>();

function boundNames(pattern: Node | null): string[] {
  if (!pattern) return [];
  if (pattern.type === 'identifier') return [pattern.text];
  return pattern.descendantsOfType(BINDING_NAMES).flatMap((n) => (n ? [n.text] : []));
}

/** The declarations a function's parameters or a block's statements make; the first of a name wins. */
function declarationsIn(scope: Node): Map<string, LocalDeclaration> {
  if (scope.tree !== scopeTree) {
    scopeTree = scope.tree;
    scopeCache.clear();
  }
  const cached = scopeCache.get(scope.id);
  if (cached) return cached;
  const found = new Map<string, LocalDeclaration>();
  const add = (name: string, declaration: LocalDeclaration) => {
    if (!found.has(name)) found.set(name, declaration);
  };
  if (FUNCTION_NODES.has(scope.type)) {
    const single = scope.childForFieldName('parameter'); // `x => x.f()`
    if (single) add(single.text, { functionValue: false, fileScope: false });
    for (const param of scope.childForFieldName('parameters')?.namedChildren ?? []) {
      if (!param) continue;
      if (PARAMETER_NODES.has(param.type)) {
        const type = annotatedType(param.childForFieldName('type'));
        for (const name of boundNames(param.childForFieldName('pattern'))) add(name, { type, functionValue: false, fileScope: false });
        continue;
      }
      const pattern = param.type === 'assignment_pattern' ? param.childForFieldName('left') : param;
      for (const name of boundNames(pattern)) add(name, { functionValue: false, fileScope: false });
    }
  } else {
    const fileScope = scope.type === 'program';
    for (const statement of scope.namedChildren) {
      if (statement?.type !== 'lexical_declaration' && statement?.type !== 'variable_declaration') continue;
      for (const declarator of statement.namedChildren) {
        if (declarator?.type !== 'variable_declarator') continue;
        const bound = declarator.childForFieldName('name');
        if (bound?.type !== 'identifier') {
          for (const name of boundNames(bound)) add(name, { functionValue: false, fileScope });
          continue;
        }
        const value = declarator.childForFieldName('value');
        const constructor = value?.type === 'new_expression' ? value.childForFieldName('constructor') : null;
        const type = annotatedType(declarator.childForFieldName('type')) ?? (constructor?.type === 'identifier' ? constructor.text : undefined);
        add(bound.text, { type, functionValue: FUNCTION_VALUES.has(value?.type ?? ''), fileScope });
      }
    }
  }
  scopeCache.set(scope.id, found);
  return found;
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
  if (!bound) add(source, '*', ''); // `import './side-effect'`
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

/** `export { a, b as c }` and `export default a`: the local symbols a and b are exported. */
function exportClause(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const value = node.childForFieldName('value');
  if (value?.type === 'identifier') ctx.exportedNames.add(value.text);
  for (const child of node.namedChildren) {
    if (child?.type !== 'export_clause') continue;
    for (const specifier of child.namedChildren) {
      const name = specifier?.childForFieldName('name');
      if (name) ctx.exportedNames.add(name.text);
    }
  }
}

/**
 * Two TypeScript forms the grammar misreads, losing the whole declaration around them:
 * - a call signature that starts a line with type parameters (`(a: A): B` then
 *   `<T>(self: T): T` on the next line of an object type) reads as a comparison; a `;` in
 *   place of the last indentation space ends the previous member, as TypeScript's own
 *   parser does at the line break;
 * - variance annotations on type parameters (`interface Channel<out A, in B>`); they are
 *   blanked out (they say nothing about which declaration a call reaches);
 * - an escaped backtick inside a template literal type; blanked out too.
 */
const GENERIC_MEMBER_LINE = /(?<=(?:[\w$)\]}]|(?<!=)>|\*\/)[ \t]*\r?\n(?:[ \t]*\r?\n)*[ \t]*)[ \t](?=<\s*(?:const\s+)?[A-Za-z_$][\w$]*(?:\s+extends\b|\s*[,>=]))/g;
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

export const typescriptAdapter = adapterFor('typescript', ['javascript/tags.scm', 'typescript/tags.scm']);
export const tsxAdapter = adapterFor('tsx', ['javascript/tags.scm', 'typescript/tags.scm']);
export const javascriptAdapter = adapterFor('javascript', ['javascript/tags.scm', 'javascript/plain.scm']);
