// `cairn review`: advisory review after an edit. Inputs: a hook event (--event),
// a patch (--patch) or one explicit root (--file/--line). Heavy modules load only
// inside the action, so the hook pays for what it uses.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { MAX_EVENT_BYTES, readInput } from '../gate/bounds.js';
import { cairnPath } from '../gate/cairn-paths.js';
import { CairnError } from './errors.js';
import { execute, executeWith, intOption, processOutput, type CommandContext, type GlobalOptions, type Output } from './run.js';
import type { ReviewProgress } from '../review/progress.js';

export interface ReviewOptions {
  event?: string;
  patch?: string;
  file?: string;
  line?: string;
  dryRun?: boolean;
}

/** What a review takes from whoever asked for it, besides its options. */
export interface ReviewCaller {
  /** The event or patch text when the caller has read it already (the review server gets it from its client). */
  input?: string;
  /** The asking process's environment: the user configuration's location, a command backend's environment. */
  env: NodeJS.ProcessEnv;
  output: Output;
  /** Told of every step and bounded wait (the review server's heartbeat follows it). */
  progress?: ReviewProgress;
}

const thisProcess: ReviewCaller = { env: process.env, output: processOutput };


const reviewModules = () =>
  Promise.all([
    import('../review/config.js'),
    import('../review/jsonc.js'),
    import('../workers/review-interpreter.js'),
    import('../review/paths.js'),
    import('../machines/audit.js'),
    import('../review/run.js'),
    import('../review/audit-log.js'),
  ]);

/** Loads what a review runs and parses once per grammar, so a new review server's first answer is as quick as its later ones. */
export async function prepareReview(): Promise<void> {
  const [{ REVIEW_PROFILES }] = await Promise.all([import('../parsers/review/profiles.js'), import('../review/edits.js'), import('../review/output.js'), import('../review/coverage.js'), reviewModules()]);
  for (const profile of REVIEW_PROFILES) {
    for (const [path, source] of Object.entries(profile.samples)) {
      const file = await profile.open(source, profile.grammarFor(path)!);
      for (const d of file.facts.declarations) file.references(d);
      file.dispose();
    }
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export async function reviewCommand(ctx: CommandContext, options: ReviewOptions, caller: ReviewCaller = thisProcess) {
  const given = [options.event, options.patch, options.file].filter((x) => x !== undefined).length;
  if (given !== 1) throw new CairnError('invalid_argument', 'give exactly one of --event, --patch or --file');
  if (options.file !== undefined && options.line === undefined) throw new CairnError('invalid_argument', '--file needs --line');
  // A root named by hand must exist: "0 roots" would read as "nothing to review".
  if (options.file !== undefined && !isFile(resolve(ctx.workspace, options.file))) {
    throw new CairnError('file_not_found', `--file ${options.file}: no such file in the workspace`);
  }

  const { parseHookEvent, parsePatchText, explicitLine, EditInputError } = await import('../review/edits.js');
  let parsed;
  try {
    if (options.event !== undefined) parsed = parseHookEvent(caller.input ?? readInput(options.event, 'hook event', MAX_EVENT_BYTES));
    else if (options.patch !== undefined) parsed = parsePatchText(caller.input ?? readInput(options.patch, 'patch', MAX_EVENT_BYTES));
    else parsed = { host: null, edits: [explicitLine(options.file!, intOption(options.line, '--line', 1, 1, 10_000_000))], skipped: [] };
  } catch (error) {
    if (error instanceof EditInputError) throw new CairnError('invalid_input', error.message);
    throw error;
  }
  // Grammars start loading first, so their loading overlaps the remaining imports.
  const { preloadProfiles } = await import('../parsers/review/profiles.js');
  preloadProfiles(parsed.edits.map((e) => e.path));
  const [{ loadConfig }, { JsoncError }, { ReviewInterpreter }, { PathPolicy }, { AuditRecorder }, { runReview }, { writeAuditLog, unitAuditLine, pruneAuditLogs }] = await reviewModules();
  let config;
  try {
    config = loadConfig(ctx.workspace, caller.env);
  } catch (error) {
    if (error instanceof JsoncError || error instanceof Error) throw new CairnError('invalid_config', error.message);
    throw error;
  }

  // Where its records go is checked first: a planted link there stops the review before it runs.
  cairnPath(ctx.workspace, 'audit', 'directory');
  const progress = caller.progress;
  const recorder = new AuditRecorder(progress && (() => progress.step()));
  const interpreter = new ReviewInterpreter({ workspace: ctx.workspace, policy: new PathPolicy(ctx.workspace, config, caller.env), budgets: config.limits, recorder });
  interpreter.policy.startIgnoreOracle();
  const graph = config.backend.kind === 'graph' && !options.dryRun && parsed.edits.length > 0 ? await openFactsIndex(ctx.workspace) : null;
  try {
    const result = await runReview(parsed, config, interpreter, {
      dryRun: Boolean(options.dryRun),
      keepInputs: Boolean(options.dryRun) || ctx.json,
      env: caller.env,
      graph: graph?.source ?? null,
      progress,
    });
    // Record-keeping must not turn an advisory result into a failure: a read-only
    // workspace loses its audit log and counts, with a note on stderr.
    let log: string | null = null;
    try {
      log = writeAuditLog(ctx.workspace, [...recorder.lines, ...result.units.map(unitAuditLine)]);
      pruneAuditLogs(ctx.workspace, config.audit);
      const { recordCoverage } = await import('../review/coverage.js');
      recordCoverage(ctx.workspace, result.coverage);
    } catch (error) {
      if (error instanceof CairnError && error.code === 'cairn_path_refused') throw error;
      caller.output.stderr(`cairn review: could not record the audit log or coverage (${(error as NodeJS.ErrnoException).code ?? 'error'})\n`);
    }
    return { result, log };
  } finally {
    interpreter.dispose();
    await graph?.close();
  }
}

/** The index, read-only, for the graph-facts backend; null when there is none (or it is not this schema's): then it says nothing. */
async function openFactsIndex(workspace: string) {
  const [{ openStore }, { testsFor }] = await Promise.all([import('../store/index.js'), import('../graph/tests-for.js')]);
  let store;
  try {
    store = openStore(workspace, { readOnly: true });
    if (store.schemaState() !== 'compatible') {
      await store.close();
      return null;
    }
  } catch {
    return null;
  }
  const reader = store;
  const source: import('../review/graph-facts.js').GraphFactsSource = {
    reader,
    testsReaching: (target, limit) =>
      testsFor(reader, target, { limit, includeTests: true })
        .tests.filter((t) => t.evidence === 'direct_call')
        .map((t) => ({ path: t.test.file_path, line: t.test.start_line, name: t.test.name, confidence: t.confidence })),
  };
  return { source, close: () => reader.close() };
}

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
