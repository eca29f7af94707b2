// `cairn mcp` driven by the MCP SDK's own client over stdio, against the built binary
// and a fixture repository: the nine tools, each answering with the envelope the CLI
// prints; workspaces outside the allow-list refused; oversized arguments refused
// before any work; nothing written, a stale index reported and left stale.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUST_TS_FIXTURE } from '../cli/fixtures.js';
import { CAIRN, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const TOOL_NAMES = ['cairn_callees', 'cairn_callers', 'cairn_diff', 'cairn_doctor', 'cairn_impact', 'cairn_node', 'cairn_search', 'cairn_status', 'cairn_tests_for'];

let fx: Fixture;
let other: Fixture;
let home: string;

/** A client connected to `cairn mcp` started in `cwd`, with HOME (and so the user configuration) in a temp dir. */
async function connect(cwd: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CAIRN, 'mcp'],
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), CAIRN_REVIEW_SERVER: 'off' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'cairn-test', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

type Answer = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const textOf = (r: unknown) => (r as Answer).content[0]!.text!;
const envelopeOf = (r: unknown) => JSON.parse(textOf(r));

/** Fields that measure the run itself, not the answer. */
function stable(value: any): any {
  const copy = structuredClone(value);
  if (copy?.data?.timings_ms) delete copy.data.timings_ms;
  if (copy?.data?.historical_snapshot) delete copy.data.historical_snapshot.elapsed_ms;
  return copy;
}

const indexDigest = () => createHash('sha256').update(readFileSync(join(fx.root, '.cairn', 'graph', 'data.mdb'))).digest('hex');

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'cairn-mcp-home-'));
  fx = makeFixture(RUST_TS_FIXTURE, { git: true });
  other = makeFixture(RUST_TS_FIXTURE, { git: true });
  for (const ws of [fx.root, other.root]) {
    const init = cairnJson(['init', '-C', ws]);
    expect(init.code, init.stderr).toBe(0);
  }
});
afterAll(() => {
  fx.remove();
  other.remove();
  rmSync(home, { recursive: true, force: true });
});

