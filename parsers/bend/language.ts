// Bend: review only (no index extraction): its type declarations through the Ohm
// grammar grammars/bend/type.ohm.
import { SOURCE_CEILING } from '../review/ceilings.js';
import type { LanguageEntry } from '../registry.js';
import { OMISSION_CODES } from './omission-codes.js';

export const bend: LanguageEntry = {
  folder: 'bend',
  index: [],
  review: {
    language: 'bend',
    grammarFor: (path) => (path.endsWith('.bend') ? 'bend-type' : null),
    rootPath: (path) => path.endsWith('.bend'),
    open: async (source) => (await import('./review.js')).openBendReviewFile(source),
    sourceCeiling: SOURCE_CEILING,
    samples: { 'warm.bend': 'type Warm is Data:\n  Warm{}\n' },
    preload: () => void import('./review.js').catch(() => undefined),
  },
  reviewOmissions: OMISSION_CODES,
  reviewBinder: async () => (await import('./binding.js')).bendBinder,
};
