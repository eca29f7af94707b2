// The binding policy of each review language profile, by the profile registry's language.
import { profileFor, type ReviewLanguage } from '../../parsers/review/profiles.js';
import type { LanguageBinder } from './types.js';
import { pythonBinder } from './python.js';
import { rustBinder } from './rust.js';
import { typescriptBinder } from './typescript.js';

const BINDERS: Record<ReviewLanguage, LanguageBinder | null> = {
  typescript: typescriptBinder,
  rust: rustBinder,
  python: pythonBinder,
};

/** The binder of the profile a path belongs to, if any. */
export function binderFor(path: string): LanguageBinder | null {
  const profile = profileFor(path);
  return profile ? BINDERS[profile.language] : null;
}
