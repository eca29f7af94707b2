// The v0.3 JSON envelope every command prints in --json mode.
import { keysOf } from './keys.js';

export const CONTRACT_VERSION = '0.3' as const;

export type NextAction = 'none' | 'cairn init' | 'cairn sync' | 'provide a base revision' | 'narrow the query';

export interface Warning {
  code: string;
  message: string;
  [extra: string]: unknown;
}

export interface Envelope<T = unknown> {
  contract_version: typeof CONTRACT_VERSION;
  command: string;
  ok: boolean;
  data: T;
  warnings: Warning[];
  truncated: boolean;
  next_action: NextAction;
}

export const ENVELOPE_KEYS = keysOf<Envelope>()(['contract_version', 'command', 'ok', 'data', 'warnings', 'truncated', 'next_action']);

/** What every command returns: the envelope's content, before a renderer prints it. */
export interface CommandResult<T = unknown> {
  command: string;
  ok: boolean;
  data: T;
  warnings: Warning[];
  truncated: boolean;
  next_action: NextAction;
  /** Process exit code: 0 ok, 1 a finding the contract calls a failure, 2 bad usage/input. */
  exit_code: number;
}

export function envelope<T>(result: CommandResult<T>): Envelope<T> {
  return {
    contract_version: CONTRACT_VERSION,
    command: result.command,
    ok: result.ok,
    data: result.data,
    warnings: result.warnings,
    truncated: result.truncated,
    next_action: result.next_action,
  };
}
