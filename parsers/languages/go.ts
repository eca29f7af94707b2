// Go adapter: what grammars/go/tags.scm cannot say. Methods are named
// `Type::method` after their receiver (pointer or value), exported-ness follows the
// capital letter, `pkg.F()` through an import is a qualified call while `x.M()` is a
// member call whose receiver type comes from the enclosing function's declarations
// (parameters, `var x T`, `x := T{}` / `&T{}` / `NewT()`), and test functions of
// `_test.go` files are marked by their prefix.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';

const TEST_PREFIXES = ['Test', 'Benchmark', 'Example', 'Fuzz'];

/** `TestX`, `Test_x`, `Test` (not `Testify`): the go tool's rule for test function names. */
export function goTestKind(name: string): string | undefined {
  for (const prefix of TEST_PREFIXES) {
    if (!name.startsWith(prefix)) continue;
    const next = name.charAt(prefix.length);
    if (next === '' || next === '_' || !(next >= 'a' && next <= 'z')) return prefix;
  }
  return undefined;
}

const isExportedName = (name: string) => /^\p{Lu}/u.test(name);

/** `*T`, `T[K]`, `pkg.T` -> `T` (or `pkg.T` when `qualified`). */
export function goTypeName(node: Node | null, qualified = false): string | undefined {
  for (let depth = 0; node && depth < 4; depth++) {
    switch (node.type) {
      case 'type_identifier':
        return node.text;
      case 'pointer_type':
      case 'parenthesized_type':
        node = node.namedChild(0);
        break;
      case 'generic_type':
        node = node.childForFieldName('type');
        break;
      case 'qualified_type': {
        const name = node.childForFieldName('name')?.text;
        const pkg = node.childForFieldName('package')?.text;
        return qualified && pkg ? `${pkg}.${name}` : name;
      }
      default:
        return undefined;
    }
  }
  return undefined;
}

/** Embedded fields of a struct and embedded interfaces: their methods are promoted. */
function embedded(typeSpec: Node): string[] {
  const type = typeSpec.childForFieldName('type');
  const bases: string[] = [];
  if (type?.type === 'struct_type') {
    const list = type.namedChildren.find((c) => c?.type === 'field_declaration_list');
    for (const field of list?.namedChildren ?? []) {
      if (field?.type !== 'field_declaration' || field.childForFieldName('name')) continue;
      const name = goTypeName(field.childForFieldName('type'), true);
      if (name) bases.push(name);
    }
  } else if (type?.type === 'interface_type') {
    for (const element of type.namedChildren) {
      if (element?.type !== 'type_elem') continue;
      const name = goTypeName(element.namedChild(0), true);
      if (name) bases.push(name);
    }
  }
  return bases;
}

function definition(draft: DefinitionDraft, node: Node, _parts: Parts, ctx: ExtractionContext): boolean {
  if (isExportedName(draft.name)) draft.exported = true;
  if (node.type === 'type_spec') {
    const bases = embedded(node);
    if (bases.length > 0) draft.bases = bases;
  }
  if (node.type === 'method_declaration') {
    const receiver = node.childForFieldName('receiver')?.namedChildren.find((c) => c?.type === 'parameter_declaration');
    const type = goTypeName(receiver?.childForFieldName('type') ?? null);
    if (type) {
      draft.ownerType = type;
      draft.qualifiedName = `${type}::${draft.name}`;
    }
  }
  if (node.type === 'function_declaration' || node.type === 'method_declaration') {
    const returns = resultType(node.childForFieldName('result'));
    if (returns) {
      draft.returnType = returns;
      draft.attributes = { ...draft.attributes, returns };
    }
    if (node.type === 'function_declaration' && isTestFile(ctx.path)) {
      const test = goTestKind(draft.name);
      if (test) {
        draft.isTest = true;
        draft.attributes = { ...draft.attributes, test };
      }
    }
  }
  return true;
}

/** `*T`, `T`, `(*T, error)` -> `T`: the first result when it names a type. */
function resultType(result: Node | null): string | undefined {
  if (!result) return undefined;
  if (result.type === 'parameter_list') {
    const first = result.namedChildren.find((c) => c?.type === 'parameter_declaration');
    return goTypeName(first?.childForFieldName('type') ?? null, true);
  }
  return goTypeName(result, true);
}

/** Local names and their declared types, per function body (by node start). */
const localTypes = new WeakMap<ExtractionContext, Map<number, Map<string, string>>>();

/** `T{}`, `&T{}`, `new(T)`, `NewT()`, `pkg.NewT()`: the type an initialiser gives, `NewT()` marking a constructor's result. */
function initialiserType(value: Node | null): string | undefined {
  if (!value) return undefined;
  if (value.type === 'unary_expression' && value.child(0)?.type === '&') value = value.childForFieldName('operand');
  if (!value) return undefined;
  if (value.type === 'composite_literal') return goTypeName(value.childForFieldName('type'), true);
  if (value.type === 'call_expression') {
    const fn = value.childForFieldName('function');
    if (fn?.type === 'identifier' && fn.text === 'new') {
      const arg = value.childForFieldName('arguments')?.namedChild(0) ?? null;
      return goTypeName(arg, true);
    }
    if (fn?.type === 'identifier') return `${fn.text}()`;
    if (fn?.type === 'selector_expression' && fn.childForFieldName('operand')?.type === 'identifier') return `${fn.text}()`;
  }
  return undefined;
}

