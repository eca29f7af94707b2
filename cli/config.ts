// `cairn config show`: the effective review configuration, with where each setting came from.
import type { Command } from 'commander';
import type { LanguageSetting } from '../contracts/review-language.js';
import { CairnError } from './errors.js';
import { execute } from './run.js';

export function register(program: Command): void {
  const config = program.command('config').description('review configuration');
  config
    .command('show')
    .description('the effective configuration (workspace .cairn.jsonc over the user file), with origins')
    .action(async (_o: unknown, command: Command) => {
      // Each language's own setting (parsers/registry.ts), shown after the common ones.
      let settings: readonly LanguageSetting[] = [];
      await execute(
        command,
        'config show',
        async (ctx) => {
          const { loadConfig, analysisSettings, LANGUAGE_SETTINGS } = await import('../review/config.js');
          settings = LANGUAGE_SETTINGS;
          let c;
          try {
            c = loadConfig(ctx.workspace);
          } catch (error) {
            throw new CairnError('invalid_config', (error as Error).message);
          }
          const data = {
            files: c.files,
            includes: c.includes,
            excludes: c.excludes,
            contextIncludes: c.contextIncludes ?? '(follows includes)',
            contextExcludes: c.contextExcludes ?? '(follows excludes)',
            privacyExcludes: c.privacyExcludes,
            languages: c.languages,
            limits: c.limits,
            backend: c.backend,
            audit: c.audit,
            ...analysisSettings(c),
            rules: c.rules.map(({ rule, settings }) => ({ id: rule.id, origin: rule.origin, ...settings })),
            origins: c.origins,
          };
          return { command: 'config show', ok: true, data, warnings: [], truncated: false, next_action: 'none' as const, exit_code: 0 };
        },
        (r) => {
          const d = r.data;
          const o = d.origins;
          const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
          return [
            `configuration files: ${d.files.length > 0 ? d.files.join(', ') : 'none (defaults)'}`,
            `includes          ${show(d.includes)}  [${o.includes}]`,
            `excludes          ${show(d.excludes)}  [${o.excludes}]`,
            `contextIncludes   ${show(d.contextIncludes)}  [${o.contextIncludes}]`,
            `contextExcludes   ${show(d.contextExcludes)}  [${o.contextExcludes}]`,
            `privacyExcludes   ${show(d.privacyExcludes)}  [${o.privacyExcludes}]`,
            `languages         ${show(d.languages)}  [${o.languages}]`,
            `limits            ${show(d.limits)}  [${o.limits}]`,
            `backend           ${show(d.backend)}  [${o.backend}]`,
            `audit             ${show(d.audit)}  [${o.audit}]`,
            ...settings.map((setting) => `${setting.key.padEnd(18)}${setting.show((d as Record<string, unknown>)[setting.key])}  [${o[setting.key]}]`),
            `rules  [${o.rules}]`,
            ...d.rules.map((x) => `  ${x.enabled ? 'on ' : 'off'} ${x.id} (${x.origin})${x.threshold !== null ? ` threshold ${x.threshold}` : ''}`),
          ].join('\n');
        },
      );
    });
}
