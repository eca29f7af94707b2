// Printers over one ReviewResult: the host's hook JSON (findings only), human text,
// and the dry-run view of the review inputs. No printer looks at the file system.
import { factLines } from './graph-facts.js';
import { encodeInput } from './input.js';
import type { Finding, ReviewResult } from './run.js';

function findingText(f: Finding): string {
  const rationale = f.rationale ? `\n  why: ${f.rationale}` : '';
  return `${f.path}:${f.line} ${f.kind} ${f.name} [${f.ruleId}] p=${f.probability.toFixed(2)}\n  ${f.message}${rationale}`;
}

/** Hook output for Claude Code and Codex PostToolUse events: null when there is nothing to tell the agent. */
export function hookOutput(result: ReviewResult): string | null {
  const facts = factLines(result.facts);
  if (result.findings.length === 0 && facts.length === 0) return null;
  const findings = result.findings.length === 0 ? [] : [`cairn review (advisory) found ${result.findings.length} point(s) about the edit just made:`, ...result.findings.map(findingText)];
  const context = [...findings, ...facts].join('\n');
  return JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: context } });
}

/** Source-free coverage counts of this run, by code. */
export function coverageLine(result: ReviewResult): string {
  const counts = new Map<string, number>();
  for (const entry of result.coverage) counts.set(entry.code, (counts.get(entry.code) ?? 0) + 1);
  return [...counts].map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
}

export function humanText(result: ReviewResult): string {
  const lines: string[] = [];
  const units = result.units.length;
  lines.push(`cairn review: ${units} root${units === 1 ? '' : 's'}, ${result.findings.length} finding${result.findings.length === 1 ? '' : 's'} (backend ${result.dryRun ? 'none: dry run' : result.backend})`);
  for (const unit of result.units) {
    const running = unit.rules.filter((r) => r.runs).map((r) => r.ruleId);
    const blocked = unit.rules.filter((r) => !r.runs);
    let state: string;
    if (unit.status === 'skipped') state = `skipped: ${unit.code}`;
    else if (unit.status === 'dry-run') state = `${running.length} rule(s) would run (${unit.completeness}, ${unit.inputBytes} bytes)`;
    else state = unit.status;
    lines.push(`  ${unit.path}:${unit.startLine} ${unit.kind} ${unit.name}: ${state}`);
    for (const r of blocked) lines.push(`    ${r.ruleId} does not run: needs ${r.blockedBy ? `${r.blockedBy.relation} ${r.blockedBy.name} (${r.blockedBy.reason})` : 'evidence'}`);
    // The same omission reached along several paths is one line, with its count.
    const omissions = new Map<string, number>();
    for (const o of unit.omitted) {
      const line = `    omitted ${o.relation} ${o.name} at depth ${o.depth}: ${o.reason}`;
      omissions.set(line, (omissions.get(line) ?? 0) + 1);
    }
    for (const [line, n] of omissions) lines.push(n === 1 ? line : `${line} (${n} times)`);
  }
  for (const f of result.findings) lines.push(findingText(f));
  lines.push(...factLines(result.facts));
  lines.push(`Coverage: ${coverageLine(result)}`);
  return lines.join('\n');
}

/** The review inputs exactly as a backend would receive them, one canonical document per unit. */
export function dryRunText(result: ReviewResult): string {
  const parts = [humanText(result)];
  for (const unit of result.units) {
    if (!unit.input) continue;
    const rules = unit.rules.filter((r) => r.runs).map((r) => r.ruleId);
    parts.push(`\n# ${unit.path} ${unit.kind} ${unit.name}: rules ${rules.join(', ')}\n${encodeInput(unit.input)}`);
  }
  return parts.join('\n');
}
