// The tokens of one Rust source file (comments dropped), and the few questions the
// Rust oracle asks of them: where a group closes, what follows a callee's name,
// whether a constructor's parentheses are a pattern, where a call expression starts.
// Save-analysis gives names and what they resolve to, not the expressions around them.

const PUNCT = ['<<=', '>>=', '..=', '...', '::', '=>', '->', '==', '!=', '<=', '>=', '&&', '||', '..', '+=', '-=', '*=', '/=', '%=', '^=', '&=', '|=', '<<', '>>'];
const escape = (p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TOKEN = new RegExp(
  [
    '(?<ws>\\s+)',
    '(?<comment>//[^\\n]*|/\\*)',
    '(?<raw>b?r#*")',
    '(?<str>b?"(?:[^"\\\\]|\\\\.)*")',
    "(?<char>b?'(?:[^'\\\\\\n]|\\\\(?:x[0-9a-fA-F]{2}|u\\{[0-9a-fA-F]{1,6}\\}|.))')",
    "(?<lifetime>'[A-Za-z_][A-Za-z0-9_]*)",
    '(?<ident>(?:r#)?[A-Za-z_][A-Za-z0-9_]*)',
    '(?<num>[0-9][0-9A-Za-z_]*(?:\\.[0-9][0-9A-Za-z_]*)?)',
    `(?<punct>${PUNCT.map(escape).join('|')}|[^])`,
  ].join('|'),
  'sy',
);

export const KEYWORDS = new Set([
  'as', 'break', 'const', 'continue', 'crate', 'else', 'enum', 'extern', 'false', 'fn', 'for', 'if', 'impl',
  'in', 'let', 'loop', 'match', 'mod', 'move', 'mut', 'pub', 'ref', 'return', 'static', 'struct', 'trait',
  'true', 'type', 'unsafe', 'use', 'where', 'while', 'async', 'await', 'dyn', 'box', 'yield',
]);

/** A constructor's closing `)` followed by one of these is a pattern (`Some(x) =>`, `let Foo(a) =`), not an expression. */
const PATTERN_FOLLOWERS = new Set(['=>', '|', '=', 'if', 'in', ':', '@']);
const OPENERS = '([{<';
const CLOSERS = ')]}>';

/**
 * @typedef {{ kind: string, text: string, line: number, column: number, point: number }} Token
 *   line 1-based; column 0-based in UTF-16 units (as cairn and JavaScript count), point in
 *   code points (as rustc counts)
 */

const astralIn = (text) => text.match(/[\uD800-\uDBFF]/g)?.length ?? 0;

export class RustTokens {
  /** @param {string} text */
  constructor(text) {
    /** @type {Token[]} */
    this.tokens = [];
    /** @type {Map<string, number>} `line:column` -> token index, the column in code points (as rustc counts) */
    this.at = new Map();
    this.read(text);
  }

  read(text) {
    let i = 0;
    let line = 1;
    let lineStart = 0;
    let astral = 0; // characters outside the BMP before `i` on its line: two UTF-16 units, one code point
    while (i < text.length) {
      TOKEN.lastIndex = i;
      const m = TOKEN.exec(text);
      let kind = Object.keys(m.groups).find((k) => m.groups[k] !== undefined);
      let end = i + m[0].length;
      if (kind === 'comment' && m[0] === '/*') {
        let depth = 1;
        end = i + 2;
        while (depth > 0 && end < text.length) {
          if (text.startsWith('/*', end)) (depth++, (end += 2));
          else if (text.startsWith('*/', end)) (depth--, (end += 2));
          else end++;
        }
      } else if (kind === 'raw') {
        const hashes = m[0].split('#').length - 1;
        const close = text.indexOf(`"${'#'.repeat(hashes)}`, end);
        end = close < 0 ? text.length : close + 1 + hashes;
        kind = 'str';
      }
      if (kind !== 'ws' && kind !== 'comment') {
        this.at.set(`${line}:${i - lineStart - astral}`, this.tokens.length);
        this.tokens.push({ kind, text: text.slice(i, end), line, column: i - lineStart, point: i - lineStart - astral });
      }
      const startLine = line;
      for (let j = text.indexOf('\n', i); j >= 0 && j < end; j = text.indexOf('\n', j + 1)) {
        line++;
        lineStart = j + 1;
      }
      astral = line === startLine ? astral + astralIn(text.slice(i, end)) : astralIn(text.slice(lineStart, end));
      i = end;
    }
  }

  /** The token index at a 1-based line and 0-based column in code points, or undefined. */
  index(line, column) {
    return this.at.get(`${line}:${column}`);
  }

  text(i) {
    return i >= 0 && i < this.tokens.length ? this.tokens[i].text : '';
  }

  isName(i) {
    return i >= 0 && i < this.tokens.length && this.tokens[i].kind === 'ident';
  }

  /** From an opening (step 1) or closing (step -1) bracket, the index of its partner, or -1. */
  partner(i, step) {
    const want = this.text(i);
    const other = step === 1 ? CLOSERS[OPENERS.indexOf(want)] : OPENERS[CLOSERS.indexOf(want)];
    let depth = 0;
    for (; i >= 0 && i < this.tokens.length; i += step) {
      const t = this.text(i);
      if (t === want) depth++;
      else if (t === other) {
        depth--;
        if (depth === 0) return i;
      } else if ((want === '<' || want === '>') && (t === ';' || t === '{' || t === '}')) return -1;
    }
    return -1;
  }

  /** The token after a callee's name, past a turbofish (`name::<T>`); -1 when it does not close. */
  afterName(i) {
    const next = i + 1;
    if (this.text(next) === '::' && this.text(next + 1) === '<') {
      const close = this.partner(next + 1, 1);
      return close < 0 ? -1 : close + 1;
    }
    return next;
  }

  /** Whether the group opened at `open` (after a constructor's name) is a pattern. */
  inPattern(open) {
    let i = this.partner(open, 1);
    while (i >= 0) {
      const next = this.text(i + 1);
      if (PATTERN_FOLLOWERS.has(next)) return true;
      if (next !== ',' && next !== ')' && next !== ']' && next !== '}') return false;
      // Inside a larger pattern or expression: step out to its closing bracket.
      let depth = 0;
      for (i += 1; i < this.tokens.length; i++) {
        const t = this.text(i);
        if (t === '(' || t === '[' || t === '{') depth++;
        else if (t === ')' || t === ']' || t === '}') {
          if (depth === 0) break;
          depth--;
        }
      }
      if (i >= this.tokens.length) return false;
    }
    return false;
  }

  /**
   * The token a call expression starts at, walking back from its callee's name over a
   * path (`a::b::`, `<T as U>::`, `Vec::<u8>::`) or a method's receiver (`a.b(x)[i]?.`).
   */
  callStart(name) {
    let i = name;
    for (;;) {
      const prev = this.text(i - 1);
      if (prev === '::') {
        if (this.text(i - 2) === '>') {
          const back = this.partner(i - 2, -1);
          if (back < 0) return i;
          i = back;
          continue;
        }
        if (this.isName(i - 2)) {
          i -= 2;
          continue;
        }
        return i;
      }
      if (prev === '.') {
        const start = this.operandStart(i - 2);
        if (start < 0) return i;
        i = start;
        continue;
      }
      return i;
    }
  }

  /** The first token of the postfix expression that ends at token `j`, or -1. */
  operandStart(j) {
    while (j >= 0) {
      const { kind, text: t } = this.tokens[j];
      if (t === '?') {
        j--;
        continue;
      }
      if (t === ')' || t === ']') {
        const back = this.partner(j, -1);
        if (back < 0) return -1;
        const p = back - 1;
        const pt = this.text(p);
        if (pt === '!') {
          j = p - 1; // a macro's result (`vec![..]`): its name goes on
          continue;
        }
        if ((this.isName(p) && (!KEYWORDS.has(pt) || pt === 'self' || pt === 'Self')) || pt === ')' || pt === ']' || pt === '?' || pt === '>') {
          j = p; // a call or an index: its callee or base goes on
          continue;
        }
        return back; // a parenthesised expression, a tuple or an array
      }
      if (t === '>') {
        // a turbofish or a qualified path's `<..>`
        const back = this.partner(j, -1);
        if (back < 0) return -1;
        if (this.text(back - 1) === '::') {
          j = back - 2;
          continue;
        }
        return back;
      }
      const named = kind === 'ident' && (!KEYWORDS.has(t) || ['self', 'Self', 'crate', 'super'].includes(t) || (t === 'await' && this.text(j - 1) === '.'));
      if (named || kind === 'num' || kind === 'str' || kind === 'char') {
        const before = this.text(j - 1);
        if (before === '.' || before === '::') {
          j -= 2;
          continue;
        }
        return j;
      }
      return -1;
    }
    return -1;
  }
}
