// Entry point of native extraction: a pure function from (path, source) to facts.
// The engine (parsers/engine.ts) runs grammars/<lang>/*.scm; each language's adapter
// (parsers/<lang>/, listed in parsers/registry.ts) holds the rest.
import type { FileFacts, Language } from '../contracts/facts.js';
import { Engine } from './engine.js';
import { EXTENSION_LANGUAGE, FILENAME_LANGUAGE, INDEX_LANGUAGES, INTERPRETER_LANGUAGE } from './registry.js';

export type ExtractedFacts = Pick<FileFacts, 'module' | 'symbols' | 'callSites' | 'imports' | 'references' | 'macros' | 'extra'> & {
  /** Set when tree-sitter recovered from syntax errors; facts are still returned. */
  syntaxErrors?: number;
  /** Set when the content decides the language (a `.h` file written in C++). */
  language?: Language;
};

/** Language of a workspace-relative path by its file name or extension; null when no adapter handles it. */
export function languageForPath(path: string): Language | null {
  const slash = path.lastIndexOf('/');
  const named = FILENAME_LANGUAGE.get(path.slice(slash + 1));
  if (named) return named;
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return null; // no extension, or a dot-file
  return EXTENSION_LANGUAGE[path.slice(dot).toLowerCase()] ?? null;
}

/** Bytes of a file's start that hold any `#!` line worth reading. */
export const SHEBANG_BYTES = 256;

/**
 * True when a path has no extension and some language is known by its `#!` line:
 * only such files are worth opening to read one.
 */
export function mayBeScript(path: string): boolean {
  if (INTERPRETER_LANGUAGE.size === 0) return false;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name !== '' && !name.includes('.') && !FILENAME_LANGUAGE.has(name);
}

/**
 * The interpreter a file's `#!` line names: its base name, or the command `env`
 * runs (`#!/usr/bin/env -S bash -e` names bash); null without a `#!` line.
 */
export function shebangInterpreter(start: string): string | null {
  if (!start.startsWith('#!')) return null;
  const end = start.indexOf('\n');
  const words = start.slice(2, end < 0 ? undefined : end).trim().split(/\s+/);
  let program = words.shift() ?? '';
  if (program.slice(program.lastIndexOf('/') + 1) === 'env') {
    // env's own options (-S, -i, -u NAME) and assignments come before the command.
    while (words.length > 0 && (words[0]!.startsWith('-') || words[0]!.includes('='))) {
      const option = words.shift()!;
      if (option === '-u' || option === '--unset') words.shift();
    }
    program = words.shift() ?? '';
  }
  const name = program.slice(program.lastIndexOf('/') + 1);
  return name === '' ? null : name;
}

/** Language of a file by the interpreter of its `#!` line; null when none is known. */
export function languageForShebang(start: string): Language | null {
  const interpreter = shebangInterpreter(start);
  return interpreter === null ? null : (INTERPRETER_LANGUAGE.get(interpreter) ?? null);
}

const engines = new Map<Language, Promise<Engine>>();

/** The engine of a language, created once per thread (grammar, parser, compiled queries). */
export function engineFor(language: Language): Promise<Engine> {
  let engine = engines.get(language);
  if (!engine) {
    const adapter = INDEX_LANGUAGES.get(language)?.adapter;
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
  const wanted = [...new Set(languages)].filter((language) => INDEX_LANGUAGES.has(language));
  await Promise.all(wanted.map((language) => engineFor(language)));
}

export async function extractFacts(path: string, source: string, requested: Language): Promise<ExtractedFacts> {
  const language = INDEX_LANGUAGES.get(requested)?.languageOf?.(path, source) ?? requested;
  const engine = await engineFor(language);
  const index = INDEX_LANGUAGES.get(language)!;
  const result = engine.extract(path, index.prepareSource ? index.prepareSource(source) : source);
  const facts: ExtractedFacts = {
    symbols: result.symbols,
    callSites: result.callSites,
    imports: result.imports,
    references: [],
  };
  if (index.moduleOf) facts.module = index.moduleOf(path, source);
  if (language !== requested) facts.language = language;
  if (result.macros.length > 0) facts.macros = result.macros;
  if (result.syntaxErrors > 0) facts.syntaxErrors = result.syntaxErrors;
  return facts;
}

export { EXTENSION_LANGUAGE };
