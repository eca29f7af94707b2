// Edit inputs: Claude Code PostToolUse events (Edit, MultiEdit, Write), Codex
// apply_patch bodies, unified diffs and explicit file/line roots. Each becomes a
// FileEdit that verifies itself against the stable post-edit capture and derives
// the changed post-edit spans. Nothing here guesses: an edit that cannot be
// matched to the captured bytes is skipped with a coverage code.
import { diffArrays } from 'diff';

export interface Span {
  start: number;
  end: number;
  /**
   * The changed lines of a run, each trimmed, when the run spans more than one: root
   * selection maps each line to its smallest root when the run as a whole straddles
   * declarations or top-level material.
   */
  parts?: Array<{ start: number; end: number }>;
}

export type Verification =
  | { ok: true; spans: Span[]; ambiguous: number }
  | { ok: false; code: 'capture-unavailable' | 'ambiguous-attribution'; detail: string };

export interface FileEdit {
  /** Absolute (hook events) or workspace-relative (patches) path. */
  path: string;
  change: 'add' | 'update' | 'delete' | 'move';
  /** The old text the edit replaced (old strings, a hunk's removed lines, a rewritten file), as far as the event tells. */
  replaced: string;
  verify(captured: string): Verification;
}

export type Host = 'claude-code' | 'codex';

export interface ParsedEvent {
  host: Host | null;
  edits: FileEdit[];
  /** Whole-event skips (unsupported tools, deletes, moves), as coverage codes. */
  skipped: Array<{ code: 'unsupported-event'; detail: string }>;
}