function declarationsOf(fn: Node): Map<string, string> {
  const types = new Map<string, string>();
  const params = (list: Node | null) => {
    for (const p of list?.namedChildren ?? []) {
      if (p?.type !== 'parameter_declaration') continue;
      const type = goTypeName(p.childForFieldName('type'), true);
      if (!type) continue;
      for (const name of p.childrenForFieldName('name')) if (name) types.set(name.text, type);
    }
  };
  params(fn.childForFieldName('receiver'));
  params(fn.childForFieldName('parameters'));
  const body = fn.childForFieldName('body');
  if (!body) return types;
  for (const spec of body.descendantsOfType('var_spec')) {
    if (!spec) continue;
    const type = goTypeName(spec.childForFieldName('type'), true) ?? initialiserType(spec.childForFieldName('value')?.namedChild(0) ?? null);
    if (!type) continue;
    for (const name of spec.childrenForFieldName('name')) if (name) types.set(name.text, type);
  }
  for (const decl of body.descendantsOfType('short_var_declaration')) {
    if (!decl) continue;
    const left = decl.childForFieldName('left')?.namedChildren ?? [];
    const right = decl.childForFieldName('right')?.namedChildren ?? [];
    left.forEach((name, i) => {
      if (name?.type !== 'identifier') return;
      const type = left.length === right.length || i === 0 ? initialiserType(right[i] ?? null) : undefined;
      if (type) types.set(name.text, type);
    });
  }
  return types;
}

function enclosingFunction(node: Node): Node | undefined {
  for (let n = node.parent; n; n = n.parent) {
    if (n.type === 'function_declaration' || n.type === 'method_declaration') return n;
  }
  return undefined;
}

function typeOfLocal(name: string, at: Node, ctx: ExtractionContext): string | undefined {
  const fn = enclosingFunction(at);
  if (!fn) return undefined;
  let byFunction = localTypes.get(ctx);
  if (!byFunction) localTypes.set(ctx, (byFunction = new Map()));
  let types = byFunction.get(fn.startIndex);
  if (!types) byFunction.set(fn.startIndex, (types = declarationsOf(fn)));
  return types.get(name);
}

/** Import bindings of the file: local package name -> import path. */
function packageBinding(name: string, ctx: ExtractionContext): string | undefined {
  for (const fact of ctx.imports) if (fact.local === name) return fact.source;
  return undefined;
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  const receiver = parts.receiver;
  if (!receiver) return true;
  if (receiver.type === 'call_expression') {
    // `NewT().M()`, `pkg.V(4).Infof()`: the result type of the inner call, read by the binder.
    const marker = initialiserType(receiver);
    if (marker?.endsWith('()')) draft.receiverType = marker;
    return true;
  }
  if (receiver.type === 'identifier') {
    const local = typeOfLocal(receiver.text, node, ctx);
    if (local) {
      draft.receiverType = local;
      return true;
    }
    if (packageBinding(receiver.text, ctx) !== undefined) {
      // `pkg.F()`: a path call through an import, not a member call.
      draft.qualifier = receiver.text;
      delete draft.receiver;
    }
  }
  return true;
}

function unquote(text: string): string {
  return text.length >= 2 && (text[0] === '"' || text[0] === '`') ? text.slice(1, -1) : text;
}

/** `import f "fmt"`, `. "strings"`, `_ "embed"`, `"a/b/pkg"`: source the path, local the name it binds. */
function importHandler(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const path = node.childForFieldName('path');
  if (!path) return;
  const source = unquote(path.text);
  const name = node.childForFieldName('name');
  let local = source.slice(source.lastIndexOf('/') + 1);
  // `gopkg.in/yaml.v3` binds `yaml`; `github.com/x/y/v2` binds `y`.
  if (/^v\d+$/.test(local)) {
    const parts = source.split('/');
    if (parts.length >= 2) local = parts[parts.length - 2];
  }
  local = local.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/[.-]/g, '_');
  let imported = '*';
  if (name) {
    if (name.type === 'dot') local = '*';
    else if (name.type === 'blank_identifier') {
      local = '';
      imported = '_';
    } else local = name.text;
  }
  ctx.imports.push({ source, imported, local, reexport: false, typeOnly: false, line: ctx.line(node) });
}

function isTestFile(path: string): boolean {
  return path.endsWith('_test.go');
}

export const goAdapter: LanguageAdapter = {
  grammar: 'go',
  queryFiles: ['go/tags.scm'],
  separator: () => '::',
  selfReceiver: '',
  isTestFile,
  definition,
  call,
  handlers: { import: importHandler },
};

/** The package clause of a Go file, read without parsing (it is the first non-comment token). */
export function goPackageName(source: string): string | undefined {
  const match = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*package\s+([\p{L}_][\p{L}\p{N}_]*)/u.exec(source);
  return match ? match[1] : undefined;
}
