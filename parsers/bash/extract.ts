// Bash adapter: what grammars/bash/tags.scm cannot say. A command is a call site named
// by its command word; `source`/`.` (and Bats `load`) are imports, not calls; a command
// whose name is an expansion (`$cmd`, `"${fn}"`) is indirect; wrappers that run their
// first operand (`run greet 1` in Bats, `sudo -E f`, `exec f`, `command f`) call that
// operand. Functions are global in Bash, so a function's qualified name is its name as
// written (`kube::log::status`), nested or not. Bats `@test "title" { ... }` blocks are
// rewritten before parsing into functions of the same extent (prepareBats), and become
// `test` symbols named by their title.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';

/** The name a rewritten `@test` block's function gets: one no script defines (Bash functions are not named `@...`). */
const BATS_MARKER = '@t';

/**
 * `@test "title" {` at the start of a line becomes `@t(){ #"title"` padded with spaces to
 * the same length: a function whose body starts with a comment holding the title.
 * Offsets and line breaks are unchanged, so positions stay those of the file.
 */
export function prepareBats(source: string): string {
  if (!source.includes('@test')) return source;
  return source.replace(/^([ \t]*)@test([ \t]+)("(?:[^"\\\n]|\\.)*"|'[^'\n]*')([ \t]*)\{[ \t]*$/gm, (line, indent: string, _gap: string, title: string) => {
    const head = `${indent}${BATS_MARKER}(){ #${title}`;
    return head + ' '.repeat(Math.max(0, line.length - head.length));
  });
}

/** Commands that run their first operand: the call is of that operand. */
const WRAPPERS = new Set(['run', 'exec', 'command', 'sudo', 'nohup', 'time', 'env', 'timeout', 'nice', 'xargs']);

/** Words that are no command of their own (`source` and `.` are imports; `load` in Bats). */
const IMPORT_COMMANDS = new Set(['source', '.']);

/** A quoted word's contents (`"a b"` → `a b`); other words as written. */
export function unquote(text: string): string {
  if (text.length >= 2 && ((text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'")))) return text.slice(1, -1);
  return text;
}

const isBats = (path: string) => path.endsWith('.bats');

/** The first operand a wrapper runs: options, assignments and durations skipped. */
function wrappedOperand(command: Node, wrapper: string): Node | undefined {
  for (const argument of command.childrenForFieldName('argument')) {
    if (!argument) continue;
    const text = argument.text;
    if (text === '!') continue; // Bats `run ! f`: f must fail
    if (text.startsWith('-')) {
      // `command -v f` asks whether f exists; it runs nothing.
      if (wrapper === 'command' && /^-[vV]/.test(text)) return undefined;
      continue;
    }
    if (wrapper === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(text)) continue;
    if (wrapper === 'timeout' && /^\d/.test(text)) continue;
    return argument;
  }
  return undefined;
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  const head = parts.function?.firstNamedChild;
  if (!head) return false;
  let name: Node = head;
  if (head.type === 'word') {
    if (IMPORT_COMMANDS.has(head.text) || (head.text === 'load' && isBats(ctx.path))) return false;
    if (WRAPPERS.has(head.text)) {
      const operand = wrappedOperand(node, head.text);
      if (operand === undefined && head.text === 'command') return false;
      if (operand) name = operand;
    }
  }
  // A name made at run time (`$cmd`, `"${fn}"`, `$(which x)`) is never bound by name.
  const literal = name.type === 'word' || name.type === 'raw_string' || (name.type === 'string' && name.namedChildren.every((c) => c?.type === 'string_content'));
  if (!literal) draft.indirect = true;
  draft.calleeName = draft.specifier = (literal ? unquote(name.text) : name.text).replace(/\s+/g, ' ').slice(0, 200);
  return true;
}

function definition(draft: DefinitionDraft, node: Node, _parts: Parts, _ctx: ExtractionContext): boolean {
  if (draft.name === BATS_MARKER) {
    const comment = node.childForFieldName('body')?.namedChildren.find((c) => c?.type === 'comment');
    const title = comment?.text.slice(1).trim();
    if (!title) return false;
    draft.kind = 'test';
    draft.name = unquote(title).slice(0, 160);
    draft.isTest = true;
    draft.attributes = { test: 'bats' };
  }
  // Bash functions are global whatever encloses their definition.
  draft.qualifiedName = draft.name;
  return true;
}

/** `source lib.sh`, `. "$DIR/lib.sh"`, Bats `load helper` (which reads `helper.bash`). */
function importHandler(node: Node, parts: Parts, ctx: ExtractionContext): void {
  const command = node.childForFieldName('name')?.text;
  const operand = parts.name;
  if (!operand) return;
  let source = operand.type === 'word' || operand.type === 'raw_string' || operand.type === 'string' ? unquote(operand.text) : operand.text;
  if (command === 'load') {
    if (!isBats(ctx.path)) return;
    if (!/\.(bash|sh)$/.test(source)) source = `${source}.bash`;
  }
  ctx.imports.push({ source: source.slice(0, 300), imported: '*', local: '', reexport: false, typeOnly: false, line: ctx.line(node) });
}

/** Bats files are test code, with the helpers beside them (`test_helper.bash`, `tests/helpers/*.bash`). */
export function isBashTestFile(path: string): boolean {
  return isBats(path) || /(^|\/)test_helper[^/]*\.(bash|sh)$/.test(path) || /(^|\/)tests?\/(.*\/)?helpers?[^/]*\.bash$/.test(path);
}

export const bashAdapter: LanguageAdapter = {
  grammar: 'bash',
  queryFiles: ['bash/tags.scm'],
  separator: () => '::',
  selfReceiver: '',
  isTestFile: isBashTestFile,
  definition,
  call,
  handlers: { import: importHandler },
};
