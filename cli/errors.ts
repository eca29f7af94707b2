// Typed, expected failures (see contracts/errors.ts) and the CLI's shorthand for usage errors.
import { CairnError } from '../contracts/errors.js';

export { CairnError };

export const usageError = (message: string) => new CairnError('invalid_argument', message, 2);
