// Entry point of native extraction: a pure function from (path, source) to facts.
// The engine (parsers/engine.ts) runs grammars/<lang>/*.scm; an adapter per language
// in parsers/languages/ holds the rest.
import type { FileFacts, Language } from '../contracts/facts.js';
import { Engine, type LanguageAdapter } from './engine.js';
import { blankAnnotationMacros, cAdapter, headerIsCpp } from './c/extract.js';
import { cppAdapter } from './cpp/extract.js';
import { goAdapter, goPackageName } from './go/extract.js';
import { javaAdapter, javaPackageName } from './java/extract.js';
import { pythonAdapter, pythonModulePath } from './python/extract.js';
import { rustAdapter, rustModulePath } from './rust/extract.js';
import { javascriptAdapter, tsxAdapter, typescriptAdapter } from './typescript/extract.js';

export type ExtractedFacts = Pick<FileFacts, 'module' | 'symbols' | 'callSites' | 'imports' | 'references' | 'macros' | 'extra'> & {
  /** Set when tree-sitter recovered from syntax errors; facts are still returned. */
  syntaxErrors?: number;
  /** Set when the content decides the language (a `.h` file written in C++). */
  language?: Language;
};

/** Extensions of the languages that have an adapter. */
export const EXTENSION_LANGUAGE: Readonly<Record<string, Language>> = {
  '.rs': 'rust',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript',
  '.jsx': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.go': 'go',
  '.py': 'python',
  '.pyi': 'python',
  '.java': 'java',
  '.c': 'c',
  '.h': 'c', // C++ when its content says so: see extractFacts
  '.cc': 'cpp',
  '.cpp': 'cpp',
  '.cxx': 'cpp',
  '.c++': 'cpp',
  '.hh': 'cpp',
  '.hpp': 'cpp',
  '.hxx': 'cpp',
  '.h++': 'cpp',
  '.ipp': 'cpp',
  '.tpp': 'cpp',
};

const ADAPTERS: Partial<Record<Language, LanguageAdapter>> = {
  rust: rustAdapter,
  typescript: typescriptAdapter,
  tsx: tsxAdapter,
  javascript: javascriptAdapter,
  go: goAdapter,
  python: pythonAdapter,
  java: javaAdapter,
  c: cAdapter,
  cpp: cppAdapter,
};

/** Language of a workspace-relative path by its extension; null when no adapter handles it. */
export function languageForPath(path: string): Language | null {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return null; // no extension, or a dot-file
  return EXTENSION_LANGUAGE[path.slice(dot).toLowerCase()] ?? null;
}

const engines = new Map<Language, Promise<Engine>>();

/** The engine of a language, created once per thread (grammar, parser, compiled queries). */
export function engineFor(language: Language): Promise<Engine> {
  let engine = engines.get(language);
  if (!engine) {
    const adapter = ADAPTERS[language];
    if (!adapter) return Promise.reject(new Error(`no extractor for language ${language}`));
    engine = Engine.for(adapter);
    engines.set(language, engine);
    engine.catch(() => engines.delete(language));
  }
  return engine;
}

/**
 * Loads the grammars and compiles the queries of these languages now. Query compilation
 * takes a few hundred milliseconds per grammar on this kind of machine; a worker can pay
 * it while the inventory is still being listed instead of on its first file.
 */
export async function warmUp(languages: Iterable<Language>): Promise<void> {
  const wanted = [...new Set(languages)].filter((language) => ADAPTERS[language] !== undefined);
  await Promise.all(wanted.map((language) => engineFor(language)));
}

export async function extractFacts(path: string, source: string, requested: Language): Promise<ExtractedFacts> {
  // A header is C unless its content is C++; one file has exactly one language.
  const language = requested === 'c' && /\.h$/i.test(path) && headerIsCpp(source) ? 'cpp' : requested;
  const engine = await engineFor(language);
  const result = engine.extract(path, language === 'c' || language === 'cpp' ? blankAnnotationMacros(source) : source);
  const facts: ExtractedFacts = {
    symbols: result.symbols,
    callSites: result.callSites,
    imports: result.imports,
    references: [],
  };
  if (language === 'rust') facts.module = rustModulePath(path).module;
  else if (language === 'go') facts.module = goPackageName(source);
  else if (language === 'python') facts.module = pythonModulePath(path);
  else if (language === 'java') facts.module = javaPackageName(source);
  if (language !== requested) facts.language = language;
  if (result.macros.length > 0) facts.macros = result.macros;
  if (result.syntaxErrors > 0) facts.syntaxErrors = result.syntaxErrors;
  return facts;
}

export { rustModulePath };
