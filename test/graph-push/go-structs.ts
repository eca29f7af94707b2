// Reads Go struct declarations (the contract's notation) into wire field tables:
// JSON name -> wire type, with `?` for omitempty. The last declaration of a struct
// wins (the contract widens GraphPush in a later phase).
export type StructTable = Record<string, Record<string, string>>;

const GO_TYPES: Record<string, string> = { string: 'string', int: 'int', float64: 'float', 'map[string]string': 'map', '[]string': 'string[]' };

export function goStructs(text: string): StructTable {
  const out: StructTable = {};
  for (const match of text.matchAll(/type (\w+) struct \{([\s\S]*?)\n\}/g)) {
    const fields: Record<string, string> = {};
    for (const line of match[2]!.split('\n')) {
      const field = /^\s*\w+\s+(\S+)\s+`json:"([^"]+)"`/.exec(line);
      if (!field) continue;
      const [name, ...flags] = field[2]!.split(',');
      const goType = field[1]!;
      const wire = GO_TYPES[goType] ?? (goType.startsWith('[]') ? `${goType.slice(2)}[]` : goType);
      fields[name!] = flags.includes('omitempty') ? `${wire}?` : wire;
    }
    out[match[1]!] = fields;
  }
  return out;
}
