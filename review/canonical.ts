// Canonical encoding: the JSON Canonicalization Scheme of RFC 8785 (keys sorted by
// UTF-16 code units, no whitespace, numbers in ECMAScript's shortest round-trip form,
// strings with only the escapes JSON requires), as UTF-8. Fingerprints are SHA-256
// over these bytes, the 20 KiB evidence budget is measured on them, and a backend
// receives exactly them.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** The RFC 8785 text of a JSON value. Throws on what JSON cannot carry exactly: NaN, Infinity, lone surrogates, undefined. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('canonical JSON needs a JSON value');
  return text;
}

export const canonicalBytes = (value: unknown): number => Buffer.byteLength(canonicalJson(value), 'utf8');

export const sha256 = (text: string | Uint8Array): string => createHash('sha256').update(text).digest('hex');

export const fingerprint = (value: unknown): string => `sha256:${sha256(canonicalJson(value))}`;
