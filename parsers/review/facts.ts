// Facts every review language profile reports about one file: their shapes live in
// contracts/review-facts.ts; this file keeps the bound every profile applies.

export type { OutboundReference, ReviewDeclaration, ReviewFacts, ReviewFile, TopLevelMaterial } from '../../contracts/review-facts.js';

/** At most this many declarations per file; a larger file publishes no map at all. */
export const MAX_DECLARATIONS = 1024;
