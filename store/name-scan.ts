// The name index's keys in one buffer, for a reader that searches names by substring
// again and again (the language server's workspace symbols): a scan is then a few
// indexOf calls over one buffer instead of a walk of every key (about 0.4 s on
// go-kubernetes). Kept for one version of the index (its meta's indexed_at, new at every
// write) and built at the second scan of that version, so a command that searches once
// walks the keys once, as before.
export class NameScan {
  private version: string | undefined | null = null;
  private scans = 0;
  private bytes: Buffer | undefined;
  /** Where each key ends in `bytes` (the next one starts there). */
  private ends: Uint32Array | undefined;

  /** The raw keys that contain `needle`, in key order; `walk` lists every raw key of the index. */
  *containing(version: string | undefined, needle: Buffer, walk: () => Iterable<Buffer>): Iterable<Buffer> {
    if (version !== this.version) {
      this.version = version;
      this.scans = 0;
      this.bytes = undefined;
      this.ends = undefined;
    }
    this.scans += 1;
    if (!this.bytes && this.scans < 2) {
      for (const raw of walk()) if (raw.indexOf(needle) >= 0) yield raw;
      return;
    }
    if (!this.bytes) this.build(walk());
    const bytes = this.bytes!;
    const ends = this.ends!;
    let from = 0;
    for (;;) {
      const at = bytes.indexOf(needle, from);
      if (at < 0) return;
      const key = keyAt(ends, at);
      const start = key === 0 ? 0 : ends[key - 1]!;
      const end = ends[key]!;
      // A match across two keys is none: look again from the next byte.
      if (at + needle.length > end) {
        from = at + 1;
        continue;
      }
      yield bytes.subarray(start, end);
      from = end;
    }
  }

  private build(keys: Iterable<Buffer>): void {
    let bytes = Buffer.allocUnsafe(1 << 20);
    let size = 0;
    const ends: number[] = [];
    for (const raw of keys) {
      if (size + raw.length > bytes.length) {
        const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, size + raw.length));
        bytes.copy(grown, 0, 0, size);
        bytes = grown;
      }
      raw.copy(bytes, size);
      size += raw.length;
      ends.push(size);
    }
    this.bytes = bytes.subarray(0, size);
    this.ends = Uint32Array.from(ends);
  }
}

/** The index of the key that holds byte `at`: the first whose end is past it. */
function keyAt(ends: Uint32Array, at: number): number {
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid]! > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
