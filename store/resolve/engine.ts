// The shared resolution engine: every call site becomes exactly one edge or one
// unresolved record. Order: macro and indirect calls are settled first; then the
// language binder (exact, receiver_type, namespace, package); then the
// language-neutral tiers below. Never a silent drop.
//
// Language-neutral rules (written down because a confidence is a promise):
// - plain call `f()`: a non-member function named `f` in the same file → same_file 60;
//   else the only non-member function named `f` in the workspace → name_only 30;
//   several at one tier → ambiguous_target; none → missing_target.
// - `new C()`: as a plain call, over classes, structs, records and functions.
// - member call on a receiver of unknown type (`x.foo()`) or a qualifier the binder could
//   not place (`Foo::bar()`): never bound to a free function. If the name is a standard
//   method of the language (`push`, `map`, `unwrap`, ...) → builtin (the target is
//   most likely the language's own). Otherwise the only member named `foo` in the
//   workspace (with owner type equal to the qualifier when there is one) → name_only 30;
//   several → ambiguous_target; none → missing_target.
// - a `self`/`this` call the binder could not place → missing_target.
import type { SymbolRecord } from '../../contracts/graph.js';
import type { Binding, LanguageBinder, Resolution, ResolveContext, SiteInput } from '../../contracts/resolve.js';
import { isFreeFunction, isMember, isMemberCallable, lastSegment } from '../../parsers/resolution.js';

export { isFreeFunction, isMember, isMemberCallable, lastSegment, stripGenerics } from '../../parsers/resolution.js';

/** Ambiguous records list at most this many candidate ids (in id order); candidate_count is exact. */
export const MAX_CANDIDATES = 16;

const NEW_KINDS = new Set(['class', 'struct', 'record', 'function', 'constructor']);


export function settle(binding: Binding): Resolution {
  if (binding.kind === 'unresolved') {
    return binding.note === undefined ? { kind: 'unresolved', reason: binding.reason } : { kind: 'unresolved', reason: binding.reason, note: binding.note };
  }
  const only = binding.candidates.length === 1 ? binding.candidates[0] : undefined;
  if (only) return { kind: 'edge', target: only.id, tier: binding.tier };
  const ids = [...new Set(binding.candidates.map((c) => c.id))].sort();
  if (ids.length === 1) return { kind: 'edge', target: ids[0], tier: binding.tier };
  if (ids.length === 0) return { kind: 'unresolved', reason: 'missing_target' };
  return { kind: 'unresolved', reason: 'ambiguous_target', candidate_count: ids.length, candidates: ids.slice(0, MAX_CANDIDATES) };
}

export function resolveCallSite(input: SiteInput, ctx: ResolveContext, binder: LanguageBinder | undefined): Resolution {
  const { site } = input;
  if (site.kind === 'macro') return { kind: 'unresolved', reason: binder?.builtinMacros?.has(site.calleeName) ? 'builtin' : 'macro_or_function' };
  if (site.indirect) return { kind: 'unresolved', reason: 'indirect_call' };

  const bound = binder?.bind(input, ctx);
  if (bound) return settle(bound);

  const name = site.calleeName;
  const selfCall = site.receiver !== undefined && (binder?.selfReceivers.has(site.receiver) ?? false);
  if (selfCall) return { kind: 'unresolved', reason: 'missing_target' };

  if (site.receiver !== undefined || site.qualifier !== undefined) {
    if (site.receiver !== undefined && binder?.builtinMethods.has(name)) return { kind: 'unresolved', reason: 'builtin' };
    const owner = site.qualifier === undefined ? undefined : lastSegment(site.qualifier);
    const members = ctx.byName(name).filter((s) => isMemberCallable(s) && (owner === undefined || s.owner_type === owner));
    return settle({ kind: 'candidates', tier: 'name_only', candidates: members });
  }

  const fits = site.kind === 'new' ? (s: SymbolRecord) => NEW_KINDS.has(s.kind) && !isMember(s) : isFreeFunction;
  const all = ctx.byName(name).filter(fits);
  const sameFile = all.filter((s) => s.file_path === site.path);
  if (sameFile.length > 0) return settle({ kind: 'candidates', tier: 'same_file', candidates: sameFile });
  return settle({ kind: 'candidates', tier: 'name_only', candidates: all });
}
