// `cairn lsp` driven by the protocol library's own client over a child process's
// stdio, against a fixture repository: each method answers from the index with the
// shapes the protocol defines, positions in UTF-16 code units (a line with an emoji and
// an accented letter before a call), every answer stamped with its freshness, a buffer
// that differs from the index said so, nothing written.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CallHierarchyIncomingCallsRequest,
  CallHierarchyOutgoingCallsRequest,
  CallHierarchyPrepareRequest,
  CodeLensRequest,
  CodeLensResolveRequest,
  DefinitionRequest,
  DidChangeConfigurationNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  ReferencesRequest,
  WorkspaceSymbolRequest,
  type CallHierarchyItem,
  type Location,
  type MarkupContent,
} from 'vscode-languageserver/node.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUST_TS_FIXTURE } from '../cli/fixtures.js';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';
import { startLsp, type LspClient } from '../helpers/lsp-client.js';

// UTF-16 columns: `greet` starts at 26 (the emoji is two code units, the é one); in code points it starts at 25, in bytes at 29.
const UNICODE = `import { greet } from './greet';

export function emoji(): string {
  const s = '😀é'; return greet(s);
}
`;

let fx: Fixture;
let lsp: LspClient;
const digest = () => createHash('sha256').update(readFileSync(join(fx.root, '.cairn', 'graph', 'data.mdb'))).digest('hex');
let before: string;

beforeAll(async () => {
  fx = makeFixture({ ...RUST_TS_FIXTURE, 'web/unicode.ts': UNICODE }, { git: true });
  const init = cairnJson(['init', '-C', fx.root]);
  expect(init.code, init.stderr).toBe(0);
  before = digest();
  lsp = await startLsp(fx.root);
});
afterAll(async () => {
  fx.remove();
});

const text = (path: string) => readFileSync(join(fx.root, path), 'utf8');
const open = (path: string, body = text(path)) =>
  lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: lsp.uri(path), languageId: 'typescript', version: 1, text: body } });
const at = (path: string, line: number, character: number) => ({ textDocument: { uri: lsp.uri(path) }, position: { line, character } });
const stamps = (method: string) => lsp.notifications.filter((n) => n.method === 'cairn/freshness' && n.params.method === method).map((n) => n.params);
const lastStamp = async (method: string) => {
  // The stamp is sent just before the answer: it has arrived by the time the answer has.
  const all = stamps(method);
  const last = all[all.length - 1];
  // It names the request it stamps by the request's id.
  expect(last.id).toBe(lsp.requests.filter((r) => r.method === method).at(-1)!.id);
  return last;
};

