// A review run: the edit read (hook event, patch or an explicit line), the configuration
// loaded, review's machines handed to the one interpreter (workers/review-interpreter.ts)
// and the run recorded in .cairn/audit/. The command line (cli/review.ts) and the review
// server (agents/review-server.ts, through the command line's printer) both run it.
// Heavy modules load only here, so the hook pays for what it uses.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CommandContext, Output } from '../contracts/command.js';
import { CairnError } from '../contracts/errors.js';
import { MAX_EVENT_BYTES, readInput } from '../gate/bounds.js';
import { cairnPath } from '../gate/cairn-paths.js';
import { intOption } from '../graph/answers/options.js';
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

const reviewModules = () =>
  Promise.all([
    import('../review/config.js'),
    import('../review/jsonc.js'),
    import('../workers/review-interpreter.js'),
    import('../review/paths.js'),
    import('../review/run.js'),
    import('../review/audit-log.js'),
    import('../workers/audit-log.js'),
  ]);

/** Loads what a review runs and parses once per grammar, so a new review server's first answer is as quick as its later ones. */
export async function prepareReview(): Promise<void> {
  const [{ warmProfiles }] = await Promise.all([import('../review/warm-up.js'), import('../review/edits.js'), import('../review/output.js'), import('../review/coverage.js'), reviewModules()]);
  await warmProfiles();
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export async function reviewCommand(ctx: CommandContext, options: ReviewOptions, caller: ReviewCaller) {
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
  const { preloadFor } = await import('../review/warm-up.js');
  preloadFor(parsed.edits.map((e) => e.path));
  const [{ loadConfig }, { JsoncError }, { ReviewInterpreter }, { PathPolicy }, { runReview }, { unitAuditLine }, { writeAuditLog, pruneAuditLogs }] = await reviewModules();
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
  const interpreter = new ReviewInterpreter({ workspace: ctx.workspace, policy: new PathPolicy(ctx.workspace, config, caller.env), budgets: config.limits, onStep: progress && (() => progress.step()) });
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
      log = writeAuditLog(ctx.workspace, [...interpreter.recorder.lines, ...result.units.map(unitAuditLine)]);
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
