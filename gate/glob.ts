// Glob matching for selection settings and protected names, with picomatch's
// meaning (dot files included). Simple globs (literal characters, `*`, `?` and
// whole-segment `**`) compile here to one regular expression; anything richer
// (braces, classes, extglobs, negation, escapes) goes to picomatch, which then loads.
// The review hook checks paths against a handful of simple globs on every run, and
// loading and compiling picomatch cost it more than the matching itself.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export type PathMatcher = (path: string) => boolean;

const RICH = /[[\]{}()!+@\\]|^\.\/|\/$|\/\/|^$/;

/** The regular-expression source of a simple glob, or null when the glob needs picomatch. */
export function simpleGlobSource(glob: string): string | null {
  if (RICH.test(glob)) return null;
  const segments = glob.split('/');
  const parts: string[] = [];
  for (const [i, segment] of segments.entries()) {
    const first = i === 0;
    const last = i === segments.length - 1;
    if (segment === '**') {
      // picomatch's readings of `**/**` and of `*/**` (no bare directory) are its own.
      if (i > 0 && (segments[i - 1] === '**' || (last && /[*?]/.test(segments[i - 1])))) return null;
      // Zero or more whole segments; a trailing one also matches the directory itself.
      parts.push(first && last ? '.*' : first ? '(?:[^/]+/)*' : last ? '(?:/.*)?' : '(?:/[^/]+)*');
      continue;
    }
    if (segment.includes('**')) return null;
    const body = segment.replace(/[.*?^$|]/g, (c) => (c === '*' ? '[^/]*' : c === '?' ? '[^/]' : `\\${c}`));
    const afterLeadingGlobstar = i === 1 && segments[0] === '**';
    parts.push(first || afterLeadingGlobstar ? body : `/${body}`);
  }
  return parts.join('');
}

/** One matcher for a list of globs: true when any matches. */
export function globMatcher(globs: string[], options: { nocase?: boolean } = {}): PathMatcher {
  if (globs.length === 0) return () => false;
  const sources = globs.map(simpleGlobSource);
  if (sources.some((s) => s === null)) {
    const picomatch = require('picomatch') as typeof import('picomatch');
    return picomatch(globs, { dot: true, nocase: options.nocase ?? false });
  }
  const pattern = new RegExp(`^(?:${sources.join('|')})$`, options.nocase ? 'i' : '');
  return (path) => pattern.test(path);
}
