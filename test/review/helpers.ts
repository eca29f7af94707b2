// Fixture workspaces for review tests: written into a temp dir, removed afterwards.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { expect } from 'vitest';
import { AuditRecorder, replay } from '../../machines/audit.js';
import { loadConfig } from '../../review/config.js';
import type { ParsedEvent } from '../../review/edits.js';
import { PathPolicy } from '../../review/paths.js';
import { runReview } from '../../review/run.js';
import { ReviewInterpreter } from '../../workers/review-interpreter.js';

const made: string[] = [];

export function workspace(files: Record<string, string>, options: { git?: boolean } = {}): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-review-')));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  if (options.git) execFileSync('git', ['init', '-q', '.'], { cwd: dir });
  return dir;
}

export function cleanup(): void {
  for (const dir of made.splice(0)) {
    keepAuditLogs(dir);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * With CAIRN_REVIEW_AUDIT_DUMP set to a directory, every review audit log a test makes
 * (in process, or written by the built cairn into a workspace) is appended there, one
 * file per test file, with the workspace path, timings and file times blanked: what
 * scripts/review-audits.mjs compares between two builds.
 */
const AUDIT_DUMP = process.env.CAIRN_REVIEW_AUDIT_DUMP;

function dumpAudit(ws: string, lines: readonly unknown[]): void {
  if (!AUDIT_DUMP) return;
  const state = expect.getState();
  const file = join(AUDIT_DUMP, `${basename(state.testPath ?? 'unknown')}.jsonl`);
  mkdirSync(AUDIT_DUMP, { recursive: true });
  const text = lines
    .map((line) => JSON.stringify(line).split(ws).join('<ws>').replace(/"(elapsedMs|mtimeMs)":[\d.]+/g, '"$1":0'))
    .join('\n');
  appendFileSync(file, `# ${state.currentTestName ?? ''}\n${text}\n`);
}

function keepAuditLogs(ws: string): void {
  const dir = join(ws, '.cairn', 'audit');
  if (!AUDIT_DUMP || !existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    if (!name.startsWith('review-') || !name.endsWith('.jsonl')) continue;
    // A test may plant a log that is no JSON (retention tests): kept as it is.
    const lines = readFileSync(join(dir, name), 'utf8').trim().split('\n').map((l) => {
      try {
        return JSON.parse(l) as unknown;
      } catch {
        return l;
      }
    });
    dumpAudit(ws, lines);
  }
}

/** Runs a review in-process with an isolated user config, returning the result and the interpreter's logs. */
export async function review(ws: string, parsed: ParsedEvent, options: { dryRun?: boolean; clock?: () => number } = {}) {
  const config = loadConfig(ws, { XDG_CONFIG_HOME: join(ws, '.no-user-config') });
  const recorder = new AuditRecorder();
  const interpreter = new ReviewInterpreter({ workspace: ws, policy: new PathPolicy(ws, config), budgets: config.limits, recorder, clock: options.clock });
  try {
    const result = await runReview(parsed, config, interpreter, { dryRun: options.dryRun ?? false, keepInputs: true });
    dumpAudit(ws, recorder.lines);
    return { result, interpreter, recorder, config };
  } finally {
    interpreter.dispose();
  }
}

export type Reviewed = Awaited<ReturnType<typeof review>>;

/**
 * What every review over generated trees must hold: no read before its path check and
 * none of `unread`, no budget exceeded, the same result from a second run, and a replay
 * of the recorded events that agrees with the live run.
 */
export function expectReviewInvariants(first: Reviewed, second: Reviewed, limits: { files: number; treeBytes: number }, unread: readonly string[]): void {
  const checked = new Set<string>();
  for (const access of first.interpreter.accessLog) {
    if (access.op === 'check') checked.add(access.path);
    else expect(checked.has(access.path)).toBe(true);
  }
  const reads = first.interpreter.accessLog.filter((a) => a.op === 'read').map((a) => a.path);
  for (const path of unread) expect(reads).not.toContain(path);
  for (const unit of first.result.units) {
    expect(unit.spent.files).toBeLessThanOrEqual(limits.files);
    expect(unit.spent.readBytes).toBeLessThanOrEqual(first.config.limits.readBytes);
    if (unit.input) expect(unit.spent.treeBytes).toBeLessThanOrEqual(limits.treeBytes);
  }
  expect(JSON.stringify(second.result)).toBe(JSON.stringify(first.result));
  expect(replay(first.recorder.lines).divergences).toEqual([]);
}

/** A Claude Code Edit event for `path` inside `ws`, with the pre-edit file as the tool reports it. */
export function editEvent(ws: string, path: string, original: string, oldString: string, newString: string): string {
  return JSON.stringify({
    hook_event_name: 'PostToolUse',
    tool_name: 'Edit',
    tool_input: { file_path: join(ws, path), old_string: oldString, new_string: newString },
    tool_response: { filePath: join(ws, path), originalFile: original },
  });
}

/** Writes `files` and returns the pre-edit text of `path` with `newString` replaced by `oldString`. */
export function before(text: string, oldString: string, newString: string): string {
  if (!text.includes(newString)) throw new Error('fixture: post-edit text lacks the new string');
  return text.replace(newString, oldString);
}

export const summary = (result: Awaited<ReturnType<typeof review>>['result']) => ({
  roots: result.units.map((u) => `${u.kind}:${u.name}`),
  coverage: result.coverage.map((c) => c.code).sort(),
});

export const CAIRN_BIN = join(import.meta.dirname, '..', '..', 'bin', 'cairn.js');

/** Runs the built cairn on `ws`; by default with no user configuration (XDG_CONFIG_HOME inside the workspace). */
export function cairnIn(ws: string, args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) {
  const env = options.env ?? { ...process.env, XDG_CONFIG_HOME: join(ws, '.no-user') };
  const r = spawnSync(process.execPath, [CAIRN_BIN, '-C', ws, ...args], { input: options.input, encoding: 'utf8', env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export const PAYMENT = 'export interface Payment {\n  orderId: string;\n  customerId: string;\n}\n';

/** A workspace with src/pay.ts (PAYMENT) and event.json: the Claude Code Edit that added its customerId field. */
export function paymentWorkspace(extra: Record<string, string> = {}): string {
  const ws = workspace({ 'src/pay.ts': PAYMENT, ...extra });
  writeFileSync(join(ws, 'event.json'), editEvent(ws, 'src/pay.ts', before(PAYMENT, '', '  customerId: string;\n'), '  orderId: string;\n', '  orderId: string;\n  customerId: string;\n'));
  return ws;
}

export const README_PAYMENT = `import type { Money } from './money';
import type { Address } from './address';

export interface Payment {
  orderId: string;
  customerId: string;
  amount: Money;
  billing: Billing;
}

interface Billing {
  address: Address;
}
`;

/** The README's review example: Payment uses Money (src/money.ts) and, through Billing, Address, which privacy excludes. */
export function readmeReviewWorkspace(): string {
  return workspace({
    'src/payment.ts': README_PAYMENT,
    'src/money.ts': 'export type Money = number;\n',
    'src/address.ts': 'export interface Address {\n  street: string;\n}\n',
    '.cairn.jsonc': JSON.stringify({ privacyExcludes: ['src/address.ts'] }),
  });
}
