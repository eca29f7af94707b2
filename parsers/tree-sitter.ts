// Loads web-tree-sitter once per thread and each grammar lazily, on first use.
// Grammar packages are resolved to their .wasm file by path: their `main` entries
// point at native bindings that are never built here.
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { Language, Parser, Query, type Tree } from 'web-tree-sitter';

import type { Language as SourceLanguage } from '../contracts/facts.js';

/** One grammar per source language (TSX has its own). */
export type GrammarName = SourceLanguage;

const require = createRequire(import.meta.url);

/** A grammar's .wasm, and whether V8 compiles it with its baseline compiler alone (loadLanguage). */
interface Grammar {
  wasm: string;
  baselineOnly?: true;
}

const GRAMMARS: Record<GrammarName, Grammar> = {
  rust: { wasm: 'tree-sitter-rust/tree-sitter-rust.wasm' },
  typescript: { wasm: 'tree-sitter-typescript/tree-sitter-typescript.wasm' },
  tsx: { wasm: 'tree-sitter-typescript/tree-sitter-tsx.wasm' },
  javascript: { wasm: 'tree-sitter-javascript/tree-sitter-javascript.wasm' },
  go: { wasm: 'tree-sitter-go/tree-sitter-go.wasm' },
  python: { wasm: 'tree-sitter-python/tree-sitter-python.wasm' },
  java: { wasm: 'tree-sitter-java/tree-sitter-java.wasm' },
  c: { wasm: 'tree-sitter-c/tree-sitter-c.wasm' },
  cpp: { wasm: 'tree-sitter-cpp/tree-sitter-cpp.wasm' },
  // tree-sitter-wasms' Bash scanner calls `isalpha`, which this runtime does not export,
  // and its Lua stops parsing once any other grammar is loaded after it.
  bash: { wasm: 'tree-sitter-bash/tree-sitter-bash.wasm', baselineOnly: true },
  lua: { wasm: '@tree-sitter-grammars/tree-sitter-lua/tree-sitter-lua.wasm' },
  zig: { wasm: '@tree-sitter-grammars/tree-sitter-zig/tree-sitter-zig.wasm' },
  // The official package ships a .wasm that loads and parses Scala 3; tree-sitter-wasms' build is of 0.19.
  scala: { wasm: 'tree-sitter-scala/tree-sitter-scala.wasm', baselineOnly: true },
  // Grammars without a package of their own that ships a loadable .wasm.
  ruby: { wasm: 'tree-sitter-wasms/out/tree-sitter-ruby.wasm' },
  php: { wasm: 'tree-sitter-wasms/out/tree-sitter-php.wasm' },
  csharp: { wasm: 'tree-sitter-wasms/out/tree-sitter-c_sharp.wasm' },
  kotlin: { wasm: 'tree-sitter-wasms/out/tree-sitter-kotlin.wasm', baselineOnly: true },
  swift: { wasm: 'tree-sitter-wasms/out/tree-sitter-swift.wasm', baselineOnly: true },
  dart: { wasm: 'tree-sitter-wasms/out/tree-sitter-dart.wasm' },
};

let initialised: Promise<void> | undefined;
const languages = new Map<GrammarName, Promise<Language>>();
const parsers = new Map<GrammarName, Parser>();

export function wasmPath(name: GrammarName): string {
  return require.resolve(GRAMMARS[name].wasm);
}

export async function loadLanguage(name: GrammarName): Promise<Language> {
  initialised ??= Parser.init();
  await initialised;
  let language = languages.get(name);
  if (!language) {
    language = GRAMMARS[name].baselineOnly ? loadBaselineOnly(wasmPath(name)) : Language.load(wasmPath(name));
    languages.set(name, language);
  }
  return language;
}

/**
 * Optimising a large grammar's hot functions can cost more than it saves: 12-15 s of CPU
 * in every thread that parsed one Swift file (holding the process open until done), and
 * more CPU than it saved for Bash, Kotlin and Scala on every corpus tried
 * (bench/results/languages-36-baseline-compile.md: Swift's init 16.7 -> 3.7 s of CPU,
 * Bash 1.83x -> 0.67x Python per file). V8's flags are process-wide, so the flag is on
 * only while such a grammar loads.
 */
async function loadBaselineOnly(path: string): Promise<Language> {
  setFlagsFromString('--liftoff-only');
  try {
    return await Language.load(path);
  } finally {
    setFlagsFromString('--no-liftoff-only');
  }
}

/** One parser per grammar per thread, reused across files. */
export async function parserFor(name: GrammarName): Promise<Parser> {
  const existing = parsers.get(name);
  if (existing) return existing;
  const language = await loadLanguage(name);
  const parser = new Parser();
  parser.setLanguage(language);
  parsers.set(name, parser);
  return parser;
}

/**
 * Input is handed to the parser in chunks this long (UTF-16 units). Given a string,
 * web-tree-sitter copies up to 5,120 units from the requested offset each time the lexer
 * asks, and a grammar whose lexer steps back often asks every few characters: Scala's
 * asked once per 7 characters, and copying spent 65% of its parse time. 256 units cost
 * Java, TypeScript, Go, Python, Rust, Kotlin and Swift nothing (bench/results/parse-input-chunks.md).
 */
const INPUT_CHUNK = 256;

/** Parses `text` whole, feeding it to the parser in short chunks (see INPUT_CHUNK). */
export function parseText(parser: Parser, text: string): Tree | null {
  // A surrogate pair split between two chunks is joined by the lexer (test/parsers/parse-text.test.ts).
  return parser.parse((index) => text.slice(index, index + INPUT_CHUNK));
}

export async function compileQuery(name: GrammarName, source: string): Promise<Query> {
  return new Query(await loadLanguage(name), source);
}

export { Language, Parser, Query };
export type { Node, Tree, QueryCapture, QueryMatch } from 'web-tree-sitter';