describe('cairn mcp', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(fx.root);
  });
  afterAll(async () => {
    await client.close();
  });

  it('lists exactly the nine tools of the contract, each read-only with an explicit workspace and its maxima', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.inputSchema.required).toContain('workspace');
      expect(tool.inputSchema.additionalProperties).toBe(false);
      expect(tool.description).toMatch(/static structural evidence/);
      expect(tool.description).toMatch(/not test execution or semantic compilation/);
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t.inputSchema.properties as Record<string, any>]));
    expect(Object.keys(byName.cairn_impact!).sort()).toEqual(['depth', 'direction', 'include_outside', 'limit', 'min_confidence', 'symbol', 'verbose', 'workspace']);
    expect(byName.cairn_impact!.depth.maximum).toBe(5);
    expect(byName.cairn_impact!.limit.maximum).toBe(200);
    expect(byName.cairn_search!.limit.maximum).toBe(200);
    expect(byName.cairn_tests_for!.limit.maximum).toBe(100);
    expect(byName.cairn_diff!.files.maxItems).toBe(500);
    expect(byName.cairn_callers!.limit.maximum).toBe(1000);
    expect(byName.cairn_callees!.limit.maximum).toBe(1000);
    expect(Object.keys(byName.cairn_status!)).toEqual(['workspace', 'verbose']);
    expect(Object.keys(byName.cairn_doctor!)).toEqual(['workspace', 'verbose']);
  });

  it('answers every tool, verbose, with the envelope the CLI prints for the same command', async () => {
    const ws = fx.root;
    const calls: Array<[string, Record<string, unknown>, string[]]> = [
      ['cairn_status', {}, ['status']],
      ['cairn_search', { query: 'area', limit: 5 }, ['search', 'area', '--limit', '5']],
      ['cairn_node', { symbol: 'Greeter.run' }, ['node', '--symbol', 'Greeter.run']],
      ['cairn_node', { file: 'web/greet.ts', offset: 2, limit: 3 }, ['node', '--file', 'web/greet.ts', '--offset', '2', '--limit', '3']],
      ['cairn_callers', { symbol: 'web/greet.ts::greet', min_confidence: 60 }, ['callers', 'web/greet.ts::greet', '--min-confidence', '60']],
      ['cairn_callers', { symbol: 'web/greet.ts::greet', limit: 1 }, ['callers', 'web/greet.ts::greet', '--limit', '1']],
      ['cairn_callees', { symbol: 'helper' }, ['callees', 'helper']],
      ['cairn_tests_for', { symbol: 'greet', limit: 10 }, ['tests-for', 'greet', '--limit', '10']],
      ['cairn_doctor', {}, ['doctor']],
      ['cairn_impact', { symbol: 'Circle::area', direction: 'callers', depth: 2 }, ['impact', 'Circle::area', '--direction', 'callers', '--depth', '2']],
      ['cairn_diff', { files: ['src/lib.rs'] }, ['diff', '--files', 'src/lib.rs']],
      ['cairn_diff', { base: 'HEAD' }, ['diff', '--base', 'HEAD']],
    ];
    for (const [name, args, cli] of calls) {
      const answer = await client.callTool({ name, arguments: { workspace: ws, ...args, verbose: true } });
      const expected = cairnJson([...cli, '-C', ws]);
      expect(stable(envelopeOf(answer)), name).toEqual(stable(expected.body));
      expect(answer.isError, name).toBe(false);
      expect(envelopeOf(answer).contract_version).toBe('0.3');
    }
  });

  it('answers compactly by default: each symbol whole once, later mentions by id', async () => {
    const verbose = envelopeOf(await client.callTool({ name: 'cairn_callers', arguments: { workspace: fx.root, symbol: 'web/greet.ts::greet', verbose: true } }));
    const compact = envelopeOf(await client.callTool({ name: 'cairn_callers', arguments: { workspace: fx.root, symbol: 'web/greet.ts::greet' } }));
    expect(compact.data.total).toBe(verbose.data.total);
    expect(compact.data.target).toEqual({ id: 'web/greet.ts::greet', name: 'greet', qualified_name: 'greet', kind: 'function', file_path: 'web/greet.ts', start_line: 1, end_line: 3, is_test: false });
    expect(compact.data.neighbours.map((n: any) => n.symbol.id)).toEqual(verbose.data.neighbours.map((n: any) => n.symbol.id));
    expect(compact.data.neighbours.map((n: any) => [n.file_path, n.line, n.confidence])).toEqual(verbose.data.neighbours.map((n: any) => [n.file_path, n.line, n.confidence]));
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(verbose).length);
  });

  it('stamps every answer with the index age and the files it relied on that changed since', async () => {
    const answer = (await client.callTool({ name: 'cairn_callers', arguments: { workspace: fx.root, symbol: 'web/greet.ts::greet' } })) as Answer;
    const stamp = JSON.parse(answer.content[1]!.text!).freshness;
    expect(stamp).toMatchObject({ fresh: true, changed_since_index: [], unchecked: 0 });
    expect(stamp.index_age_seconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(stamp.indexed_at)).toBeLessThanOrEqual(Date.now());
  });

  it('answers a failure by contract as the CLI does: an unknown symbol is an answer, not a tool error', async () => {
    const answer = await client.callTool({ name: 'cairn_callers', arguments: { workspace: fx.root, symbol: 'no_such_symbol', verbose: true } });
    const expected = cairnJson(['callers', 'no_such_symbol', '-C', fx.root]);
    expect(envelopeOf(answer)).toEqual(expected.body);
    expect(envelopeOf(answer).ok).toBe(false);
    expect(answer.isError).toBe(false);
  });

  it('takes "." and a relative path as the started workspace', async () => {
    const answer = await client.callTool({ name: 'cairn_status', arguments: { workspace: '.' } });
    expect(envelopeOf(answer).ok).toBe(true);
  });

  it('refuses a workspace outside the allow-list, however it is named', async () => {
    const link = join(home, 'link-to-other');
    symlinkSync(other.root, link);
    for (const workspace of [other.root, link, join(fx.root, '..', other.root.split('/').pop()!), join(fx.root, 'src'), '/', join(home, 'missing')]) {
      const answer = await client.callTool({ name: 'cairn_search', arguments: { workspace, query: 'area' } });
      expect(answer.isError, workspace).toBe(true);
      const body = envelopeOf(answer);
      expect(body).toMatchObject({ contract_version: '0.3', command: 'search', ok: false, data: null });
      expect(body.warnings[0].code).toBe('workspace_not_allowed');
    }
  });

  it('refuses oversized, malformed and unknown arguments before any work', async () => {
    const refused = async (name: string, args: Record<string, unknown>, field: string) => {
      // The workspace is not allowed either: the argument check answers first.
      const answer = await client.callTool({ name, arguments: { workspace: other.root, ...args } });
      expect(answer.isError, `${name} ${field}`).toBe(true);
      expect(textOf(answer)).toMatch(/Input validation error/);
      expect(textOf(answer)).toContain(field);
    };
    await refused('cairn_search', { query: 'area', limit: 201 }, 'limit');
    await refused('cairn_search', { query: 'x'.repeat(1025) }, 'query');
    await refused('cairn_impact', { symbol: 'area', depth: 6 }, 'depth');
    await refused('cairn_impact', { symbol: 'area', limit: 201 }, 'limit');
    await refused('cairn_impact', { symbol: 'area', direction: 'sideways' }, 'direction');
    await refused('cairn_callers', { symbol: 'area', min_confidence: 101 }, 'min_confidence');
    await refused('cairn_tests_for', { symbol: 'area', limit: 101 }, 'limit');
    await refused('cairn_node', { file: 'src/lib.rs', limit: 2001 }, 'limit');
    await refused('cairn_diff', { files: Array.from({ length: 501 }, (_, i) => `f${i}.rs`) }, 'files');
    await refused('cairn_diff', { base: 'HEAD', limit: 501 }, 'limit');
    await refused('cairn_status', { workspace: 'x'.repeat(4097) }, 'workspace');
    await refused('cairn_status', { sync: true }, 'sync');
    await refused('cairn_callers', {}, 'symbol');
  });

  it('200 calls at once all answer: the server queues work instead of running out of LMDB readers', async () => {
    const calls = Array.from({ length: 200 }, (_, i) => {
      const [name, args] = [
        ['cairn_search', { query: 'area' }],
        ['cairn_callers', { symbol: 'web/greet.ts::greet' }],
        ['cairn_impact', { symbol: 'Circle::area' }],
        ['cairn_status', {}],
      ][i % 4] as [string, Record<string, unknown>];
      return client.callTool({ name, arguments: { workspace: fx.root, ...args } }, undefined, { timeout: 120_000 });
    });
    const answers = await Promise.all(calls);
    const failures = answers.map(envelopeOf).filter((body) => !body.ok);
    expect(failures.map((body) => JSON.stringify(body.warnings)).slice(0, 3)).toEqual([]);
    expect(answers.every((a) => !a.isError)).toBe(true);
  });

  it('bounds text arguments in UTF-8 bytes as the CLI does: a 1,024-character CJK query or symbol is an argument error', async () => {
    const cjk = '漢'.repeat(1024);
    for (const [name, field] of [
      ['cairn_search', 'query'],
      ['cairn_callers', 'symbol'],
      ['cairn_impact', 'symbol'],
    ] as const) {
      const answer = await client.callTool({ name, arguments: { workspace: fx.root, [field]: cjk } });
      expect(answer.isError, name).toBe(true);
      expect(textOf(answer)).toMatch(/Input validation error/);
      expect(textOf(answer)).toContain(field);
      expect(textOf(answer)).toMatch(/900 bytes/);
      expect(textOf(answer)).not.toMatch(/internal_error/);
    }
    // Just inside the bound (300 three-byte characters) is an ordinary answer.
    const inside = envelopeOf(await client.callTool({ name: 'cairn_search', arguments: { workspace: fx.root, query: '漢'.repeat(300) } }));
    expect(inside.command).toBe('search');
    expect(inside.warnings.map((w: { code: string }) => w.code)).not.toContain('internal_error');
  });

  it('writes nothing: the index bytes and git state are unchanged after every tool has run', async () => {
    const before = indexDigest();
    for (const name of TOOL_NAMES) {
      const args: Record<string, unknown> = { workspace: fx.root };
      if (['cairn_node', 'cairn_callers', 'cairn_callees', 'cairn_tests_for', 'cairn_impact'].includes(name)) args.symbol = 'greet';
      if (name === 'cairn_search') args.query = 'greet';
      if (name === 'cairn_diff') args.base = 'HEAD';
      await client.callTool({ name, arguments: args });
    }
    expect(indexDigest()).toBe(before);
    expect(fx.git('status', '--porcelain')).toBe('');
  });

  it('reports a stale index and leaves it stale', async () => {
    const before = indexDigest();
    writeFileSync(join(fx.root, 'web/greet.ts'), `${RUST_TS_FIXTURE['web/greet.ts']}\nexport function wave(): string {\n  return greet('all');\n}\n`);
    try {
      for (let round = 0; round < 2; round++) {
        const status = envelopeOf(await client.callTool({ name: 'cairn_status', arguments: { workspace: fx.root } }));
        expect(status.ok).toBe(false);
        expect(status.data.freshness).toBe('stale');
        expect(status.next_action).toBe('cairn sync');
        const doctor = envelopeOf(await client.callTool({ name: 'cairn_doctor', arguments: { workspace: fx.root } }));
        expect(doctor.warnings.map((w: { code: string }) => w.code)).toContain('index_stale');
        const diff = envelopeOf(await client.callTool({ name: 'cairn_diff', arguments: { workspace: fx.root, base: 'HEAD' } }));
        expect(diff.warnings[0].code).toBe('index_stale');
        const search = envelopeOf(await client.callTool({ name: 'cairn_search', arguments: { workspace: fx.root, query: 'wave' } }));
        expect(search.data.symbols).toEqual([]);
        const callers = (await client.callTool({ name: 'cairn_callers', arguments: { workspace: fx.root, symbol: 'web/greet.ts::greet' } })) as Answer;
        expect(JSON.parse(callers.content[1]!.text!).freshness).toMatchObject({ fresh: false, changed_since_index: ['web/greet.ts'] });
      }
      expect(indexDigest()).toBe(before);
    } finally {
      writeFileSync(join(fx.root, 'web/greet.ts'), RUST_TS_FIXTURE['web/greet.ts']!);
    }
  });
});

