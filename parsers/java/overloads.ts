// Java overload choice, as javac makes it (JLS 15.12.2), over what cairn knows of the
// argument types. Pure functions over symbol records; the binder supplies what the
// workspace says of a class's supertypes.
//
// javac tries three phases and stops at the first that finds an applicable method:
// strict (no boxing, no variable arity), loose (boxing), variable arity. Among the
// applicable ones it takes the most specific (each parameter type a subtype of the
// other's). The adapter gives each argument a static type where the source says it
// plainly (a literal, `new T()`, a cast, a declared local, field or parameter) and `?`
// elsewhere. An unknown argument is taken to fit, as before argument types were read;
// a known one rules an overload out only when the conversion is certainly impossible
// (`"m"` can never be a `boolean`, a `String` never a `Class[]`). A most specific
// overload is chosen only when every argument is known to fit it; else the choice is
// left ambiguous, never guessed.
import type { SymbolRecord } from '../../contracts/graph.js';

export type Fit = 'yes' | 'maybe' | 'no';

/** What the workspace says of a class name: its supertypes' simple names, and whether all of them are known. */
export interface Ancestry {
  names: ReadonlySet<string>;
  /** Every supertype is a workspace class (or Object): a name outside `names` is certainly no supertype. */
  closed: boolean;
}

/** The ancestry of a workspace class named `type`, or undefined when the workspace has no such class. */
export type AncestryOf = (type: string) => Ancestry | undefined;

const WIDENING: Record<string, readonly string[]> = {
  byte: ['short', 'int', 'long', 'float', 'double'],
  short: ['int', 'long', 'float', 'double'],
  char: ['int', 'long', 'float', 'double'],
  int: ['long', 'float', 'double'],
  long: ['float', 'double'],
  float: ['double'],
  double: [],
  boolean: [],
};
const BOX: Record<string, string> = { boolean: 'Boolean', byte: 'Byte', short: 'Short', char: 'Character', int: 'Integer', long: 'Long', float: 'Float', double: 'Double' };
const UNBOX: Record<string, string> = Object.fromEntries(Object.entries(BOX).map(([p, b]) => [b, p]));

/** Supertypes of final JDK classes: no other class can extend them, so the list is the whole truth. */
const NUMBER = ['Number', 'Comparable', 'Serializable', 'Constable', 'ConstantDesc'];
const FINAL_SUPERTYPES: Record<string, readonly string[]> = {
  String: ['CharSequence', 'Comparable', 'Serializable', 'Constable', 'ConstantDesc'],
  Boolean: ['Comparable', 'Serializable', 'Constable'],
  Character: ['Comparable', 'Serializable', 'Constable'],
  Byte: ['Number', 'Comparable', 'Serializable', 'Constable'],
  Short: ['Number', 'Comparable', 'Serializable', 'Constable'],
  Integer: NUMBER,
  Long: NUMBER,
  Float: NUMBER,
  Double: NUMBER,
  Class: ['Serializable', 'GenericDeclaration', 'Type', 'AnnotatedElement', 'TypeDescriptor', 'OfField', 'Constable'],
};

/** The argument type of a lambda or method reference: fits a functional interface, nothing else. */
export const FUNCTION_ARGUMENT = 'λ';
/** The argument type of `null`. */
export const NULL_ARGUMENT = 'null';
export const UNKNOWN_ARGUMENT = '?';

const isPrimitive = (t: string) => t in WIDENING;
const isArray = (t: string) => t.endsWith('[]');
const component = (t: string) => t.slice(0, -2);

/**
 * Whether a value of static type `a` converts to a parameter of type `p` in a method
 * invocation context (`loose` allows boxing). `typeVars` are the type variables of the
 * method's scope: any reference (and, boxed, any primitive) may fit one.
 */
export function converts(a: string, p: string, loose: boolean, typeVars: ReadonlySet<string>, ancestry: AncestryOf): Fit {
  if (a === UNKNOWN_ARGUMENT || p === UNKNOWN_ARGUMENT) return 'maybe';
  if (a === p) return 'yes';
  if (a === NULL_ARGUMENT) return isPrimitive(p) ? 'no' : 'yes';
  const typeVar = typeVars.has(p);
  if (isPrimitive(a)) {
    if (isPrimitive(p)) return WIDENING[a].includes(p) ? 'yes' : 'no';
    if (!loose) return 'no';
    if (typeVar) return 'maybe';
    const box = BOX[a];
    return p === box || p === 'Object' || FINAL_SUPERTYPES[box].includes(p) ? 'yes' : 'no';
  }
  if (isPrimitive(p)) {
    const unboxed = UNBOX[a];
    if (!loose || unboxed === undefined) return 'no';
    return unboxed === p || WIDENING[unboxed].includes(p) ? 'yes' : 'no';
  }
  if (a === FUNCTION_ARGUMENT) return p === 'Object' || isArray(p) || p in FINAL_SUPERTYPES ? 'no' : 'maybe';
  if (typeVar) return 'maybe';
  if (p === 'Object') return 'yes';
  if (isArray(a)) {
    if (isArray(p)) {
      const [ca, cp] = [component(a), component(p)];
      if (isPrimitive(ca) || isPrimitive(cp)) return ca === cp ? 'yes' : 'no';
      return converts(ca, cp, false, typeVars, ancestry);
    }
    return p === 'Cloneable' || p === 'Serializable' ? 'yes' : 'no';
  }
  if (isArray(p)) return 'no';
  const finals = FINAL_SUPERTYPES[a];
  if (finals) return finals.includes(p) ? 'yes' : 'no';
  if (a === 'Object') return 'no';
  const known = ancestry(a);
  if (known) {
    if (known.names.has(p)) return 'yes';
    return known.closed || p in FINAL_SUPERTYPES ? 'no' : 'maybe';
  }
  // A class outside the workspace: it can be no final JDK class it is not.
  return p in FINAL_SUPERTYPES ? 'no' : 'maybe';
}

