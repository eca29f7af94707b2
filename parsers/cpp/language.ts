// C++: index extraction over the C-family rules of parsers/c/, and resolution.
import { cppBinder } from '../c/resolve.js';
import type { LanguageEntry } from '../registry.js';
import { blankCppAnnotationMacros } from './annotations.js';
import { cppAdapter } from './extract.js';

export const cpp: LanguageEntry = {
  folder: 'cpp',
  index: [
    {
      language: 'cpp',
      extensions: ['.cc', '.cpp', '.cxx', '.c++', '.hh', '.hpp', '.hxx', '.h++', '.ipp', '.tpp'],
      adapter: cppAdapter,
      resolver: cppBinder,
      prepareSource: blankCppAnnotationMacros,
    },
  ],
};
