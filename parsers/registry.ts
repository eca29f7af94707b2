// The one list of languages. A language is two folders named after it: its data in
// grammars/<folder>/ (query files, Ohm grammars) and its code in parsers/<folder>/,
// whose language.ts says what it provides. The engines know languages only through
// this list: the index extraction (parsers/index.ts), the resolution driver
// (store/resolve/), the review profiles (parsers/review/profiles.ts) and the review
// binding (review/binding/). parsers/README.md says how to add a language.
import type { CallableShapes } from './review/callables.js';
import type { Language } from '../contracts/facts.js';
import type { OmissionCodes } from '../contracts/omission-codes.js';
import type { LanguageBinder as Resolver } from '../contracts/resolve.js';
import type { LanguageBinder as ReviewBinder } from '../contracts/review-binding.js';
import type { LanguageSetting, ReviewLanguage } from '../contracts/review-language.js';
import { bash } from './bash/language.js';
import { bend } from './bend/language.js';
import { c } from './c/language.js';
import { dart } from './dart/language.js';
import { cpp } from './cpp/language.js';
import { csharp } from './csharp/language.js';
import type { LanguageAdapter } from './engine.js';
import type { ModuleConfigReader } from './module-config.js';
import { go } from './go/language.js';
import { java } from './java/language.js';
import { kotlin } from './kotlin/language.js';
import { lua } from './lua/language.js';
import { php } from './php/language.js';
import { python } from './python/language.js';
import { ruby } from './ruby/language.js';
import type { ReviewProfile } from './review/profiles.js';
import { rust } from './rust/language.js';
import { scala } from './scala/language.js';
import { swift } from './swift/language.js';
import { typescript } from './typescript/language.js';
import { zig } from './zig/language.js';

/** One index language of a folder: the files it reads and how their facts are made and bound. */
export interface IndexLanguage {
  language: Language;
  /** Lower-case file extensions, dot included. */
  extensions: readonly string[];
  /** Exact file names it reads whatever their extension (`Rakefile`). */
  filenames?: readonly string[];
  /** Interpreter names of a `#!` line that make an extensionless file one of its (`bash`). */
  interpreters?: readonly string[];
  /** What the tags queries of grammars/<folder>/ cannot say (parsers/engine.ts runs both). */
  adapter: LanguageAdapter;
  /** The binding rules resolution asks before the language-neutral tiers. */
  resolver?: Resolver;
  /** The file's module or package name, when the language has one. */
  moduleOf?(path: string, source: string): string | undefined;
  /** The language the content decides (a `.h` file written in C++); this one otherwise. */
  languageOf?(path: string, source: string): Language;
  /** The text the parser sees, when the language blanks something first (annotation macros). */
  prepareSource?(source: string): string;
}

export interface LanguageEntry {
  /** The folder name: parsers/<folder>/ and grammars/<folder>/. */
  folder: string;
  /** The index languages this folder serves (TypeScript's serves TSX and JavaScript too). */
  index: readonly IndexLanguage[];
  /** Its module configuration files (tsconfig.json, go.mod), when specifiers depend on them. */
  moduleConfig?: ModuleConfigReader;
  /** The review profile, for a language review analyses. */
  review?: ReviewProfile;
  /** Its binding and omission policy, loaded when a review first meets the language. */
  reviewBinder?: () => Promise<ReviewBinder>;
  /** Its callable shapes, for the graph facts a review reports (parameters and argument counts). */
  reviewCallables?: () => Promise<CallableShapes>;
  /** The omission codes only its review gives, with what each means (parsers/<folder>/omission-codes.ts). */
  reviewOmissions?: OmissionCodes;
  /** Its name in prose, for messages (the folder name otherwise). */
  title?: string;
  /** Review rules may have `function` inputs for it (type inputs only otherwise). */
  functionRules?: boolean;
  /** Its own setting in the review configuration (Go's frozen build target). */
  reviewSetting?: LanguageSetting;
}

/** Review profiles are tried in this order; the index languages are keyed by name. */
export const LANGUAGES: readonly LanguageEntry[] = [typescript, rust, python, go, bend, java, c, cpp, swift, scala, ruby, php, bash, lua, zig, csharp, kotlin, dart];

/** Every index language by its name. */
export const INDEX_LANGUAGES: ReadonlyMap<Language, IndexLanguage> = new Map(LANGUAGES.flatMap((entry) => entry.index.map((l) => [l.language, l] as const)));

/** The index language of each file extension. */
export const EXTENSION_LANGUAGE: Readonly<Record<string, Language>> = Object.fromEntries(
  LANGUAGES.flatMap((entry) => entry.index.flatMap((l) => l.extensions.map((extension) => [extension, l.language] as const))),
);

/** The index language of each exact file name. */
export const FILENAME_LANGUAGE: ReadonlyMap<string, Language> = new Map(
  LANGUAGES.flatMap((entry) => entry.index.flatMap((l) => (l.filenames ?? []).map((name) => [name, l.language] as const))),
);

/** The index language of each `#!` interpreter name, for files without an extension. */
export const INTERPRETER_LANGUAGE: ReadonlyMap<string, Language> = new Map(
  LANGUAGES.flatMap((entry) => entry.index.flatMap((l) => (l.interpreters ?? []).map((name) => [name, l.language] as const))),
);

/** What review's configuration and rules know of each language it analyses, in profile order. */
export const REVIEW_LANGUAGES: readonly ReviewLanguage[] = LANGUAGES.flatMap((entry) =>
  entry.review ? [{ name: entry.review.language, title: entry.title ?? entry.folder, functionRules: entry.functionRules === true, setting: entry.reviewSetting ?? null }] : [],
);