/** Bad input: malformed JSON or a patch that cannot be parsed. The CLI reports it and exits nonzero. */
export class EditInputError extends Error {
  override name = 'EditInputError';
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseHookEvent(text: string): ParsedEvent {
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch (error) {
    throw new EditInputError(`the event is not valid JSON (${(error as Error).message})`);
  }
  if (!isObj(event)) throw new EditInputError('the event is not a JSON object');
  const tool = event.tool_name;
  if (typeof tool !== 'string') throw new EditInputError('the event has no tool_name');
  const input = isObj(event.tool_input) ? event.tool_input : null;
  const response = isObj(event.tool_response) ? event.tool_response : {};
  if (event.hook_event_name !== undefined && event.hook_event_name !== 'PostToolUse') {
    return { host: null, edits: [], skipped: [{ code: 'unsupported-event', detail: 'not-post-tool-use' }] };
  }
  if (tool === 'apply_patch') {
    const body = patchBodyOf(input);
    if (body === null) throw new EditInputError('apply_patch event without a patch body');
    const parsed = parseApplyPatch(body);
    return { host: 'codex', ...parsed };
  }
  if (tool !== 'Edit' && tool !== 'MultiEdit' && tool !== 'Write') {
    return { host: 'claude-code', edits: [], skipped: [{ code: 'unsupported-event', detail: 'tool' }] };
  }
  if (!input) throw new EditInputError(`${tool} event without tool_input`);
  const path = input.file_path;
  if (typeof path !== 'string' || path === '') throw new EditInputError(`${tool} event without tool_input.file_path`);
  const original = typeof response.originalFile === 'string' ? response.originalFile : null;
  if (tool === 'Write') {
    if (typeof input.content !== 'string') throw new EditInputError('Write event without tool_input.content');
    const content = input.content;
    if (response.type === 'update' && original === null) return { host: 'claude-code', edits: [unattributable(path)], skipped: [] };
    const created = response.type === 'create' || original === null;
    return { host: 'claude-code', edits: [writeEdit(path, content, created ? null : original)], skipped: [] };
  }
  const steps: EditStep[] = [];
  const list = tool === 'Edit' ? [input] : input.edits;
  if (!Array.isArray(list) || list.length === 0) throw new EditInputError('MultiEdit event without tool_input.edits');
  for (const [i, raw] of list.entries()) {
    if (!isObj(raw) || typeof raw.old_string !== 'string' || typeof raw.new_string !== 'string') {
      throw new EditInputError(`${tool} edit ${i + 1} needs old_string and new_string`);
    }
    steps.push({ old: raw.old_string, neu: raw.new_string, all: raw.replace_all === true });
  }
  const created = original === '' && steps[0].old === '';
  return { host: 'claude-code', edits: [stringEdit(path, steps, original, created, hostPatch(response.structuredPatch))], skipped: [] };
}

/**
 * The patch of a Codex apply_patch event, in every form the host sends it:
 * `tool_input.input` or `tool_input.patch`; `tool_input.command` as an argument array
 * (`["apply_patch", patch]`, or a shell's `["bash", "-lc", "apply_patch <<'EOF' …"]`);
 * or `tool_input.command` as one string holding the patch itself or an
 * `apply_patch <<'EOF' … EOF` heredoc. The patch is the text from "*** Begin Patch"
 * on; parseApplyPatch stops at "*** End Patch", so a heredoc's closing word is left out.
 */
function patchBodyOf(input: Record<string, unknown> | null): string | null {
  if (!input) return null;
  for (const key of ['input', 'patch']) if (typeof input[key] === 'string') return input[key] as string;
  const command = input.command;
  const parts = Array.isArray(command) ? command : [command];
  const holder = parts.find((c): c is string => typeof c === 'string' && c.includes(BEGIN_PATCH));
  return holder === undefined ? null : holder.slice(holder.indexOf(BEGIN_PATCH));
}

const BEGIN_PATCH = '*** Begin Patch';

// --- changed lines -------------------------------------------------------------------
//
// Every edit form comes down to an old and a new text (an Edit's strings, each
// MultiEdit step, a Write against the file it replaced, a hunk's two sides). The
// changed post-edit lines are the new side's lines a line diff does not match to the
// old side, so an anchor (the neighbouring line an agent repeats to place new code)
// and unchanged context never count as changed. The diff takes the earliest match
// (Myers), so code inserted after an anchor that ends like it (a closing brace) is
// the inserted lines, not a window straddling the anchor's declaration.

/** Edits larger than this (in changed lines) are not diffed line by line: the whole differing middle counts as changed. */
const MAX_DIFF_EDITS = 4000;

/** A changed stretch of the new side, in line indices: [from, to), or a deletion point (from === to). */
interface LineRun {
  from: number;
  to: number;
}

/** Runs of new-side lines that the old side does not account for, and points where old lines were deleted. */
export function changedLines(before: readonly string[], after: readonly string[]): LineRun[] {
  const changes = diffArrays(before as string[], after as string[], { maxEditLength: MAX_DIFF_EDITS });
  if (changes === undefined) return middleOf(before, after);
  const runs: LineRun[] = [];
  let at = 0;
  let deleted = false;
  for (const change of changes) {
    if (change.added) {
      runs.push({ from: at, to: at + change.count });
      at += change.count;
      deleted = false;
    } else if (change.removed) {
      deleted = true;
    } else {
      if (deleted) runs.push({ from: at, to: at });
      deleted = false;
      at += change.count;
    }
  }
  if (deleted) runs.push({ from: at, to: at });
  // A deletion point right before or after an added run is part of that replacement.
  return runs.filter((r, i) => r.from !== r.to || !runs.some((o, k) => k !== i && o.from !== o.to && (o.to === r.from || o.from === r.from)));
}

/** The fallback for huge edits: common leading and trailing lines trimmed, the rest one run. */
function middleOf(a: readonly string[], b: readonly string[]): LineRun[] {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  if (a.length - p - s === 0 && b.length - p - s === 0) return [];
  return [{ from: p, to: b.length - s }];
}

/** Post-edit spans, one per changed line (offset by `base` into the captured text), of runs over `text`'s lines. */
function lineSpans(text: string, runs: LineRun[], base: number): Span[] {
  const starts = lineStarts(text);
  const endOf = (line: number) => (line + 1 < starts.length ? starts[line + 1] : text.length);
  const spans: Span[] = [];
  for (const run of runs) {
    if (run.from === run.to) {
      const at = base + (starts[run.from] ?? text.length);
      spans.push({ start: at, end: at });
    } else for (let line = run.from; line < run.to; line++) if (endOf(line) > starts[line]) spans.push({ start: base + starts[line], end: base + endOf(line) });
  }
  return spans;
}

/** Changed spans of `after` against `before`, both whole texts, offset by `base`. */
function textSpans(before: string, after: string, base = 0): Span[] {
  return lineSpans(after, changedLines(before.split('\n'), after.split('\n')), base);
}

/** The changed post-edit lines of one hunk whose new side starts at line `newStart` (0-based) of the captured text. */
function hunkSpans(captured: string, starts: number[], newStart: number, lines: Hunk['lines']): Span[] {
  const before = lines.filter((l) => l.op !== '+').map((l) => l.text);
  const after = lines.filter((l) => l.op !== '-').map((l) => l.text);
  const spans: Span[] = [];
  for (const run of changedLines(before, after)) {
    if (run.from === run.to) {
      const at = starts[newStart + run.from] ?? captured.length;
      spans.push({ start: at, end: at });
    } else {
      // An empty last line (the text after a final newline) is no changed line, and no deletion point either.
      for (let k = newStart + run.from; k < newStart + run.to; k++) if ((starts[k + 1] ?? captured.length) > starts[k]) spans.push({ start: starts[k], end: starts[k + 1] ?? captured.length });
    }
  }
  return spans;
}

// --- string edits (Edit / MultiEdit) -------------------------------------------------

interface EditStep {
  old: string;
  neu: string;
  all: boolean;
}

function occurrences(text: string, needle: string): number[] {
  const out: number[] = [];
  if (needle === '') return out;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) out.push(i);
  return out;
}

