// The omission codes only Rust's review binding and facts give (contracts/omission-codes.ts
// holds the shared ones); `cairn review codes` lists them.
import type { OmissionCodes } from '../../contracts/omission-codes.js';

/** Why the file's whole binding scope is uncertain: `uncertain-<why>` (parsers/rust/review.ts). */
const UNCERTAIN: OmissionCodes = {
  'uncertain-attribute': 'the file has an attribute other than a standard derive: every reference may mean something else',
  'uncertain-extern-crate': 'the file declares an extern crate: every reference may mean something else',
  'uncertain-extern-block': 'the file has an extern block: every reference may mean something else',
  'uncertain-macro': 'the file invokes a macro at item level: every reference may mean something else',
};

export const OMISSION_CODES: OmissionCodes = {
  ...UNCERTAIN,
  'glob-import': 'the name may come from a glob import (`use x::*`), which is not expanded',
  'external-crate': 'the path starts at another crate, which is never read',
  'ambiguous-crate': 'more than one crate root could be `crate` for this file',
  'unresolved-path': 'the path starts at a name no module or crate of the workspace declares',
  'private-declaration': 'the declaration is not visible from the referring module',
  reexport: 'the name is re-exported (`pub use`), which is not followed further',
  'raw-identifier': 'a raw identifier (`r#name`)',
  'undeclared-module': 'no `mod` declaration for the module the path names',
  'inline-module': 'the module is declared inline (`mod m { … }`), which is not followed',
  'no-cargo-manifest': 'no Cargo.toml above the file: its crate cannot be established',
  'automatic-target': 'the file is an automatic Cargo target (tests/, examples/, benches/) outside the crate’s module tree',
  'unverified-module': 'the file could not be tied to the crate’s module tree',
  'manifest-syntax': 'Cargo.toml is not valid TOML',
  'manifest-no-package': 'Cargo.toml has no [package] table (a workspace root)',
  'manifest-inherited-edition': 'the edition is inherited from a workspace, which is not read',
  'manifest-no-edition': 'Cargo.toml names no edition',
  'manifest-edition': 'Cargo.toml names an edition the profile does not know',
  'manifest-build-script': 'the crate has a build script, which may generate code',
  'manifest-test-target': 'Cargo.toml declares [[test]] targets, which may move modules',
  'manifest-example-target': 'Cargo.toml declares [[example]] targets, which may move modules',
  'manifest-bench-target': 'Cargo.toml declares [[bench]] targets, which may move modules',
  'manifest-lib': 'the [lib] table sets a crate root the profile does not follow',
  'manifest-target-edition': 'a target sets its own edition',
  'manifest-bin': 'a [[bin]] target the profile does not follow',
};
