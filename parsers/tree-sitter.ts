// Loads web-tree-sitter once per thread and each grammar lazily, on first use.
// Grammar packages are resolved to their .wasm file by path: their `main` entries
// point at native bindings that are never built here.
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { Language, Parser, Query } from 'web-tree-sitter';

import type { Language as SourceLanguage } from '../contracts/facts.js';

/** One grammar per source language (TSX has its own). */
export type GrammarName = SourceLanguage;

const require = createRequire(import.meta.url);

const WASM: Record<GrammarName, string> = {
  rust: 'tree-sitter-rust/tree-sitter-rust.wasm',
  typescript: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-typescript/tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript/tree-sitter-javascript.wasm',
  go: 'tree-sitter-go/tree-sitter-go.wasm',
  python: 'tree-sitter-python/tree-sitter-python.wasm',
  java: 'tree-sitter-java/tree-sitter-java.wasm',
  c: 'tree-sitter-c/tree-sitter-c.wasm',
  cpp: 'tree-sitter-cpp/tree-sitter-cpp.wasm',
  // tree-sitter-wasms' Bash scanner calls `isalpha`, which this runtime does not export,
  // and its Lua stops parsing once any other grammar is loaded after it.
  bash: 'tree-sitter-bash/tree-sitter-bash.wasm',
  lua: '@tree-sitter-grammars/tree-sitter-lua/tree-sitter-lua.wasm',
  zig: '@tree-sitter-grammars/tree-sitter-zig/tree-sitter-zig.wasm',
  // The official package ships a .wasm that loads and parses Scala 3; tree-sitter-wasms' build is of 0.19.
  scala: 'tree-sitter-scala/tree-sitter-scala.wasm',
  // Grammars without a package of their own that ships a loadable .wasm.
  ruby: 'tree-sitter-wasms/out/tree-sitter-ruby.wasm',
  php: 'tree-sitter-wasms/out/tree-sitter-php.wasm',
  csharp: 'tree-sitter-wasms/out/tree-sitter-c_sharp.wasm',
  kotlin: 'tree-sitter-wasms/out/tree-sitter-kotlin.wasm',
  swift: 'tree-sitter-wasms/out/tree-sitter-swift.wasm',
  dart: 'tree-sitter-wasms/out/tree-sitter-dart.wasm',
};

/**
 * Grammars compiled by V8's baseline compiler alone. Swift's parser is so large that
 * optimising its hot functions cost 12-15 s of CPU in every thread that parsed one file
 * (and held the process open until it ended); baseline code parses it in well under a
 * second. V8's flags are process-wide, so the flag is on only while such a grammar loads.
 */
const BASELINE_ONLY: ReadonlySet<GrammarName> = new Set(['swift']);

let initialised: Promise<void> | undefined;
const languages = new Map<GrammarName, Promise<Language>>();
const parsers = new Map<GrammarName, Parser>();

export function wasmPath(name: GrammarName): string {
  return require.resolve(WASM[name]);
}

export async function loadLanguage(name: GrammarName): Promise<Language> {
  initialised ??= Parser.init();
  await initialised;
  let language = languages.get(name);
  if (!language) {
    language = BASELINE_ONLY.has(name) ? loadBaselineOnly(wasmPath(name)) : Language.load(wasmPath(name));
    languages.set(name, language);
  }
  return language;
}

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

export async function compileQuery(name: GrammarName, source: string): Promise<Query> {
  return new Query(await loadLanguage(name), source);
}

export { Language, Parser, Query };
export type { Node, Tree, QueryCapture, QueryMatch } from 'web-tree-sitter';
