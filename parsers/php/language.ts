// PHP: index extraction and resolution by namespace, `use` imports and the enclosing class.
import type { LanguageEntry } from '../registry.js';
import { phpAdapter, phpNamespace } from './extract.js';
import { phpBinder } from './resolve.js';

export const php: LanguageEntry = {
  folder: 'php',
  index: [{ language: 'php', extensions: ['.php'], interpreters: ['php'], adapter: phpAdapter, resolver: phpBinder, moduleOf: (_path, source) => phpNamespace(source) }],
};
