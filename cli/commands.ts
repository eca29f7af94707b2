// Every command, by name: one file per command in cli/, each exporting
// `register(program)`. Modules load lazily: a run imports only the command it
// runs (help imports them all), so start-up stays small.
import type { Command } from 'commander';

export type Register = (program: Command) => void;
type Loader = () => Promise<{ register: Register }>;

export const COMMANDS: Record<string, Loader> = {
  init: () => import('./init.js'),
  sync: () => import('./sync.js'),
  status: () => import('./status.js'),
  files: () => import('./files.js'),
  search: () => import('./search.js'),
  node: () => import('./node.js'),
  callers: () => import('./callers.js'),
  callees: () => import('./callees.js'),
  explore: () => import('./explore.js'),
  howto: () => import('./howto.js'),
  export: () => import('./export.js'),
  doctor: () => import('./doctor.js'),
  unresolved: () => import('./unresolved.js'),
  'tests-for': () => import('./tests-for.js'),
  impact: () => import('./impact.js'),
  diff: () => import('./diff.js'),
  docs: () => import('./docs.js'),
  review: () => import('./review.js'),
  rules: () => import('./rules.js'),
  config: () => import('./config.js'),
  replay: () => import('./replay.js'),
  push: () => import('./push.js'),
  serve: () => import('./serve.js'),
  mcp: () => import('./mcp.js'),
  lsp: () => import('./lsp.js'),
  watch: () => import('./watch.js'),
  hooks: () => import('./hooks.js'),
  completion: () => import('./completion.js'),
};

/** Options of the root program that take a value: their value is not a command name. */
const VALUE_OPTIONS = new Set(['-C', '--workspace']);

/** The command named in argv, if any; unknown or absent means every command loads (help). */
export function commandNamed(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (VALUE_OPTIONS.has(arg)) {
      i++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    return Object.hasOwn(COMMANDS, arg) ? arg : undefined;
  }
  return undefined;
}