/** Applies one replacement, carrying earlier spans through it. Null when the tool could not have applied it. */
function applyStep(text: string, spans: Span[], step: EditStep): { text: string; spans: Span[] } | null {
  if (step.old === '') return text === '' ? { text: step.neu, spans: [{ start: 0, end: step.neu.length }] } : null;
  const at = occurrences(text, step.old);
  if (at.length === 0 || (at.length > 1 && !step.all)) return null;
  const delta = step.neu.length - step.old.length;
  const mapOffset = (o: number, isEnd: boolean) => {
    let shift = 0;
    for (const i of at) {
      if (o >= i + step.old.length) shift += delta;
      else if (o > i || (o === i && isEnd)) return i + shift + (isEnd ? step.neu.length : 0);
    }
    return o + shift;
  };
  const moved = spans.map((s) => ({ start: mapOffset(s.start, false), end: Math.max(mapOffset(s.start, false), mapOffset(s.end, true)) }));
  const changed = textSpans(step.old, step.neu);
  let out = '';
  let last = 0;
  const fresh: Span[] = [];
  for (const i of at) {
    out += text.slice(last, i);
    for (const s of changed) fresh.push({ start: out.length + s.start, end: out.length + s.end });
    out += step.neu;
    last = i + step.old.length;
  }
  out += text.slice(last);
  return { text: out, spans: [...moved, ...fresh] };
}

/** One hunk of a host's `structuredPatch` (1-based line numbers, lines prefixed with ' ', '-' or '+'). */
interface HostHunk {
  newStart: number;
  lines: Hunk['lines'];
}

function stringEdit(path: string, steps: EditStep[], original: string | null, created: boolean, patch: HostHunk[] | null): FileEdit {
  return {
    path,
    change: created ? 'add' : 'update',
    replaced: steps.map((s) => s.old).join('\n'),
    verify(captured) {
      if (original !== null) {
        let state: { text: string; spans: Span[] } | null = { text: original, spans: [] };
        for (const step of steps) {
          state = state && applyStep(state.text, state.spans, step);
          if (!state) return { ok: false, code: 'capture-unavailable', detail: 'edit-does-not-apply' };
        }
        if (state!.text !== captured) return { ok: false, code: 'capture-unavailable', detail: 'post-edit-mismatch' };
        return { ok: true, spans: normalise(captured, state!.spans), ambiguous: 0 };
      }
      // Without the original file, the host's patch carries line numbers; each hunk is verified against the capture.
      if (patch !== null) return verifyHunks(captured, patch);
      // Otherwise only an edit whose new text occurs exactly once can be located.
      if (steps.length !== 1) return { ok: false, code: 'ambiguous-attribution', detail: 'no-original' };
      const [step] = steps;
      if (step.neu.trim() === '') return { ok: false, code: 'ambiguous-attribution', detail: 'unmatched-deletion' };
      const at = occurrences(captured, step.neu);
      if (at.length === 0) return { ok: false, code: 'capture-unavailable', detail: 'post-edit-mismatch' };
      if (at.length > 1 && !step.all) return { ok: false, code: 'ambiguous-attribution', detail: 'duplicate-text' };
      const changed = textSpans(step.old, step.neu);
      return { ok: true, spans: normalise(captured, at.flatMap((i) => changed.map((s) => ({ start: i + s.start, end: i + s.end })))), ambiguous: 0 };
    },
  };
}

