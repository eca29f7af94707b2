// Scala: index extraction and resolution by package and import.
import type { LanguageEntry } from '../registry.js';
import { scalaAdapter, scalaPackageName } from './extract.js';
import { scalaBinder } from './resolve.js';

export const scala: LanguageEntry = {
  folder: 'scala',
  index: [{ language: 'scala', extensions: ['.scala', '.sc'], adapter: scalaAdapter, resolver: scalaBinder, moduleOf: (_path, source) => scalaPackageName(source) }],
};
