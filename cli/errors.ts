// Expected failures carry a stable code, an exit code and a next action. Anything
// else is a bug and is re-thrown with its stack.
import type { NextAction } from '../contracts/envelope.js';

export class CairnError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exitCode = 2,
    readonly nextAction: NextAction = 'none',
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'CairnError';
  }
}

export const usageError = (message: string) => new CairnError('invalid_argument', message, 2);