/** Changed spans of hunks that state their new-side line: every new-side line must be where the hunk says. */
function verifyHunks(captured: string, hunks: HostHunk[]): Verification {
  const lines = captured.split('\n');
  const starts = lineStarts(captured);
  const spans: Span[] = [];
  for (const hunk of hunks) {
    let k = hunk.newStart - 1;
    for (const l of hunk.lines) {
      if (l.op === '-') continue;
      if (lines[k] !== l.text) return { ok: false, code: 'capture-unavailable', detail: 'hunk-not-found' };
      k++;
    }
    spans.push(...hunkSpans(captured, starts, hunk.newStart - 1, hunk.lines));
  }
  return { ok: true, spans: normalise(captured, spans), ambiguous: 0 };
}

/** The host's `structuredPatch`, when it has the expected shape; null otherwise (never an error: it is optional). */
function hostPatch(value: unknown): HostHunk[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const hunks: HostHunk[] = [];
  for (const raw of value) {
    if (!isObj(raw) || !Number.isInteger(raw.newStart) || !Array.isArray(raw.lines)) return null;
    const lines: Hunk['lines'] = [];
    for (const line of raw.lines) {
      if (typeof line !== 'string') return null;
      if (line.startsWith('\\')) continue; // "\ No newline at end of file"
      const op = line[0];
      if (op !== ' ' && op !== '+' && op !== '-') return null;
      lines.push({ op, text: line.slice(1) });
    }
    hunks.push({ newStart: raw.newStart as number, lines });
  }
  return hunks;
}

// --- whole-file writes ---------------------------------------------------------------

/** A rewrite of an existing file whose previous content the host did not report: nothing can be attributed. */
function unattributable(path: string): FileEdit {
  return { path, change: 'update', replaced: '', verify: () => ({ ok: false, code: 'ambiguous-attribution', detail: 'no-original' }) };
}

