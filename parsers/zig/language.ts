// Zig: index extraction and resolution (`test` declarations are tests).
import type { LanguageEntry } from '../registry.js';
import { zigAdapter } from './extract.js';
import { zigBinder } from './resolve.js';

export const zig: LanguageEntry = {
  folder: 'zig',
  index: [
    {
      language: 'zig',
      extensions: ['.zig'],
      adapter: zigAdapter,
      resolver: zigBinder,
    },
  ],
};
