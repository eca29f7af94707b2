// `cairn watch`: keep this workspace's index fresh until stopped (Ctrl-C or SIGTERM):
// each batch of saves becomes one incremental sync. One line per sync on stderr.
import type { Command } from 'commander';
import { CairnError } from '../contracts/errors.js';
import { contextFrom } from '../graph/answers/context.js';
import { openGraph } from '../graph/open-graph.js';
import { intOption } from '../graph/answers/options.js';

interface WatchFlags {
  debounce?: string;
  jobs?: string;
  includeLibrary?: boolean;
}

export function register(program: Command): void {
  program
    .command('watch')
    .description('keep the index fresh: watch the workspace and sync each batch of changes until stopped')
    .option('--debounce <ms>', 'quiet time after the last change before a sync (default 50, max 10000)')
    .option('-j, --jobs <n>', 'analysis threads for each sync (default: as `cairn sync`)')
    .option('--include-library', 'also watch and index library and build folders (as `cairn sync --include-library`)')
    .action(async (flags: WatchFlags, command: Command) => {
      const globals = command.optsWithGlobals() as { workspace?: string };
      const say = (line: string) => process.stderr.write(`cairn watch: ${line}\n`);
      let workspace: string;
      let debounceMs: number;
      let jobs: number | undefined;
      try {
        workspace = contextFrom({ workspace: globals.workspace }).workspace;
        debounceMs = intOption(flags.debounce, '--debounce', 50, 0, 10_000);
        jobs = intOption(flags.jobs, '--jobs', 0, 0, 256) || undefined;
        // An index must be there to keep fresh: `cairn init` makes it.
        await openGraph(workspace).close();
      } catch (error) {
        say((error as Error).message);
        process.exitCode = error instanceof CairnError ? error.exitCode : 2;
        return;
      }
      const { startWatcher } = await import('../agents/watcher.js');
      const watcher = await startWatcher(workspace, { debounceMs, jobs, includeLibrary: flags.includeLibrary, log: say });
      say(`watching ${workspace} (stop with Ctrl-C)`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await watcher.stop();
      say('stopped');
    });
}
