// The JSONC fast path (comments and trailing commas stripped, then JSON.parse) must
// agree with the full JSONC parser: the same value for every well-formed document,
// and no value where the full parser reports an error.
import { parse, type ParseError } from 'jsonc-parser';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { jsoncToJson } from '../parsers/jsonc.js';
import { readJsonc, JsoncError } from '../review/jsonc.js';

const full = (text: string) => {
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  return { value, errors };
};

const fast = (text: string): { value: unknown } | null => {
  try {
    return { value: JSON.parse(jsoncToJson(text)) };
  } catch {
    return null;
  }
};

// Filler between tokens: whitespace and comments, some holding commas, brackets and quotes.
const filler = fc.constantFrom('', ' ', '\n', '\t', ' // note, with ] and " inside\n', '/* a, b } */', '/**/', '\r\n  ');

/** A JSONC rendering of a JSON value, with filler around tokens and optional trailing commas. */
function jsoncOf(value: unknown, pick: () => string, trailing: () => boolean): string {
  if (Array.isArray(value)) {
    const items = value.map((v) => `${pick()}${jsoncOf(v, pick, trailing)}${pick()}`);
    return `[${items.join(',')}${items.length > 0 && trailing() ? `,${pick()}` : ''}]`;
  }
  if (value !== null && typeof value === 'object') {
    const items = Object.entries(value).map(([k, v]) => `${pick()}${JSON.stringify(k)}${pick()}:${pick()}${jsoncOf(v, pick, trailing)}${pick()}`);
    return `{${items.join(',')}${items.length > 0 && trailing() ? `,${pick()}` : ''}}`;
  }
  return JSON.stringify(value);
}

// A `__proto__` key is left out: JSON.parse keeps it as an own property (which the
// configuration checks then reject as an unknown key), while the full parser assigns it
// through the prototype setter and drops it. The fast path's reading is the safer one.
const jsonValue = fc.jsonValue({ maxDepth: 4 }).filter((v) => !JSON.stringify(v).includes('"__proto__"'));

describe('JSONC fast path', () => {
  test('well-formed documents: the same value as the full parser', () => {
    fc.assert(
      fc.property(jsonValue, fc.infiniteStream(filler), fc.infiniteStream(fc.boolean()), (value, fillers, commas) => {
        const text = jsoncOf(value, () => fillers.next().value, () => commas.next().value);
        const reference = full(text);
        expect(reference.errors).toEqual([]);
        expect(fast(text)).toEqual({ value: reference.value });
      }),
      { numRuns: 300 },
    );
  });

  test('never a value where the full parser finds an error', () => {
    const alphabet = fc.constantFrom('{', '}', '[', ']', ',', ':', '"a"', '"b\\"', '1', 'true', 'null', ' ', '\n', '//', '/*', '*/', '"', 'x');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 14 }), (tokens) => {
        const text = tokens.join('');
        const result = fast(text);
        if (result) {
          const reference = full(text);
          expect(reference.errors).toEqual([]);
          expect(result.value).toEqual(reference.value);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test('errors still name a line and column', () => {
    expect(() => readJsonc('rule.jsonc', '{\n  "a": 1,\n  "b": [,]\n}')).toThrow(JsoncError);
    try {
      readJsonc('rule.jsonc', '{\n  "a": 1,\n  "b": [,]\n}');
    } catch (error) {
      expect((error as JsoncError).line).toBe(3);
    }
    const doc = readJsonc('rule.jsonc', '{\n  // why\n  "a": {\n    "b": 2,\n  },\n}');
    expect(doc.value).toEqual({ a: { b: 2 } });
    expect(() => doc.fail(['a', 'b'], 'b is wrong')).toThrow('rule.jsonc:4:10: b is wrong');
  });
});
