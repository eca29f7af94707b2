// The call sites of one indexed file, each with what it resolved to (targets with
// their tier and confidence) or why it did not (the unresolved reason and candidates).
// The language server answers "go to definition" from a call site and lists the
// unresolved ones as hints from it; a site's extent is where the call starts to the end
// of its callee text, so a position on the callee's name finds it (graph/position.ts).
import type { CommandContext } from '../../contracts/command.js';
import type { CommandResult } from '../../contracts/envelope.js';
import { CairnError } from '../../contracts/errors.js';
import type { EdgeRecord, SymbolRecord } from '../../contracts/graph.js';
import { answerFromGraph } from '../open-graph.js';
import type { SiteExtent } from '../position.js';
import { compareStrings } from '../views.js';

export interface SiteTarget {
  symbol: SymbolRecord | null;
  relationship: EdgeRecord['relationship'];
  resolution_kind: EdgeRecord['resolution_kind'];
  confidence: number;
}

export interface CallSiteView extends SiteExtent {
  specifier: string;
  /** The symbol whose body holds the call (`path::` for file scope). */
  source: string;
  targets: SiteTarget[];
  /** Why the call bound to no trusted target, or null when it did. */
  unresolved: { reason: string; candidate_count?: number; candidates?: string[]; note?: string } | null;
}

export interface FileSitesData {
  file_path: string;
  sites: CallSiteView[];
}

/** `new T(…)` starts at `new`: its extent reaches the end of the type's name. */
const NEW_KEYWORD = 'new '.length;
/** What a resolved `new T(…)` binds to (an edge does not keep the site's kind). */
const CONSTRUCTED = new Set(['class', 'constructor', 'struct', 'record']);

/**
 * The call sites of one indexed file, in line and column order (the language server
 * reads them); with `line` (1-based), those on that line only: a site never spans lines,
 * and a position's answer then names, and checks, only the files its line's calls reach.
 */
export async function fileSites(ctx: CommandContext, path: string, options: { line?: number } = {}): Promise<CommandResult<FileSitesData>> {
  return answerFromGraph(ctx.workspace, (graph): CommandResult<FileSitesData> => {
    if (!graph.file(path)) throw new CairnError('file_not_indexed', `${path} is not an indexed file of this workspace`, 1);
    const byKey = new Map<string, CallSiteView>();
    const siteOf = (line: number, column: number, specifier: string, kind: string, source: string): CallSiteView => {
      const key = `${line}:${column}:${specifier}`;
      let site = byKey.get(key);
      if (!site) {
        const end = column + specifier.length + (kind === 'new' ? NEW_KEYWORD : 0);
        site = { line, column, end_column: end, specifier, source, targets: [], unresolved: null };
        byKey.set(key, site);
      }
      return site;
    };
    const onLine = (line: number) => options.line === undefined || line === options.line;
    for (const edge of graph.edgesOfFile(path)) {
      if (edge.relationship === 'contains' || !onLine(edge.line)) continue;
      // A reversed framework edge (injected_into, consumes_event) points at the symbol in this file.
      const here = edge.source.startsWith(`${path}::`) || edge.target === null ? edge.source : edge.target;
      const other = here === edge.source ? edge.target : edge.source;
      const symbol = other ? (graph.symbol(other) ?? null) : null;
      const site = siteOf(edge.line, edge.column, edge.specifier ?? symbol?.name ?? '', symbol && CONSTRUCTED.has(symbol.kind) ? 'new' : 'call', here);
      site.targets.push({
        symbol,
        relationship: edge.relationship,
        resolution_kind: edge.resolution_kind,
        confidence: edge.confidence,
      });
    }
    for (const u of graph.unresolvedOfFile(path)) {
      if (!onLine(u.line)) continue;
      const site = siteOf(u.line, u.column, u.specifier, u.kind, u.source);
      site.unresolved = { reason: u.reason };
      if (u.candidate_count !== undefined) site.unresolved.candidate_count = u.candidate_count;
      if (u.candidates !== undefined) site.unresolved.candidates = u.candidates;
      if (u.note !== undefined) site.unresolved.note = u.note;
    }
    const sites = [...byKey.values()].sort((a, b) => a.line - b.line || a.column - b.column || compareStrings(a.specifier, b.specifier));
    for (const site of sites) site.targets.sort((a, b) => b.confidence - a.confidence || compareStrings(a.symbol?.id ?? '', b.symbol?.id ?? ''));
    return { command: 'sites', ok: true, data: { file_path: path, sites }, warnings: [], truncated: false, next_action: 'none', exit_code: 0 };
  });
}