function writeEdit(path: string, content: string, original: string | null): FileEdit {
  return {
    path,
    change: original === null ? 'add' : 'update',
    replaced: original ?? '',
    verify(captured) {
      if (captured !== content) return { ok: false, code: 'capture-unavailable', detail: 'post-edit-mismatch' };
      if (original === null) return { ok: true, spans: [{ start: 0, end: captured.length }], ambiguous: 0 };
      return { ok: true, spans: normalise(captured, textSpans(original, captured)), ambiguous: 0 };
    },
  };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/**
 * Trims whitespace off non-empty spans (dropping whitespace-only ones), sorts and dedupes,
 * then joins changed lines separated by whitespace alone into one run (its lines kept as
 * parts). Deletion points stay on their own.
 */
export function normalise(text: string, spans: Span[]): Span[] {
  const lines: Span[] = [];
  for (const s of spans.flatMap((x) => x.parts ?? [x])) {
    if (s.start === s.end) {
      lines.push({ start: s.start, end: s.end });
      continue;
    }
    let start = s.start;
    let end = s.end;
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    if (start < end) lines.push({ start, end });
  }
  lines.sort((x, y) => x.start - y.start || x.end - y.end);
  const unique = lines.filter((s, i) => i === 0 || s.start !== lines[i - 1].start || s.end !== lines[i - 1].end);
  const out: Span[] = [];
  for (const s of unique) {
    const last = out[out.length - 1];
    const joins = last && last.start !== last.end && s.start !== s.end && s.start >= last.end && text.slice(last.end, s.start).trim() === '';
    if (!joins) {
      out.push({ ...s });
      continue;
    }
    last.parts = [...(last.parts ?? [{ start: last.start, end: last.end }]), { start: s.start, end: Math.max(s.end, s.start) }];
    last.end = Math.max(last.end, s.end);
  }
  return out;
}

// --- apply_patch bodies (Codex) ------------------------------------------------------

interface Hunk {
  header: string | null;
  lines: Array<{ op: ' ' | '+' | '-'; text: string }>;
}

export function parseApplyPatch(body: string): { edits: FileEdit[]; skipped: ParsedEvent['skipped'] } {
  const lines = body.replace(/\r\n/g, '\n').split('\n');
  let i = lines.findIndex((l) => l.trim() === '*** Begin Patch');
  if (i < 0) throw new EditInputError('the patch has no "*** Begin Patch" line');
  i++;
  const edits: FileEdit[] = [];
  const skipped: ParsedEvent['skipped'] = [];
  let ended = false;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '*** End Patch') {
      ended = true;
      break;
    }
    let m: RegExpMatchArray | null;
    if ((m = line.match(/^\*\*\* Add File: (.+)$/))) {
      const added: string[] = [];
      i++;
      while (i < lines.length && lines[i].startsWith('+')) added.push(lines[i++].slice(1));
      const content = added.join('\n') + (added.length > 0 ? '\n' : '');
      edits.push(addedFile(m[1].trim(), content));
      continue;
    }
    if ((m = line.match(/^\*\*\* Delete File: (.+)$/))) {
      skipped.push({ code: 'unsupported-event', detail: 'delete' });
      i++;
      continue;
    }
    if ((m = line.match(/^\*\*\* Update File: (.+)$/))) {
      const path = m[1].trim();
      i++;
      let moved = false;
      if (i < lines.length && /^\*\*\* Move to: /.test(lines[i])) {
        moved = true;
        i++;
      }
      const hunks: Hunk[] = [];
      while (i < lines.length && !/^\*\*\* (Add File|Delete File|Update File|End Patch)/.test(lines[i].trim())) {
        const l = lines[i];
        if (l.startsWith('@@')) {
          const header = l.slice(2).trim();
          hunks.push({ header: header === '' ? null : header, lines: [] });
        } else if (l === '*** End of File') {
          // marks the hunk's end at the end of the file; location is verified by content anyway
        } else if (l.startsWith('+') || l.startsWith('-') || l.startsWith(' ')) {
          if (hunks.length === 0) hunks.push({ header: null, lines: [] });
          hunks[hunks.length - 1].lines.push({ op: l[0] as ' ' | '+' | '-', text: l.slice(1) });
        } else if (l === '') {
          if (hunks.length > 0) hunks[hunks.length - 1].lines.push({ op: ' ', text: '' });
        } else {
          throw new EditInputError(`unexpected patch line ${i + 1}: ${JSON.stringify(l.slice(0, 40))}`);
        }
        i++;
      }
      if (moved) skipped.push({ code: 'unsupported-event', detail: 'move' });
      else edits.push(updatedFile(path, hunks));
      continue;
    }
    if (line.trim() === '') {
      i++;
      continue;
    }
    throw new EditInputError(`unexpected patch line ${i + 1}: ${JSON.stringify(line.slice(0, 40))}`);
  }
  if (!ended) throw new EditInputError('the patch has no "*** End Patch" line');
  return { edits, skipped };
}

function addedFile(path: string, content: string): FileEdit {
  return {
    path,
    change: 'add',
    replaced: '',
    verify(captured) {
      const same = captured === content || captured === content.replace(/\n$/, '') || captured.replace(/\r\n/g, '\n') === content;
      if (!same) return { ok: false, code: 'capture-unavailable', detail: 'post-edit-mismatch' };
      return { ok: true, spans: [{ start: 0, end: captured.length }], ambiguous: 0 };
    },
  };
}

/** Where a block of new-side lines sits in the captured lines, if exactly one place fits. */
function locate(captured: string[], block: string[], from: number, header: string | null): number | 'missing' | 'ambiguous' {
  const fits = (at: number) => block.every((l, k) => captured[at + k] === l);
  const found: number[] = [];
  for (let at = from; at <= captured.length - block.length; at++) if (fits(at)) found.push(at);
  if (found.length === 0) return 'missing';
  if (found.length === 1) return found[0];
  // Several textual matches: only a unique context header can tell them apart.
  if (header === null) return 'ambiguous';
  const headers: number[] = [];
  for (let k = from; k < captured.length; k++) if (captured[k].includes(header)) headers.push(k);
  if (headers.length !== 1) return 'ambiguous';
  const after = found.filter((at) => at > headers[0]);
  return after.length > 0 ? after[0] : 'ambiguous';
}

