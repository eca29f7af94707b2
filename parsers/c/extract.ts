// C adapter (and the C-family rules C++ shares): what grammars/c/tags.scm cannot say.
// Names are read through declarators (`char **f(void)`, `int (*get(void))(int)`),
// `static` functions are file-local, function-like macros are listed in
// FileFacts.macros, prototypes are not symbols (a call binds to the definition), and
// test-registration macros (gtest `TEST(Suite, Name)`, Catch2 `TEST_CASE("name")`,
// `SECTION("name")`) become test symbols named by their arguments.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';

/** Macros whose invocation followed by a block registers a test. */
const TEST_MACROS = new Set([
  'TEST', 'TEST_F', 'TEST_P', 'TYPED_TEST', 'TYPED_TEST_P', 'FRIEND_TEST',
  'TEST_CASE', 'TEST_CASE_METHOD', 'SCENARIO', 'SECTION', 'GIVEN', 'WHEN', 'THEN', 'TEMPLATE_TEST_CASE',
]);

/** The declarator that names a function: through pointers, references, parentheses and attributes. */
export function declaredName(node: Node | null): Node | undefined {
  for (let depth = 0; node && depth < 8; depth++) {
    switch (node.type) {
      case 'function_declarator':
      case 'pointer_declarator':
      case 'reference_declarator':
      case 'parenthesized_declarator':
      case 'attributed_declarator':
      case 'array_declarator':
      case 'init_declarator':
        node = node.childForFieldName('declarator') ?? node.namedChildren.find((c) => c?.type.endsWith('declarator') || c?.type.endsWith('identifier')) ?? null;
        break;
      case 'identifier':
      case 'field_identifier':
      case 'type_identifier':
      case 'qualified_identifier':
      case 'destructor_name':
      case 'operator_name':
      case 'template_function':
      case 'primitive_type':
        return node;
      default:
        return undefined;
    }
  }
  return undefined;
}

function isStatic(node: Node): boolean {
  return node.namedChildren.some((c) => c?.type === 'storage_class_specifier' && c.text === 'static');
}

/** Arguments of a test macro as a name: `Suite.Name`, or the first string's contents. */
function testName(args: Node | null | undefined): string | undefined {
  if (!args) return undefined;
  const items = args.namedChildren.filter((c): c is Node => c !== null && !c.type.endsWith('comment'));
  const first = items[0];
  if (!first) return undefined;
  if (first.type === 'string_literal' || first.type === 'concatenated_string') return first.text.replace(/^"|"$/g, '').replace(/"\s*"/g, '').replace(/\s+/g, ' ').slice(0, 160);
  const words = items.slice(0, 2).map((c) => c.text.replace(/\s+/g, ' '));
  return words.join('.').slice(0, 160);
}

/**
 * A name as written, or undefined when it is not one: error recovery in macro-heavy code
 * can hand over whole paragraphs as a "declarator". Operators keep one space (`operator new`).
 */
export function cleanName(text: string): string | undefined {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.startsWith('operator')) return flat.length <= 40 ? flat : undefined;
  return /^~?[\p{L}_$][\p{L}\p{N}_$]*$/u.test(flat) && flat.length <= 160 ? flat : undefined;
}

/** Shared C/C++ definition rules; returns false for definitions that are not symbols. */
export function cFamilyDefinition(draft: DefinitionDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  if (draft.kind === 'macro') {
    ctx.macros.push(draft.name);
    return true;
  }
  if (draft.kind === 'typedef') {
    const name = cleanName(declaredName(parts.name ?? null)?.text ?? '');
    if (!name) return false;
    draft.name = name;
    return true;
  }
  if (draft.kind !== 'function') {
    const name = cleanName((draft.name.replace(/<[\s\S]*$/, '').split('::').pop() ?? ''));
    if (!name) return false;
    if (draft.kind !== 'namespace') draft.name = name;
    return true;
  }
  const name = declaredName(parts.name ?? null);
  if (!name) return false;
  if (name.type === 'qualified_identifier') {
    draft.name = name.text; // checked segment by segment by the C++ adapter
  } else if (name.type === 'template_function') {
    // An explicit specialization (`template <> void f<wchar_t>(...)`) is one more
    // definition of `f`: a call picks between it and the primary template by types.
    const clean = cleanName(name.childForFieldName('name')?.text ?? '');
    if (!clean) return false;
    draft.name = clean;
    draft.attributes = { ...draft.attributes, specialization: 'true' };
  } else {
    const clean = cleanName(name.text);
    if (!clean) return false;
    draft.name = clean;
  }
  if (isStatic(node)) {
    draft.fileLocal = true;
    draft.attributes = { ...draft.attributes, static: 'true' };
  }
  // `TEST(Suite, Name) { ... }` parses as a function definition named TEST.
  if (TEST_MACROS.has(draft.name) && name.type === 'identifier') {
    const declarator = parts.name?.type === 'function_declarator' ? parts.name : undefined;
    const params = declarator?.childForFieldName('parameters');
    const title = testName(params);
    if (title) {
      draft.attributes = { ...draft.attributes, test: draft.name };
      draft.kind = 'test';
      draft.name = title;
      draft.isTest = true;
    }
  }
  return true;
}

