// The omission codes only Go's review binding gives (contracts/omission-codes.ts holds the
// shared ones); `cairn review codes` lists them.
import { AUTHORITY_FAILURES, family, type OmissionCodes } from '../../contracts/omission-codes.js';

/** Why go.mod says nothing the profile can use (parsers/go/go-mod.ts). */
const GO_MOD_FAILURES: OmissionCodes = {
  'block-comment': 'it has a block comment, which the profile does not read through',
  'replace-directive': 'it has a replace directive, which may move packages',
  'quoted-module-path': 'its module path is quoted',
  'no-module-line': 'it has no module line',
  'several-module-lines': 'it has more than one module line',
};

/** Why a package's identity is unknown (parsers/go/membership.ts IdentityUnknown). */
const IDENTITY_UNKNOWN: OmissionCodes = {
  'incomplete-inventory': 'the directory has more entries than were listed',
  'unread-file': 'a file that decides the package name was not read (budget, path gate or failure)',
  'missing-package-clause': 'a file has no package clause',
  'conflicting-package-names': 'active files name different packages',
  'possibly-active-package-name': 'a file that may be active names another package',
  'unreadable-entry': 'a .go entry is not a regular file (a link)',
};

export const OMISSION_CODES: OmissionCodes = {
  'directory-unavailable': 'the package directory could not be listed (refused by the path gate)',
  'module-search-limit': 'no go.mod within the directories searched above the file',
  'go-work': 'a go.work file governs the module: workspaces are not followed',
  'no-module': 'no go.mod above the file: import paths cannot be tied to directories',
  ...family('go-mod-', { ...AUTHORITY_FAILURES, ...GO_MOD_FAILURES }, 'go.mod could not be used'),
  'internal-import': 'an internal package imported from outside its parent',
  'nested-module': 'the directory belongs to a nested module (its own go.mod)',
  'conflicting-binding': 'active files of the package declare the name differently',
  'possibly-active': 'the name is declared only in files whose build constraints may hold for the configured target',
  'package-identity': 'the package’s name could not be established',
  ...family('package-', IDENTITY_UNKNOWN, 'the package’s identity is unknown'),
  'dot-import': 'a dot import puts names in scope that are not followed',
  'file-not-active': 'the declaring file is excluded by its build constraints for the configured target',
  'possibly-active-file': 'the declaring file’s build constraints cannot be decided for the configured target',
  unexported: 'the name is not exported by its package',
  'duplicate-import-binding': 'two imports bind the same package name',
  'main-package': 'the import names a main package, which cannot be imported',
  'cgo-import': 'the file imports "C": cgo declarations are not analysed',
};
