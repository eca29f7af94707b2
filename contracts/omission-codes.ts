// The codes an omitted evidence edge carries (`reason` of a review unit's `omitted` rows,
// of its input's edges and of its audit record), each explained once. This file holds
// the codes every language shares: budgets, the path gate, captures, and the binding
// outcomes several languages give. A language's own codes are in
// parsers/<lang>/omission-codes.ts, listed through the registry; `cairn review codes`
// prints them all. Some codes are families, a prefix and another code (`capture-too-large`,
// `go-mod-file-limit`): `family` spells each member out, so every code is listed whole.

/** Code → what it means. */
export type OmissionCodes = Readonly<Record<string, string>>;

/** No code is longer than this: the evidence budget reserves room for an omitted edge's reason by it. */
export const MAX_OMISSION_CODE_LENGTH = 48;

/** Why the path gate refuses a path (gate/gate.ts GateDenial). */
export const GATE_DENIALS: OmissionCodes = {
  'outside-workspace': 'the target is outside the workspace (or reached through a link that leaves it)',
  'not-a-file': 'the target path is not a regular file',
  protected: 'the target is a protected path (secrets, keys, .git, .cairn) that is never read',
  'privacy-excluded': 'the target matches privacyExcludes: never read, never named in evidence',
  'git-ignored': 'the target is ignored by git',
  'not-selected': 'the target is outside the configured includes/excludes',
  'context-excluded': 'the target is outside the configured contextIncludes/contextExcludes',
  missing: 'the target file does not exist',
};

/** Why a stable capture of an allowed path failed (machines/capture.ts). */
export const CAPTURE_FAILURES: OmissionCodes = {
  size: 'the file is larger than its language’s per-source ceiling',
  read: 'the file could not be read',
  grew: 'the file grew past its ceiling while it was read',
  'changed-during-read': 'the file changed while it was read: no stable capture',
};

/** A capture's outcome when it names no reason of its own: `capture-<outcome>`. */
const CAPTURE_OUTCOMES: OmissionCodes = {
  excluded: 'the path check refused the file',
  unreadable: 'the file could not be read',
  'too-large': 'the file is larger than its language’s per-source ceiling',
  unstable: 'the file changed while it was read',
};

/** What a budget cut off (limits in the review configuration). */
export const BUDGET_OMISSIONS: OmissionCodes = {
  'file-limit': 'the unit had read as many files as limits.files allows',
  'read-limit': 'reading another file would pass limits.readBytes for the unit',
  'tree-limit': 'the declaration (with its edges) did not fit in limits.treeBytes beside what was accepted before it',
  'depth-limit': 'the reference is more than limits.depth edges away from the root',
  'target-limit': 'the root already has limits.targets distinct outbound targets',
  'work-limit': 'the traversal spent limits.workUnits',
  'analysis-deadline': 'the traversal ran past limits.deadlineMs',
  'reexport-chain': 'the name passes through more re-export hops than are followed',
};

/** `prefix` joined to each code of `members`, each meaning `lead` and the member's meaning. */
export function family(prefix: string, members: OmissionCodes, lead: string): OmissionCodes {
  return Object.fromEntries(Object.entries(members).map(([code, meaning]) => [`${prefix}${code}`, `${lead}: ${meaning}`]));
}

/** Why a file the binding needed (a manifest, go.mod, an __init__.py) could not be had: the codes an authority read gives. */
export const AUTHORITY_FAILURES: OmissionCodes = {
  'file-limit': BUDGET_OMISSIONS['file-limit'],
  'read-limit': BUDGET_OMISSIONS['read-limit'],
  ...GATE_DENIALS,
  ...CAPTURE_FAILURES,
  ...family('capture-', CAPTURE_OUTCOMES, 'no stable capture'),
};

/** The codes every language may give. */
export const SHARED_OMISSIONS: OmissionCodes = {
  ...AUTHORITY_FAILURES,
  ...BUDGET_OMISSIONS,
  excluded: 'the path check refused the file without naming why',
  unresolved: 'the reference led nowhere the binding could name',
  'unresolved-binding': 'no declaration, import or builtin in scope binds the name',
  'ambiguous-binding': 'more than one declaration or import could bind the name',
  'duplicate-name': 'the name is declared more than once where it was looked up',
  'not-a-type': 'the name binds something other than a type where a type was expected',
  'missing-export': 'the module the import names does not declare or re-export the name',
  'missing-declaration': 'the module the path names has no such declaration',
  'package-import': 'the import names an external package or module, which is never read',
  'unresolved-module': 'the import names no module file of the workspace',
  'unsupported-syntax': 'syntax the language profile does not establish (its evidence would be a guess)',
  'unsupported-path': 'a path form the profile does not follow',
  'unsupported-target': 'the name binds a kind of declaration that is never evidence (a function, a module, a constant)',
  'unsupported-import': 'an import form the profile does not follow',
  'module-unavailable': 'the module file the import names could not be established or read',
  'ambiguous-module': 'more than one file could be the module the import names',
  'missing-module': 'no file of the workspace is the module the import names',
  'not-a-root': 'the name binds a declaration the profile never reviews or expands',
};