describe('cairn mcp allow-list from the user configuration', () => {
  it('serves a workspace listed under mcp.workspaces, and still refuses others', async () => {
    const config = join(home, '.config', 'cairn');
    mkdirSync(config, { recursive: true });
    writeFileSync(join(config, 'config.jsonc'), `{\n  // workspaces an agent may query through cairn mcp\n  "mcp": { "workspaces": [${JSON.stringify(other.root)}] }\n}\n`);
    const third = mkdtempSync(join(tmpdir(), 'cairn-mcp-third-'));
    const client = await connect(fx.root);
    try {
      const listed = envelopeOf(await client.callTool({ name: 'cairn_search', arguments: { workspace: other.root, query: 'area' } }));
      expect(listed.ok).toBe(true);
      expect(listed.data.symbols.length).toBeGreaterThan(0);
      const started = envelopeOf(await client.callTool({ name: 'cairn_status', arguments: { workspace: fx.root } }));
      expect(started.ok).toBe(true);
      const refused = await client.callTool({ name: 'cairn_status', arguments: { workspace: third } });
      expect(refused.isError).toBe(true);
      expect(envelopeOf(refused).warnings[0].code).toBe('workspace_not_allowed');
    } finally {
      await client.close();
      rmSync(join(config, 'config.jsonc'));
      rmSync(third, { recursive: true, force: true });
    }
  });

  it('a repository cannot widen the list: mcp in .cairn.jsonc is refused by the configuration reader', () => {
    writeFileSync(join(other.root, '.cairn.jsonc'), `{ "mcp": { "workspaces": ["/"] } }\n`);
    try {
      const shown = cairnJson(['config', 'show', '-C', other.root]);
      expect(shown.code).toBe(2);
      expect(shown.body.warnings[0].message).toMatch(/may not set mcp/);
    } finally {
      rmSync(join(other.root, '.cairn.jsonc'));
    }
  });
});
