// Python: index extraction and resolution by module path, and the review profile of .py files.
import { LARGE_SOURCE_CEILING } from '../review/ceilings.js';
import type { LanguageEntry } from '../registry.js';
import { reviewQuery } from '../review/captures.js';
import { parserFor } from '../tree-sitter.js';
import { pythonAdapter, pythonModulePath } from './extract.js';
import { pythonBinder } from './resolve.js';
import { OMISSION_CODES } from './omission-codes.js';

export const python: LanguageEntry = {
  folder: 'python',
  index: [{ language: 'python', extensions: ['.py', '.pyi'], adapter: pythonAdapter, resolver: pythonBinder, moduleOf: (path) => pythonModulePath(path) }],
  review: {
    language: 'python',
    grammarFor: (path) => (path.endsWith('.py') || path.endsWith('.pyi') ? 'python' : null),
    rootPath: (path) => path.endsWith('.py'),
    open: async (source) => (await import('./review.js')).openPythonFile(source),
    sourceCeiling: LARGE_SOURCE_CEILING,
    metadataFiles: ['pyproject.toml', 'setup.cfg'],
    samples: { 'warm.py': 'class Warm:\n    a: str\n' },
    preload: () => void Promise.all([parserFor('python'), reviewQuery('python', 'python')]).catch(() => undefined),
  },
  reviewOmissions: OMISSION_CODES,
  reviewBinder: async () => (await import('./binding.js')).pythonBinder,
};
