// Reads cairn's wire schemas (contracts/graph-push.ts) into the same field tables
// go-structs.ts reads the contract's Go structs into: JSON name -> wire type, with
// `?` for a field that may be left out. The two tables are compared by the drift test.
import type { z } from 'zod';
import { WIRE_SCHEMAS } from '../../contracts/graph-push.js';
import type { StructTable } from './go-structs.js';

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; valueType?: z.ZodType; format?: string | null; shape?: Record<string, z.ZodType> };
const def = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const names = new Map<unknown, string>(Object.entries(WIRE_SCHEMAS).map(([name, schema]) => [def(schema).shape, name]));

/** The wire type of one schema: nullable and transforming wrappers are looked through (a Go nil slice arrives as null). */
function wireType(schema: z.ZodType): { type: string; optional: boolean } {
  const d = def(schema);
  switch (d.type) {
    case 'optional':
      return { type: wireType(d.innerType!).type, optional: true };
    case 'nullable':
      return wireType(d.innerType!);
    case 'pipe':
      return wireType(d.in!);
    case 'string':
    case 'enum':
      return { type: 'string', optional: false };
    case 'number':
      return { type: d.format === 'safeint' ? 'int' : 'float', optional: false };
    case 'record':
      if (wireType(d.valueType!).type !== 'string') throw new Error('a map of non-strings');
      return { type: 'map', optional: false };
    case 'array': {
      const element = def(d.element!);
      const struct = element.type === 'object' ? names.get(element.shape) : undefined;
      if (element.type === 'object' && !struct) throw new Error('an array of an unnamed object');
      return { type: `${struct ?? wireType(d.element!).type}[]`, optional: false };
    }
    default:
      throw new Error(`no wire type for a ${d.type} schema`);
  }
}

export function schemaTables(): StructTable {
  const out: StructTable = {};
  for (const [name, schema] of Object.entries(WIRE_SCHEMAS)) {
    const fields: Record<string, string> = {};
    for (const [key, field] of Object.entries(def(schema).shape!)) {
      const { type, optional } = wireType(field);
      fields[key] = optional ? `${type}?` : type;
    }
    out[name] = fields;
  }
  return out;
}
