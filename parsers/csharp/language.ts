// C#: index extraction and resolution by namespace and `using` directives.
import type { LanguageEntry } from '../registry.js';
import { csharpAdapter, csharpNamespace } from './extract.js';
import { csharpBinder } from './resolve.js';

export const csharp: LanguageEntry = {
  folder: 'csharp',
  title: 'C#',
  index: [{ language: 'csharp', extensions: ['.cs'], adapter: csharpAdapter, resolver: csharpBinder, moduleOf: (_path, source) => csharpNamespace(source) }],
};
