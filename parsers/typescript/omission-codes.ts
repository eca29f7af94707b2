// The omission codes only TypeScript's review binding gives (contracts/omission-codes.ts
// holds the shared ones); `cairn review codes` lists them.
import type { OmissionCodes } from '../../contracts/omission-codes.js';

export const OMISSION_CODES: OmissionCodes = {
  'member-of-import': 'a member of a named import (`x.T` with `import { x }`): the member of a value is not followed',
  'namespace-member': 'a member of a local namespace or value (`ns.T`): namespaces are not followed',
  'default-import': 'a default import: which declaration it binds is not established',
  'namespace-reference': 'a whole namespace import (`import * as ns`) used as a value or type',
  'namespace-reexport': 'the name is re-exported as a namespace (`export * as ns`)',
  'function-overload': 'the name binds an overload group, excluded as a group',
  'declaration-merging': 'the name has several merged declarations (interfaces, a namespace beside a class)',
  'unsupported-callable': 'the name binds a callable form the profile does not support (a mutable or multi-declarator binding, an unknown wrapper)',
  'absolute-import': 'an import by absolute path',
  'cross-language': 'the import leads to a JavaScript file, which is no TypeScript evidence',
};
