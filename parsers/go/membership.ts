// Active-package membership of one Go directory, as pure functions over facts: which
// entries are production files, which are inactive by name alone (never read), which
// need their header read, and, once headers and declarations are known, whether the
// directory has one package identity and where a name binds in it.
import { parseBuildLine, type HeaderConstraint } from './build-constraint.js';
import { evaluate, evaluateTag, type Evaluation, type GoTarget, type UnknownReason } from './evaluate.js';
import { KNOWN_ARCH, KNOWN_OS } from './platforms.js';
import { MAX_DIRECTORY_ENTRIES, type DirectoryObservation } from '../review/inventory.js';

export type { DirectoryEntry, DirectoryObservation } from '../review/inventory.js';
export { MAX_DIRECTORY_ENTRIES };

/** The `_GOOS`, `_GOARCH` or `_GOOS_GOARCH` suffix of a file name, as the toolchain reads it. */
export interface NameConstraint {
  os: string | null;
  arch: string | null;
}

/**
 * The platform suffix of a file name, or null. The name is cut at its first dot and
 * everything before its first underscore is ignored (`linux.go` has no suffix), and a
 * trailing `_test` is skipped.
 */
export function nameConstraint(fileName: string): NameConstraint | null {
  const stem = fileName.split('.')[0];
  const underscore = stem.indexOf('_');
  if (underscore < 0) return null;
  const parts = stem.slice(underscore).split('_');
  if (parts[parts.length - 1] === 'test') parts.pop();
  const n = parts.length;
  if (n >= 2 && KNOWN_OS.has(parts[n - 2]) && KNOWN_ARCH.has(parts[n - 1])) return { os: parts[n - 2], arch: parts[n - 1] };
  if (n >= 1 && KNOWN_OS.has(parts[n - 1])) return { os: parts[n - 1], arch: null };
  if (n >= 1 && KNOWN_ARCH.has(parts[n - 1])) return { os: null, arch: parts[n - 1] };
  return null;
}

/** Why an entry is not a file of this production package profile. */
export type NotMember = 'not-go' | 'test-file' | 'ignored-name' | 'not-a-file';

/** Production membership rules that need only the name: `.go`, not `_test.go`, not `.x`/`_x`. */
export function productionRule(fileName: string): NotMember | null {
  if (!fileName.endsWith('.go')) return 'not-go';
  if (fileName.startsWith('.') || fileName.startsWith('_')) return 'ignored-name';
  if (fileName.endsWith('_test.go')) return 'test-file';
  return null;
}

/** The value of a file name's platform suffix under a target. */
export function evaluateName(fileName: string, target: GoTarget | null): Evaluation {
  const c = nameConstraint(fileName);
  if (!c) return { value: true, reasons: [] };
  const parts = [c.os, c.arch].filter((t): t is string => t !== null).map((t) => evaluateTag(t, target));
  const reasons = [...new Set(parts.flatMap((p) => p.reasons))];
  if (reasons.length > 0) return { value: 'unknown', reasons };
  return { value: parts.every((p) => p.value === true), reasons: [] };
}

/** What is known of an entry before any file is read. */
export type NamePlan =
  | { name: string; status: 'not-member'; reason: NotMember }
  | { name: string; status: 'inactive'; by: 'filename' }
  | { name: string; status: 'read'; nameValue: Evaluation };