/** The lines hunks remove. */
const removedLines = (hunks: Array<{ lines: Hunk['lines'] }>) => hunks.flatMap((h) => h.lines.filter((l) => l.op === '-').map((l) => l.text)).join('\n');

function updatedFile(path: string, hunks: Hunk[]): FileEdit {
  return {
    path,
    change: 'update',
    replaced: removedLines(hunks),
    verify(captured) {
      const lines = captured.split('\n');
      const starts = lineStarts(captured);
      const spans: Span[] = [];
      let from = 0;
      let ambiguous = 0;
      for (const hunk of hunks) {
        const block = hunk.lines.filter((l) => l.op !== '-').map((l) => l.text);
        if (block.length === 0) {
          ambiguous++;
          continue;
        }
        const at = locate(lines, block, from, hunk.header);
        if (at === 'missing') return { ok: false, code: 'capture-unavailable', detail: 'hunk-not-found' };
        if (at === 'ambiguous') {
          ambiguous++;
          continue;
        }
        spans.push(...hunkSpans(captured, starts, at, hunk.lines));
        from = at + block.length;
      }
      return { ok: true, spans: normalise(captured, spans), ambiguous };
    },
  };
}

// --- unified diffs -------------------------------------------------------------------

export function parsePatchText(text: string): ParsedEvent {
  if (text.includes('*** Begin Patch')) return { host: null, ...parseApplyPatch(text) };
  const lines = text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const edits: FileEdit[] = [];
  const skipped: ParsedEvent['skipped'] = [];
  let i = 0;
  let sawFile = false;
  while (i < lines.length) {
    if (!lines[i].startsWith('--- ') || !lines[i + 1]?.startsWith('+++ ')) {
      i++;
      continue;
    }
    sawFile = true;
    const oldPath = stripPrefix(lines[i].slice(4));
    const newPath = stripPrefix(lines[i + 1].slice(4));
    i += 2;
    const hunks: Array<{ newStart: number; lines: Hunk['lines'] }> = [];
    while (i < lines.length && !lines[i].startsWith('--- ')) {
      const m = lines[i].match(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/);
      if (m) hunks.push({ newStart: Number(m[1]), lines: [] });
      else if (hunks.length > 0 && /^[ +-]/.test(lines[i])) hunks[hunks.length - 1].lines.push({ op: lines[i][0] as ' ' | '+' | '-', text: lines[i].slice(1) });
      else if (hunks.length > 0 && lines[i] === '') hunks[hunks.length - 1].lines.push({ op: ' ', text: '' });
      i++;
    }
    if (newPath === null) skipped.push({ code: 'unsupported-event', detail: 'delete' });
    else if (oldPath !== null && oldPath !== newPath) skipped.push({ code: 'unsupported-event', detail: 'move' });
    else edits.push(diffFile(newPath, oldPath === null, hunks));
  }
  if (!sawFile) throw new EditInputError('no file headers (--- / +++) found in the patch');
  return { host: null, edits, skipped };
}

function stripPrefix(raw: string): string | null {
  const path = raw.split('\t')[0].trim();
  if (path === '/dev/null') return null;
  return path.replace(/^[ab]\//, '');
}

function diffFile(path: string, added: boolean, hunks: Array<{ newStart: number; lines: Hunk['lines'] }>): FileEdit {
  return {
    path,
    change: added ? 'add' : 'update',
    replaced: removedLines(hunks),
    verify(captured) {
      if (added) return { ok: true, spans: [{ start: 0, end: captured.length }], ambiguous: 0 };
      return verifyHunks(captured, hunks);
    },
  };
}

/** One explicit root: the trimmed text of a 1-based line. */
export function explicitLine(path: string, line: number): FileEdit {
  return {
    path,
    change: 'update',
    replaced: '',
    verify(captured) {
      const starts = lineStarts(captured);
      if (line < 1 || line > starts.length) return { ok: false, code: 'ambiguous-attribution', detail: 'line-out-of-range' };
      const span = normalise(captured, [{ start: starts[line - 1], end: starts[line] ?? captured.length }]);
      if (span.length === 0) return { ok: false, code: 'ambiguous-attribution', detail: 'blank-line' };
      return { ok: true, spans: span, ambiguous: 0 };
    },
  };
}
