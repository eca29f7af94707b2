// Human output is written to a terminal: a file name or symbol with a newline or an
// escape sequence must neither break the output's lines nor drive the terminal. Every
// string of a result is escaped before a human renderer sees it (JSON output needs
// none: JSON escapes control characters itself).

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const CONTROL_OR_NEWLINE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

const visible = (c: string) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** The text with control characters shown as escapes; tabs stay, and newlines too when `keepNewlines`. */
export function escapeControl(text: string, keepNewlines = false): string {
  return text.replace(keepNewlines ? CONTROL : CONTROL_OR_NEWLINE, visible);
}

/** A deep copy of a value with every string escaped. */
export function escapeStrings<T>(value: T, keepNewlines = false): T {
  if (typeof value === 'string') return escapeControl(value, keepNewlines) as T;
  if (Array.isArray(value)) return value.map((v) => escapeStrings(v, keepNewlines)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = escapeStrings(v, keepNewlines);
    return out as T;
  }
  return value;
}
