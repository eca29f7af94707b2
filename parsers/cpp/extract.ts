// C++ adapter: the C-family rules of c.ts, plus classes and namespaces. Functions
// defined in a class or struct body are methods of it; out-of-line definitions
// (`void ns::A::f() {}`) are methods `A::f` owned by A, qualified by their written
// scope; `obj.f()` / `p->f()` are member calls; `A::f()` / `ns::f()` are path calls;
// `this->f()` and unqualified calls in an out-of-line method know their class.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';
import { cFamilyDefinition, cleanName, declaredName, isCFamilyTestFile, testMacroBlock } from '../c/extract.js';

const CLASS_BODIES = new Set(['class_specifier', 'struct_specifier', 'union_specifier']);

/** `ns::A<T>::f` -> `ns`, `A`, `f`: segments without template arguments, trimmed. */
function segments(text: string): string[] {
  let plain = '';
  let depth = 0;
  for (const ch of text) {
    if (ch === '<') depth++;
    else if (ch === '>' && depth > 0) depth--;
    else if (depth === 0) plain += ch;
  }
  return plain.split('::').map((segment) => segment.trim());
}

function classBases(node: Node): string[] {
  const clause = node.namedChildren.find((c) => c?.type === 'base_class_clause');
  const bases: string[] = [];
  for (const child of clause?.namedChildren ?? []) {
    if (!child || child.type === 'access_specifier') continue;
    const name = child.type === 'template_type' ? child.childForFieldName('name')?.text : child.text;
    if (name) bases.push(segments(name).pop()!);
  }
  return bases;
}

const MACRO_NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * Member names a class body declares without a definition cairn sees: base members it
 * brings in (`using buffer<T>::append;`) and members a macro declares
 * (`MOCK_METHOD2(xsputn, ...)`, `MOCK_METHOD(int, read, ...)`). A call of such a name
 * picks between those and the defined ones by argument types.
 */
function undefinedMembers(node: Node): string[] {
  const names = new Set<string>();
  for (const item of node.childForFieldName('body')?.namedChildren ?? []) {
    if (!item || names.size >= 64) break;
    if (item.type === 'using_declaration') {
      const last = segments(item.namedChildren.find((c) => c?.type === 'qualified_identifier')?.text ?? '').pop();
      const name = last === undefined ? undefined : cleanName(last);
      if (name) names.add(name);
      continue;
    }
    if (item.type !== 'declaration' && item.type !== 'field_declaration') continue;
    const declarator = item.childForFieldName('declarator');
    const callee = declarator?.type === 'function_declarator' ? declarator.childForFieldName('declarator') : undefined;
    if (!callee || callee.type !== 'identifier' || !MACRO_NAME.test(callee.text)) continue;
    // The macro's bare-word arguments parse as parameters of a type and no name.
    for (const param of declarator!.childForFieldName('parameters')?.namedChildren ?? []) {
      const type = param?.type === 'parameter_declaration' && !param.childForFieldName('declarator') ? param.childForFieldName('type') : undefined;
      if (type?.type === 'type_identifier' && !MACRO_NAME.test(type.text)) names.add(type.text);
    }
  }
  return [...names];
}

/** The class or struct whose body directly holds `node` (a member function definition). */
function owningClass(node: Node): Node | undefined {
  let parent = node.parent;
  if (parent?.type === 'template_declaration') parent = parent.parent;
  if (parent?.type !== 'field_declaration_list') return undefined;
  const cls = parent.parent;
  return cls && CLASS_BODIES.has(cls.type) ? cls : undefined;
}

function definition(draft: DefinitionDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  if (!cFamilyDefinition(draft, node, parts, ctx)) return false;
  if (CLASS_BODIES.has(node.type)) {
    const bases = classBases(node);
    if (bases.length > 0) draft.bases = bases;
    const declares = undefinedMembers(node);
    if (declares.length > 0) draft.attributes = { ...draft.attributes, declares };
    draft.name = segments(draft.name).pop()!;
    return true;
  }
  if (draft.kind !== 'function') return true;
  const name = declaredName(parts.name ?? null);
  if (name?.type === 'qualified_identifier') {
    // Out of line: `void ns::A::f()`. The written scope qualifies it; the segment before
    // the name is the owner (a class, or a namespace for `ns::f`: the binder checks).
    const parts_ = segments(name.text).map((segment) => cleanName(segment));
    if (parts_.some((segment) => segment === undefined)) {
      // Error recovery glued words into the scope (`namespace detail::f`): keep the plain name.
      const last = parts_[parts_.length - 1];
      if (last === undefined) return false;
      draft.name = last;
      return true;
    }
    const written = parts_ as string[];
    draft.name = written[written.length - 1];
    draft.scopeName = written.join('::');
    if (written.length >= 2) {
      draft.ownerType = written[written.length - 2];
      draft.kind = 'method';
      if (draft.name === draft.ownerType) draft.kind = 'constructor';
    }
    return true;
  }
  const cls = owningClass(node);
  if (cls) {
    const clsName = segments(cls.childForFieldName('name')?.text ?? '').pop();
    draft.kind = draft.name === clsName ? 'constructor' : 'method';
    if (clsName) draft.ownerType = clsName;
  }
  return true;
}

/** The class of the method (in a class body or out of line) that holds `node`, for `this->f()`. */
function outOfLineOwner(node: Node): string | undefined {
  for (let n = node.parent; n; n = n.parent) {
    if (n.type === 'function_definition') {
      const name = declaredName(n.childForFieldName('declarator'));
      if (name?.type !== 'qualified_identifier') {
        const cls = owningClass(n);
        return cls ? segments(cls.childForFieldName('name')?.text ?? '').pop() : undefined;
      }
      const parts = segments(name.text);
      return parts.length >= 2 ? parts[parts.length - 2] : undefined;
    }
    if (n.type === 'lambda_expression') continue;
  }
  return undefined;
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  if (testMacroBlock(draft, node, parts, ctx)) return false;
  const fn = parts.function;
  if (fn?.type === 'qualified_identifier') {
    const segs = segments(fn.text);
    draft.calleeName = segs[segs.length - 1];
    draft.qualifier = segs.slice(0, -1).join('::');
  }
  if (draft.kind === 'new') {
    draft.calleeName = segments(draft.calleeName).pop() ?? draft.calleeName;
    draft.specifier = `new ${draft.calleeName}`;
    return true;
  }
  if (draft.receiver === 'this') {
    const owner = outOfLineOwner(node);
    if (owner) draft.receiverType = owner;
  }
  return true;
}

export const cppAdapter: LanguageAdapter = {
  grammar: 'cpp',
  queryFiles: ['cpp/tags.scm'],
  separator: () => '::',
  selfReceiver: 'this',
  isTestFile: isCFamilyTestFile,
  definition,
  call,
};
