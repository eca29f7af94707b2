// Bend: review only (no index extraction): its type declarations through the Ohm
// grammar grammars/bend/type.ohm.
import { SOURCE_CEILING } from '../review/ceilings.js';
import type { LanguageEntry } from '../registry.js';

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
  reviewBinder: async () => (await import('./binding.js')).bendBinder,
};
