// Swift written since the grammar build (tree-sitter-wasms' Swift), rewritten at the same
// offsets so it parses: a freestanding macro (`#expect(a == b)`, `try #require(x)`,
// `= #_sourceLocation`) loses its `#` and reads as a call or a name, typed throws
// (`throws(ParserError)`) lose their error type, and an attribute's empty argument list
// (`@Option() var name`) is blanked. Error recovery on these cost the parser
// 4x a clean parse of the whole of swift-argument-parser (bench/results/parse-input-chunks.md).
// The rewrite touches nothing the grammar parses (a `#` word it knows, a `throws` without
// parentheses), so the engine parses the rewritten source alone (`repairAlways`).

/** `#` words the grammar parses itself: conditional compilation, availability, literals, diagnostics. */
const GRAMMAR_DIRECTIVES = new Set([
  'if', 'elseif', 'else', 'endif', 'available', 'unavailable', 'selector', 'keyPath',
  'file', 'fileID', 'filePath', 'line', 'column', 'function', 'dsohandle',
  'colorLiteral', 'fileLiteral', 'imageLiteral', 'warning', 'error', 'sourceLocation', 'externalMacro',
]);

const POUND_WORD = /#([\p{L}_][\p{L}\p{N}_]*)/gu;
const TYPED_THROWS = /\b((?:re)?throws)(\s*\([^()\n]*\))/g;
const EMPTY_ATTRIBUTE_ARGUMENTS = /(@[\p{L}_][\p{L}\p{N}_.]*)(\(\s*\))/gu;

export function repairSwiftSource(source: string): string {
  return source
    .replace(POUND_WORD, (word: string, name: string) => (GRAMMAR_DIRECTIVES.has(name) ? word : ` ${name}`))
    .replace(TYPED_THROWS, (_m, keyword: string, errorType: string) => keyword + ' '.repeat(errorType.length))
    .replace(EMPTY_ATTRIBUTE_ARGUMENTS, (_m, attribute: string, parentheses: string) => attribute + parentheses.replace(/\S/g, ' '));
}
