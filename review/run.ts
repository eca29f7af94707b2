// One review run: edits in, findings and source-free coverage out. The file system
// work happens in a host (the interpreter in workers/) that this module only knows
// by the interface below; decisions happen in the machines the host drives.
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { globMatcher } from '../gate/glob.js';
import type { Completeness, ReviewInput } from '../contracts/review-input.js';
import type { RuleOutcome, UnitAuditRecord } from '../contracts/review-audit.js';
import type { ReviewData } from '../contracts/review-result.js';
import { profileFor } from '../parsers/review/profiles.js';
import { sha256 } from './canonical.js';
import { askBackend, type Decision, type DecisionRequest } from './backends.js';
import { applicableInput, coverageForBlocked, eligibility } from './completeness.js';
import { analysisSettings, type BackendConfig, type ReviewConfig } from './config.js';
import type { CoverageCode, CoverageEntry, CoverageOutcome } from './coverage.js';
import type { FileEdit, Host, ParsedEvent } from './edits.js';
import { selectRoots, traverse, type ReviewHost } from './evidence.js';
import { encodeInput, renderInput } from './input.js';
import { graphFacts, type EditedFile, type GraphFact, type GraphFactsSource } from './graph-facts.js';
import type { ReviewProgress } from './progress.js';

export type { ReviewHost } from './evidence.js';

/** Where a run's roots and evidence come from: the machines over the host, unless a test supplies generated evidence. */
export interface EvidenceSource {
  selectRoots: typeof selectRoots;
  traverse: typeof traverse;
}

export type { RuleOutcome } from '../contracts/review-audit.js';

/** A reviewed unit: what its audit record keeps (contracts/review-audit.ts), and what the run needs beside it. */
export interface UnitResult extends Omit<UnitAuditRecord, 'code'> {
  code: CoverageCode | null;
  omitted: Array<{ name: string; relation: string; depth: number; reason: string | null }>;
  spent: { files: number; readBytes: number; treeBytes: number; work: number; targets: number };
  input: ReviewInput | null;
  decisions: Decision[];
}

export type { Finding } from '../contracts/review-result.js';

/** What a run returns; `review --json` prints it with the audit log and runner beside (contracts/review-result.ts). */
export type ReviewResult = Omit<ReviewData<UnitResult, CoverageEntry, Host, GraphFact>, 'auditLog' | 'runner'>;

export interface RunOptions {
  dryRun: boolean;
  /** For --dry-run and --json: keep the rendered inputs in the result. */
  keepInputs: boolean;
  /** The environment a command backend runs with; this process's when absent. */
  env?: NodeJS.ProcessEnv;
  /** Roots and evidence; the machine-driven review/evidence.ts when absent. */
  evidence?: EvidenceSource;
  /** The index for the graph-facts backend; without it (no index yet) that backend says nothing. */
  graph?: GraphFactsSource | null;
  /** Told of each backend call as a wait with the backend's deadline. */
  progress?: ReviewProgress;
}

/** Backends that ask no one: their units stop at the rendered input. */
const asksNoOne = (backend: BackendConfig): backend is Extract<BackendConfig, { kind: 'none' | 'graph' }> => backend.kind === 'none' || backend.kind === 'graph';