/** `TEST_CASE("x") { ... }` parses as a call followed by a block: the pair is a test symbol. */
export function testMacroBlock(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  if (!TEST_MACROS.has(draft.calleeName) || !draft.bare) return false;
  const statement = node.parent;
  if (statement?.type !== 'expression_statement') return false;
  const block = statement.nextNamedSibling;
  if (block?.type !== 'compound_statement') return false;
  const title = testName(parts.arguments);
  if (!title || ctx.callsOnly) return false;
  const start = ctx.position(node);
  const end = ctx.position(block);
  ctx.definitions.push({
    ...start,
    end: end.end,
    endLine: end.endLine,
    endColumn: end.endColumn,
    kind: 'test',
    name: title,
    isTest: true,
    bodyOwner: true,
    attributes: { test: draft.calleeName },
  });
  return true;
}

function definition(draft: DefinitionDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  return cFamilyDefinition(draft, node, parts, ctx);
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  return !testMacroBlock(draft, node, parts, ctx);
}

/**
 * `#include "dict.c"`: the source file is compiled into this one, its `static` functions
 * with it (hiredis's async.c includes its own dict.c beside redis's src/dict.c). Headers
 * are not recorded: what they declare binds by name.
 */
function includeHandler(node: Node, parts: Parts, ctx: ExtractionContext): void {
  const source = parts.name?.text.slice(1, -1) ?? '';
  if (!/\.c$/.test(source) || source.length > 300) return;
  ctx.imports.push({ source, imported: '*', local: '', reexport: false, typeOnly: false, line: ctx.line(node) });
}

/** Files under test/ or tests/ (and `*_test.c`, `*_unittest.cc`) are test code. */
export function isCFamilyTestFile(path: string): boolean {
  return /(^|\/)tests?\//.test(path) || /_(unit)?tests?\.(c|cc|cpp|cxx)$/.test(path);
}

export const cAdapter: LanguageAdapter = {
  grammar: 'c',
  queryFiles: ['c/tags.scm'],
  separator: () => '::',
  selfReceiver: '',
  isTestFile: isCFamilyTestFile,
  definition,
  call,
  handlers: { import: includeHandler },
};

/** Function-like annotation macros written before a declaration (`__printf(1, 2) int f(...)`). */
const ANNOTATION_MACROS = /\b(?:__printf|__scanf|__alloc_size|__realloc_size|__acquires|__releases|__must_hold|__cond_acquires|__assume_aligned|__diagnose_as)\s*\([\x20-\x7e\t]*?\)(?=\s)/g;

/**
 * The source with annotation macros blanked to spaces of the same length, so the grammar
 * sees `static __always_inline void *kmalloc(...)` instead of a function named
 * `__alloc_size`. Positions and byte offsets are unchanged (only ASCII is blanked).
 */
export function blankAnnotationMacros(source: string): string {
  if (!source.includes('__')) return source;
  return source.replace(ANNOTATION_MACROS, (match) => ' '.repeat(match.length));
}

/**
 * Whether a `.h` file is written in C++: tokens only C++ has (`namespace x {`,
 * `template <`, `class X {`/`class X :`, `::`, access labels), outside comments and
 * strings. A header has exactly one language, so it is never counted twice.
 */
export function headerIsCpp(source: string): boolean {
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, ' ');
  return (
    /\bnamespace\s+[\w:]*\s*\{/.test(code) ||
    /\btemplate\s*</.test(code) ||
    /\bclass\s+\w+(\s+final)?\s*[:{]/.test(code) ||
    /\w::~?\w/.test(code) ||
    /^\s*(public|private|protected)\s*:/m.test(code)
  );
}
