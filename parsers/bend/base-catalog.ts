// The pinned catalog of Bend's Base library (grammars/bend/base-catalog.json): with a leading
// `import Base` and no local binding, a Base datatype it lists (List) resolves to a bundled
// declaration, rendered here from the catalog's facts in the surface syntax the profile
// reads; every name the library declares is one an import alias may not take. The bundled
// declarations live at a path no workspace file can have, so they are never captured,
// never roots, and resolve their own references in library scope.
import { readFileSync } from 'node:fs';
import { BUNDLED_PREFIX } from '../../contracts/review-binding.js';

interface Catalog {
  provenance: { project: string; repository: string; release: string; commit: string; module: string; module_git_blob: string; module_sha256: string };
  datatypes: Array<{ name: string; parameters: string[]; constructors: Array<{ name: string; fields: Array<{ name: string; type: string }> }> }>;
  names: { types: string[]; constructors: string[]; namespaces: string[] };
}

/** Where the bundled Base declarations are: not a workspace path. */
export const BASE_PATH = `${BUNDLED_PREFIX}bend/base.bend`;

let loaded: Catalog | null = null;
const catalog = (): Catalog => (loaded ??= JSON.parse(readFileSync(new URL('../../grammars/bend/base-catalog.json', import.meta.url), 'utf8')) as Catalog);

/** Which Bend release and source the catalog's facts were taken from. */
export const baseProvenance = () => catalog().provenance;

/** The bundled declarations as one Bend source, each datatype as `type Name<P: Data> is Data:` with one constructor a line. */
export function baseSource(): string {
  return catalog()
    .datatypes.map((d) => {
      const params = d.parameters.length > 0 ? `<${d.parameters.map((p) => `${p}: Data`).join(', ')}>` : '';
      const constructors = d.constructors.map((c) => `  ${c.name}{${c.fields.map((f) => `${f.name}: ${f.type}`).join(', ')}}`);
      return [`type ${d.name}${params} is Data:`, ...constructors].join('\n');
    })
    .join('\n\n')
    .concat('\n');
}

/** The datatypes the catalog resolves. */
export const baseDatatypes = (): ReadonlySet<string> => new Set(catalog().datatypes.map((d) => d.name));

/** Every name Base declares (types, constructors, function namespaces). */
export const baseNames = (): ReadonlySet<string> => {
  const { types, constructors, namespaces } = catalog().names;
  return new Set([...types, ...constructors, ...namespaces]);
};
