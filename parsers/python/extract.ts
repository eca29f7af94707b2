// Python adapter: what grammars/python/tags.scm cannot say. `__init__` is the
// constructor, class bases are recorded for `self.m()` and `super().m()`, receivers
// typed by local declarations get a recipe (receiver-types.ts) and functions their
// declared result (`attributes.returns`), imports
// are flattened (relative sources keep their dots), and test code is marked: every
// symbol of a test file (test_*.py, *_test.py, conftest.py, files under tests/),
// `test_*` functions and `Test*` classes there, and unittest TestCase subclasses
// anywhere (their methods inherit it). A local assigned once from `F(...)` records `F()`
// as the receiver type of the calls on it.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';
import { annotationType, dataAttributes, receiverRecipe } from './receiver-types.js';

const TESTCASE_BASES = new Set(['TestCase', 'unittest.TestCase', 'IsolatedAsyncioTestCase', 'unittest.IsolatedAsyncioTestCase']);

function classBases(node: Node): string[] {
  const list = node.childForFieldName('superclasses');
  const bases: string[] = [];
  for (const child of list?.namedChildren ?? []) {
    if (child && (child.type === 'identifier' || child.type === 'attribute')) bases.push(child.text.replace(/\s+/g, ''));
  }
  return bases;
}

function definition(draft: DefinitionDraft, node: Node, _parts: Parts, ctx: ExtractionContext): boolean {
  const testFile = isTestFile(ctx.path);
  if (node.type === 'class_definition') {
    const bases = classBases(node);
    if (bases.length > 0) draft.bases = bases;
    // Names bound to values, not methods: `self.x()` of one is an indirect call (resolve.ts).
    const fields = dataAttributes(node);
    if (fields.length > 0) draft.attributes = { ...draft.attributes, fields };
    if (bases.some((b) => TESTCASE_BASES.has(b))) {
      draft.isTest = true;
      draft.attributes = { ...draft.attributes, test: 'unittest' };
    } else if (testFile && draft.name.startsWith('Test')) {
      draft.attributes = { ...draft.attributes, test: 'class' };
    }
    return true;
  }
  if (draft.name === '__init__') draft.kind = 'constructor';
  // `-> T`: what a call of it returns, for receivers typed by that call (receiver-types.ts).
  const returns = annotationType(node.childForFieldName('return_type'));
  if (returns !== undefined) draft.attributes = { ...draft.attributes, returns };
  if (testFile && draft.name.startsWith('test')) {
    draft.isTest = true;
    draft.attributes = { ...draft.attributes, test: 'function' };
  }
  if (!draft.name.startsWith('_') || (draft.name.startsWith('__') && draft.name.endsWith('__'))) draft.exported = true;
  return true;
}

function call(draft: CallDraft, node: Node, parts: Parts, _ctx: ExtractionContext): boolean {
  // `super()` only names the bases; the call through it (`super().m()`) is the call site.
  if (draft.bare && draft.calleeName === 'super') return false;
  const receiver = parts.receiver;
  if (receiver?.type === 'call' && receiver.childForFieldName('function')?.text === 'super') draft.receiver = 'super()';
  else if (receiver) {
    const recipe = receiverRecipe(node, receiver);
    if (recipe !== undefined) draft.receiverType = recipe;
  }
  return true;
}

function dotted(node: Node | null): string {
  return node ? node.text.replace(/\s+/g, '') : '';
}

function importHandler(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const line = ctx.line(node);
  const add = (source: string, imported: string, local: string) =>
    ctx.imports.push({ source, imported, local, reexport: false, typeOnly: false, line });
  if (node.type === 'future_import_statement') return;
  if (node.type === 'import_statement') {
    // `import a.b` binds `a.b` as written (calls read `a.b.f()`); `import a.b as ab` binds `ab`.
    for (const name of node.childrenForFieldName('name')) {
      if (!name) continue;
      if (name.type === 'aliased_import') add(dotted(name.childForFieldName('name')), 'self', name.childForFieldName('alias')?.text ?? '');
      else add(dotted(name), 'self', dotted(name));
    }
    return;
  }
  const source = dotted(node.childForFieldName('module_name'));
  if (node.namedChildren.some((c) => c?.type === 'wildcard_import')) {
    add(source, '*', '*');
    return;
  }
  for (const name of node.childrenForFieldName('name')) {
    if (!name) continue;
    if (name.type === 'aliased_import') {
      const imported = dotted(name.childForFieldName('name'));
      add(source, imported, name.childForFieldName('alias')?.text ?? imported);
    } else {
      add(source, dotted(name), dotted(name));
    }
  }
}

/** test_*.py, *_test.py, conftest.py and everything under a tests/ or test/ directory. */
export function isTestFile(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return /^test_.*\.pyi?$/.test(base) || /_test\.pyi?$/.test(base) || base === 'conftest.py' || /(^|\/)tests?\//.test(path);
}

export const pythonAdapter: LanguageAdapter = {
  grammar: 'python',
  queryFiles: ['python/tags.scm'],
  separator: () => '.',
  selfReceiver: 'self',
  isTestFile,
  definition,
  call,
  handlers: { import: importHandler },
};

/** Dotted module path of a file: `pkg/sub/mod.py` -> `pkg.sub.mod`, `pkg/__init__.py` -> `pkg`. */
export function pythonModulePath(path: string): string {
  const parts = path.replace(/\.pyi?$/, '').split('/');
  if (parts[parts.length - 1] === '__init__') parts.pop();
  return parts.join('.');
}
