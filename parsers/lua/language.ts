// Lua: index extraction and resolution (busted specs are tests).
import type { LanguageEntry } from '../registry.js';
import { luaAdapter } from './extract.js';
import { luaBinder } from './resolve.js';

export const lua: LanguageEntry = {
  folder: 'lua',
  index: [
    {
      language: 'lua',
      extensions: ['.lua'],
      interpreters: ['lua', 'luajit', 'lua5.1', 'lua5.2', 'lua5.3', 'lua5.4'],
      adapter: luaAdapter,
      resolver: luaBinder,
    },
  ],
};
