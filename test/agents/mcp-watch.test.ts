// `cairn mcp --watch`: the watcher syncs in the server's process while tools read the
// index through one reader held open beside it. Saves made while answers are being read
// all reach the index, and no sync fails (a writer that joins a read-only environment
// open in the same process cannot write).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUST_TS_FIXTURE } from '../cli/fixtures.js';
import { CAIRN, cairnJson } from '../helpers/cli.js';
import { makeFixture } from '../helpers/fixture.js';

describe('cairn mcp --watch', () => {
  it('keeps the index fresh while tools read it: every save is found, no sync fails', async () => {
    const fx = makeFixture(RUST_TS_FIXTURE, { git: true });
    const home = mkdtempSync(join(tmpdir(), 'cairn-home-'));
    expect(cairnJson(['init', '-C', fx.root]).code).toBe(0);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CAIRN, 'mcp', '--watch'],
      cwd: fx.root,
      env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), CAIRN_REVIEW_SERVER: 'off' },
      stderr: 'pipe',
    });
    let log = '';
    transport.stderr?.on('data', (chunk) => (log += String(chunk)));
    const client = new Client({ name: 'cairn-test', version: '0.0.0' });
    await client.connect(transport);
    const found = async (name: string) => {
      const answer = (await client.callTool({ name: 'cairn_search', arguments: { workspace: fx.root, query: name } })) as { content: Array<{ text: string }> };
      if (!answer.content[0]!.text.startsWith("{")) throw new Error(answer.content[0]!.text);
      return (JSON.parse(answer.content[0]!.text).data.symbols as Array<{ name: string }>).some((s) => s.name === name);
    };
    try {
      for (let i = 0; i < 4; i++) {
        fx.write(`web/saved${i}.ts`, `export function savedWhileReading${i}(): number {\n  return ${i};\n}\n`);
        // Reads go on while the save is synced.
        await expect.poll(() => found(`savedWhileReading${i}`), { timeout: 20_000, interval: 20 }).toBe(true);
      }
      expect(log).not.toMatch(/sync failed/);
      expect(log).toMatch(/synced 1 changed path/);
    } finally {
      await client.close();
      fx.remove();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
