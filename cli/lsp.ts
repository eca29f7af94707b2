// `cairn lsp`: the read-only language server on stdin/stdout for the workspace it is
// started in (-C or the current directory). With --watch it also keeps the index fresh
// in this process (the watcher `cairn watch` runs); without it, answers say when they are stale.
import type { Command } from 'commander';
import { contextFrom } from '../graph/answers/context.js';
import { VERSION } from './program.js';

export function register(program: Command): void {
  program
    .command('lsp')
    .description('serve the read-only cairn language server on stdin/stdout (definition, references, call hierarchy, hover, code lens, workspace symbols)')
    .option('--stdio', 'talk over stdin/stdout (the default and only transport; accepted for editors that pass it)')
    .option('--watch', 'also watch the workspace and sync the index as files are saved')
    .action(async (flags: { watch?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals() as { workspace?: string };
      let workspace: string;
      try {
        workspace = contextFrom({ workspace: globals.workspace }).workspace;
      } catch (error) {
        process.stderr.write(`cairn lsp: ${(error as Error).message}\n`);
        process.exitCode = 2;
        return;
      }
      const { serveLanguageServer } = await import('../agents/lsp-server.js');
      if (!flags.watch) {
        await serveLanguageServer({ workspace, version: VERSION });
        return;
      }
      const { startWatcher } = await import('../agents/watcher.js');
      const watcher = await startWatcher(workspace, { log: (line) => process.stderr.write(`cairn lsp: ${line}\n`) });
      try {
        await serveLanguageServer({
          workspace,
          version: VERSION,
          watcher: () => watcher.state(),
          onSynced: (listener) => watcher.onSynced(listener),
          onShutdown: () => watcher.stop(),
        });
      } finally {
        await watcher.stop();
      }
    });
}
