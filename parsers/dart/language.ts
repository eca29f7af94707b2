// Dart: index extraction and resolution through library imports and exports.
import type { LanguageEntry } from '../registry.js';
import { dartAdapter, dartLibraryPath } from './extract.js';
import { dartBinder } from './resolve.js';

export const dart: LanguageEntry = {
  folder: 'dart',
  index: [{ language: 'dart', extensions: ['.dart'], adapter: dartAdapter, resolver: dartBinder, moduleOf: (path) => dartLibraryPath(path) }],
};
