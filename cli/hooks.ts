// `cairn hooks install|uninstall|status`: the post-edit review hook in Claude Code's and
// Codex's own hook configuration. The command written is this installation's node and
// cairn script by absolute path; every other byte of the settings file is kept, a
// second install changes nothing, and uninstall gives back the file as it was.
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { createTwoFilesPatch } from 'diff';
import type { CommandResult } from '../contracts/envelope.js';
import { checkHookCommand, hookCommand, type CommandCheck } from '../agents/hook-command.js';
import { HOSTS, type HostName, type Scope } from '../agents/hook-hosts.js';
import { cairnHooks, SettingsError, withHook, withoutHook, type InstallChange } from '../agents/hook-settings.js';
import { CairnError, usageError } from './errors.js';
import { execute, warningsBlock, type CommandContext } from './run.js';

interface Flags {
  claude?: boolean;
  codex?: boolean;
  project?: boolean;
  user?: boolean;
  dryRun?: boolean;
}

interface Location {
  host: HostName;
  scope: Scope;
  /** Absolute path of the settings file. */
  path: string;
  /** The same, as a person reads it: workspace-relative or under ~. */
  file: string;
}

/** Which review backend answers the hook in this workspace, and what the agent will see. */
interface BackendView {
  kind: string | null;
  /** Where the setting came from: default, user or workspace. */
  origin: string | null;
  says: string;
  /** Why the agent may see less than `says` (no index yet, an invalid configuration). */
  note: string | null;
}

interface InstallData extends Location {
  change: InstallChange;
  command: string;
  dry_run: boolean;
  diff: string | null;
  backend: BackendView;
}

interface UninstallData {
  dry_run: boolean;
  locations: Array<Location & { removed: number; file_removed: boolean; diff: string | null }>;
}

interface StatusData {
  locations: Array<Location & { exists: boolean; hooks: Array<{ matcher: string; command: string; check: CommandCheck }> }>;
  backend: BackendView;
}

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
      await execute(command, 'hooks status', (ctx) => status(ctx, flags), renderStatus);
    });
}

/** This installation's hook command: node and bin/cairn.js by absolute path. */
function thisInstallation(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const script = [join(here, '..', '..', 'bin', 'cairn.js'), join(here, '..', 'bin', 'cairn.js')].find((p) => existsSync(p))!;
  return hookCommand(process.execPath, script);
}

function hostsOf(flags: Flags, exactlyOne: boolean): HostName[] {
  if (flags.claude && flags.codex) throw usageError('give one of --claude or --codex');
  if (flags.claude) return ['claude'];
  if (flags.codex) return ['codex'];
  if (exactlyOne) throw usageError('name the host: --claude or --codex');
  return ['claude', 'codex'];
}

function scopesOf(flags: Flags, fallback: Scope[]): Scope[] {
  if (flags.project && flags.user) throw usageError('give one of --project or --user');
  return flags.project ? ['project'] : flags.user ? ['user'] : fallback;
}

function location(ctx: CommandContext, host: HostName, scope: Scope): Location {
  const path = HOSTS[host].file(scope, ctx.workspace, process.env);
  const home = process.env.HOME || homedir();
  const file = scope === 'project' ? relative(ctx.workspace, path) : path.startsWith(home + sep) ? `~/${relative(home, path)}` : path;
  return { host, scope, path, file };
}

/** Hosts' settings files are a few KiB; anything far larger is not one. */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/** The file's text, or null when it does not exist. A symlinked file is read (and written) where it leads. */
function readSettings(path: string): string | null {
  if (!existsSync(path)) return null;
  const stat = statSync(path);
  if (!stat.isFile()) throw new CairnError('invalid_settings', `${path} is not a regular file`, 2);
  if (stat.size > MAX_SETTINGS_BYTES) throw new CairnError('invalid_settings', `${path} is over ${MAX_SETTINGS_BYTES} bytes: not a settings file cairn edits`, 2);
  return readFileSync(path, 'utf8');
}

function writeSettings(path: string, text: string | null): void {
  const target = existsSync(path) ? realpathSync(path) : path;
  if (text === null) {
    rmSync(target, { force: true });
    // The folder install made for it (.claude/, .codex/) goes too when nothing else is in it.
    if (readdirSync(dirname(target)).length === 0) rmdirSync(dirname(target));
    return;
  }
  mkdirSync(dirname(target), { recursive: true });
  // Write beside it, then rename: a crash never leaves half a settings file.
  const temp = `${target}.cairn-${process.pid}.tmp`;
  writeFileSync(temp, text, { mode: existsSync(target) ? statSync(target).mode & 0o777 : 0o644 });
  renameSync(temp, target);
}

function unifiedDiff(file: string, before: string | null, after: string | null): string {
  return createTwoFilesPatch(before === null ? '/dev/null' : file, after === null ? '/dev/null' : file, before ?? '', after ?? '', '', '', { context: 3 })
    .replace(/^[\s\S]*?(?=^--- )/m, ''); // the "Index:" and "=====" lines before the file headers
}

