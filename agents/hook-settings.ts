// The hook entry in a host's settings file, edited as text: Claude Code's
// settings.json and Codex's hooks.json share one shape,
//   { "hooks": { "PostToolUse": [ { "matcher": M, "hooks": [ { "type": "command", "command": C } ] } ] } }
// Every byte outside the cairn entry is kept: jsonc-parser locates the nodes, and the
// entry is added, changed and removed by offset (its own modify() re-formats the
// containers it edits). Removing what an install added gives back the original text.
// Pure functions of text: the caller reads and writes the file.
import { createRequire } from 'node:module';
import type { Node, ParseError } from 'jsonc-parser';
import { SHELL_SYNTAX, shellWords } from './hook-command.js';

export interface HookEntry {
  matcher: string;
  command: string;
}

export interface FoundHook extends HookEntry {
  group: number;
  hook: number;
}

export class SettingsError extends Error {
  override name = 'SettingsError';
}

const EVENT = 'PostToolUse';

// jsonc-parser ships CommonJS; loaded as parsers/jsonc.ts loads it, without reaching into parsers/.
const jsoncParser = () => createRequire(import.meta.url)('jsonc-parser') as typeof import('jsonc-parser');

/**
 * A command that is cairn's review hook and nothing else: `cairn review --event -`, with
 * cairn named on PATH, by path, or as node and its script. A command with shell syntax
 * (`;`, `&&`, pipes, substitutions) is someone's own hook, never edited or run as ours.
 */
export function isCairnHookCommand(command: string): boolean {
  if (SHELL_SYNTAX.test(command)) return false;
  const words = shellWords(command);
  const program = words.length === 5 && /(^|\/)node[\d.]*$/.test(words[0]!) ? words.slice(1) : words;
  return program.length === 4 && /(^|\/)cairn(\.js)?$/.test(program[0]!) && program.slice(1).join(' ') === 'review --event -';
}

function tree(text: string): Node | undefined {
  const { parseTree, printParseErrorCode } = jsoncParser();
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) throw new SettingsError(`not valid JSON (${printParseErrorCode(errors[0]!.error)} at offset ${errors[0]!.offset}); fix or move it before installing`);
  if (root && root.type !== 'object') throw new SettingsError('not a JSON object');
  return root;
}

const at = (root: Node | undefined, path: Array<string | number>) => (root ? jsoncParser().findNodeAtLocation(root, path) : undefined);

/** The cairn review hooks in a settings text, in document order. */
export function cairnHooks(text: string | null): FoundHook[] {
  if (text === null || text.trim() === '') return [];
  const value = jsoncParser().getNodeValue(tree(text)!) as Record<string, unknown>;
  const groups = (value.hooks as Record<string, unknown> | undefined)?.[EVENT];
  if (!Array.isArray(groups)) return [];
  const found: FoundHook[] = [];
  groups.forEach((g, group) => {
    const hooks = (g as { hooks?: unknown })?.hooks;
    if (!Array.isArray(hooks)) return;
    hooks.forEach((h, hook) => {
      const command = (h as { command?: unknown })?.command;
      if (typeof command === 'string' && isCairnHookCommand(command)) found.push({ group, hook, command, matcher: String((g as { matcher?: unknown }).matcher ?? '') });
    });
  });
  return found;
}

export type InstallChange = 'added' | 'updated' | 'unchanged';

/** The text with exactly one cairn hook, `entry`: kept if already there, updated in place, or appended. */
export function withHook(text: string | null, entry: HookEntry): { text: string; change: InstallChange } {
  let out = text === null || text.trim() === '' ? '{}\n' : text;
  const check = (root: Node | undefined, path: Array<string | number>, type: Node['type'], what: string) => {
    const node = at(root, path);
    if (node && node.type !== type) throw new SettingsError(`${what} is not ${type === 'array' ? 'an array' : 'an object'}`);
    return node;
  };
  check(tree(out), ['hooks'], 'object', '"hooks"');
  check(tree(out), ['hooks', EVENT], 'array', `"hooks.${EVENT}"`);
  // One cairn hook at most: keep the first under our matcher, drop any other.
  let found = cairnHooks(out);
  const keeper = found.find((f) => f.matcher === entry.matcher);
  for (const extra of found.filter((f) => f !== keeper).reverse()) out = removeHook(out, extra);
  found = cairnHooks(out);
  const kept = found[0];
  if (kept) {
    if (kept.command === entry.command) return { text: out, change: text === out ? 'unchanged' : 'updated' };
    const value = at(tree(out), ['hooks', EVENT, kept.group, 'hooks', kept.hook, 'command'])!;
    return { text: out.slice(0, value.offset) + JSON.stringify(entry.command) + out.slice(value.offset + value.length), change: 'updated' };
  }
  const group = { matcher: entry.matcher, hooks: [{ type: 'command', command: entry.command }] };
  const root = tree(out)!;
  const hooks = at(root, ['hooks']);
  const groups = at(root, ['hooks', EVENT]);
  if (groups) out = append(out, groups, null, group);
  else if (hooks) out = append(out, hooks, EVENT, [group]);
  else out = append(out, root, 'hooks', { [EVENT]: [group] });
  return { text: out, change: 'added' };
}

