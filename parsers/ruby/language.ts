// Ruby: index extraction and resolution by constant paths, the enclosing class and requires.
import type { LanguageEntry } from '../registry.js';
import { rubyAdapter } from './extract.js';
import { rubyBinder } from './resolve.js';

export const ruby: LanguageEntry = {
  folder: 'ruby',
  index: [{ language: 'ruby', extensions: ['.rb', '.rake', '.gemspec'], filenames: ['Rakefile', 'Gemfile'], interpreters: ['ruby'], adapter: rubyAdapter, resolver: rubyBinder }],
};
