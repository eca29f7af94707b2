// The post-edit review hook in Claude Code's and Codex's own hook configuration: install,
// uninstall and status. The command written is this installation's node and cairn
// script by absolute path; every other byte of the settings file is kept, a second
// install changes nothing, and uninstall gives back the file as it was.
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTwoFilesPatch } from 'diff';
import type { CommandContext } from '../contracts/command.js';
import type { CommandResult } from '../contracts/envelope.js';
import { CairnError } from '../contracts/errors.js';
import { checkHookCommand, hookCommand, type CommandCheck } from './hook-command.js';
import { HOSTS, type HostName, type Scope } from './hook-hosts.js';
import { cairnHooks, SettingsError, withHook, withoutHook, type InstallChange } from './hook-settings.js';

const usageError = (message: string) => new CairnError('invalid_argument', message, 2);

export interface Flags {
  claude?: boolean;
  codex?: boolean;
  project?: boolean;
  user?: boolean;
  dryRun?: boolean;
}

export interface Location {
  host: HostName;
  scope: Scope;
  /** Absolute path of the settings file. */
  path: string;
  /** The same, as a person reads it: workspace-relative or under ~. */
  file: string;
}

/** Which review backend answers the hook in this workspace, and what the agent will see. */
export interface BackendView {
  kind: string | null;
  /** Where the setting came from: default, user or workspace. */
  origin: string | null;
  says: string;
  /** Why the agent may see less than `says` (no index yet, an invalid configuration). */
  note: string | null;
}

export interface InstallData extends Location {
  change: InstallChange;
  command: string;
  dry_run: boolean;
  diff: string | null;
  backend: BackendView;
}

export interface UninstallData {
  dry_run: boolean;
  locations: Array<Location & { removed: number; file_removed: boolean; diff: string | null }>;
}

export interface StatusData {
  locations: Array<Location & { exists: boolean; hooks: Array<{ matcher: string; command: string; check: CommandCheck }> }>;
  backend: BackendView;
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

function settingsFailure(where: Location, error: unknown): never {
  if (error instanceof SettingsError) throw new CairnError('invalid_settings', `${where.file}: ${error.message}`, 2);
  throw error;
}

export async function install(ctx: CommandContext, flags: Flags): Promise<CommandResult<InstallData>> {
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

export async function uninstall(ctx: CommandContext, flags: Flags): Promise<CommandResult<UninstallData>> {
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

export async function hookStatus(ctx: CommandContext, flags: Flags): Promise<CommandResult<StatusData>> {
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
