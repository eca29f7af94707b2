// The answers of `cairn rules list|show|validate`: the effective review rules, one rule
// with its configured settings, and strict validation of rule files (every problem of
// every file reported). cli/rules.ts parses options and prints them.
import type { CommandContext } from '../contracts/command.js';
import type { CommandResult } from '../contracts/envelope.js';
import { CairnError } from '../contracts/errors.js';
import { MAX_CONFIG_BYTES, readInput } from '../gate/bounds.js';
import type { ConfiguredRule } from './config.js';

async function effectiveRules(ctx: CommandContext): Promise<ConfiguredRule[]> {
  const { loadConfig } = await import('./config.js');
  try {
    return loadConfig(ctx.workspace).rules;
  } catch (error) {
    throw new CairnError('invalid_config', (error as Error).message);
  }
}

const ok = <T>(command: string, data: T): CommandResult<T> => ({ command, ok: true, data, warnings: [], truncated: false, next_action: 'none' as const, exit_code: 0 });

export interface RuleRow {
  id: string;
  title: string;
  enabled: boolean;
  kinds: string[];
  languages: string[];
  threshold: number;
  origin: string;
}

/** The effective rules with their state and origin. */
export async function rulesList(ctx: CommandContext): Promise<CommandResult<RuleRow[]>> {
  return ok(
    'rules list',
    (await effectiveRules(ctx)).map(({ rule, settings }) => ({
      id: rule.id,
      title: rule.title,
      enabled: settings.enabled,
      kinds: [...new Set(rule.inputs.map((i) => i.kind))],
      languages: settings.languages ?? [...new Set(rule.inputs.flatMap((i) => i.languages))],
      threshold: settings.threshold ?? rule.threshold,
      origin: rule.origin,
    })),
  );
}

/** One rule in full, with its configured settings. */
export async function ruleShow(ctx: CommandContext, id: string): Promise<CommandResult<ConfiguredRule>> {
  const found = (await effectiveRules(ctx)).find((r) => r.rule.id === id);
  if (!found) throw new CairnError('not_found', `no rule with id ${id}`, 1);
  return ok('rules show', found);
}

/** Validates rule files (none: the effective configuration and its rules); any problem fails with all of them listed. */
export async function rulesValidate(ctx: CommandContext, files: string[]): Promise<CommandResult<{ valid: string[]; problems?: string[] }>> {
  if (files.length === 0) {
    const list = await effectiveRules(ctx);
    return ok('rules validate', { valid: list.map((r) => r.rule.id) });
  }
  const { parseRule } = await import('./rules.js');
  const valid: string[] = [];
  const problems: string[] = [];
  // Every file is checked and every problem reported, one `file:line:col: problem` line each.
  for (const file of files) {
    let text: string;
    try {
      text = readInput(file, 'rule file', MAX_CONFIG_BYTES);
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
      continue;
    }
    try {
      valid.push(parseRule(file, text).id);
    } catch (error) {
      problems.push(...(error as Error).message.split('\n'));
    }
  }
  if (problems.length > 0) {
    throw new CairnError('invalid_rule', `${problems.length} problem(s):\n${problems.join('\n')}`, 2, 'none', { valid, problems });
  }
  return ok('rules validate', { valid, problems });
}
