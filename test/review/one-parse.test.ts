// A review parses a text once: the review facts of a file and the callable shapes that
// graph facts ask for read the same parse and the same run of the review query.
import { describe, expect, test } from 'vitest';
import { withReviewParse } from '../../parsers/review/captures.js';

const matchesOf = (source: string) => withReviewParse('typescript', 'typescript', source, (parse) => parse.matches);

describe('one parse per text', () => {
  test('a second reader of the same text gets the same parse; a text is parsed again once enough others came between', async () => {
    const source = 'export function pay(a: number): number {\n  return charge(a);\n}\n';
    const first = await matchesOf(source);
    expect(first.map((m) => m.tag)).toContain('reference.call');
    expect(await matchesOf(source)).toBe(first);
    // The same text with another grammar is another parse.
    expect(await withReviewParse('tsx', 'typescript', source, (parse) => parse.matches)).not.toBe(first);
    for (let i = 0; i < 8; i++) await matchesOf(`export type T${i} = number;\n`);
    const later = await matchesOf(source);
    expect(later).not.toBe(first);
    expect(later.map((m) => m.tag)).toEqual(first.map((m) => m.tag));
  });

  test('a reader that throws: its error reaches the caller, and the text can be read again', async () => {
    const source = 'export const broken = 1;\n';
    await expect(withReviewParse('typescript', 'typescript', source, () => {
      throw new Error('reader failed');
    })).rejects.toThrow('reader failed');
    expect((await matchesOf(source)).length).toBeGreaterThan(0);
  });
});
