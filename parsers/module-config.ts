// Module configuration files: the workspace files that decide where a language's module
// specifiers lead (each language's reader is in its folder, listed in parsers/registry.ts).
// Pure functions: the caller reads the files, through the gate, and hands over their text.
import type { ModuleConfigFact } from '../contracts/facts.js';
import { LANGUAGES } from './registry.js';

/** What a language says about its module configuration files. */
export interface ModuleConfigReader {
  /** Is a file of this base name one of the language's module configuration files? */
  isConfig(base: string): boolean;
  /** May a file of this base name change one without being one (a base a tsconfig extends)? */
  mayAffect?(base: string): boolean;
  /**
   * The fact of one configuration file; `read` gives a workspace file's text and hash
   * (gated and bounded), undefined when it cannot be read. Undefined: it says nothing.
   */
  read(path: string, read: (path: string) => { text: string; hash: string } | undefined): ModuleConfigFact | undefined;
}

const READERS: readonly ModuleConfigReader[] = LANGUAGES.flatMap((entry) => (entry.moduleConfig ? [entry.moduleConfig] : []));

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The reader of a module configuration file, or undefined when the path is none. */
export function moduleConfigReader(path: string): ModuleConfigReader | undefined {
  const base = baseName(path);
  return READERS.find((reader) => reader.isConfig(base));
}

export function isModuleConfigPath(path: string): boolean {
  return moduleConfigReader(path) !== undefined;
}

/** A file that may be, or be extended by, a module configuration file. */
export function mayAffectModuleConfig(path: string): boolean {
  const base = baseName(path);
  return isModuleConfigPath(path) || READERS.some((reader) => reader.mayAffect?.(base) === true);
}
