// Native facts: what a worker returns for one file. Plain, serialisable data with
// no policy in it. Positions: lines are 1-based, columns 0-based (UTF-16 code units
// as tree-sitter's JS binding reports them), byte offsets are UTF-8 offsets.
import type { Relationship } from './tiers.js';

/**
 * An index language's name, as parsers/registry.ts lists it (a language folder may serve
 * more than one: TypeScript's serves tsx and javascript). The contracts name no language:
 * the registry is the one list.
 */
export type Language = string;

/** Why a file has no facts. `ok` files have facts; every other status is final until the bytes change. */
export const PARSE_STATUSES = ['ok', 'too_large', 'binary', 'not_utf8', 'parse_error', 'unreadable'] as const;
export type ParseStatus = (typeof PARSE_STATUSES)[number];

/** Every kind a symbol may have (what `search --kind` accepts). */
export const SYMBOL_KINDS = [
  'function',
  'method',
  'constructor',
  'class',
  'struct',
  'union',
  'enum',
  'trait',
  'interface',
  'type_alias',
  'typedef',
  'module',
  'namespace',
  'record',
  'impl',
  'macro',
  'constant',
  'variable',
  'test',
  'route',
  'endpoint',
  'config',
] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

export interface Span {
  startLine: number;
  endLine: number;
  startColumn: number;
  endColumn: number;
  startByte: number;
  endByte: number;
}

export interface SymbolFact extends Span {
  /** Index of this symbol in FileFacts.symbols. */
  local: number;
  name: string;
  /** Name within the file: `Type::method` (Rust, Go, C, C++) or `Class.method` (TS/JS, Python, Java). */
  qualifiedName: string;
  kind: SymbolKind;
  /** Index of the enclosing symbol, or null at file scope. Gives the `contains` edges. */
  parent: number | null;
  isTest: boolean;
  /** Set by an adapter to tell overloads apart (e.g. Java parameter types); otherwise the engine numbers duplicates. */
  disambiguator?: string;
  /** Owning type of a method (Rust impl target, Go receiver type, class name). */
  ownerType?: string;
  /** Name of the item-wrapping macro this symbol was recovered from (Rust `cfg_rt!`). */
  wrappingMacro?: string;
  exported?: boolean;
  /** C/C++ `static`: resolves within its file first. */
  fileLocal?: boolean;
  /** Declared result type name where the syntax gives it (Go `func NewT() *T` gives `T`). */
  returnType?: string;
  /** Base classes / implemented traits named in the declaration. */
  bases?: string[];
  /** Free-form adapter data that resolution may use (annotations, route paths). */
  attributes?: Record<string, string | string[]>;
}

export type CallKind = 'call' | 'new' | 'macro';

export interface CallSiteFact {
  /** Enclosing symbol (index into symbols), or null for file-scope code. */
  caller: number | null;
  /** The called name: last identifier of the callee expression. */
  calleeName: string;
  /** The callee as written, trimmed to one line (e.g. `self.render`, `fmt::Display::fmt`, `pkg.Func`). */
  specifier: string;
  kind: CallKind;
  /** Receiver expression text for member calls (`self`, `this`, `client`, `a.b`). */
  receiver?: string;
  /** Receiver type inferred from local declarations by the adapter. */
  receiverType?: string;
  /** Path qualifier for path calls: `Foo` in `Foo::bar`, `crate::a` in `crate::a::f`, `pkg` in `pkg.F`. */
  qualifier?: string;
  /** A call through a variable, parameter, callback or computed member: never bound by name. */
  indirect?: boolean;
  /** Number of arguments, where the language's overload rules need it (Java). */
  argumentCount?: number;
  /** Argument labels in order, `_` for an unlabelled one, where overloads are told apart by them (Swift). */
  argumentLabels?: string[];
  /**
   * Static types of the arguments in order, `?` where the adapter cannot tell, where
   * overloads are told apart by them (Java); absent when none is known.
   */
  argumentTypes?: string[];
  /**
   * A framework relationship this site stands for (`route_handler`, `injected_into`, ...);
   * absent for plain calls. Resolved by the language's binder like a call; see
   * parsers/java/spring-resolve.ts for what caller and callee mean per relationship.
   */
  relationship?: Relationship;
  line: number;
  column: number;
}

export interface ImportFact {
  /** Module specifier or path as written (`./foo`, `crate::a::b`, `fmt`, `java.util.List`). */
  source: string;
  /** The exported name imported: an identifier, `*` for namespace/glob, `default`. */
  imported: string;
  /** The local binding it introduces (equal to imported unless aliased; `*` for Rust globs). */
  local: string;
  /** `export ... from` / `pub use`: the binding is re-exported from this file. */
  reexport: boolean;
  typeOnly: boolean;
  line: number;
}

/**
 * A module alias: a specifier `pattern` (`@app/*`, `zod`, `zod/*`; at most one `*`) and the
 * workspace-relative paths it maps to, in the order they are tried (`*` replaced by what the
 * pattern's `*` matched).
 */
export interface ModuleAlias {
  pattern: string;
  targets: string[];
}

/**
 * A workspace file that decides where bare TypeScript/JavaScript module specifiers lead:
 * a `tsconfig.json`/`jsconfig.json` (its `extends` chain within the workspace folded in:
 * `compilerOptions.paths` as aliases, `baseUrl`), or a `package.json` (its `name` and its
 * `exports` as aliases of that name, for the package importing itself); or a Go `go.mod`
 * (its module path, the import path of its folder).
 */
export interface ModuleConfigFact {
  /** Workspace-relative path of the file. */
  path: string;
  kind: 'tsconfig' | 'package' | 'gomod';
  /** SHA-256 of the bytes read for it (the extended files' too), hex. */
  hash: string;
  aliases: ModuleAlias[];
  /** tsconfig: `compilerOptions.baseUrl` as a workspace-relative folder (`.` for the root). */
  baseUrl?: string;
  /** package.json: the package's name; go.mod: the module path. */
  name?: string;
}

/** A named reference that is not a call (type use, identifier use). Optional per language. */
export interface ReferenceFact {
  from: number | null;
  name: string;
  qualifier?: string;
  kind: 'type' | 'value';
  line: number;
  column: number;
}

export interface FileFacts {
  path: string;
  language: Language | null;
  size: number;
  mtimeMs: number;
  /** SHA-256 of the bytes, hex. Empty when the file could not be read. */
  hash: string;
  status: ParseStatus;
  reason?: string;
  /** Module/package identity stated by the file (Go package clause, Java package, Rust module path). */
  module?: string;
  symbols: SymbolFact[];
  callSites: CallSiteFact[];
  imports: ImportFact[];
  references: ReferenceFact[];
  /** Names of macros defined in this file (C `#define NAME(...)`, Rust `macro_rules!`). */
  macros?: string[];
  /** Extensions beyond the core vocabulary (framework facts), keyed by producer. */
  extra?: Record<string, unknown>;
}
