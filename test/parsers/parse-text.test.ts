// parseText hands the parser its input in short chunks; the tree must be the one a whole
// string gives, wherever a chunk ends (mid-token, mid-line, or between the halves of a surrogate pair).
import { describe, expect, it } from 'vitest';
import { parserFor, parseText, type Node, type Parser } from '../../parsers/tree-sitter.js';

/** Every node's type, byte and UTF-16 range and row/column, in document order. */
function shape(node: Node, out: string[] = []): string[] {
  out.push(`${node.type} ${node.startIndex}-${node.endIndex} ${node.startPosition.row}:${node.startPosition.column}`);
  for (const child of node.children) if (child) shape(child, out);
  return out;
}

/** parseText's tree of `text` has no error and is node for node the whole string's. */
function expectSameTree(parser: Parser, text: string): void {
  const whole = parser.parse(text)!;
  const chunked = parseText(parser, text)!;
  expect(chunked.rootNode.hasError).toBe(false);
  expect(shape(chunked.rootNode)).toEqual(shape(whole.rootNode));
  whole.delete();
  chunked.delete();
}

describe('parseText', () => {
  it('gives the tree of the whole string for Scala and TypeScript sources longer than many chunks', async () => {
    const scala = Array.from({ length: 60 }, (_, i) => `object O${i} {\n  def f${i}(x: Int): Int = g(x) + ${i}\n}\n`).join('');
    const ts = Array.from({ length: 60 }, (_, i) => `export function f${i}(a: string): string { return g(a, '${'é'.repeat(i % 7)}'); }\n`).join('');
    for (const [grammar, text] of [['scala', scala], ['typescript', ts]] as const) expectSameTree(await parserFor(grammar), text);
  });

  it('joins a surrogate pair split between two chunks: emoji at every offset around a chunk edge parse as a whole string does', async () => {
    const parser = await parserFor('typescript');
    for (let pad = 240; pad < 262; pad++) expectSameTree(parser, `const s = '${'a'.repeat(pad)}😀😀';\nf(s);\n`);
  });
});
