// The binding policy of each review language profile (parsers/<lang>/binding.ts, declared
// in parsers/registry.ts). Loaded on first use, so a review pays only for the languages it meets.
import type { LanguageBinder } from '../../contracts/review-binding.js';
import { LANGUAGES } from '../../parsers/registry.js';
import { profileFor } from '../../parsers/review/profiles.js';

const loaded = new Map<string, Promise<LanguageBinder>>();

/** The binder of the profile a path belongs to, if any. */
export function binderFor(path: string): Promise<LanguageBinder> | null {
  const profile = profileFor(path);
  if (!profile) return null;
  let binder = loaded.get(profile.language);
  if (!binder) {
    const load = LANGUAGES.find((entry) => entry.review === profile)!.reviewBinder!;
    loaded.set(profile.language, (binder = load()));
  }
  return binder;
}
