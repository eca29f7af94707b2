// Rust: index extraction and resolution by module path, and the review profile of .rs files.
import { SOURCE_CEILING } from '../review/ceilings.js';
import type { LanguageEntry } from '../registry.js';
import { reviewQuery } from '../review/captures.js';
import { parserFor } from '../tree-sitter.js';
import { rustAdapter, rustModulePath } from './extract.js';
import { rustBinder } from './resolve.js';
import { OMISSION_CODES } from './omission-codes.js';

export const rust: LanguageEntry = {
  folder: 'rust',
  index: [{ language: 'rust', extensions: ['.rs'], adapter: rustAdapter, resolver: rustBinder, moduleOf: (path) => rustModulePath(path).module }],
  review: {
    language: 'rust',
    grammarFor: (path) => (path.endsWith('.rs') ? 'rust' : null),
    rootPath: (path) => path.endsWith('.rs'),
    open: async (source) => (await import('./review.js')).openRustFile(source),
    sourceCeiling: SOURCE_CEILING,
    samples: { 'warm.rs': 'pub struct Warm { a: String }\n' },
    preload: () => void Promise.all([parserFor('rust'), reviewQuery('rust', 'rust')]).catch(() => undefined),
  },
  reviewOmissions: OMISSION_CODES,
  reviewBinder: async () => (await import('./binding.js')).rustBinder,
};
