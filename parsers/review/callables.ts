// What the graph-facts backend asks a language about its callables (parsers/<lang>/callables.ts,
// declared in parsers/registry.ts as `reviewCallables`). Pure functions of source text.
import type { ProfileGrammar } from './profiles.js';

/** The arguments a declaration accepts: `max` null when a rest parameter takes any number. */
export interface ParameterShape {
  required: number;
  max: number | null;
  /** Offsets of the parameter list (with its parentheses) in the source. */
  start: number;
  end: number;
}

export interface CallableShapes {
  /** The parameter shape of the callable a top-level declaration at [start, end) binds; null when it binds none. */
  parameterShape(source: string, grammar: ProfileGrammar, start: number, end: number): Promise<ParameterShape | null>;
  /** Argument counts of the calls of `name` at 1-based lines and 0-based columns; null where unknown or not there. */
  argumentCounts(source: string, grammar: ProfileGrammar, sites: Array<{ line: number; column: number; name: string }>): Promise<Array<number | null>>;
  /** Calls of `name` by its bare name in a file, with lines and argument counts. */
  bareCalls(source: string, grammar: ProfileGrammar, name: string): Promise<Array<{ line: number; count: number | null }>>;
}
