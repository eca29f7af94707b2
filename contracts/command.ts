// What a command body is handed and where its output goes: the shapes shared by the
// command line (cli/), the result functions (graph/) and what faces agents (agents/).

export interface CommandContext {
  /** Absolute, symlink-free workspace root. */
  workspace: string;
  json: boolean;
  /** False when --no-tests was given. */
  tests: boolean;
  /** True when stderr is a terminal (progress bars). */
  interactive: boolean;
}

/** The options every command reads: the root program's globals. */
export interface GlobalOptions {
  workspace?: string;
  json?: boolean;
  tests?: boolean;
}

/** Where a command's output goes: this process's streams, or a buffer (the review server answers a client with it). */
export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
  exitCode(code: number): void;
}

/** A one-line "what is happening" status for answers that take seconds (doctor, diff); the command line draws it. */
export interface PhaseReporter {
  phase(text: string): void;
  finish(): void;
}