describe('cairn lsp', () => {
  it('announces the read-only methods it answers, in UTF-16 positions', () => {
    const caps = lsp.initialized.capabilities;
    expect(caps.positionEncoding).toBe('utf-16');
    expect(caps).toMatchObject({ workspaceSymbolProvider: true, definitionProvider: true, referencesProvider: true, hoverProvider: true, callHierarchyProvider: true, codeLensProvider: { resolveProvider: true } });
    expect(lsp.initialized.serverInfo?.name).toBe('cairn');
  });

  it('workspace/symbol searches the index', async () => {
    const symbols = await lsp.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'greet' });
    const names = (symbols as any[]).map((s) => `${s.name} ${s.location.uri.slice(s.location.uri.indexOf('/web/') + 1)}`);
    expect(names).toContain('greet web/greet.ts');
    expect(names).toContain('Greeter web/greet.ts');
    const stamp = await lastStamp('workspace/symbol');
    expect(stamp.fresh).toBe(true);
    // Each symbol carries the answer's stamp in its data field.
    for (const s of symbols as any[]) expect(s.data.freshness).toMatchObject({ fresh: true, changed_since_index: [], indexed_at: stamp.indexed_at });
    // A query no name contains answers nothing (the CLI's search offers names a typo away; an editor filters as one types).
    expect(await lsp.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'greetz' })).toEqual([]);
  });

  it('definition goes from a call site to its resolved target, counting columns in UTF-16 code units', async () => {
    await open('web/unicode.ts');
    for (const character of [26, 30]) {
      const found = (await lsp.connection.sendRequest(DefinitionRequest.type, at('web/unicode.ts', 3, character))) as Location[];
      expect(found).toEqual([{ uri: lsp.uri('web/greet.ts'), range: { start: { line: 0, character: 7 }, end: { line: 2, character: 1 } } }]);
    }
    // Column 25 is where `greet` starts counted in code points: in UTF-16 it is the space before it.
    const before = await lsp.connection.sendRequest(DefinitionRequest.type, at('web/unicode.ts', 3, 25));
    expect(before).toBeNull();
    const stamp = await lastStamp('textDocument/definition');
    expect(stamp).toMatchObject({ fresh: true, changed_since_index: [], buffer_differs: false });
    expect(typeof stamp.index_age_seconds).toBe('number');
  });

  it('references lists the call sites of the symbol under the cursor, with their UTF-16 ranges', async () => {
    await open('web/greet.ts');
    const refs = (await lsp.connection.sendRequest(ReferencesRequest.type, { ...at('web/greet.ts', 0, 17), context: { includeDeclaration: false } })) as Location[];
    const where = refs.map((r) => `${r.uri.slice(r.uri.indexOf('/web/') + 1)}:${r.range.start.line}:${r.range.start.character}`).sort();
    expect(where).toContain('web/unicode.ts:3:26');
    expect(where).toContain('web/greet.ts:12:25');
    expect(where).toContain('web/app.ts:5:14');
    expect(await lastStamp('textDocument/references')).toMatchObject({ fresh: true, changed_since_index: [] });
  });

  it('call hierarchy: incoming calls with call-site ranges, and outgoing calls', async () => {
    const items = (await lsp.connection.sendRequest(CallHierarchyPrepareRequest.type, at('web/greet.ts', 0, 17))) as CallHierarchyItem[];
    expect(items.map((i) => i.name)).toEqual(['greet']);
    expect(items[0]!.data).toMatchObject({ id: 'web/greet.ts::greet', freshness: { fresh: true } });
    const incoming = await lsp.connection.sendRequest(CallHierarchyIncomingCallsRequest.type, { item: items[0]! });
    expect((await lastStamp('callHierarchy/incomingCalls')).fresh).toBe(true);
    for (const call of incoming!) expect((call.from.data as any).freshness).toMatchObject({ fresh: true, changed_since_index: [] });
    const from = incoming!.map((c) => `${c.from.name} ${c.fromRanges.map((r) => `${r.start.line}:${r.start.character}`).join(',')}`).sort();
    expect(from).toContain('emoji 3:26');
    expect(from).toContain('run 12:25');
    const outgoing = await lsp.connection.sendRequest(CallHierarchyOutgoingCallsRequest.type, { item: items[0]! });
    expect(outgoing!.map((c) => c.to.name)).toEqual(['shout']);
    expect(outgoing![0]!.fromRanges[0]!.start).toEqual({ line: 1, character: 9 });
    expect((await lastStamp('callHierarchy/outgoingCalls')).fresh).toBe(true);
  });

  it('hover names the symbol, the resolution tier and confidence of a call, callers and tests, and the index age', async () => {
    const onCall = await lsp.connection.sendRequest(HoverRequest.type, at('web/unicode.ts', 3, 27));
    const callText = (onCall!.contents as MarkupContent).value;
    expect(callText).toMatch(/greet/);
    expect(callText).toMatch(/resolution: \w+, confidence \d+/);
    expect(callText).toMatch(/4 callers · 1 test/);
    expect(callText).toMatch(/index \d+ s old; the files this answer relies on are unchanged since/);
    const onDeclaration = await lsp.connection.sendRequest(HoverRequest.type, at('web/greet.ts', 4, 10));
    expect((onDeclaration!.contents as MarkupContent).value).toMatch(/\*\*function\*\* `shout`[\s\S]*1 caller · 1 test/);
  });

  it('code lens counts callers and tests and resolves to their locations', async () => {
    const lenses = await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: lsp.uri('web/greet.ts') } });
    expect(lenses!.length).toBeGreaterThanOrEqual(4);
    const first = await lsp.connection.sendRequest(CodeLensResolveRequest.type, lenses![0]!);
    expect(first.command!.title).toBe('4 callers · 1 test');
    expect((lenses![0]!.data as any).freshness.fresh).toBe(true);
    expect((first.data as any).freshness).toMatchObject({ fresh: true, changed_since_index: [] });
    const locations = first.command!.arguments![2] as Location[];
    expect(locations).toHaveLength(5);
  });

  it('unresolved call sites become hint diagnostics only when the setting is on', async () => {
    await open('src/lib.rs');
    const diagnostics = () => lsp.notifications.filter((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === lsp.uri('src/lib.rs'));
    expect(diagnostics().every((n) => n.params.diagnostics.length === 0)).toBe(true);
    await lsp.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { cairn: { unresolvedDiagnostics: true } } });
    await expect.poll(() => diagnostics().at(-1)?.params.diagnostics.length ?? 0).toBeGreaterThan(0);
    const hint = diagnostics().at(-1)!.params.diagnostics.find((d: any) => d.message.includes('missing_thing'));
    expect(hint).toMatchObject({ severity: 4, source: 'cairn', code: 'missing_target', range: { start: { line: 20, character: 4 } } });
  });

  it('says when a buffer differs from the indexed file, and when a file it relied on changed on disk', async () => {
    await open('web/app.ts', text('web/app.ts') + '\n// unsaved\n');
    await lsp.connection.sendRequest(DefinitionRequest.type, at('web/app.ts', 5, 15));
    expect(await lastStamp('textDocument/definition')).toMatchObject({ buffer_differs: true });
    const hover = await lsp.connection.sendRequest(HoverRequest.type, at('web/app.ts', 5, 15));
    expect((hover!.contents as MarkupContent).value).toMatch(/this buffer differs from the file the index was built from/);
    fx.write('web/greet.ts', text('web/greet.ts') + '\nexport const later = 1;\n');
    await lsp.connection.sendRequest(DefinitionRequest.type, at('web/app.ts', 5, 15));
    const stamp = await lastStamp('textDocument/definition');
    expect(stamp).toMatchObject({ fresh: false, changed_since_index: ['web/greet.ts'] });
    // Items answered from the changed file say so in their own data.
    const items = (await lsp.connection.sendRequest(CallHierarchyPrepareRequest.type, at('web/greet.ts', 0, 17))) as CallHierarchyItem[];
    expect((items[0]!.data as any).freshness).toMatchObject({ fresh: false, changed_since_index: ['web/greet.ts'] });
    const symbols = (await lsp.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'shout' })) as any[];
    expect(symbols[0].data.freshness).toMatchObject({ fresh: false, changed_since_index: ['web/greet.ts'] });
  });

  it('never writes the index, and exits cleanly on shutdown', async () => {
    expect(await lsp.close()).toBe(0);
    expect(digest()).toBe(before);
  });
});

describe('cairn lsp --watch', () => {
  it('keeps the index fresh in its own process: a saved function is found, and stamps name the watcher', async () => {
    const ws = makeFixture(RUST_TS_FIXTURE, { git: true });
    try {
      expect(cairnJson(['init', '-C', ws.root]).code).toBe(0);
      const client = await startLsp(ws.root, { args: ['--watch'] });
      try {
        await new Promise((r) => setTimeout(r, 500));
        ws.write('web/saved.ts', 'export function savedLater(): number {\n  return 2;\n}\n');
        await expect
          .poll(async () => ((await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'savedLater' })) as any[]).length, { timeout: 20_000, interval: 100 })
          .toBe(1);
        const stamp = client.notifications.filter((n) => n.method === 'cairn/freshness').at(-1)!.params;
        expect(['idle', 'syncing']).toContain(stamp.watcher);
        expect(await client.close()).toBe(0);
      } finally {
        if (client.child.exitCode === null) client.child.kill('SIGKILL');
      }
    } finally {
      ws.remove();
    }
  });
});
