// `cairn rules list|show|validate`: the effective review rules and strict validation of rule files.
import { MAX_CONFIG_BYTES, readInput } from '../gate/bounds.js';
import type { Command } from 'commander';
import { CairnError } from './errors.js';
import { execute, type CommandContext } from './run.js';

async function effectiveRules(ctx: CommandContext) {
  const { loadConfig } = await import('../review/config.js');
  try {
    return loadConfig(ctx.workspace).rules;
  } catch (error) {
    throw new CairnError('invalid_config', (error as Error).message);
  }
}

const ok = <T>(command: string, data: T) => ({ command, ok: true, data, warnings: [], truncated: false, next_action: 'none' as const, exit_code: 0 });

export function register(program: Command): void {
  const rules = program.command('rules').description('review rules: list, show, validate');

  rules
    .command('list')
    .description('the effective rules with their state and origin')
    .action(async (_o: unknown, command: Command) => {
      await execute(
        command,
        'rules list',
        async (ctx) =>
          ok(
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
          ),
        (r) => r.data.map((x) => `${x.enabled ? 'on ' : 'off'} ${x.id}  ${x.kinds.join('+')} ${x.languages.join(',')} >${x.threshold}  (${x.origin})\n    ${x.title}`).join('\n'),
      );
    });

  rules
    .command('show <id>')
    .description('one rule in full, with its configured settings')
    .action(async (id: string, _o: unknown, command: Command) => {
      await execute(
        command,
        'rules show',
        async (ctx) => {
          const found = (await effectiveRules(ctx)).find((r) => r.rule.id === id);
          if (!found) throw new CairnError('not_found', `no rule with id ${id}`, 1);
          return ok('rules show', found);
        },
        (r) => {
          const { rule, settings } = r.data;
          return [
            `${rule.id}: ${rule.title}  (${rule.origin}, ${settings.enabled ? 'enabled' : 'disabled'})`,
            `question: ${rule.question}`,
            'criteria:',
            ...rule.criteria.map((c) => `  - ${c}`),
            `message: ${settings.message ?? rule.message}`,
            `threshold: ${settings.threshold ?? rule.threshold} (a finding needs a probability strictly greater)`,
            'inputs:',
            ...rule.inputs.map((i) => `  - ${i.kind} in ${i.languages.join(', ')} requires ${i.requires.join(', ') || 'nothing beyond the root'}`),
            `digest: sha256:${rule.digest}`,
          ].join('\n');
        },
      );
    });

  rules
    .command('validate [files...]')
    .description('validate rule files (default: the effective configuration and its rules)')
    .action(async (files: string[], _o: unknown, command: Command) => {
      await execute(
        command,
        'rules validate',
        async (ctx) => {
          if (files.length === 0) {
            const list = await effectiveRules(ctx);
            return ok('rules validate', { valid: list.map((r) => r.rule.id) });
          }
          const { parseRule } = await import('../review/rules.js');
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
        },
        (r) => r.data.valid.map((id) => `ok ${id}`).join('\n'),
      );
    });
}