export async function runReview(parsed: ParsedEvent, config: ReviewConfig, host: ReviewHost, options: RunOptions): Promise<ReviewResult> {
  const result: ReviewResult = { host: parsed.host, dryRun: options.dryRun, backend: config.backend.kind, units: [], findings: [], facts: [], coverage: [] };
  const cover = (code: CoverageOutcome, branch: CoverageEntry['branch'] = 'any') => result.coverage.push({ code, branch });
  for (const skip of parsed.skipped) cover(skip.code);

  const seen = new Set<string>();
  const edited: EditedFile[] = [];
  for (const edit of parsed.edits) {
    const units = await reviewFile(edit, config, host, cover, options.evidence ?? { selectRoots, traverse }, edited);
    for (const unit of units) {
      const identity = `${unit.path}\u0000${unit.kind}\u0000${unit.name}`;
      if (seen.has(identity)) continue; // the same root reached twice in one event
      seen.add(identity);
      result.units.push(unit);
    }
  }

  // Dispatch: one request per unit with at least one runnable rule, then the freshness check.
  for (const unit of result.units) {
    if (unit.status === 'skipped' || options.dryRun || asksNoOne(config.backend)) continue;
    const runnable = unit.rules.filter((r) => r.runs).map((r) => config.rules.find((c) => c.rule.id === r.ruleId)!);
    const request: DecisionRequest = {
      version: 1,
      input: unit.input!,
      rules: runnable.map(({ rule }) => ({ ruleId: rule.id, title: rule.title, question: rule.question, criteria: rule.criteria })),
    };
    const asking = askBackend(config.backend, request, host.workspace, options.env);
    const answer = options.progress ? await options.progress.waitAtMost(config.backend.timeoutMs, asking) : await asking;
    if (!answer.ok) {
      unit.status = 'skipped';
      unit.code = answer.code;
      cover(answer.code, unit.kind);
      continue;
    }
    unit.decisions = answer.decisions;
    if (!(await host.fresh(unit.sources))) {
      unit.status = 'skipped';
      unit.code = 'stale-result';
      cover('stale-result', unit.kind);
      continue;
    }
    for (const decision of answer.decisions) {
      const configured = runnable.find((c) => c.rule.id === decision.ruleId)!;
      const threshold = configured.settings.threshold ?? configured.rule.threshold;
      if (decision.probability > threshold) {
        result.findings.push({
          ruleId: decision.ruleId,
          title: configured.rule.title,
          message: configured.settings.message ?? configured.rule.message,
          path: unit.path,
          kind: unit.kind,
          name: unit.name,
          line: unit.startLine,
          probability: decision.probability,
          rationale: decision.rationale,
        });
      }
    }
    unit.status = result.findings.some((f) => f.path === unit.path && f.name === unit.name && f.kind === unit.kind) ? 'advised' : 'clear';
    cover(unit.status === 'advised' ? 'finding' : 'reviewed', unit.kind);
  }
  if (options.dryRun || asksNoOne(config.backend)) for (const unit of result.units) if (unit.status === 'dry-run') cover('rendered', unit.kind);
  if (config.backend.kind === 'graph' && options.graph && !options.dryRun) {
    result.facts = await graphFacts(options.graph, host, edited);
    for (const fact of result.facts) cover('graph-fact', fact.fact === 'parameters-changed' ? 'function' : 'any');
  }
  if (!options.keepInputs) for (const unit of result.units) unit.input = null;
  return result;
}

