// A language-server client for tests: `cairn lsp` started as a child process and
// driven over its stdio with the protocol library's own message connection.
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  InitializeRequest,
  InitializedNotification,
  StreamMessageReader,
  StreamMessageWriter,
  type InitializeResult,
  type MessageConnection,
} from 'vscode-languageserver/node.js';
import { CAIRN } from './cli.js';

export interface LspClient {
  connection: MessageConnection;
  child: ChildProcess;
  initialized: InitializeResult;
  /** Every notification the server sent, in order. */
  notifications: Array<{ method: string; params: any }>;
  /** Every request this client sent, with its id, in order. */
  requests: Array<{ id: number | string; method: string }>;
  uri(path: string): string;
  stderr(): string;
  close(): Promise<number | null>;
}

export async function startLsp(workspace: string, options: { args?: string[]; initializationOptions?: unknown; env?: NodeJS.ProcessEnv } = {}): Promise<LspClient> {
  const child = spawn(process.execPath, [CAIRN, 'lsp', ...(options.args ?? [])], {
    cwd: workspace,
    env: { ...process.env, CAIRN_REVIEW_SERVER: 'off', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const writer = new StreamMessageWriter(child.stdin!);
  const requests: LspClient['requests'] = [];
  const write = writer.write.bind(writer);
  writer.write = (message) => {
    const sent = message as { id?: number | string; method?: string };
    if (sent.id !== undefined && sent.method !== undefined) requests.push({ id: sent.id, method: sent.method });
    return write(message);
  };
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), writer);
  const notifications: LspClient['notifications'] = [];
  connection.onNotification((method, params) => void notifications.push({ method, params }));
  connection.listen();
  const root = pathToFileURL(workspace).href;
  const initialized = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: root,
    workspaceFolders: [{ uri: root, name: 'fixture' }],
    capabilities: { general: { positionEncodings: ['utf-16'] } },
    initializationOptions: options.initializationOptions ?? null,
  });
  await connection.sendNotification(InitializedNotification.type, {});
  return {
    connection,
    child,
    initialized,
    notifications,
    requests,
    uri: (path) => pathToFileURL(`${workspace}/${path}`).href,
    stderr: () => stderr,
    async close() {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}
