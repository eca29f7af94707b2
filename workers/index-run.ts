// The body of `cairn init` and `cairn sync`: run the pipeline, then summarise what it did.
// cli/index-command.ts parses their options and prints the report.
import type { CommandContext } from '../contracts/command.js';
import type { CommandResult, Warning } from '../contracts/envelope.js';
import type { IndexReport } from '../contracts/index-report.js';
import { EXTENSION_LANGUAGE } from '../parsers/index.js';
import { explainLeftOut } from './left-out.js';
import { indexWorkspace } from './pipeline.js';

export interface IndexFlags {
  /** Analysis threads; undefined: the pipeline decides. */
  jobs?: number;
  includeLibrary?: boolean;
}

/** Where a run reports analysed files (the command line draws a bar). */
export interface IndexProgress {
  update(done: number, total: number): void;
  finish(): void;
}

/**
 * `init` or `sync` of the workspace: the pipeline run (stopped cleanly by an interrupt,
 * a sync's freshness decision recorded for replay), with a warning that says why when
 * nothing was indexed.
 */
export async function indexResult(ctx: CommandContext, mode: 'init' | 'sync', flags: IndexFlags, bar: IndexProgress): Promise<CommandResult<IndexReport>> {
  const { jobs } = flags;
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  try {
    const report = await indexWorkspace(ctx.workspace, {
      mode,
      jobs,
      includeLibrary: flags.includeLibrary,
      progress: (done, total) => bar.update(done, total),
      signal: controller.signal,
      recordFreshness: mode === 'sync',
    });
    const warnings = report.files.inventoried === 0 ? [nothingIndexed(ctx.workspace, report.git, Boolean(flags.includeLibrary))] : [];
    return { command: mode, ok: true, data: report, warnings, truncated: false, next_action: 'none', exit_code: 0 };
  } finally {
    process.off('SIGINT', stop);
    bar.finish();
  }
}

/** Why nothing was indexed: the ignore rules and the rules that took the files, library folders, or no source at all. */
function nothingIndexed(workspace: string, git: boolean, includeLibrary: boolean): Warning {
  const left = explainLeftOut(workspace, git, includeLibrary);
  const count = (n: number) => n.toLocaleString('en-US');
  const files = (n: number) => `${count(n)} source ${n === 1 ? 'file' : 'files'}`;
  const reasons: string[] = [];
  if (left.ignored) {
    const rules = left.rules.slice(0, 3).map((r) => `\`${r.rule}\` in ${r.source} took ${count(r.files)}`);
    const more = left.rules.length > 3 ? `; ${left.rules.length - 3} more rules` : '';
    reasons.push(`the ignore rules left out ${files(left.ignored)} (${rules.join('; ')}${more})`);
  }
  if (left.library) reasons.push(`${files(left.library)} in library or dot folders (--include-library indexes them)`);
  const message = reasons.length ? `nothing indexed: ${reasons.join('; ')}` : `nothing indexed: no file here has an extension cairn parses (${Object.keys(EXTENSION_LANGUAGE).join(' ')})`;
  return { code: 'nothing_indexed', message, ignored: left.ignored, rules: left.rules, library: left.library };
}
