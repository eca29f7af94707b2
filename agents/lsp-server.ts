// `cairn lsp`: a read-only language server over stdio for the workspace it is started
// in. Every answer comes from the result functions the command line and the MCP server
// call (graph/answers/), here turned into the protocol's shapes; nothing is indexed,
// written or synced by a request. The index stays open for the server's life (one
// reader, reopened when `init` replaces the file: graph/open-graph.ts).
//
// Each answer is stamped with its freshness (the index's age and the files the answer
// relied on that changed since): a `cairn/freshness` notification sent just before each
// answer, carrying the request's id; in the `data` field of every item whose protocol
// shape has one (workspace symbols, call hierarchy items, code lenses); in hover text
// and code lens titles; and a note when the buffer asked about differs from the file
// the index was built from. Bare locations (definition, references) have no field of
// their own: the notification with the request's id is their stamp.
import {
  CodeLens,
  DiagnosticSeverity,
  TextDocumentSyncKind,
  type CallHierarchyIncomingCall,
  type CallHierarchyOutgoingCall,
  type Connection,
  type Diagnostic,
  type Hover,
  type InitializeResult,
  type Location,
  type Position,
} from 'vscode-languageserver/node.js';
import type { CommandContext } from '../contracts/command.js';
import type { CommandResult } from '../contracts/envelope.js';
import type { Freshness } from '../contracts/freshness.js';
import type { SymbolRecord } from '../contracts/graph.js';
import { OUTSIDE_WORKSPACE_REASONS } from '../contracts/tiers.js';
import { contextFrom } from '../graph/answers/context.js';
import { fileSites, type CallSiteView } from '../graph/answers/file-sites.js';
import { freshnessLine, freshnessOf, indexedAt } from '../graph/answers/freshness.js';
import { neighbourResult } from '../graph/answers/neighbours.js';
import { node } from '../graph/answers/node.js';
import { search } from '../graph/answers/search.js';
import { testsForResult } from '../graph/answers/tests-for.js';
import type { NeighbourResult } from '../graph/neighbours.js';
import { siteAt, symbolAt, wordAt } from '../graph/position.js';
import { keepGraphOpen } from '../graph/open-graph.js';
import { Buffers } from './lsp-buffers.js';
import { callRange, hierarchyItem, siteRange, symbolLocation, symbolRange, workspaceSymbol, type ItemData } from './lsp-shapes.js';

export interface LanguageServerOptions {
  workspace: string;
  version: string;
  /** The in-process watcher's state, when `--watch` runs one. */
  watcher?: () => Freshness['watcher'];
  /** Called with a function the watcher calls after each sync it applied (diagnostics are refreshed). */
  onSynced?: (listener: () => void) => void;
  /**
   * Runs on the client's `shutdown` request, before `exit` ends the process: the watcher
   * stops here (a native watch still subscribed when the process exits can crash it).
   */
  onShutdown?: () => Promise<void>;
  /** The id of the request whose params these are (serveLanguageServer records them), for the stamp. */
  requestId?: (params: object) => number | string | undefined;
}

/** Rows a references or call hierarchy answer lists, at most (the callers/callees maximum). */
export const MAX_ROWS = 1000;
/** Workspace symbols listed, at most (the search maximum). */
export const MAX_SYMBOLS = 200;
/** Tests counted for a hover or code lens, at most. */
export const MAX_TESTS = 100;
/** The one setting: unresolved call sites as hint diagnostics (off unless turned on). */
export const DIAGNOSTICS_SETTING = 'unresolvedDiagnostics';

/** A code lens's command: its arguments are the document, the lens position and the locations it counts. */
export const SHOW_LOCATIONS = 'cairn.showLocations';

const FUNCTION_LIKE = new Set(['function', 'method', 'constructor', 'test']);

/** What one request found at a position: a call site (with its targets), or a symbol. */
interface Found {
  path: string;
  site?: CallSiteView;
  symbol?: SymbolRecord;
  /** The answers it came from, for the freshness stamp. */
  results: CommandResult<unknown>[];
  bufferDiffers: boolean;
}

