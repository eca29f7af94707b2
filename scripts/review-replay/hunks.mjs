// The changed hunks between two versions of a file, and each hunk as the edit event an
// agent host would send for it: a Claude Code Edit (old and new text anchored on
// neighbouring lines until the old text is unique in the file, as the host requires) and
// a Codex apply_patch (three lines of context, more while its old side is not unique).
// Each hunk is replayed alone against the older file.
import { diffArrays, structuredPatch } from 'diff';

/** Lines with their terminators, so joining them gives the text back. */
export const linesOf = (text) => (text === '' ? [] : text.split(/(?<=\n)/));

const count = (text, needle) => {
  let n = 0;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) n++;
  return n;
};

/**
 * Hunks of `before` → `after`: { at (0-based index of the first old line replaced, or the
 * line the insertion goes before), removed: string[], added: string[] }.
 */
export function hunksOf(before, after) {
  const a = linesOf(before);
  const b = linesOf(after);
  const hunks = [];
  let at = 0;
  let open = null;
  for (const change of diffArrays(a, b)) {
    if (!change.added && !change.removed) {
      open = null;
      at += change.count;
      continue;
    }
    if (!open) hunks.push((open = { at, removed: [], added: [] }));
    if (change.removed) {
      open.removed.push(...change.value);
      at += change.count;
    } else open.added.push(...change.value);
  }
  return hunks;
}

/** The file with one hunk applied, and where its change lies in the new text (1-based lines). */
export function applyHunk(before, hunk) {
  const a = linesOf(before);
  const after = [...a.slice(0, hunk.at), ...hunk.added, ...a.slice(hunk.at + hunk.removed.length)].join('');
  const changedLines = hunk.added.map((_, k) => hunk.at + k + 1);
  const deletionPoints = hunk.added.length === 0 ? [hunk.at] : [];
  return { after, changedLines, deletionPoints };
}

/**
 * The context lines around a hunk: `before` lines above and `after` below, grown
 * (above first, then alternately) until `accept(oldSide)` holds or the file runs out.
 */
function grow(lines, hunk, start, accept) {
  let above = start.above;
  let below = start.below;
  const end = hunk.at + hunk.removed.length;
  const side = () => ({ above: lines.slice(hunk.at - above, hunk.at), below: lines.slice(end, end + below) });
  for (let turn = 0; ; turn++) {
    const s = side();
    if (accept(s)) return s;
    const canUp = hunk.at - above > 0;
    const canDown = end + below < lines.length;
    if (!canUp && !canDown) return s;
    if (canUp && (turn % 2 === 0 || !canDown)) above++;
    else below++;
  }
}

const trimFinalNewline = (oldText, newText) => (oldText.endsWith('\n') && newText.endsWith('\n') ? [oldText.slice(0, -1), newText.slice(0, -1)] : [oldText, newText]);

/** A Claude Code PostToolUse Edit event for the hunk, with the tool_response the host sends (originalFile, structuredPatch). */
export function claudeEdit(absolutePath, before, hunk) {
  const lines = linesOf(before);
  // An insertion needs an anchor: the line above it (or below, at the top of the file).
  const start = hunk.removed.length > 0 ? { above: 0, below: 0 } : hunk.at > 0 ? { above: 1, below: 0 } : { above: 0, below: 1 };
  const strings = (s) => trimFinalNewline([...s.above, ...hunk.removed, ...s.below].join(''), [...s.above, ...hunk.added, ...s.below].join(''));
  const context = grow(lines, hunk, start, (s) => {
    const [oldString] = strings(s);
    return oldString.trim() !== '' && count(before, oldString) === 1;
  });
  const [oldString, newString] = strings(context);
  const { after } = applyHunk(before, hunk);
  const patch = structuredPatch(absolutePath, absolutePath, before, after, '', '', { context: 3 });
  return {
    hook_event_name: 'PostToolUse',
    tool_name: 'Edit',
    tool_input: { file_path: absolutePath, old_string: oldString, new_string: newString },
    tool_response: {
      filePath: absolutePath,
      oldString,
      newString,
      originalFile: before,
      structuredPatch: patch.hunks.map(({ oldStart, oldLines, newStart, newLines, lines: l }) => ({ oldStart, oldLines, newStart, newLines, lines: l })),
      userModified: false,
      replaceAll: false,
    },
  };
}

/** A Codex PostToolUse apply_patch event for the hunk (workspace-relative path). */
export function codexPatch(relativePath, before, hunk) {
  const lines = linesOf(before);
  const strip = (l) => l.replace(/\n$/, '');
  const oldSide = (s) => [...s.above, ...hunk.removed, ...s.below].join('');
  const context = grow(lines, hunk, { above: Math.min(3, hunk.at), below: 3 }, (s) => count(before, oldSide(s)) === 1);
  const body = [
    '*** Begin Patch',
    `*** Update File: ${relativePath}`,
    '@@',
    ...context.above.map((l) => ` ${strip(l)}`),
    ...hunk.removed.map((l) => `-${strip(l)}`),
    ...hunk.added.map((l) => `+${strip(l)}`),
    ...context.below.map((l) => ` ${strip(l)}`),
    '*** End Patch',
    '',
  ].join('\n');
  return { hook_event_name: 'PostToolUse', tool_name: 'apply_patch', tool_input: { command: body } };
}

/** The same new file as each host adds it: a Write that creates it, and an apply_patch Add File. */
export function addEvents(absolutePath, relativePath, text) {
  const write = {
    hook_event_name: 'PostToolUse',
    tool_name: 'Write',
    tool_input: { file_path: absolutePath, content: text },
    tool_response: { type: 'create', filePath: absolutePath, content: text, structuredPatch: [] },
  };
  const body = ['*** Begin Patch', `*** Add File: ${relativePath}`, ...linesOf(text).map((l) => `+${l.replace(/\n$/, '')}`), '*** End Patch', ''].join('\n');
  return { edit: write, patch: { hook_event_name: 'PostToolUse', tool_name: 'apply_patch', tool_input: { command: body } } };
}
