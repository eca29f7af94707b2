// What every answer does with its options: bounded integers parsed once, with a clear
// usage error; and the progress a caller without a terminal does not draw.
import type { PhaseReporter } from '../../contracts/command.js';
import { CairnError } from '../../contracts/errors.js';

/** Parses a bounded integer option: a clear usage error, never a silent clamp. */
export function intOption(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw new CairnError('invalid_argument', `${name} takes a whole number, not "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new CairnError('invalid_argument', `${name} must be between ${min} and ${max} (got ${n})`);
  return n;
}

/** Progress nobody sees (the MCP server, a test). */
export const silentPhases: PhaseReporter = { phase: () => undefined, finish: () => undefined };
