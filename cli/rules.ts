// `cairn rules list|show|validate`: the effective review rules and strict validation of rule files
// (the answers are review/rule-answers.ts; this file parses options and prints).
import type { Command } from 'commander';
import { execute } from './run.js';

const answers = () => import('../review/rule-answers.js');

export function register(program: Command): void {
  const rules = program.command('rules').description('review rules: list, show, validate');

  rules
    .command('list')
    .description('the effective rules with their state and origin')
    .action(async (_o: unknown, command: Command) => {
      await execute(
        command,
        'rules list',
        async (ctx) => (await answers()).rulesList(ctx),
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
        async (ctx) => (await answers()).ruleShow(ctx, id),
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
        async (ctx) => (await answers()).rulesValidate(ctx, files),
        (r) => r.data.valid.map((id) => `ok ${id}`).join('\n'),
      );
    });
}
