// `cairn hooks install|uninstall|status`: the post-edit review hook in Claude Code's and
// Codex's own hook configuration (agents/hook-install.ts does the work).
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { hookStatus, install, uninstall, type BackendView, type Flags, type InstallData, type StatusData, type UninstallData } from '../agents/hook-install.js';
import { HOSTS } from '../agents/hook-hosts.js';
import { execute, warningsBlock } from './run.js';

export function register(program: Command): void {
  const hooks = program.command('hooks').description("the post-edit review hook in Claude Code's and Codex's hook configuration");
  const hostOptions = (c: Command, verb: string) =>
    c
      .option('--claude', `${verb} Claude Code (.claude/settings.json: PostToolUse, matcher Edit|MultiEdit|Write)`)
      .option('--codex', `${verb} Codex (.codex/hooks.json: PostToolUse, matcher apply_patch)`)
      .option('--project', 'the workspace’s own file (.claude/ or .codex/ in the workspace)')
      .option('--user', "the user's file (~/.claude/settings.json, $CODEX_HOME/hooks.json)");
  hostOptions(hooks.command('install').description('add the review hook (idempotent; keeps every other setting)'), 'install for')
    .option('--dry-run', 'print the change as a diff; write nothing')
    .action(async (flags: Flags, command: Command) => {
      await execute(command, 'hooks install', (ctx) => install(ctx, flags), renderInstall, true);
    });
  hostOptions(hooks.command('uninstall').description('remove the review hook (every host and scope unless narrowed)'), 'uninstall from')
    .option('--dry-run', 'print the change as a diff; write nothing')
    .action(async (flags: Flags, command: Command) => {
      await execute(command, 'hooks uninstall', (ctx) => uninstall(ctx, flags), renderUninstall, true);
    });
  hostOptions(hooks.command('status').description('where the hook is installed, and whether each configured command exists and answers a sample event'), 'only')
    .action(async (flags: Flags, command: Command) => {
      await execute(command, 'hooks status', (ctx) => hookStatus(ctx, flags), renderStatus);
    });
}

function renderInstall(r: CommandResult<InstallData>): string {
  const d = r.data;
  const host = HOSTS[d.host];
  if (d.dry_run) return d.change === 'unchanged' ? `${d.file}: the hook is already installed; nothing would change` : d.diff!;
  const what = { added: 'added to', updated: 'updated in', unchanged: 'already in' }[d.change];
  return [`${host.title} review hook ${what} ${d.file} (PostToolUse, matcher ${host.matcher}):`, `  ${d.command}`, ...backendLines(d.backend)].join('\n');
}

/** Which backend answers, and what the agent sees. */
function backendLines(b: BackendView): string[] {
  const lines = [b.kind === null ? 'review backend: unknown (invalid configuration)' : `review backend: ${b.kind} [${b.origin}]`, `  the agent sees: ${b.says}`];
  if (b.note) lines.push(`  note: ${b.note}`);
  return lines;
}

function renderUninstall(r: CommandResult<UninstallData>): string {
  const d = r.data;
  if (d.locations.length === 0) return 'No cairn review hook to remove.';
  if (d.dry_run) return d.locations.map((l) => l.diff!).join('\n');
  return d.locations.map((l) => `${HOSTS[l.host].title} review hook removed from ${l.file}${l.file_removed ? ' (nothing else was in it: file removed)' : ''}`).join('\n');
}

function renderStatus(r: CommandResult<StatusData>): string {
  const lines: string[] = [];
  for (const l of r.data.locations) {
    const title = `${HOSTS[l.host].title}, ${l.scope}`;
    if (l.hooks.length === 0) {
      lines.push(`${title}: not installed (${l.file}${l.exists ? '' : ', no such file'})`);
      continue;
    }
    for (const h of l.hooks) {
      lines.push(`${title}: installed in ${l.file} (matcher ${h.matcher})`);
      lines.push(`  command: ${h.command}`);
      for (const p of h.check.programs) lines.push(`  ${p.exists ? 'exists' : 'missing'}: ${p.path}`);
      if (h.check.sample) lines.push(`  sample event: ${h.check.answers ? 'answered' : 'failed'} (exit ${h.check.sample.exit_code}, ${h.check.sample.elapsed_ms} ms)`);
    }
  }
  lines.push(...backendLines(r.data.backend));
  return lines.join('\n') + warningsBlock(r);
}
