// Java: index extraction (Spring framework facts included) and resolution by package.
import type { LanguageEntry } from '../registry.js';
import { javaAdapter, javaPackageName } from './extract.js';
import { javaBinder } from './resolve.js';

export const java: LanguageEntry = {
  folder: 'java',
  index: [{ language: 'java', extensions: ['.java'], adapter: javaAdapter, resolver: javaBinder, moduleOf: (_path, source) => javaPackageName(source) }],
};
