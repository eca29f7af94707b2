// Compact MCP answers (the default): a symbol appears in full once per answer, as the
// contract's short view (id, name, qualified name, kind, file, lines, is_test), and each
// later mention of it is `{ "id": … }` alone. Callers of a symbol called from one function
// five times repeated that function's whole record five times, with byte offsets and
// columns an agent never reads. `verbose: true` returns the CLI's envelope unchanged.
import { symbolView } from '../graph/views.js';
import type { SymbolRecord } from '../contracts/graph.js';

/** Objects visited at most; an answer is bounded long before this. */
const MAX_VISITED = 200_000;

const isSymbol = (value: Record<string, unknown>): boolean =>
  typeof value.id === 'string' &&
  typeof value.qualified_name === 'string' &&
  typeof value.kind === 'string' &&
  typeof value.file_path === 'string' &&
  typeof value.start_line === 'number';

export function compactSymbols(data: unknown): unknown {
  const seen = new Set<string>();
  let visited = 0;
  const walk = (value: unknown): unknown => {
    if (++visited > MAX_VISITED || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map(walk);
    const object = value as Record<string, unknown>;
    if (isSymbol(object)) {
      const id = object.id as string;
      if (seen.has(id)) return { id };
      seen.add(id);
      return symbolView(object as unknown as SymbolRecord);
    }
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(object)) out[key] = walk(inner);
    return out;
  };
  return walk(data);
}
