// tree-sitter's JS binding reports offsets in UTF-16 code units; facts carry UTF-8
// byte offsets. ASCII files (most source) map one to one and pay nothing.

/** Returns a function from a UTF-16 offset in `source` to the UTF-8 byte offset. */
export function utf8Offsets(source: string): (index: number) => number {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(source)) return (index) => index;
  // For each non-ASCII code unit: its offset, and the extra bytes up to and including it.
  const at: number[] = [];
  const extra: number[] = [];
  let total = 0;
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) total += 1;
    else if (code >= 0xd800 && code <= 0xdbff) total += 2; // a surrogate pair: 4 bytes for 2 units
    else if (code >= 0xdc00 && code <= 0xdfff) continue;
    else total += 2;
    at.push(i);
    extra.push(total);
  }
  return (index) => {
    // Extra bytes of the non-ASCII units strictly before `index`.
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (at[mid] < index) lo = mid + 1;
      else hi = mid;
    }
    return index + (lo > 0 ? extra[lo - 1] : 0);
  };
}
