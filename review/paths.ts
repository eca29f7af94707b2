// Review's path policy: the gate (gate/gate.ts) with review's rules. Protected names,
// privacy excludes and git-ignore are refused; a root must be selected by
// includes/excludes, supporting evidence by the context selection. The first failing
// check names the reason; reasons are source-free.
import { Gate, isProtected, type GateDenial, type GateRead, type GateVerdict } from '../gate/gate.js';
import { GitIgnore } from '../gate/git-ignore.js';
import { globMatcher } from '../gate/glob.js';

export { isProtected };
export type PathDenial = GateDenial;
export type PathVerdict = GateVerdict;

export interface PathSelection {
  includes: string[];
  excludes: string[];
  contextIncludes: string[] | null;
  contextExcludes: string[] | null;
  privacyExcludes: string[];
}

export class PathPolicy {
  private readonly rootInclude: (p: string) => boolean;
  private readonly rootExclude: (p: string) => boolean;
  private readonly contextInclude: (p: string) => boolean;
  private readonly contextExclude: (p: string) => boolean;
  private readonly gitIgnore: GitIgnore;
  readonly gate: Gate;
  /** Every path checked, in order: tests use it to prove a check precedes each read. */
  readonly checked: string[] = [];

  /** `env` is what git runs with: the environment of whoever asked for the review (it decides git's global excludes). */
  constructor(
    readonly workspace: string,
    selection: PathSelection,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.rootInclude = globMatcher(selection.includes);
    this.rootExclude = globMatcher(selection.excludes);
    this.contextInclude = globMatcher(selection.contextIncludes ?? selection.includes);
    this.contextExclude = globMatcher(selection.contextExcludes ?? selection.excludes);
    this.gitIgnore = new GitIgnore(workspace, env);
    this.gate = new Gate(workspace, { privacy: selection.privacyExcludes, protect: true, ignored: (rel) => this.gitIgnore.ignored(rel) });
  }

  /** May this path be a review root? */
  checkRoot(rel: string): PathVerdict {
    this.checked.push(rel);
    return this.gate.check(rel, () => this.rootInclude(rel) && !this.rootExclude(rel), 'not-selected');
  }

  /** May this path supply supporting evidence? */
  checkContext(rel: string): PathVerdict {
    this.checked.push(rel);
    return this.gate.check(rel, () => this.contextInclude(rel) && !this.contextExclude(rel), 'context-excluded');
  }

  /** Containment, protection and privacy only: for configuration files such as tsconfig.json. */
  checkConfigFile(rel: string): PathVerdict {
    this.checked.push(rel);
    return this.gate.check(rel);
  }

  /** May this directory be listed (names and kinds only), as module authority asks? */
  checkDirectory(rel: string): PathVerdict {
    this.checked.push(rel);
    return this.gate.checkDirectory(rel);
  }

  /** Reads a path already checked: the gate repeats its file checks and bounds the read (a byte past the ceiling shows growth). */
  read(rel: string, maxBytes: number): GateRead {
    return this.gate.read(rel, maxBytes, { allowTruncated: true });
  }

  /** Size and mtime without a read, through the gate; null when the path is not a regular file inside. */
  stat(rel: string): { size: number; mtimeMs: number } | null {
    return this.gate.stat(rel);
  }

  /** Asks git about the paths a step may check next, in one long-lived process. */
  prefetchIgnored(paths: string[]): Promise<void> {
    return this.gitIgnore.prefetch(paths);
  }

  /** Starts the git helper early, so its start-up overlaps other work. */
  startIgnoreOracle(): void {
    this.gitIgnore.start();
  }

  /** Ends the git helper process, if one was started. */
  close(): void {
    this.gitIgnore.close();
  }
}
