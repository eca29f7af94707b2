// Review backends: something that answers a decision request for one review unit.
// `command` runs a configured program (request JSON on stdin, decisions on stdout),
// `http` POSTs the request, `none` and `graph` send nothing (graph facts are not
// decisions: review/graph-facts.ts). One deadline, no retries; every
// failure becomes a coverage code, never an exception. The request travels in its
// canonical encoding, so the review input inside it is byte for byte the one whose
// size was checked and whose digest the review records.
import { runChild } from '../gate/child.js';
import { canonicalJson } from './canonical.js';
import type { BackendConfig } from './config.js';
import type { ReviewInput } from '../contracts/review-input.js';

export interface DecisionRequest {
  version: 1;
  input: ReviewInput;
  rules: Array<{ ruleId: string; title: string; question: string; criteria: string[] }>;
}

export interface Decision {
  ruleId: string;
  probability: number;
  rationale: string;
}

export type BackendFailure = 'backend-timeout' | 'backend-error' | 'backend-invalid-response';

export type BackendAnswer = { ok: true; decisions: Decision[] } | { ok: false; code: BackendFailure; detail: string };

const MAX_RESPONSE_BYTES = 1024 * 1024;

/** The bytes a backend receives: the request's canonical encoding (the input's own encoding sits inside it unchanged). */
export const encodeRequest = (request: DecisionRequest): string => canonicalJson(request);

/**
 * Asks the configured backend. A `command` backend runs in the workspace with `env`, the
 * environment of the process that asked for the review (the review server passes its
 * client's, so a backend sees the hook's environment, not the server's).
 */
export async function askBackend(backend: BackendConfig, request: DecisionRequest, workspace: string, env: NodeJS.ProcessEnv = process.env): Promise<BackendAnswer> {
  switch (backend.kind) {
    case 'none':
    case 'graph':
      return { ok: true, decisions: [] };
    case 'command':
      return askCommand(backend.command, backend.timeoutMs, encodeRequest(request), workspace, env).then((r) => (r.ok ? parseDecisions(r.body, request) : r));
    case 'http':
      return askHttp(backend.url, backend.timeoutMs, encodeRequest(request)).then((r) => (r.ok ? parseDecisions(r.body, request) : r));
  }
}

type RawAnswer = { ok: true; body: string } | { ok: false; code: BackendFailure; detail: string };

async function askCommand(command: string[], timeoutMs: number, body: string, cwd: string, env: NodeJS.ProcessEnv): Promise<RawAnswer> {
  const run = await runChild(command[0]!, command.slice(1), { cwd, env, input: body, timeoutMs, maxStdoutBytes: MAX_RESPONSE_BYTES });
  switch (run.outcome) {
    case 'timeout':
      return { ok: false, code: 'backend-timeout', detail: `no answer within ${timeoutMs} ms` };
    case 'overflow':
      return { ok: false, code: 'backend-invalid-response', detail: 'response too large' };
    case 'spawn-error':
      return { ok: false, code: 'backend-error', detail: run.problem };
    case 'exited':
      if (run.status !== 0) return { ok: false, code: 'backend-error', detail: `exit status ${run.status}` };
      return { ok: true, body: run.stdout.toString('utf8') };
  }
}

async function askHttp(url: string, timeoutMs: number, body: string): Promise<RawAnswer> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const text = await response.text();
    if (!response.ok) return { ok: false, code: 'backend-error', detail: `HTTP ${response.status}` };
    if (Buffer.byteLength(text) > MAX_RESPONSE_BYTES) return { ok: false, code: 'backend-invalid-response', detail: 'response too large' };
    return { ok: true, body: text };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, code: 'backend-timeout', detail: `no answer within ${timeoutMs} ms` };
    return { ok: false, code: 'backend-error', detail: (error as Error).message };
  }
}

function parseDecisions(body: string, request: DecisionRequest): BackendAnswer {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, code: 'backend-invalid-response', detail: 'not JSON' };
  }
  const list = (value as { decisions?: unknown })?.decisions;
  if (!Array.isArray(list)) return { ok: false, code: 'backend-invalid-response', detail: 'no decisions array' };
  const asked = new Set(request.rules.map((r) => r.ruleId));
  const decisions: Decision[] = [];
  for (const d of list) {
    const { ruleId, probability, rationale } = (d ?? {}) as Record<string, unknown>;
    if (typeof ruleId !== 'string' || typeof probability !== 'number' || !(probability >= 0 && probability <= 1)) {
      return { ok: false, code: 'backend-invalid-response', detail: 'a decision needs ruleId and a probability in [0, 1]' };
    }
    if (!asked.has(ruleId)) continue; // answers to questions not asked are ignored
    decisions.push({ ruleId, probability, rationale: typeof rationale === 'string' ? rationale : '' });
  }
  return { ok: true, decisions };
}

/** What an agent sees after an edit with this backend, in one sentence (for `hooks install` and `hooks status`). */
export function backendSays(backend: BackendConfig): string {
  switch (backend.kind) {
    case 'graph':
      return 'facts from the local index (evidence, not a verdict): call sites a changed parameter list no longer fits, tests that reach the function, references left to a removed or renamed declaration; at most 20 lines, nothing otherwise';
    case 'none':
      return 'nothing: the hook only records source-free coverage counts';
    case 'command':
      return `findings of the review rules, as decided by the command ${backend.command.join(' ')}, above each rule's threshold`;
    case 'http':
      return `findings of the review rules, as decided by ${backend.url}, above each rule's threshold`;
  }
}
