// Which binder speaks for which language. A new language adds a `<language>.ts`
// exporting a LanguageBinder (see types.ts) and one line here; languages without a
// binder get only the engine's language-neutral tiers.
import type { Language } from '../../contracts/facts.js';
import { cBinder, cppBinder } from '../../parsers/c/resolve.js';
import { goBinder } from '../../parsers/go/resolve.js';
import { javaBinder } from '../../parsers/java/resolve.js';
import { pythonBinder } from '../../parsers/python/resolve.js';
import { rustBinder } from '../../parsers/rust/resolve.js';
import type { LanguageBinder } from '../../contracts/resolve.js';
import { typescriptBinder } from '../../parsers/typescript/resolve.js';

const BINDERS: Partial<Record<Language, LanguageBinder>> = {
  rust: rustBinder,
  typescript: typescriptBinder,
  tsx: typescriptBinder,
  javascript: typescriptBinder,
  go: goBinder,
  python: pythonBinder,
  java: javaBinder,
  c: cBinder,
  cpp: cppBinder,
};

export const binderFor = (language: Language | null): LanguageBinder | undefined =>
  language === null ? undefined : BINDERS[language];

export { resolveCallSite } from './engine.js';
export type { Binding, LanguageBinder, Resolution, ResolveContext, SiteInput } from '../../contracts/resolve.js';
