// Go's module configuration file, bytes to facts: a go.mod's `module` line is the import
// path of the folder it lies in. Pure functions: the caller reads the file.
import type { ModuleConfigFact } from '../../contracts/facts.js';
import type { ModuleConfigReader } from '../module-config.js';

/** A Go module's file: its `module` line is the import path of the folder it lies in. */
export const GO_MODULE_FILE_NAME = 'go.mod';

/** The module path of a go.mod: its `module` directive (quoted or not, comments around it). */
export function goModulePath(text: string): string | undefined {
  const match = /^\s*module\s+("?)([^\s"]+)\1\s*(?:\/\/.*)?$/m.exec(text);
  return match ? match[2] : undefined;
}

export function goModConfig(path: string, hash: string, text: string): ModuleConfigFact {
  const fact: ModuleConfigFact = { path, kind: 'gomod', hash, aliases: [] };
  const name = goModulePath(text);
  if (name) fact.name = name;
  return fact;
}

export const goModuleConfig: ModuleConfigReader = {
  isConfig: (base) => base === GO_MODULE_FILE_NAME,
  read(path, read) {
    const file = read(path);
    return file ? goModConfig(path, file.hash, file.text) : undefined;
  },
};
