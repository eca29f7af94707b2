// TypeScript, TSX and JavaScript: one folder, three index languages over two grammars
// (grammars/typescript/: the JavaScript tags with a TypeScript overlay), and the review profile of .ts/.tsx files.
import { SOURCE_CEILING } from '../review/ceilings.js';
import type { LanguageEntry } from '../registry.js';
import { typescriptModuleConfig } from './module-config.js';
import { typescriptBinder } from './resolve.js';
import { javascriptAdapter, tsxAdapter, typescriptAdapter } from './extract.js';
import { OMISSION_CODES } from './omission-codes.js';

export const typescript: LanguageEntry = {
  folder: 'typescript',
  title: 'TypeScript',
  // The direct-event/function/v1 branch of the rules is defined for TypeScript only.
  functionRules: true,
  index: [
    { language: 'typescript', extensions: ['.ts', '.mts', '.cts'], adapter: typescriptAdapter, resolver: typescriptBinder },
    { language: 'tsx', extensions: ['.tsx'], adapter: tsxAdapter, resolver: typescriptBinder },
    { language: 'javascript', extensions: ['.js', '.jsx', '.mjs', '.cjs'], adapter: javascriptAdapter, resolver: typescriptBinder },
  ],
  moduleConfig: typescriptModuleConfig,
  review: {
    language: 'typescript',
    grammarFor: (path) => (path.endsWith('.tsx') ? 'tsx' : /\.(ts|mts|cts)$/.test(path) ? 'typescript' : null),
    rootPath: (path) => /\.(ts|tsx|mts|cts)$/.test(path) && !/\.d\.(m|c)?ts$/.test(path),
    open: async (source, grammar) => (await import('./review.js')).openReviewFile(source, grammar as 'typescript' | 'tsx'),
    sourceCeiling: SOURCE_CEILING,
    samples: { 'warm.ts': 'export type Warm = string;\n', 'warm.tsx': 'export type Warm = string;\n' },
    preload: (grammar) => void import('./review.js').then((m) => m.preloadGrammar(grammar as 'typescript' | 'tsx')).catch(() => undefined),
  },
  reviewOmissions: OMISSION_CODES,
  reviewBinder: async () => (await import('./binding.js')).typescriptBinder,
  reviewCallables: async () => {
    const { argumentCounts, bareCalls, parameterShape } = await import('./callables.js');
    return { argumentCounts, bareCalls, parameterShape } as import('../review/callables.js').CallableShapes;
  },
};