export function attachLanguageServer(connection: Connection, options: LanguageServerOptions): void {
  const buffers = new Buffers(options.workspace);
  const ctx: CommandContext = contextFrom({ workspace: options.workspace, json: true });
  let diagnosticsOn = false;
  const closeGraph = keepGraphOpen(ctx.workspace, { besideWriter: options.watcher !== undefined });

  /**
   * Sends the stamp for one request's answers, before the answer, and returns it (items
   * carry it in their `data`; hover and code lens print it too). `params` is the
   * request's own params object: its id goes with the stamp.
   */
  const stamp = async (method: string, params: object, results: CommandResult<unknown>[], uri?: string, bufferDiffers = false): Promise<Freshness> => {
    const freshness = freshnessOf(await indexedAt(ctx.workspace), results);
    const watcher = options.watcher?.();
    if (watcher) freshness.watcher = watcher;
    const id = options.requestId?.(params);
    void connection.sendNotification('cairn/freshness', { ...(id === undefined ? {} : { id }), method, ...(uri ? { uri } : {}), ...freshness, buffer_differs: bufferDiffers });
    return freshness;
  };

  const find = async (uri: string, position: Position): Promise<Found | null> => {
    const path = buffers.pathOf(uri);
    if (path === null) return null;
    const file = await node(ctx, { file: path, symbolsOnly: true });
    if (!file.ok || file.data.kind !== 'file') return { path, results: [file], bufferDiffers: false };
    const found: Found = { path, results: [file], bufferDiffers: buffers.differs(uri, file.data.file.hash) };
    const spot = { line: position.line + 1, column: position.character };
    const sites = await fileSites(ctx, path, { line: spot.line });
    found.results.push(sites);
    const site = sites.ok ? siteAt(sites.data.sites, spot) : undefined;
    if (site) found.site = site;
    else {
      const line = buffers.line(uri, position.line);
      found.symbol = symbolAt(file.data.symbols, spot, line === undefined ? undefined : wordAt(line, position.character));
    }
    return found;
  };

  /** The one symbol a position stands for: a call site's best target, or the symbol declared there. */
  const subject = (found: Found): SymbolRecord | undefined => found.symbol ?? found.site?.targets.find((t) => t.symbol)?.symbol ?? undefined;

  const neighboursOf = (id: string, direction: 'callers' | 'callees') => neighbourResult(ctx, direction, id, { limit: String(MAX_ROWS) });

  const counts = async (s: SymbolRecord) => {
    const callers = await neighboursOf(s.id, 'callers');
    const tests = await testsForResult(ctx, s.id, { limit: String(MAX_TESTS) });
    // Tests with a structural path count; same-module and name candidates do not show coverage.
    const direct = tests.ok ? tests.data.tests.filter((t) => t.evidence === 'direct_call') : [];
    return {
      callers: callers.ok ? callers.data.total : 0,
      tests: direct.length,
      testsMore: tests.ok && tests.truncated,
      callerRows: callers.ok ? callers.data.neighbours : [],
      testRows: direct,
      results: [callers, tests] as CommandResult<unknown>[],
    };
  };

  const uriOf = (path: string) => buffers.uriOf(path);
  const bufferNote = 'this buffer differs from the file the index was built from (unsaved edits, or a save not yet synced): positions may not match';

  connection.onInitialize((params): InitializeResult => {
    const init = params.initializationOptions as Record<string, unknown> | undefined;
    diagnosticsOn = init?.[DIAGNOSTICS_SETTING] === true;
    return {
      capabilities: {
        positionEncoding: 'utf-16',
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Full },
        workspaceSymbolProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        hoverProvider: true,
        callHierarchyProvider: true,
        codeLensProvider: { resolveProvider: true },
        executeCommandProvider: { commands: [SHOW_LOCATIONS] },
      },
      serverInfo: { name: 'cairn', version: options.version },
    };
  });

  // Once the client is ready, the index is opened (and its first page checks run) before the first request needs it.
  connection.onInitialized(() => void indexedAt(ctx.workspace));

  const publishDiagnostics = async (uri: string) => {
    if (!diagnosticsOn) {
      await connection.sendDiagnostics({ uri, diagnostics: [] });
      return;
    }
    const path = buffers.pathOf(uri);
    if (path === null) return;
    const sites = await fileSites(ctx, path);
    const diagnostics: Diagnostic[] = [];
    if (sites.ok) {
      for (const site of sites.data.sites) {
        const u = site.unresolved;
        if (!u || site.targets.length > 0 || OUTSIDE_WORKSPACE_REASONS.has(u.reason)) continue;
        const candidates = u.candidate_count ? ` (${u.candidate_count} candidates)` : '';
        diagnostics.push({
          range: siteRange(site),
          severity: DiagnosticSeverity.Hint,
          source: 'cairn',
          code: u.reason,
          message: `unresolved call ${site.specifier}: ${u.reason.replace(/_/g, ' ')}${candidates}${u.note ? `; ${u.note}` : ''}`,
        });
      }
    }
    await connection.sendDiagnostics({ uri, diagnostics });
  };
  const open = new Set<string>();
  const refreshDiagnostics = async () => {
    for (const uri of open) await publishDiagnostics(uri);
  };
  options.onSynced?.(() => void refreshDiagnostics());
  connection.onShutdown(async () => {
    await options.onShutdown?.();
    await closeGraph();
  });

  connection.onDidChangeConfiguration(async (change) => {
    const settings = change.settings as Record<string, unknown> | undefined;
    const section = (settings?.cairn ?? settings) as Record<string, unknown> | undefined;
    if (section && DIAGNOSTICS_SETTING in section) {
      diagnosticsOn = section[DIAGNOSTICS_SETTING] === true;
      await refreshDiagnostics();
    }
  });

  connection.onDidOpenTextDocument(async ({ textDocument }) => {
    buffers.open(textDocument.uri, textDocument.text);
    open.add(textDocument.uri);
    if (diagnosticsOn) await publishDiagnostics(textDocument.uri);
  });
  connection.onDidChangeTextDocument(({ textDocument, contentChanges }) => {
    const last = contentChanges.at(-1);
    if (last && !('range' in last)) buffers.open(textDocument.uri, last.text);
  });
  connection.onDidCloseTextDocument(({ textDocument }) => {
    buffers.close(textDocument.uri);
    open.delete(textDocument.uri);
  });

  connection.onWorkspaceSymbol(async (params) => {
    if (params.query.trim() === '') return [];
    // No names a typo away: the query is typed as we go, and the editor filters fuzzily itself (a typo scan walks every name).
    const found = await search(ctx, params.query, { limit: String(MAX_SYMBOLS), typoTolerant: false });
    const freshness = await stamp('workspace/symbol', params, [found]);
    return found.ok ? found.data.symbols.map((s) => workspaceSymbol(s, uriOf, freshness)) : [];
  });

  connection.onDefinition(async (params) => {
    const { textDocument, position } = params;
    const found = await find(textDocument.uri, position);
    if (!found) return null;
    await stamp('textDocument/definition', params, found.results, textDocument.uri, found.bufferDiffers);
    if (found.site) return found.site.targets.flatMap((t) => (t.symbol ? [symbolLocation(t.symbol, uriOf)] : []));
    return found.symbol ? symbolLocation(found.symbol, uriOf) : null;
  });

  connection.onReferences(async (params) => {
    const { textDocument, position, context } = params;
    const found = await find(textDocument.uri, position);
    const target = found && subject(found);
    if (!found || !target) {
      if (found) await stamp('textDocument/references', params, found.results, textDocument.uri, found.bufferDiffers);
      return null;
    }
    const callers = await neighboursOf(target.id, 'callers');
    await stamp('textDocument/references', params, [...found.results, callers], textDocument.uri, found.bufferDiffers);
    const locations: Location[] = context.includeDeclaration ? [symbolLocation(target, uriOf)] : [];
    if (callers.ok) for (const n of callers.data.neighbours) locations.push({ uri: uriOf(n.file_path), range: callRange(n.line, n.column, target.name) });
    return locations;
  });

  connection.languages.callHierarchy.onPrepare(async (params) => {
    const { textDocument, position } = params;
    const found = await find(textDocument.uri, position);
    if (!found) return null;
    const freshness = await stamp('textDocument/prepareCallHierarchy', params, found.results, textDocument.uri, found.bufferDiffers);
    const target = subject(found);
    return target ? [hierarchyItem(target, uriOf, freshness)] : null;
  });

  const grouped = (result: CommandResult<NeighbourResult>, ends: 'callers' | 'callees') => {
    const groups = new Map<string, { symbol: SymbolRecord; ranges: ReturnType<typeof callRange>[] }>();
    if (!result.ok) return groups;
    for (const n of result.data.neighbours) {
      if (!n.symbol) continue;
      const name = ends === 'callers' ? result.data.target.name : n.symbol.name;
      const group = groups.get(n.symbol.id) ?? { symbol: n.symbol, ranges: [] };
      group.ranges.push(callRange(n.line, n.column, name));
      groups.set(n.symbol.id, group);
    }
    return groups;
  };

  connection.languages.callHierarchy.onIncomingCalls(async (params) => {
    const { item } = params;
    const id = (item.data as ItemData | undefined)?.id;
    if (!id) return null;
    const callers = await neighboursOf(id, 'callers');
    const freshness = await stamp('callHierarchy/incomingCalls', params, [callers], item.uri);
    return [...grouped(callers, 'callers').values()].map((g): CallHierarchyIncomingCall => ({ from: hierarchyItem(g.symbol, uriOf, freshness), fromRanges: g.ranges }));
  });

  connection.languages.callHierarchy.onOutgoingCalls(async (params) => {
    const { item } = params;
    const id = (item.data as ItemData | undefined)?.id;
    if (!id) return null;
    const callees = await neighboursOf(id, 'callees');
    const freshness = await stamp('callHierarchy/outgoingCalls', params, [callees], item.uri);
    return [...grouped(callees, 'callees').values()].map((g): CallHierarchyOutgoingCall => ({ to: hierarchyItem(g.symbol, uriOf, freshness), fromRanges: g.ranges }));
  });

  connection.onHover(async (params): Promise<Hover | null> => {
    const { textDocument, position } = params;
    const found = await find(textDocument.uri, position);
    if (!found || (!found.site && !found.symbol)) {
      if (found) await stamp('textDocument/hover', params, found.results, textDocument.uri, found.bufferDiffers);
      return null;
    }
    const lines: string[] = [];
    const results = [...found.results];
    const describe = async (s: SymbolRecord) => {
      const c = await counts(s);
      results.push(...c.results);
      return `${c.callers} caller${c.callers === 1 ? '' : 's'} · ${c.tests}${c.testsMore ? '+' : ''} test${c.tests === 1 ? '' : 's'}`;
    };
    if (found.site) {
      const site = found.site;
      lines.push(`**call** \`${site.specifier}\``);
      for (const t of site.targets) {
        if (!t.symbol) continue;
        lines.push(`→ \`${t.symbol.qualified_name || t.symbol.name}\` (${t.symbol.kind}, ${t.symbol.file_path}:${t.symbol.start_line})`);
        lines.push(`  resolution: ${t.resolution_kind}, confidence ${t.confidence} · ${await describe(t.symbol)}`);
      }
      if (site.unresolved && site.targets.length === 0) {
        const u = site.unresolved;
        lines.push(`unresolved: ${u.reason}${u.candidate_count ? ` (${u.candidate_count} candidates)` : ''}${u.note ? `; ${u.note}` : ''}`);
      }
    } else if (found.symbol) {
      const s = found.symbol;
      lines.push(`**${s.kind}** \`${s.qualified_name || s.name}\` (${s.file_path}:${s.start_line})`);
      lines.push(await describe(s));
    }
    const freshness = await stamp('textDocument/hover', params, results, textDocument.uri, found.bufferDiffers);
    lines.push('', `_${freshnessLine(freshness)}_`);
    if (found.bufferDiffers) lines.push(`_${bufferNote}_`);
    const range = found.site ? siteRange(found.site) : found.symbol ? symbolRange(found.symbol) : undefined;
    return { contents: { kind: 'markdown', value: lines.join('\n') }, ...(range ? { range } : {}) };
  });

  connection.onCodeLens(async (params) => {
    const { textDocument } = params;
    const path = buffers.pathOf(textDocument.uri);
    if (path === null) return [];
    const file = await node(ctx, { file: path, symbolsOnly: true });
    const freshness = await stamp('textDocument/codeLens', params, [file], textDocument.uri);
    if (!file.ok || file.data.kind !== 'file') return [];
    return file.data.symbols
      .filter((s) => FUNCTION_LIKE.has(s.kind))
      .map((s) => ({ range: { start: { line: s.start_line - 1, character: s.start_column }, end: { line: s.start_line - 1, character: s.start_column } }, data: { id: s.id, uri: textDocument.uri, freshness } }));
  });

  connection.onCodeLensResolve(async (lens): Promise<CodeLens> => {
    const data = lens.data as { id: string; uri: string } | undefined;
    if (!data) return lens;
    const target = await node(ctx, { symbol: data.id });
    if (!target.ok || target.data.kind !== 'symbol') return { ...lens, command: { title: 'not in the index', command: '' } };
    const s = target.data.symbol;
    const c = await counts(s);
    const freshness = await stamp('codeLens/resolve', lens, [target, ...c.results], data.uri);
    const locations: Location[] = [
      ...c.callerRows.map((n) => ({ uri: uriOf(n.file_path), range: callRange(n.line, n.column, s.name) })),
      ...c.testRows.map((t) => ({ uri: uriOf(t.test.file_path), range: { start: { line: t.test.start_line - 1, character: 0 }, end: { line: t.test.start_line - 1, character: 0 } } })),
    ];
    const stale = freshness.changed_since_index.length > 0 ? ' · stale' : '';
    const title = `${c.callers} caller${c.callers === 1 ? '' : 's'} · ${c.tests}${c.testsMore ? '+' : ''} test${c.tests === 1 ? '' : 's'}${stale}`;
    return { ...lens, data: { ...data, freshness }, command: { title, command: SHOW_LOCATIONS, arguments: [data.uri, lens.range.start, locations] } };
  });

  // A client without its own handler for the lens command asks the server: the answer is the locations.
  connection.onExecuteCommand(({ command, arguments: args }) => (command === SHOW_LOCATIONS && Array.isArray(args) ? (args[2] ?? null) : null));
}

/** Serves on stdin/stdout until the client sends `exit` (or closes the stream). */
export async function serveLanguageServer(options: LanguageServerOptions): Promise<void> {
  const { createConnection } = await import('vscode-languageserver/node.js');
  // stdout carries the protocol: anything else a library prints goes to stderr.
  console.log = console.info = console.debug = (...parts: unknown[]) => console.error(...parts);
  // Each request's id, by its params object (the handlers get that same object), for the freshness stamp.
  const ids = new WeakMap<object, number | string>();
  const connection = createConnection(process.stdin, process.stdout, {
    messageStrategy: {
      handleMessage(message, next) {
        const request = message as { id?: number | string | null; method?: string; params?: unknown };
        if (request.method !== undefined && request.id !== undefined && request.id !== null && typeof request.params === 'object' && request.params !== null) ids.set(request.params, request.id);
        next(message);
      },
    },
  });
  attachLanguageServer(connection, { ...options, requestId: (params) => ids.get(params) });
  const closed = new Promise<void>((resolve) => connection.onExit(() => resolve()));
  connection.listen();
  await closed;
}