const arity = (s: SymbolRecord) => Number(s.attributes?.arity ?? NaN);
const paramsOf = (s: SymbolRecord): readonly string[] | undefined => {
  const params = s.attributes?.params;
  return Array.isArray(params) ? params : undefined;
};
const typeVarsOf = (s: SymbolRecord): ReadonlySet<string> => new Set(Array.isArray(s.attributes?.typeVars) ? s.attributes.typeVars : []);

type Phase = 'strict' | 'loose' | 'varargs';

/** The parameter types a method takes `count` arguments with in `phase`; undefined when it cannot. */
function parametersFor(s: SymbolRecord, count: number, phase: Phase): readonly string[] | undefined {
  const n = arity(s);
  if (Number.isNaN(n)) return phase === 'varargs' ? undefined : new Array<string>(count).fill(UNKNOWN_ARGUMENT);
  const params = paramsOf(s) ?? new Array<string>(n).fill(UNKNOWN_ARGUMENT);
  if (phase !== 'varargs') return n === count ? params : undefined;
  if (s.attributes?.varargs !== 'true' || count < n - 1) return undefined;
  const fixed = params.slice(0, n - 1);
  const rest = params[n - 1] === UNKNOWN_ARGUMENT ? UNKNOWN_ARGUMENT : component(params[n - 1]);
  return [...fixed, ...new Array<string>(count - fixed.length).fill(rest)];
}

function applicable(s: SymbolRecord, args: readonly string[], phase: Phase, ancestry: AncestryOf): { fit: Fit; params: readonly string[] } | undefined {
  const params = parametersFor(s, args.length, phase);
  if (!params) return undefined;
  const typeVars = typeVarsOf(s);
  let fit: Fit = 'yes';
  for (let i = 0; i < args.length; i++) {
    const one = converts(args[i], params[i], phase !== 'strict', typeVars, ancestry);
    if (one === 'no') return undefined;
    if (one === 'maybe') fit = 'maybe';
  }
  return { fit, params };
}

/** `m` is more specific than `n` for these arguments: each of m's parameter types is certainly a subtype of n's. */
function moreSpecific(m: { s: SymbolRecord; params: readonly string[] }, n: { s: SymbolRecord; params: readonly string[] }, ancestry: AncestryOf): boolean {
  const typeVars = new Set([...typeVarsOf(m.s), ...typeVarsOf(n.s)]);
  return m.params.every((p, i) => converts(p, n.params[i], false, typeVars, ancestry) === 'yes');
}

/**
 * The overloads a call with these arguments may reach: the applicable ones of javac's
 * first phase that has one known to fit, narrowed to the most specific when every
 * argument is known to fit it, together with those of earlier phases that only may fit.
 * `args` are the argument types (`?` unknown); an empty list when none can take the
 * arguments. Methods that state no arity (older records) fit any count.
 */
export function chooseOverload(list: readonly SymbolRecord[], args: readonly string[], ancestry: AncestryOf): SymbolRecord[] {
  // Overloads of earlier phases that may fit (an unknown argument): if they do not, javac goes on.
  const carried = new Set<SymbolRecord>();
  for (const phase of ['strict', 'loose', 'varargs'] as const) {
    const fits = list.flatMap((s) => {
      const found = applicable(s, args, phase, ancestry);
      return found ? [{ s, ...found }] : [];
    });
    if (fits.length === 0) continue;
    if (!fits.some((f) => f.fit === 'yes')) {
      for (const f of fits) carried.add(f.s);
      continue;
    }
    if (carried.size > 0) return [...new Set([...carried, ...fits.map((f) => f.s)])];
    if (fits.length === 1) return [fits[0].s];
    const best = fits.filter((m) => m.fit === 'yes' && fits.every((n) => n === m || (moreSpecific(m, n, ancestry) && !moreSpecific(n, m, ancestry))));
    return best.length === 1 ? [best[0].s] : fits.map((f) => f.s);
  }
  return [...carried];
}
