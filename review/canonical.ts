// Canonical encoding: sorted-key JSON without whitespace, UTF-8. Fingerprints are
// SHA-256 over these bytes, and the 20 KiB evidence budget is measured on them.
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonical JSON has no NaN or Infinity');
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const canonicalBytes = (value: unknown): number => Buffer.byteLength(canonicalJson(value), 'utf8');

export const sha256 = (text: string | Uint8Array): string => createHash('sha256').update(text).digest('hex');

export const fingerprint = (value: unknown): string => `sha256:${sha256(canonicalJson(value))}`;
