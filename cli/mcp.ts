// `cairn mcp`: serve the read-only MCP tools on stdin/stdout for the workspace it is
// started in (-C or the current directory) and the user's allow-list. The tools'
// answers are agents/mcp-answers.ts.
import type { Command } from 'commander';
import { JsoncError } from '../review/jsonc.js';
import { answerTool } from '../agents/mcp-answers.js';
import { serveMcp } from '../agents/mcp-server.js';
import { loadAllowList } from '../agents/mcp-workspaces.js';
import { keepGraphOpen } from '../graph/open-graph.js';
import { VERSION } from './program.js';
import { contextFrom } from './run.js';

export function register(program: Command): void {
  program
    .command('mcp')
    .description('serve the read-only cairn tools to an MCP client on stdin/stdout (this workspace and mcp.workspaces of the user configuration)')
    .option('--watch', 'also watch this workspace and sync its index as files are saved (started by you, never by a tool)')
    .action(async (flags: { watch?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals() as { workspace?: string };
      let started: string;
      try {
        started = contextFrom({ workspace: globals.workspace }).workspace;
      } catch (error) {
        process.stderr.write(`cairn mcp: ${(error as Error).message}\n`);
        process.exitCode = 2;
        return;
      }
      let allow;
      try {
        allow = loadAllowList(started);
      } catch (error) {
        if (!(error instanceof JsoncError)) throw error;
        process.stderr.write(`cairn mcp: ${error.message}\n`);
        process.exitCode = 2;
        return;
      }
      for (const entry of allow.missing) process.stderr.write(`cairn mcp: mcp.workspaces entry ${entry} is not a directory; it is not served\n`);
      if (!flags.watch) {
        await serveMcp({ version: VERSION, allow, answer: answerTool });
        return;
      }
      const { startWatcher } = await import('../agents/watcher.js');
      // The watcher writes the index in this process: the answers read it through one reader opened as a writer
      // would open it (a read-only one open when a sync starts would leave the sync unable to write).
      const closeGraph = keepGraphOpen(started, { besideWriter: true });
      const watcher = await startWatcher(started, { log: (line) => process.stderr.write(`cairn mcp: ${line}\n`) });
      try {
        await serveMcp({ version: VERSION, allow, answer: answerTool, watcher: () => watcher.state() });
      } finally {
        await watcher.stop();
        await closeGraph();
      }
    });
}
