// Which resolver speaks for which language: each language's folder declares its own
// (parsers/registry.ts); languages without one get only the engine's language-neutral tiers.
import type { Language } from '../../contracts/facts.js';
import type { LanguageBinder } from '../../contracts/resolve.js';
import { INDEX_LANGUAGES } from '../../parsers/registry.js';

export const binderFor = (language: Language | null): LanguageBinder | undefined =>
  language === null ? undefined : INDEX_LANGUAGES.get(language)?.resolver;

export { resolveCallSite } from './engine.js';
export type { Binding, LanguageBinder, Resolution, ResolveContext, SiteInput } from '../../contracts/resolve.js';
