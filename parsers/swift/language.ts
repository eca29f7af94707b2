// Swift: index extraction and resolution by module (the Swift package target of a file).
import type { LanguageEntry } from '../registry.js';
import { swiftAdapter, swiftModuleName } from './extract.js';
import { swiftBinder } from './resolve.js';

export const swift: LanguageEntry = {
  folder: 'swift',
  index: [{ language: 'swift', extensions: ['.swift'], adapter: swiftAdapter, resolver: swiftBinder, moduleOf: (path) => swiftModuleName(path) }],
};
