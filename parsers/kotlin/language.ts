// Kotlin: index extraction and resolution by package and imports.
import type { LanguageEntry } from '../registry.js';
import { kotlinAdapter, kotlinPackageName } from './extract.js';
import { kotlinBinder } from './resolve.js';

export const kotlin: LanguageEntry = {
  folder: 'kotlin',
  title: 'Kotlin',
  index: [{ language: 'kotlin', extensions: ['.kt', '.kts'], adapter: kotlinAdapter, resolver: kotlinBinder, moduleOf: (_path, source) => kotlinPackageName(source) }],
};
