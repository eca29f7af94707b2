// Expected failures carry a stable code, an exit code and a next action. Anything
// else is a bug and surfaces with its stack.
import type { NextAction } from './envelope.js';

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
