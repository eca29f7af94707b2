// One parse per text: the review facts of a file, the callable shapes that graph facts
// ask for and the index facts of the same text read the same parse (parsers/parse.ts),
// and each purpose runs its query once over it.
import { describe, expect, test } from 'vitest';
import { withReviewParse } from '../../parsers/review/captures.js';
import { extractFacts } from '../../parsers/index.js';
import { parseCount } from '../../parsers/parse.js';
import { openPythonFile } from '../../parsers/python/review.js';
import { tsxAdapter, typescriptAdapter } from '../../parsers/typescript/extract.js';
import { openReviewFile } from '../../parsers/typescript/review.js';

const matchesOf = (source: string) => withReviewParse(typescriptAdapter, 'typescript', source, (parse) => parse.matches);

describe('one parse per text', () => {
  test('a second reader of the same text gets the same parse; a text is parsed again once enough others came between', async () => {
    const source = 'export function pay(a: number): number {\n  return charge(a);\n}\n';
    const first = await matchesOf(source);
    expect(first.map((m) => m.tag)).toContain('reference.call');
    expect(await matchesOf(source)).toBe(first);
    // The same text with another grammar is another parse.
    expect(await withReviewParse(tsxAdapter, 'typescript', source, (parse) => parse.matches)).not.toBe(first);
    for (let i = 0; i < 8; i++) await matchesOf(`export type T${i} = number;\n`);
    const later = await matchesOf(source);
    expect(later).not.toBe(first);
    expect(later.map((m) => m.tag)).toEqual(first.map((m) => m.tag));
  });

  test('a reader that throws: its error reaches the caller, and the text can be read again', async () => {
    const source = 'export const broken = 1;\n';
    await expect(withReviewParse(typescriptAdapter, 'typescript', source, () => {
      throw new Error('reader failed');
    })).rejects.toThrow('reader failed');
    expect((await matchesOf(source)).length).toBeGreaterThan(0);
  });

  test('a review, then the index extraction of the same text: one parse serves both', async () => {
    const source = 'export interface Invoice {\n  total: Money;\n}\nexport function settle(i: Invoice): number {\n  return charge(i.total);\n}\n';
    const before = parseCount();
    const file = await openReviewFile(source, 'typescript');
    expect(file.facts.declarations.map((d) => d.name)).toEqual(['Invoice', 'settle']);
    expect(parseCount()).toBe(before + 1);
    const facts = await extractFacts('src/settle.ts', source, 'typescript');
    expect(facts.symbols.map((s) => s.name)).toEqual(['Invoice', 'settle']);
    expect(facts.callSites.map((c) => c.calleeName)).toEqual(['charge']);
    expect(parseCount()).toBe(before + 1);
  });

  test('a Python review, then the index extraction of the same text: one parse serves both; the index keeps no parse of its own', async () => {
    const source = 'from dataclasses import dataclass\n\n@dataclass\nclass Order:\n    total: Money\n\ndef place(order):\n    return send(order)\n';
    const before = parseCount();
    const file = await openPythonFile(source);
    expect(file.facts.declarations.filter((d) => d.rootKind === 'type').map((d) => d.name)).toEqual(['Order']);
    const facts = await extractFacts('shop/orders.py', source, 'python');
    expect(facts.symbols.map((s) => s.name)).toEqual(['Order', 'place']);
    expect(parseCount()).toBe(before + 1);
    // Another text, indexed first: its parse is not kept, so a review after it parses again.
    const other = source.replace('Order', 'Invoice');
    await extractFacts('shop/invoices.py', other, 'python');
    await extractFacts('shop/invoices.py', other, 'python');
    expect(parseCount()).toBe(before + 3);
    await openPythonFile(other);
    expect(parseCount()).toBe(before + 4);
  });
});
