// The picture of a `diff` answer: changed symbols (added, modified, removed), the
// edges that changed between them and their neighbours, newly unresolved callers,
// and hunks no symbol holds.
import type { CommandResult } from '../../contracts/envelope.js';
import type { DiffData } from '../../contracts/diff.js';
import type { SymbolView } from '../../graph/views.js';
import { edgeLabel, NodeIds, type Picture, type PictureEdge, type PictureNode } from './picture.js';

export function diffPicture(result: CommandResult<DiffData>): Picture {
  const d = result.data;
  const ids = new NodeIds('n');
  const nodes: PictureNode[] = [];
  const edges: PictureEdge[] = [];
  const add = (s: SymbolView) => {
    if (ids.has(s.id)) return ids.of(s.id);
    const id = ids.of(s.id);
    nodes.push({ id, label: s.qualified_name || s.name, role: 'symbol', test: s.is_test, symbol: s.id, kind: s.kind, file: s.file_path, line: s.start_line });
    return id;
  };
  for (const s of d.symbols) {
    const id = ids.of(s.symbol.id);
    const hunks = s.hunks.length ? `; hunks at ${s.hunks.join(', ')}` : '';
    nodes.push({
      id,
      label: s.symbol.qualified_name || s.symbol.name,
      role: 'changed',
      change: s.change,
      test: s.symbol.is_test,
      symbol: s.symbol.id,
      kind: s.symbol.kind,
      file: s.symbol.file_path,
      line: s.symbol.start_line,
      note: `${s.change}${hunks}`,
    });
  }
  let unresolved = 0;
  const endpoint = (s: SymbolView | null) => {
    if (s) return add(s);
    const id = `u${unresolved++}`;
    nodes.push({ id, label: '(unresolved)', role: 'unresolved', test: false, note: 'no symbol on this side' });
    return id;
  };
  d.edges.forEach((e, i) => {
    const was = e.previous ? ` (was ${e.previous.resolution_kind} ${e.previous.confidence})` : '';
    edges.push({ id: `e${i}`, from: endpoint(e.source), to: endpoint(e.target), label: `${e.change} ${edgeLabel(e)}${was}`, kind: 'relationship', confidence: e.confidence, change: e.change });
  });
  d.newly_unresolved_callers.forEach((u, i) => {
    const id = `u${unresolved++}`;
    nodes.push({ id, label: u.specifier, role: 'unresolved', test: false, file: u.file_path, line: u.line, note: `newly unresolved: ${u.reason}` });
    edges.push({ id: `b${i}`, from: endpoint(u.source), to: id, label: u.reason, kind: 'boundary', confidence: null, change: 'added' });
  });
  d.unmapped_hunks.forEach((h, i) => {
    nodes.push({ id: `h${i}`, label: `${h.path}:${h.line}`, role: 'unmapped', test: false, file: h.path, line: h.line, note: 'a changed hunk no symbol holds' });
  });
  const range = d.base ? `${d.base.slice(0, 12)}..${d.head ? d.head.slice(0, 12) : 'work tree'}` : 'explicit files';
  return {
    command: 'diff',
    title: `Diff ${range}`,
    nodes,
    edges,
    warnings: result.warnings.map((w) => `[${w.code}] ${w.message}`),
    truncated: result.truncated,
  };
}
