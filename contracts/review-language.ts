// What review's configuration and rules know of a language, given by parsers/registry.ts
// for every language review analyses: its name, its name in prose, whether rules may ask
// for its functions, and the analysis setting it reads from the configuration, if any.
// review/ names no language: it asks this list.

/** A configuration document a language's setting is validated against (review/jsonc.ts implements it). */
export interface SettingsDocument {
  /** Throws an error located at `path` in the document (or its nearest existing parent). */
  fail(path: Array<string | number>, detail: string): never;
  /** Fails on any key of `value` not in `allowed`. */
  onlyKeys(path: Array<string | number>, value: Record<string, unknown>, allowed: string[]): void;
  /** `value` as an array of distinct non-empty strings, or fails. */
  stringList(path: Array<string | number>, value: unknown): string[];
}

/** A language's own setting in the review configuration (`.cairn.jsonc` or the user file). */
export interface LanguageSetting {
  /** The configuration key it is read from; the review configuration keeps its value under the same name. */
  key: string;
  /** Its value when no file sets it. */
  initial: unknown;
  /** Validates one file's value, which replaces an earlier file's as a whole. */
  parse(doc: SettingsDocument, value: unknown): unknown;
  /** The value in one line of `cairn config show`. */
  show(value: unknown): string;
}

export interface ReviewLanguage {
  /** The name rules and the `languages` setting use. */
  name: string;
  /** The name in prose (messages). */
  title: string;
  /** Rules may have `function` inputs for it (the direct-event/function/v1 branch is defined for it). */
  functionRules: boolean;
  setting: LanguageSetting | null;
}
