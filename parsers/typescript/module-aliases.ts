// Which alias of a tsconfig `paths` map or a package.json `exports` map a module
// specifier takes, the way TypeScript and Node pick one: a pattern without `*` must equal
// the specifier and wins outright; otherwise, of the `*` patterns the specifier fits, the
// one with the longest text before its `*`.
import type { ModuleAlias } from '../../contracts/facts.js';

/** What `*` of `pattern` matched in `specifier`: '' for an exact pattern, null when it does not fit. */
export function patternMatch(pattern: string, specifier: string): string | null {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === specifier ? '' : null;
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1);
  if (specifier.length < prefix.length + suffix.length) return null;
  if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix)) return null;
  return specifier.slice(prefix.length, specifier.length - suffix.length);
}

/** The paths an aliased specifier maps to, in the order they are tried; undefined when no alias applies. */
export function aliasTargets(aliases: readonly ModuleAlias[], specifier: string): string[] | undefined {
  let best: { alias: ModuleAlias; matched: string; prefix: number } | undefined;
  for (const alias of aliases) {
    const matched = patternMatch(alias.pattern, specifier);
    if (matched === null) continue;
    const star = alias.pattern.indexOf('*');
    if (star < 0) return alias.targets;
    if (!best || star > best.prefix) best = { alias, matched, prefix: star };
  }
  return best?.alias.targets.map((t) => t.replace('*', best.matched));
}