async function backendView(workspace: string): Promise<BackendView> {
  const [{ loadConfig }, { backendSays }, { openStore }] = await Promise.all([import('../review/config.js'), import('../review/backends.js'), import('../store/index.js')]);
  let config;
  try {
    config = loadConfig(workspace, process.env);
  } catch (error) {
    return { kind: null, origin: null, says: 'nothing: the review configuration is invalid, so every review fails', note: (error as Error).message };
  }
  let note: string | null = null;
  if (config.backend.kind === 'graph') {
    const store = openStore(workspace, { readOnly: true });
    try {
      if (store.schemaState() !== 'compatible') note = 'no usable index in this workspace yet: run `cairn init`; until then the hook says nothing';
    } finally {
      await store.close();
    }
  }
  return { kind: config.backend.kind, origin: config.origins.backend ?? 'default', says: backendSays(config.backend), note };
}

function backendLines(b: BackendView): string[] {
  const lines = [b.kind === null ? 'review backend: unknown (invalid configuration)' : `review backend: ${b.kind} [${b.origin}]`, `  the agent sees: ${b.says}`];
  if (b.note) lines.push(`  note: ${b.note}`);
  return lines;
}

function settingsFailure(where: Location, error: unknown): never {
  if (error instanceof SettingsError) throw new CairnError('invalid_settings', `${where.file}: ${error.message}`, 2);
  throw error;
}

async function install(ctx: CommandContext, flags: Flags): Promise<CommandResult<InstallData>> {
  const [host] = hostsOf(flags, true);
  const [scope] = scopesOf(flags, ['project']);
  const where = location(ctx, host!, scope!);
  const command = thisInstallation();
  const before = readSettings(where.path);
  let next: ReturnType<typeof withHook>;
  try {
    next = withHook(before, { matcher: HOSTS[host!].matcher, command });
  } catch (error) {
    settingsFailure(where, error);
  }
  const dryRun = Boolean(flags.dryRun);
  if (!dryRun && next.change !== 'unchanged') writeSettings(where.path, next.text);
  const data: InstallData = {
    ...where,
    change: next.change,
    command,
    dry_run: dryRun,
    diff: dryRun ? unifiedDiff(where.file, before, next.change === 'unchanged' ? before : next.text) : null,
    backend: await backendView(ctx.workspace),
  };
  return { command: 'hooks install', ok: true, data, warnings: [], truncated: false, next_action: 'none', exit_code: 0 };
}

async function uninstall(ctx: CommandContext, flags: Flags): Promise<CommandResult<UninstallData>> {
  const dryRun = Boolean(flags.dryRun);
  const locations: UninstallData['locations'] = [];
  for (const host of hostsOf(flags, false)) {
    for (const scope of scopesOf(flags, ['project', 'user'])) {
      const where = location(ctx, host, scope);
      const before = readSettings(where.path);
      let next: ReturnType<typeof withoutHook>;
      try {
        next = withoutHook(before);
      } catch (error) {
        settingsFailure(where, error);
      }
      if (next.removed === 0) continue;
      if (!dryRun) writeSettings(where.path, next.text);
      locations.push({ ...where, removed: next.removed, file_removed: next.text === null, diff: dryRun ? unifiedDiff(where.file, before, next.text) : null });
    }
  }
  return { command: 'hooks uninstall', ok: true, data: { dry_run: dryRun, locations }, warnings: [], truncated: false, next_action: 'none', exit_code: 0 };
}

async function status(ctx: CommandContext, flags: Flags): Promise<CommandResult<StatusData>> {
  const locations: StatusData['locations'] = [];
  const warnings = [];
  for (const host of hostsOf(flags, false)) {
    for (const scope of scopesOf(flags, ['project', 'user'])) {
      const where = location(ctx, host, scope);
      const text = readSettings(where.path);
      let found: ReturnType<typeof cairnHooks>;
      try {
        found = cairnHooks(text);
      } catch (error) {
        warnings.push({ code: 'invalid_settings', message: `${where.file}: ${(error as Error).message}` });
        found = [];
      }
      const hooks = found.map((f) => ({ matcher: f.matcher, command: f.command, check: checkHookCommand(f.command, HOSTS[host]) }));
      for (const h of hooks) {
        if (!h.check.answers) warnings.push({ code: 'hook_not_answering', message: `${where.file}: ${h.command} ${h.check.sample ? `exited ${h.check.sample.exit_code} on a sample event` : 'names a program that does not exist'}` });
      }
      locations.push({ ...where, exists: text !== null, hooks });
    }
  }
  const ok = warnings.length === 0;
  return { command: 'hooks status', ok, data: { locations, backend: await backendView(ctx.workspace) }, warnings, truncated: false, next_action: 'none', exit_code: ok ? 0 : 1 };
}

function renderInstall(r: CommandResult<InstallData>): string {
  const d = r.data;
  const host = HOSTS[d.host];
  if (d.dry_run) return d.change === 'unchanged' ? `${d.file}: the hook is already installed; nothing would change` : d.diff!;
  const what = { added: 'added to', updated: 'updated in', unchanged: 'already in' }[d.change];
  return [`${host.title} review hook ${what} ${d.file} (PostToolUse, matcher ${host.matcher}):`, `  ${d.command}`, ...backendLines(d.backend)].join('\n');
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
