// The binding policy of each review language profile, by the profile registry's
// language. Loaded on first use, so a review pays only for the languages it meets.
import { profileFor, type ReviewLanguage } from '../../parsers/review/profiles.js';
import type { LanguageBinder } from '../../contracts/review-binding.js';

const LOADERS: Record<ReviewLanguage, () => Promise<LanguageBinder>> = {
  typescript: async () => (await import('../../parsers/typescript/binding.js')).typescriptBinder,
  rust: async () => (await import('../../parsers/rust/binding.js')).rustBinder,
  python: async () => (await import('../../parsers/python/binding.js')).pythonBinder,
  go: async () => (await import('../../parsers/go/binding.js')).goBinder,
  bend: async () => (await import('../../parsers/bend/binding.js')).bendBinder,
};

const loaded = new Map<ReviewLanguage, Promise<LanguageBinder>>();

/** The binder of the profile a path belongs to, if any. */
export function binderFor(path: string): Promise<LanguageBinder> | null {
  const profile = profileFor(path);
  if (!profile) return null;
  let binder = loaded.get(profile.language);
  if (!binder) loaded.set(profile.language, (binder = LOADERS[profile.language]()));
  return binder;
}
