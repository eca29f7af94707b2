// What every language's resolver and the shared resolution engine agree a symbol is:
// members against free functions, and a qualifier's last segment. Pure functions over
// symbol records; no store here.
import type { SymbolRecord } from '../contracts/graph.js';
import type { ResolveContext } from '../contracts/resolve.js';

export const isMember = (s: SymbolRecord) => s.owner_type !== undefined || s.kind === 'method' || s.kind === 'constructor';
export const isFreeFunction = (s: SymbolRecord) => s.kind === 'function' && !isMember(s);
export const isMemberCallable = (s: SymbolRecord) => (s.kind === 'method' || s.kind === 'function' || s.kind === 'constructor') && isMember(s);

/** `b` of `a::b`, `a.b`, `a::b<T>`. */
export function lastSegment(qualifier: string): string {
  const plain = stripGenerics(qualifier);
  const parts = plain.split(/::|\./);
  return parts[parts.length - 1];
}

export function stripGenerics(text: string): string {
  let out = '';
  let depth = 0;
  for (const ch of text) {
    if (ch === '<') depth++;
    else if (ch === '>') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out.replace(/::$/, '').trim();
}

/**
 * The type names around a caller, innermost first: its enclosing symbols of `typeKinds`,
 * and the owner type of a member declared outside its type (an extension's method).
 */
export function enclosingTypeNames(caller: SymbolRecord, symbol: (id: string) => SymbolRecord | undefined, typeKinds: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let s: SymbolRecord | undefined = caller; s; s = s.parent_id === null ? undefined : symbol(s.parent_id)) {
    if (typeKinds.has(s.kind)) out.push(s.name);
    else if (s.owner_type !== undefined && !out.includes(s.owner_type)) out.push(s.owner_type);
  }
  return out;
}

/**
 * `T.a().b()`: the type a chain of calls ends in, from `base` (written in `path`) through
 * each step's declared result (`attributes.returns`) among the members `membersOf` finds.
 * A result type is written in the file that declares it, so the next step looks it up
 * from there. `external` when `membersOf` says a step's type lies outside the workspace;
 * undefined when a step does not end in one type.
 */
export function chainResult(
  base: string,
  steps: readonly string[],
  path: string,
  membersOf: (type: string, name: string, from: string) => SymbolRecord[] | 'external',
): { type: string; from: string } | 'external' | undefined {
  let type = base;
  let from = path;
  for (const step of steps) {
    const members = membersOf(type, step, from);
    if (members === 'external') return 'external';
    const declaring = members.filter((m) => typeof m.attributes?.returns === 'string');
    const results = new Set(declaring.map((m) => m.attributes!.returns as string));
    if (results.size !== 1) return undefined;
    type = [...results][0];
    from = declaring[declaring.length - 1].file_path;
  }
  return { type, from };
}

/**
 * The members of `kinds` declared directly in `type`, by name: read once per type and
 * kind set (memoised on the context), not once per call site.
 */
export function membersByName(type: SymbolRecord, kinds: ReadonlySet<string>, ctx: ResolveContext): Map<string, SymbolRecord[]> {
  return ctx.memo(`members:${[...kinds].join(',')}:${type.id}`, () => {
    const byName = new Map<string, SymbolRecord[]>();
    for (const s of ctx.symbolsInFile(type.file_path)) {
      if (s.parent_id !== type.id || !kinds.has(s.kind)) continue;
      const list = byName.get(s.name);
      if (list) list.push(s);
      else byName.set(s.name, [s]);
    }
    return byName;
  });
}
