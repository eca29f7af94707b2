// `cairn mcp`: a stdio MCP server over the tools in mcp-tools.ts. It answers each call
// with the envelope the CLI prints for the same command, produced by the same result
// function in the same process (the caller supplies them), never by running a shell.
// Nothing here writes, indexes or syncs: a workspace outside the allow-list is refused
// before anything is opened, and the schemas refuse oversized arguments before that.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { envelope, type CommandResult } from '../contracts/envelope.js';
import { CallQueue } from './call-queue.js';
import type { Freshness } from '../contracts/freshness.js';
import { freshnessOf, indexedAt } from '../graph/answers/freshness.js';
import { compactSymbols } from './mcp-compact.js';
import { allowedWorkspace, type AllowList } from './mcp-workspaces.js';
import { description, TOOLS, type ToolSpec } from './mcp-tools.js';

export type ToolArguments = { workspace: string } & Record<string, unknown>;

/** Answers one tool call for an allowed workspace (realpath) with the command's result. */
export type Answer = (tool: ToolSpec, workspace: string, args: ToolArguments) => Promise<CommandResult>;

export interface McpServerOptions {
  version: string;
  allow: AllowList;
  answer: Answer;
  /** The in-process watcher's state, when `cairn mcp --watch` runs one (the user starts it; no tool can). */
  watcher?: () => Freshness['watcher'];
}

/**
 * Tool calls answered at once; later ones queue. Each holds the index open (one LMDB
 * reader) and the calls share two cores, so more at once would only add readers.
 */
export const MAX_CONCURRENT_CALLS = 8;

export function createMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer({ name: 'cairn', version: options.version });
  const queue = new CallQueue(MAX_CONCURRENT_CALLS);
  for (const spec of TOOLS) {
    server.registerTool(
      spec.name,
      {
        title: spec.title,
        description: description(spec),
        inputSchema: spec.input,
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      // The whole call is one queued unit: the answer and the stamp's read of the index's age hold no more readers than the bound.
      (args: Record<string, unknown>) => queue.run(() => call(options, spec, args as ToolArguments)),
    );
  }
  return server;
}

async function call(options: McpServerOptions, spec: ToolSpec, args: ToolArguments): Promise<CallToolResult> {
  const workspace = allowedWorkspace(options.allow, args.workspace);
  const result: CommandResult =
    workspace === null
      ? {
          command: spec.command,
          ok: false,
          data: null,
          warnings: [
            {
              code: 'workspace_not_allowed',
              message: `${args.workspace} is not a workspace this server may read: it answers for ${options.allow.roots.join(', ')} (add others under mcp.workspaces in $XDG_CONFIG_HOME/cairn/config.jsonc)`,
            },
          ],
          truncated: false,
          next_action: 'none',
          exit_code: 2,
        }
      : await options.answer(spec, workspace, args);
  // Bad input and internal errors are tool errors; an answer that is a failure by
  // contract (a stale index, an unknown symbol) is still an answer.
  const isError = result.exit_code !== 0 && result.exit_code !== 1;
  const shown = args.verbose === true ? result : { ...result, data: compactSymbols(result.data) };
  const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(envelope(shown)) }];
  if (workspace !== null) {
    // The stamp: the index's age and the files this answer relied on that changed since (from its stale_source warning).
    const freshness = freshnessOf(await indexedAt(workspace), [result]);
    const watcher = options.watcher?.();
    if (watcher) freshness.watcher = watcher;
    content.push({ type: 'text', text: JSON.stringify({ freshness }) });
  }
  return { content, isError };
}

/** Serves on stdin/stdout until the client closes stdin. */
export async function serveMcp(options: McpServerOptions): Promise<void> {
  // stdout carries the protocol: anything else a library prints goes to stderr.
  console.log = console.info = console.debug = (...parts: unknown[]) => console.error(...parts);
  const server = createMcpServer(options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  process.stdin.once('end', () => void server.close());
  await server.connect(transport);
  await closed;
}
