// The agent hosts cairn installs its post-edit review hook into, and where each keeps
// its hook configuration. Both read the same JSON shape (see hook-settings.ts):
// - Claude Code: `.claude/settings.json` in the project, `~/.claude/settings.json` for
//   the user; PostToolUse with the matcher "Edit|MultiEdit|Write".
// - Codex: `.codex/hooks.json` in the project, `$CODEX_HOME/hooks.json` (default
//   `~/.codex`) for the user; PostToolUse with the matcher "apply_patch".
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export type HostName = 'claude' | 'codex';
export type Scope = 'project' | 'user';

export interface Host {
  name: HostName;
  title: string;
  matcher: string;
  /** The settings file for a scope: absolute. */
  file(scope: Scope, workspace: string, env: NodeJS.ProcessEnv): string;
  /** A valid PostToolUse event of this host that reviews nothing (an edit of a Markdown file), for `hooks status`. */
  sampleEvent(dir: string): Record<string, unknown>;
}

const home = (env: NodeJS.ProcessEnv) => (env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir());

export const HOSTS: Record<HostName, Host> = {
  claude: {
    name: 'claude',
    title: 'Claude Code',
    matcher: 'Edit|MultiEdit|Write',
    file: (scope, workspace, env) => (scope === 'project' ? join(workspace, '.claude', 'settings.json') : join(home(env), '.claude', 'settings.json')),
    sampleEvent: (dir) => ({
      session_id: 'cairn-hooks-status',
      cwd: dir,
      hook_event_name: 'PostToolUse',
      tool_name: 'Write',
      tool_input: { file_path: join(dir, 'NOTES.md'), content: '# notes\n' },
      tool_response: { type: 'create', filePath: join(dir, 'NOTES.md') },
    }),
  },
  codex: {
    name: 'codex',
    title: 'Codex',
    matcher: 'apply_patch',
    file: (scope, workspace, env) =>
      scope === 'project' ? join(workspace, '.codex', 'hooks.json') : join(env.CODEX_HOME && isAbsolute(env.CODEX_HOME) ? env.CODEX_HOME : join(home(env), '.codex'), 'hooks.json'),
    sampleEvent: (dir) => ({
      session_id: 'cairn-hooks-status',
      cwd: dir,
      hook_event_name: 'PostToolUse',
      tool_name: 'apply_patch',
      tool_input: { command: '*** Begin Patch\n*** Add File: NOTES.md\n+# notes\n*** End Patch\n' },
      tool_response: 'Success. Updated the following files:\nA NOTES.md\n',
    }),
  },
};
