// Evaluates the TypeScript adapter's type recipes (parsers/typescript/expression-types.ts)
// into the type declarations they name, following declared return types
// (`attributes.returns`) and declared callback parameter types (`attributes.callbacks`,
// entries `k:j:T`) across files. Every step must be certain: a callee or method that does
// not bind to one declaration group, or whose overloads disagree on the type, ends the
// recipe with no answer, and the caller falls back to what it would do without one.
import type { SymbolRecord } from '../../contracts/graph.js';

export type RecipeResult =
  | { kind: 'types'; types: SymbolRecord[] }
  | { kind: 'external'; source: string }
  | { kind: 'unknown' };

export type Looked = SymbolRecord[] | { external: string } | undefined;

/** The lookups a recipe needs, supplied by the binder (each goes through the ResolveContext). */
export interface RecipeLookups {
  /** The type declarations a type name written in `path` names. */
  types(path: string, name: string): Looked;
  /** Methods named `name` of a type or its bases. */
  methods(type: SymbolRecord, name: string): SymbolRecord[];
  /** What a callee written in `path` binds to (`f`, `a.b.f`, `this.f`; `new C` with kind 'new'), when it binds confidently. */
  callees(path: string, callee: string, kind: 'call' | 'new', caller: SymbolRecord): Looked;
}

/** Recipes evaluated inside one another (a constant typed by another constant's recipe) stop here. */
const MAX_NESTING = 6;
let nesting = 0;

const HEAD = /^(?:\{([^{}]+)\}|(new )?([^.(){}\s]+(?:\.[^.(){}\s]+)*)\((?:#(\d+)\.(\d+))?\))/;
const STEP = /^\.([^.(){}\s]+)\((?:#(\d+)\.(\d+))?\)/;

/** A recipe beyond a plain type name: a call chain or an instance type in braces. */
export const isCallRecipe = (recipe: string) => recipe.includes('(') || recipe.startsWith('{');

const unknown: RecipeResult = { kind: 'unknown' };

function asResult(looked: Looked): RecipeResult {
  if (looked === undefined) return unknown;
  if (!Array.isArray(looked)) return { kind: 'external', source: looked.external };
  return looked.length > 0 ? { kind: 'types', types: looked } : unknown;
}

/** The one string every function states for `read`; undefined when one is silent or two disagree. */
function agreed(functions: SymbolRecord[], read: (f: SymbolRecord) => string | undefined): string | undefined {
  let value: string | undefined;
  for (const f of functions) {
    const v = read(f);
    if (v === undefined || (value !== undefined && v !== value)) return undefined;
    value = v;
  }
  return value;
}

/** The declared type of what `functions` return (`this`: the receiver's own types). */
function returned(functions: SymbolRecord[], receiver: SymbolRecord[] | undefined, lookups: RecipeLookups): RecipeResult {
  const returns = agreed(functions, (f) => (typeof f.attributes?.returns === 'string' ? f.attributes.returns : undefined));
  if (returns === undefined) return unknown;
  if (returns === 'this') return receiver ? { kind: 'types', types: receiver } : unknown;
  return inFilesOf(functions, returns, lookups);
}

/** The declared type of parameter j of the callback `functions` take as argument k. */
function callbackParameter(functions: SymbolRecord[], k: string, j: string, lookups: RecipeLookups): RecipeResult {
  const prefix = `${k}:${j}:`;
  const type = agreed(functions, (f) => {
    const entries = f.attributes?.callbacks;
    return Array.isArray(entries) ? entries.find((e) => e.startsWith(prefix))?.slice(prefix.length) : undefined;
  });
  return type === undefined ? unknown : inFilesOf(functions, type, lookups);
}

/** A type name as written in the files that declare `functions`. */
function inFilesOf(functions: SymbolRecord[], type: string, lookups: RecipeLookups): RecipeResult {
  const types: SymbolRecord[] = [];
  for (const file of new Set(functions.map((f) => f.file_path))) {
    const found = asResult(lookups.types(file, type));
    if (found.kind !== 'types') return found;
    types.push(...found.types);
  }
  return { kind: 'types', types };
}

/**
 * Constants that name another value (`const stringType = ZodString.create`, attribute
 * `aliasOf`) stand for what that name binds to, followed a few steps; unknown when one
 * cannot be followed.
 */
function followAliases(bound: RecipeResult, caller: SymbolRecord, lookups: RecipeLookups): RecipeResult {
  let current = bound;
  for (let step = 0; step < 4 && current.kind === 'types'; step++) {
    const aliases = current.types.filter((s) => typeof s.attributes?.aliasOf === 'string');
    if (aliases.length === 0) return current;
    if (aliases.length !== current.types.length) return unknown;
    const next: SymbolRecord[] = [];
    for (const alias of aliases) {
      const looked = asResult(lookups.callees(alias.file_path, alias.attributes!.aliasOf as string, 'call', caller));
      if (looked.kind !== 'types') return looked;
      next.push(...looked.types);
    }
    current = { kind: 'types', types: next };
  }
  return current.kind === 'types' && current.types.some((s) => typeof s.attributes?.aliasOf === 'string') ? unknown : current;
}

/** The type declarations a recipe written in `path` names. */
export function recipeTypes(path: string, recipe: string, caller: SymbolRecord, lookups: RecipeLookups): RecipeResult {
  if (!isCallRecipe(recipe)) return asResult(lookups.types(path, recipe));
  if (nesting >= MAX_NESTING) return unknown;
  nesting++;
  try {
    return evaluate(path, recipe, caller, lookups);
  } finally {
    nesting--;
  }
}

function evaluate(path: string, recipe: string, caller: SymbolRecord, lookups: RecipeLookups): RecipeResult {
  const head = HEAD.exec(recipe);
  if (!head) return unknown;
  let current: RecipeResult;
  if (head[1] !== undefined) {
    current = asResult(lookups.types(path, head[1]));
  } else {
    const isNew = head[2] !== undefined;
    const bound = followAliases(asResult(lookups.callees(path, head[3], isNew ? 'new' : 'call', caller)), caller, lookups);
    if (bound.kind !== 'types') return bound;
    // `new C(...)`: the constructor's declaration states its callbacks.
    const functions = isNew ? bound.types.flatMap((c) => lookups.methods(c, 'constructor').filter((m) => m.kind === 'constructor')) : bound.types;
    if (functions.length === 0) return unknown;
    if (head[4] !== undefined) current = callbackParameter(functions, head[4], head[5], lookups);
    else current = isNew ? unknown : returned(functions, undefined, lookups);
  }
  let rest = recipe.slice(head[0].length);
  while (rest.length > 0 && current.kind === 'types') {
    const step = STEP.exec(rest);
    if (!step) return unknown;
    const receiver: SymbolRecord[] = current.types;
    const methods = receiver.flatMap((t) => lookups.methods(t, step[1]));
    if (methods.length === 0) return unknown;
    current = step[2] !== undefined ? callbackParameter(methods, step[2], step[3], lookups) : returned(methods, receiver, lookups);
    rest = rest.slice(step[0].length);
  }
  return current;
}