async function reviewFile(
  edit: FileEdit,
  config: ReviewConfig,
  host: ReviewHost,
  cover: (code: CoverageCode, branch?: CoverageEntry['branch']) => void,
  evidenceSource: EvidenceSource,
  edited: EditedFile[],
): Promise<UnitResult[]> {
  if (edit.change === 'delete' || edit.change === 'move') {
    cover('unsupported-event');
    return [];
  }
  const rel = workspacePath(host.workspace, edit.path);
  const profile = rel === null ? null : profileFor(rel);
  if (rel === null || !profile || !profile.rootPath(rel) || !config.languages.includes(profile.language)) {
    cover('ineligible-path');
    return [];
  }
  const captured = await host.capture(rel, (p) => host.policy.checkRoot(p));
  if (!captured.ok) {
    cover(captured.outcome === 'excluded' ? 'ineligible-path' : 'capture-unavailable');
    return [];
  }
  const verified = edit.verify(captured.snapshot.text);
  if (!verified.ok) {
    cover(verified.code);
    return [];
  }
  for (let i = 0; i < verified.ambiguous; i++) cover('ambiguous-attribution');
  const change = edit.change === 'add' ? 'add' : 'update';
  const selection = await evidenceSource.selectRoots(host, rel, change, verified.spans);
  for (const skip of selection.skipped) cover(skip.code as CoverageCode, skip.branch ?? 'any');
  edited.push({ path: rel, text: captured.snapshot.text, replaced: edit.replaced, spans: verified.spans, roots: selection.roots });

  const units: UnitResult[] = [];
  for (const root of selection.roots) {
    const kind = root.rootKind!;
    const applicable = config.rules
      .map((configured) => ({ configured, input: applicableInput(configured, kind, profile.language) }))
      .filter((x) => x.input !== null && pathSelected(x.configured.settings, rel));
    const base = {
      path: rel,
      kind,
      name: root.name,
      startLine: root.startLine,
      endLine: root.endLine,
      omitted: [],
      spent: { files: 1, readBytes: captured.snapshot.bytes, treeBytes: 0, work: 0, targets: 0 },
      inputBytes: null,
      inputDigest: null,
      completeness: null,
      projectionFingerprint: null,
      sources: [{ path: rel, digest: captured.snapshot.digest }],
      declarations: [],
      input: null,
      decisions: [],
    };
    if (applicable.length === 0) {
      cover('no-applicable-rule', kind);
      units.push({ ...base, status: 'skipped', code: 'no-applicable-rule', rules: [] });
      continue;
    }
    const evidence = await evidenceSource.traverse(host, rel, root, analysisSettings(config));
    const names = new Map(evidence.decisions.map((d, i) => [d, evidence.edges[i]?.name ?? '']));
    const rules: RuleOutcome[] = applicable.map(({ configured, input }) => {
      const e = eligibility(input!, configured.rule.id, evidence.decisions);
      return {
        ruleId: configured.rule.id,
        runs: e.blockedBy === null,
        completeness: e.blockedBy === null ? e.completeness : null,
        blockedBy: e.blockedBy ? { reason: e.blockedBy.reason, relation: e.blockedBy.relation, depth: e.blockedBy.depth, name: names.get(e.blockedBy) ?? '' } : null,
      };
    });
    const omitted = evidence.decisions
      .map((d, i) => ({ d, name: evidence.edges[i].name }))
      .filter(({ d }) => d.status === 'omitted')
      .map(({ d, name }) => ({ name, relation: d.relation, depth: d.depth, reason: d.reason }));
    const declarations = [evidence.artifact, ...evidence.nodes].map((d) => ({ id: 'id' in d ? d.id : 'root', domain: d.domain, name: d.name, fingerprint: d.fingerprint }));
    const unit: UnitResult = { ...base, status: 'skipped', code: null, rules, omitted, spent: evidence.spent, sources: evidence.sources, declarations };
    units.push(unit);
    const running = rules.filter((r) => r.runs);
    if (running.length === 0) {
      const code = coverageForBlocked(evidence.decisions.filter((d) => d.status === 'omitted'));
      unit.code = code;
      cover(code, kind);
      continue;
    }
    const completeness: Completeness = evidence.decisions.some((d) => d.status === 'omitted') ? 'incomplete-irrelevant' : 'complete';
    const input = renderInput(evidence.artifact, evidence.nodes, evidence.edges, completeness);
    const encoded = encodeInput(input);
    const bytes = Buffer.byteLength(encoded, 'utf8');
    unit.inputBytes = bytes;
    unit.inputDigest = `sha256:${sha256(encoded)}`;
    unit.completeness = completeness;
    unit.projectionFingerprint = input.inputContract.projectionFingerprint;
    if (bytes > host.budgets.treeBytes) {
      unit.code = 'input-limit';
      cover('input-limit', kind);
      continue;
    }
    unit.input = input;
    // What the tree spent is the input as rendered: the traversal's running count is an
    // upper bound (each edge counted with a separator), so it can pass the budget by a byte
    // where the rendered input does not.
    unit.spent = { ...unit.spent, treeBytes: bytes };
    unit.status = 'dry-run';
  }
  return units;
}

function pathSelected(settings: { includes: string[] | null; excludes: string[] }, rel: string): boolean {
  if (settings.includes && !globMatcher(settings.includes)(rel)) return false;
  if (globMatcher(settings.excludes)(rel)) return false;
  return true;
}

/** Workspace-relative POSIX path of an event path (absolute or relative), or null when it leaves the workspace. */
export function workspacePath(workspace: string, path: string): string | null {
  let absolute = path;
  if (isAbsolute(path)) {
    try {
      absolute = realpathSync(path); // the workspace is symlink-free; so must the event path be
    } catch {
      // a missing file is reported by capture
    }
  }
  const rel = isAbsolute(absolute) ? relative(workspace, absolute) : absolute;
  const posix = rel.split(sep).join('/').replace(/^\.\//, '');
  if (posix === '' || posix.startsWith('../') || posix === '..' || isAbsolute(posix)) return null;
  return posix;
}
