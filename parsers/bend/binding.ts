// Bend binding and omission policy for review: a datatype name binds to a unique
// datatype of the same file; `R.T` binds through a leading `import ./x.bend as R` to
// the datatype T of that file; with a leading `import Base`, the curated Base leaf
// names are known leaves (not edges), and a Base datatype of the pinned catalog
// (parsers/bend/base-catalog.ts: List) binds to its bundled declaration. Other Base
// composites (Maybe, Result, Array) stay explicit omissions, as does every name this
// profile cannot bind.
import { posix } from 'node:path';
import type { ReferenceTarget } from '../../contracts/review-binding.js';
import type { ReviewFacts, ReviewFile } from '../review/facts.js';
import { OMITTED, type BendReviewFacts } from './review.js';
import { BASE_PATH, baseDatatypes, baseNames, baseSource } from './base-catalog.js';
import type { BindingHost, LanguageBinder } from '../../contracts/review-binding.js';

/** The leaf assumptions a literal leading `import Base` admits. */
export const BASE_LEAVES = new Set(['Empty', 'Unit', 'Bool', 'Cmp', 'Nat', 'U32', 'F32', 'Char', 'String']);
/** Base composites the review spec names: those the catalog holds resolve, the others stay omissions. */
export const BASE_COMPOSITES = new Set(['List', 'Maybe', 'Result', 'Array']);

/** Names an import alias may not take with `import Base`: the leaves, the composites and every name the catalog says Base declares. */
const isBaseName = (name: string) => BASE_LEAVES.has(name) || BASE_COMPOSITES.has(name) || baseNames().has(name);

const omitted = (reason: string): ReferenceTarget => ({ kind: 'omitted', reason });

/** `import Base` in effect: a leading import in a project file; always inside the bundled library itself (library scope). */
function hasBase(path: string, facts: BendReviewFacts): boolean {
  return path === BASE_PATH || facts.bend.imports.some((i) => i.kind === 'base');
}

/** What a name means in a file of its own: a datatype, another binding, or nothing. */
function local(path: string, facts: BendReviewFacts, name: string): ReferenceTarget | null {
  const bindings = facts.bend.bindings.filter((b) => b.name === name);
  if (bindings.length === 0) return null;
  if (bindings.length > 1) return omitted('duplicate-name');
  const b = bindings[0];
  if (b.kind === 'def' || b.kind === 'law') return omitted('not-a-type');
  if (b.kind === 'unsupported-type') return omitted('unsupported-syntax');
  const index = facts.declarations.findIndex((d) => d.start === b.item.start && d.kind === 'datatype');
  return index >= 0 ? { kind: 'decl', key: `${path}#${index}`, path } : omitted('unsupported-syntax');
}

export const bendBinder: LanguageBinder = {
  language: 'bend',

  async resolveReference(host: BindingHost, path: string, file: ReviewFile, reference) {
    const facts = file.facts as BendReviewFacts;
    if (reference.path?.[0] === OMITTED) return omitted(reference.path[1]);
    if (reference.member !== undefined) {
      // With `import Base`, an alias named like a Base name is no binding: its references are never imported evidence.
      if (hasBase(path, facts) && isBaseName(reference.name)) return omitted('base-alias-conflict');
      const imports = facts.bend.imports.filter((i) => i.kind === 'relative' && i.alias === reference.name);
      if (imports.length !== 1) return omitted(imports.length === 0 ? 'unresolved-binding' : 'duplicate-alias');
      const target = imports[0];
      if (target.kind !== 'relative') return omitted('unresolved-binding');
      const resolved = posix.normalize(posix.join(posix.dirname(path), target.path));
      if (resolved.startsWith('../') || resolved === '..') return omitted('outside-workspace');
      return { kind: 'module', path: resolved, name: reference.member };
    }
    const bound = local(path, facts, reference.name);
    if (bound) return bound;
    if (hasBase(path, facts)) {
      if (BASE_LEAVES.has(reference.name)) return null;
      // A catalog datatype: its bundled declaration (library scope, so a project binding never stands in for it).
      if (baseDatatypes().has(reference.name)) return local(BASE_PATH, (await host.file(BASE_PATH)).facts as BendReviewFacts, reference.name) ?? omitted('base-composite');
      if (BASE_COMPOSITES.has(reference.name)) return omitted('base-composite');
    }
    return omitted('unresolved-binding');
  },

  async resolveExport(host, path, name) {
    const file = await host.file(path);
    const facts = file.facts as BendReviewFacts;
    if (facts.bend.rejected) return omitted(`file-${facts.bend.rejected.reason}`);
    return local(path, facts, name) ?? omitted('missing-export');
  },

  scopeUncertainty(facts: ReviewFacts) {
    const bend = (facts as BendReviewFacts).bend;
    if (bend.imports.some((i) => i.kind === 'unsupported')) return 'unsupported-import';
    const aliases = bend.imports.flatMap((i) => (i.kind === 'relative' ? [i.alias] : []));
    if (new Set(aliases).size !== aliases.length) return 'duplicate-alias';
    const taken = new Set([...bend.bindings.map((b) => b.name), ...bend.datatypes.flatMap((d) => d.constructors.map((c) => c.name))]);
    if (aliases.some((a) => taken.has(a))) return 'alias-conflict';
    const base = bend.imports.some((i) => i.kind === 'base');
    if (base && aliases.some(isBaseName)) return 'base-alias-conflict';
    return null;
  },

  bundledSource: (path) => (path === BASE_PATH ? baseSource() : null),

  display: (reference) => (reference.path?.[0] === OMITTED ? reference.name : reference.member ? `${reference.name}.${reference.member}` : reference.name),
};
