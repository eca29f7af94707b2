// Names that are a typo away from a query: the fallback of `search` and the
// suggestions of a symbol lookup that found nothing. Distance is optimal string
// alignment (insertions, deletions, substitutions and adjacent swaps), case aside.

/** Edits a query of this length may be away from a name: none for very short queries. */
export function typoBudget(length: number): number {
  return length <= 3 ? 0 : length <= 6 ? 1 : 2;
}

/** The distance between two lowercased strings, or max + 1 once it is certainly larger. */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, previous2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    previous2 = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/** The nearest of `names` (lowercased name, name) to `query`, nearest first, then by name. */
export function nearestNames(query: string, names: Iterable<[string, string]>, limit: number, max = Math.max(1, typoBudget(query.length))): string[] {
  const q = query.toLowerCase();
  const found = new Map<string, number>();
  for (const [lower, name] of names) {
    if (found.has(name) || lower === q) continue;
    const d = typoDistance(q, lower, max);
    if (d <= max) found.set(name, d);
  }
  return [...found]
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, limit)
    .map(([name]) => name);
}
