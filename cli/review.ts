// `cairn review`: advisory review after an edit. Inputs: a hook event (--event),
// a patch (--patch) or one explicit root (--file/--line). The run itself is
// agents/review-run.ts; this file parses options and picks the printer (hook output,
// dry-run text, human text or the JSON envelope).
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { prepareReview, reviewCommand, type ReviewCaller, type ReviewOptions } from '../agents/review-run.js';
import { execute, executeWith, processOutput, type GlobalOptions } from './run.js';

export type { ReviewCaller, ReviewOptions };

const thisProcess: ReviewCaller = { env: process.env, output: processOutput };

/** Runs a review and renders its result to the caller's output; the review server answers its clients with this. */
export async function reviewTo(globals: GlobalOptions, options: ReviewOptions, caller: ReviewCaller, runner: 'process' | 'server'): Promise<void> {
  const { hookOutput, humanText, dryRunText } = await import('../review/output.js');
  await executeWith(
    globals,
    'review',
    async (ctx) => {
      const { result, log } = await reviewCommand(ctx, options, caller);
      return { command: 'review', ok: true, data: { ...result, auditLog: log, runner }, warnings: [], truncated: false, next_action: 'none' as const, exit_code: 0 };
    },
    (r) => {
      const result = r.data;
      if (options.dryRun) return dryRunText(result);
      if (options.event !== undefined) return hookOutput(result) ?? '';
      return humanText(result);
    },
    caller.output,
    true,
  );
}

/**
 * A review in this process, then exit; shared by the commander program and the hook's
 * entry. `afterOutput` runs once the output is flushed (the hook's entry starts the
 * review server there).
 */
export async function reviewAction(globals: GlobalOptions, options: ReviewOptions, input?: string, afterOutput?: () => Promise<void>): Promise<void> {
  // The process is latency-bound and parses a few small files: V8's optimising
  // WebAssembly tier would compile in the background, competing for the CPU and
  // holding the process at exit. Baseline code is plenty for a handful of parses.
  (await import('node:v8')).setFlagsFromString('--liftoff-only');
  await reviewTo(globals, options, { ...thisProcess, input }, 'process');
  // A hook waits on this process. Once the output is flushed nothing is left to do
  // (the audit log and counts are written synchronously, the git helper is
  // released), so skip tearing the VM down, which costs tens of milliseconds.
  await new Promise<void>((flushed) => process.stdout.write('', () => flushed()));
  await afterOutput?.().catch(() => undefined);
  process.exit();
}

