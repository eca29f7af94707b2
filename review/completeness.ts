// Per-rule evidence completeness: which rules may run on a review unit, given the
// edges the traversal omitted and what each rule declares it needs.
import type { Completeness } from '../contracts/review-input.js';
import type { EdgeDecision } from '../machines/evidence-traversal.js';
import type { ConfiguredRule } from './config.js';
import type { Requirement, RuleInput } from './rules.js';

/** An omitted edge a requirement cannot do without, or null when the requirement is met. */
export function missingFor(requirement: Requirement, edges: EdgeDecision[]): EdgeDecision | null {
  const omitted = edges.filter((e) => e.status === 'omitted');
  switch (requirement) {
    case 'resolved-outbound-types':
      return omitted.find((e) => e.relation === 'type' && e.depth === 1) ?? null;
    case 'resolved-local-calls':
      return omitted.find((e) => e.relation === 'call' && e.depth === 1) ?? null;
    case 'selected-source-type-closure':
      return omitted.find((e) => e.relation === 'type') ?? null;
    default:
      return null; // root-declaration, signature, body: the root itself carries them
  }
}

export interface RuleEligibility {
  ruleId: string;
  /** Null when the rule may run. */
  blockedBy: EdgeDecision | null;
  completeness: Completeness;
}

export function eligibility(input: RuleInput, ruleId: string, edges: EdgeDecision[]): RuleEligibility {
  const anyOmitted = edges.some((e) => e.status === 'omitted');
  for (const requirement of input.requires) {
    const blocked = missingFor(requirement, edges);
    if (blocked) return { ruleId, blockedBy: blocked, completeness: 'incomplete-irrelevant' };
  }
  return { ruleId, blockedBy: null, completeness: anyOmitted ? 'incomplete-irrelevant' : 'complete' };
}

/** The input entry of a configured rule that applies to a root of this kind and language, if any. */
export function applicableInput(configured: ConfiguredRule, kind: 'type' | 'function', language: string): RuleInput | null {
  if (!configured.settings.enabled) return null;
  if (configured.settings.languages && !configured.settings.languages.includes(language)) return null;
  return configured.rule.inputs.find((i) => i.kind === kind && i.languages.includes(language)) ?? null;
}

const BUDGET_REASONS = ['file-limit', 'read-limit', 'tree-limit', 'depth-limit', 'target-limit', 'work-limit', 'reexport-chain'];

/** The coverage code for a unit whose rules all lacked evidence, from the blocking omissions. */
export function coverageForBlocked(blocking: EdgeDecision[]): 'incomplete-graph' | 'expansion-limit' | 'analysis-deadline' {
  if (blocking.some((e) => e.reason === 'analysis-deadline')) return 'analysis-deadline';
  if (blocking.some((e) => e.reason !== null && BUDGET_REASONS.includes(e.reason))) return 'expansion-limit';
  return 'incomplete-graph';
}
