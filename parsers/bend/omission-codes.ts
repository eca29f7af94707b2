// The omission codes only Bend's review binding and facts give (contracts/omission-codes.ts
// holds the shared ones); `cairn review codes` lists them.
import { family, type OmissionCodes } from '../../contracts/omission-codes.js';

/** Why a whole Bend file gives no declarations (parsers/bend/analyze.ts `rejected`). */
const FILE_REJECTIONS: OmissionCodes = {
  'too-large': 'the file is larger than the Bend profile reads',
  'late-import': 'an import after the first declaration',
  'too-many-declarations': 'more declarations than the profile reads in one file',
};

export const OMISSION_CODES: OmissionCodes = {
  // Why a declaration or a whole file is outside the profile (never a root, never evidence).
  ...FILE_REJECTIONS,
  'unsupported-header': 'a `type` whose header is not one line `type Name is Data:` or `is Type:` with supported parameters',
  'unrecognized-top-level': 'top-level syntax the profile does not recognise',
  'orphan-indentation': 'an indented line that belongs to no declaration',
  'base-alias-conflict': 'with `import Base`, an import alias named like a Base name: its references are never imported evidence',
  'base-composite': 'a Base datatype with no entry in the pinned Base catalog (only List has one)',
  'duplicate-alias': 'two leading imports use the same alias',
  'alias-conflict': 'an import alias is also a local binding or constructor name',
  ...family('file-', FILE_REJECTIONS, 'the imported file gives no declarations'),
  literal: 'a quoted literal inside the datatype (masked: it establishes nothing)',
  'multiline-constructor': 'a constructor spread over several lines',
  indentation: 'a constructor line not indented by two spaces',
  'line-too-long': 'a line longer than the profile reads',
  'unsupported-constructor': 'a constructor line that is not `Name{field: Type, ...}`',
  'unsupported-field-type': 'a field type other than a name or a named application (computed, dependent, function, product or sum types)',
  'nesting-limit': 'type applications nested deeper than the profile reads',
  'parameter-shadowing': 'a field type named like a generic parameter of the datatype',
  'field-shadowing': 'a field type named like an earlier field',
  'quantity-as-type': 'a quantity parameter used where a datatype is expected',
};