export function register(program: Command): void {
  const review = program
    .command('review')
    .description('advisory review of the types and functions an edit changed (never blocks the edit)')
    .option('--event <file>', 'a PostToolUse hook event (Claude Code Edit/MultiEdit/Write, Codex apply_patch); - for stdin')
    .option('--patch <file>', 'a unified diff or apply_patch body against the work tree; - for stdin')
    .option('--file <path>', 'review the root enclosing --line in this file')
    .option('--line <n>', 'a 1-based line in --file')
    .option('--dry-run', 'render the review inputs without calling a backend')
    .action((options: ReviewOptions, command: Command) => reviewAction(command.optsWithGlobals() as GlobalOptions, options));

  review
    .command('status')
    .description('source-free coverage counts of past reviews, by code, and whether a review server runs')
    .action(async (_options: unknown, command: Command) => {
      const [{ readCoverage }, { serverState }] = await Promise.all([import('../review/coverage.js'), import('../agents/review-client.js')]);
      await execute(
        command,
        'review status',
        async (ctx) => {
          const [coverage, server] = await Promise.all([readCoverage(ctx.workspace), serverState(ctx.workspace)]);
          return { command: 'review status', ok: true, data: { ...coverage, server }, warnings: [], truncated: false, next_action: 'none' as const, exit_code: 0 };
        },
        (r) => {
          const { runs, counts, server } = r.data;
          const lines = [`cairn review status: ${runs} run${runs === 1 ? '' : 's'} recorded`];
          if (counts.length === 0) lines.push('  no coverage recorded yet');
          for (const c of counts.sort((a, b) => b.count - a.count || a.code.localeCompare(b.code))) lines.push(`  ${c.code.padEnd(26)} ${c.branch.padEnd(9)} ${c.count}`);
          lines.push(server.running ? `review server: running (pid ${server.pid}, ${server.served} review${server.served === 1 ? '' : 's'} since ${server.startedAt}, exits after ${Math.round(server.idleMs / 1000)} s idle)` : 'review server: not running');
          return lines.join('\n');
        },
      );
    });

  review
    .command('serve')
    .description('keep a warm review process for this workspace; hook events start one on demand, and it exits when idle')
    .action(async (_options: unknown, command: Command) => {
      const [{ serveReviews }, { idleMsFrom }] = await Promise.all([import('../agents/review-server.js'), import('../agents/review-protocol.js')]);
      await execute(
        command,
        'review serve',
        async (ctx): Promise<CommandResult<{ started: boolean; pid: number | null }>> => {
          const outcome = await serveReviews(ctx.workspace, idleMsFrom(process.env), {
            review: (globals, options, caller) => reviewTo(globals, options, caller, 'server'),
            prepare: prepareReview,
          });
          if (!outcome.listening) return { command: 'review serve', ok: true, data: { started: false, pid: null }, warnings: [], truncated: false, next_action: 'none' as const, exit_code: 0 };
          process.stderr.write(`cairn review serve: listening on .cairn/review/server.sock (pid ${process.pid})\n`);
          await outcome.done;
          return { command: 'review serve', ok: true, data: { started: true, pid: process.pid }, warnings: [], truncated: false, next_action: 'none' as const, exit_code: 0 };
        },
        (r) => (r.data.started ? 'cairn review serve: stopped' : 'cairn review serve: a review server already runs for this workspace'),
      );
      // A stuck review may still hold a handle (a child, a timer): once the server is done, so is the process.
      await new Promise<void>((flushed) => process.stdout.write('', () => flushed()));
      process.exit();
    });

  review
    .command('codes')
    .description('what each coverage code, outcome and omission code a review records means')
    .action(async (_options: unknown, command: Command) => {
      const { codeTable } = await import('../review/codes.js');
      await execute(
        command,
        'review codes',
        async () => ({ command: 'review codes', ok: true, data: { codes: codeTable() }, warnings: [], truncated: false, next_action: 'none' as const, exit_code: 0 }),
        (r) => codesText(r.data.codes),
      );
    });

  review
    .command('stop')
    .description('stop the review server of this workspace, if one runs')
    .action(async (_options: unknown, command: Command) => {
      const { stopServer } = await import('../agents/review-client.js');
      await execute(
        command,
        'review stop',
        async (ctx) => ({ command: 'review stop', ok: true, data: await stopServer(ctx.workspace), warnings: [], truncated: false, next_action: 'none' as const, exit_code: 0 }),
        (r) => (r.data.running ? `cairn review stop: stopped the review server (pid ${r.data.pid})` : 'cairn review stop: no review server runs for this workspace'),
      );
    });
}

/** The code table in three sections; an omission code one language gives is marked with it. */
function codesText(codes: Array<{ code: string; kind: string; meaning: string; language: string | null }>): string {
  const section = (kind: string, title: string) => [
    title,
    ...codes.filter((c) => c.kind === kind).map((c) => `  ${c.code.padEnd(40)} ${c.language ? `[${c.language}] ` : ''}${c.meaning}`),
  ];
  return [
    ...section('coverage', 'Coverage codes (a review that did not run, counted by review status):'),
    '',
    ...section('outcome', 'Outcomes:'),
    '',
    ...section('omission', 'Omission codes (why an evidence edge was left out: `omitted … : <code>`):'),
  ].join('\n');
}