/** The text without any cairn hook; containers it leaves empty go too. Null: nothing is left (`{}`). */
export function withoutHook(text: string | null): { text: string | null; removed: number } {
  if (text === null) return { text: null, removed: 0 };
  const found = cairnHooks(text);
  let out = text;
  for (const f of [...found].reverse()) out = removeHook(out, f);
  if (found.length === 0) return { text, removed: 0 };
  // Containers the removal left empty go too, innermost first.
  for (const path of [['hooks', EVENT], ['hooks']]) {
    const root = tree(out)!;
    const node = at(root, path);
    if (node && (node.children ?? []).length === 0) out = remove(out, node.parent!.parent!, node.parent!.parent!.children!.indexOf(node.parent!));
  }
  const rest = tree(out)!;
  return { text: (rest.children ?? []).length === 0 && !/\/[/*]/.test(out) ? null : out, removed: found.length };
}

/** Removes one hook; its group too when that leaves the group without hooks. */
function removeHook(text: string, f: FoundHook): string {
  const root = tree(text);
  const hooks = at(root, ['hooks', EVENT, f.group, 'hooks'])!;
  if (hooks.children!.length > 1) return remove(text, hooks, f.hook);
  return remove(text, at(root, ['hooks', EVENT])!, f.group);
}

/** The file's indentation unit and line ending (two spaces and \n when it has none). */
function style(text: string): { unit: string; eol: string } {
  const indented = text.match(/\n([ \t]+)\S/);
  return { unit: indented ? (indented[1]!.startsWith('\t') ? '\t' : indented[1]!) : '  ', eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** The whitespace that starts the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return text.slice(start).match(/^[ \t]*/)![0];
}

/**
 * Adds `value` at the end of an array, or as property `key` at the end of an object,
 * in the container's own style: a member on its own line gets the same indentation,
 * a container written on one line stays on one line.
 */
function append(text: string, container: Node, key: string | null, value: unknown): string {
  const { unit, eol } = style(text);
  const member = (indent: string) => `${key === null ? '' : `${JSON.stringify(key)}: `}${JSON.stringify(value, null, unit).split('\n').join(eol + indent)}`;
  const last = container.children?.at(-1);
  if (!last) {
    const outer = lineIndent(text, container.offset);
    const close = container.offset + container.length - 1;
    return `${text.slice(0, container.offset + 1)}${eol}${outer}${unit}${member(outer + unit)}${eol}${outer}${text.slice(close)}`;
  }
  const end = last.offset + last.length;
  const ownLine = /^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', last.offset - 1) + 1, last.offset));
  if (!ownLine) return `${text.slice(0, end)}, ${key === null ? '' : `${JSON.stringify(key)}: `}${JSON.stringify(value)}${text.slice(end)}`;
  const indent = lineIndent(text, last.offset);
  return `${text.slice(0, end)},${eol}${indent}${member(indent)}${text.slice(end)}`;
}

/** Removes member `index` of an array or object (a property node for objects) with its separator. */
function remove(text: string, container: Node, index: number): string {
  const children = container.children!;
  const node = children[index]!;
  if (children.length === 1) return `${text.slice(0, container.offset + 1)}${text.slice(container.offset + container.length - 1)}`;
  if (index > 0) {
    const previous = children[index - 1]!;
    return text.slice(0, previous.offset + previous.length) + text.slice(node.offset + node.length);
  }
  return text.slice(0, node.offset) + text.slice(children[1]!.offset);
}
