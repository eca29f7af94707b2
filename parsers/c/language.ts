// C: index extraction and resolution. A `.h` header is C unless its content is C++.
import type { LanguageEntry } from '../registry.js';
import { blankAnnotationMacros, cAdapter, headerIsCpp } from './extract.js';
import { cBinder } from './resolve.js';

export const c: LanguageEntry = {
  folder: 'c',
  index: [
    {
      language: 'c',
      extensions: ['.c', '.h'],
      adapter: cAdapter,
      resolver: cBinder,
      // One file has exactly one language.
      languageOf: (path, source) => (/\.h$/i.test(path) && headerIsCpp(source) ? 'cpp' : 'c'),
      prepareSource: blankAnnotationMacros,
    },
  ],
};
