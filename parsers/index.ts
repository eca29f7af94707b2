// Entry point of native extraction: a pure function from (path, source) to facts.
// Implemented by the engine in parsers/engine.ts over grammars/<lang>/*.scm.
import type { FileFacts, Language } from '../contracts/facts.js';

export type ExtractedFacts = Pick<FileFacts, 'module' | 'symbols' | 'callSites' | 'imports' | 'references' | 'macros' | 'extra'> & {
  /** Set when tree-sitter recovered from syntax errors; facts are still returned. */
  syntaxErrors?: number;
};

/** Language of a workspace-relative path by its extension (and, for `.h`, nothing more: see languageForHeader). */
export function languageForPath(path: string): Language | null {
  void path;
  throw new Error('not implemented yet');
}

export async function extractFacts(path: string, source: string, language: Language): Promise<ExtractedFacts> {
  void path;
  void source;
  void language;
  throw new Error('not implemented yet');
}
