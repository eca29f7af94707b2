// Go: index extraction and resolution by package, and the review profile of .go files
// (build constraints, active-package membership).
import { LARGE_SOURCE_CEILING } from '../review/ceilings.js';
import type { LanguageEntry } from '../registry.js';
import { goModuleConfig } from './module-config.js';
import { goAdapter, goPackageName } from './extract.js';
import { goBinder } from './resolve.js';
import { OMISSION_CODES } from './omission-codes.js';
import { goTargetSetting } from './target-setting.js';

export const go: LanguageEntry = {
  folder: 'go',
  index: [{ language: 'go', extensions: ['.go'], adapter: goAdapter, resolver: goBinder, moduleOf: (_path, source) => goPackageName(source) }],
  moduleConfig: goModuleConfig,
  review: {
    language: 'go',
    grammarFor: (path) => (path.endsWith('.go') ? 'go' : null),
    // Production files only: `_test.go` and dot- or underscore-prefixed files are not package members.
    rootPath: (path) => path.endsWith('.go') && !path.endsWith('_test.go') && !/(^|\/)[._][^/]*$/.test(path),
    open: async (source) => (await import('./review.js')).openGoReviewFile(source),
    sourceCeiling: LARGE_SOURCE_CEILING,
    metadataFiles: ['go.mod'],
    samples: { 'warm.go': 'package warm\n\ntype Warm string\n' },
    preload: () => void import('./review.js').then((m) => m.preloadGo()).catch(() => undefined),
  },
  reviewOmissions: OMISSION_CODES,
  reviewBinder: async () => (await import('./binding.js')).goBinder,
  reviewSetting: goTargetSetting,
};