/** Plans a directory from names alone: the files to read, and the ones never to open. */
export function planDirectory(observation: DirectoryObservation, target: GoTarget | null): NamePlan[] {
  return observation.entries
    .slice(0, MAX_DIRECTORY_ENTRIES)
    .map((entry): NamePlan => {
      const rule = entry.kind === 'file' ? productionRule(entry.name) : entry.name.endsWith('.go') ? 'not-a-file' : 'not-go';
      if (rule) return { name: entry.name, status: 'not-member', reason: rule };
      const nameValue = evaluateName(entry.name, target);
      if (nameValue.value === false) return { name: entry.name, status: 'inactive', by: 'filename' };
      return { name: entry.name, status: 'read', nameValue };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** What a read production file contributes: its header, package clause and declarations. */
export interface GoFileFacts {
  header: HeaderConstraint;
  /** The package clause's name; null when the file has none this profile can read. */
  packageName: string | null;
  /** The file imports "C": it builds only with cgo, which is unknown. */
  importsC: boolean;
  /** Top-level declared names (types, functions, constants, variables), each once. */
  declarations: string[];
}

export type Membership =
  | { status: 'active' }
  | { status: 'possibly-active'; reasons: UnknownReason[] }
  | { status: 'inactive'; by: 'filename' | 'constraint' };

/** Membership of one production file from its name value and its read facts. */
export function fileMembership(nameValue: Evaluation, facts: Pick<GoFileFacts, 'header' | 'importsC'>, target: GoTarget | null): Membership {
  if (nameValue.value === false) return { status: 'inactive', by: 'filename' };
  const header = headerValue(facts.header, target);
  if (header.value === false) return { status: 'inactive', by: 'constraint' };
  const reasons = [...new Set<UnknownReason>([...nameValue.reasons, ...header.reasons, ...(facts.importsC ? (['cgo'] as const) : [])])];
  return reasons.length > 0 ? { status: 'possibly-active', reasons } : { status: 'active' };
}

/** The value of a header's constraint: true without one, unknown when it cannot be read. */
export function headerValue(header: HeaderConstraint, target: GoTarget | null): Evaluation {
  if (header.kind === 'none') return { value: true, reasons: [] };
  if (header.kind === 'unreadable') return { value: 'unknown', reasons: [header.reason] };
  const parsed = parseBuildLine(header.text);
  if (!parsed.ok) return { value: 'unknown', reasons: [parsed.failure] };
  return evaluate(parsed.expr, target);
}

export interface MemberFile {
  name: string;
  membership: Membership;
  packageName: string | null;
  declarations: string[];
}

export type PackageIdentity =
  | { kind: 'unique'; name: string }
  | { kind: 'none' } // no active or possibly active production file
  | { kind: 'unknown'; reasons: IdentityUnknown[] };

export type IdentityUnknown =
  | 'incomplete-inventory' // more entries than observed
  | 'unread-file' // a file that had to be read was not (budget, gate, failure)
  | 'missing-package-clause'
  | 'conflicting-package-names' // active files disagree
  | 'possibly-active-package-name' // a possibly active file names another package
  | 'unreadable-entry'; // a `.go` name that is not a regular file (a symbolic link): its membership cannot be read

/** The active package of one directory. */
export interface ActivePackage {
  files: MemberFile[];
  /** Entries never opened because their name makes them inactive. */
  neverRead: string[];
  identity: PackageIdentity;
}

/**
 * Decides a directory's active package from its plan and the facts of the files that
 * were read (a planned file missing from `facts` counts as unread).
 */
export function resolvePackage(
  observation: DirectoryObservation,
  target: GoTarget | null,
  facts: Readonly<Record<string, GoFileFacts>>,
): ActivePackage {
  const plan = planDirectory(observation, target);
  const files: MemberFile[] = [];
  const unknown = new Set<IdentityUnknown>();
  if (observation.truncated || observation.entries.length > MAX_DIRECTORY_ENTRIES) unknown.add('incomplete-inventory');
  if (plan.some((p) => p.status === 'not-member' && p.reason === 'not-a-file' && productionRule(p.name) === null)) unknown.add('unreadable-entry');
  for (const p of plan) {
    if (p.status !== 'read') continue;
    const f = Object.hasOwn(facts, p.name) ? facts[p.name] : undefined;
    if (!f) {
      unknown.add('unread-file');
      continue;
    }
    const membership = fileMembership(p.nameValue, f, target);
    if (membership.status === 'inactive') continue;
    files.push({ name: p.name, membership, packageName: f.packageName, declarations: f.declarations });
  }
  const active = files.filter((f) => f.membership.status === 'active');
  const names = new Set(active.map((f) => f.packageName));
  if (files.some((f) => f.packageName === null)) unknown.add('missing-package-clause');
  if (names.size > 1) unknown.add('conflicting-package-names');
  const name = active[0]?.packageName ?? files[0]?.packageName ?? null;
  if (files.some((f) => f.membership.status === 'possibly-active' && f.packageName !== name)) unknown.add('possibly-active-package-name');
  const neverRead = plan.filter((p) => p.status === 'inactive').map((p) => p.name);
  if (unknown.size > 0) return { files, neverRead, identity: { kind: 'unknown', reasons: [...unknown] } };
  if (files.length === 0 || name === null) return { files, neverRead, identity: { kind: 'none' } };
  return { files, neverRead, identity: { kind: 'unique', name } };
}

export type NameBinding =
  | { kind: 'unique'; file: string }
  | { kind: 'missing' } // every member is known and none declares it
  | { kind: 'conflicting'; files: string[] } // two active files declare it
  | { kind: 'unknown'; reason: 'package-identity' | 'possibly-active'; files: string[] };

/** Where a package-level name binds in a directory's active package. */
export function bindName(pkg: ActivePackage, name: string): NameBinding {
  if (pkg.identity.kind === 'unknown') return { kind: 'unknown', reason: 'package-identity', files: [] };
  const declaring = pkg.files.filter((f) => f.declarations.includes(name));
  const active = declaring.filter((f) => f.membership.status === 'active').map((f) => f.name);
  const possible = declaring.filter((f) => f.membership.status === 'possibly-active').map((f) => f.name);
  if (active.length > 1) return { kind: 'conflicting', files: active };
  if (possible.length > 0) return { kind: 'unknown', reason: 'possibly-active', files: [...active, ...possible] };
  if (active.length === 1) return { kind: 'unique', file: active[0] };
  return { kind: 'missing' };
}
