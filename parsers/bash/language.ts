// Bash: index extraction and resolution (Bats files included: `@test` blocks are tests).
import type { LanguageEntry } from '../registry.js';
import { bashAdapter, prepareBats } from './extract.js';
import { bashBinder } from './resolve.js';

export const bash: LanguageEntry = {
  folder: 'bash',
  index: [
    {
      language: 'bash',
      extensions: ['.sh', '.bash', '.bats'],
      // Extensionless scripts whose `#!` line names a POSIX shell, Bash or Bats.
      interpreters: ['sh', 'bash', 'dash', 'bats'],
      adapter: bashAdapter,
      resolver: bashBinder,
      prepareSource: prepareBats,
    },
  ],
};
