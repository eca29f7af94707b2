// A document as GraphPush rows: one doc_file entity, a doc_section entity per heading
// (with its line range), `contains` edges from the file to its sections, and a
// `cites` edge from a section (or the file, before the first heading) to each symbol
// it names unambiguously. Front matter gives the file's source_url, author and
// captured_at. Owned by the document's path, so a push reconciles it like code.
import { confidenceTier, type Edge, type Entity } from '../contracts/graph-push.js';
import type { DocFile } from '../graph/docs.js';
import { wireId, type FileRows } from './graph-push.js';

export function docRows(repo: string, file: DocFile, capturedAt: string): FileRows {
  const { path, doc } = file;
  const fileId = wireId(repo, `${path}::`);
  const sectionId = (i: number) => wireId(repo, `${path}::#${doc.sections[i]!.slug}`);
  const docEntity: Entity = {
    id: fileId,
    name: path.slice(path.lastIndexOf('/') + 1),
    type: 'doc_file',
    file_path: path,
    line_start: 1,
    line_end: doc.lines,
    captured_at: rfc3339(doc.front.captured_at) ?? capturedAt,
    properties: doc.title ? { title: doc.title } : {},
  };
  if (doc.title) docEntity.description = doc.title;
  if (doc.front.source_url) docEntity.source_url = doc.front.source_url;
  if (doc.front.author) docEntity.author = doc.front.author;
  const sections: Entity[] = doc.sections.map((s, i) => ({
    id: sectionId(i),
    name: s.title,
    type: 'doc_section',
    file_path: path,
    line_start: s.line_start,
    line_end: s.line_end,
    captured_at: docEntity.captured_at,
    properties: { level: String(s.level), parent: fileId },
  }));
  const contains: Edge[] = doc.sections.map((_, i) => ({ from: fileId, to: sectionId(i), relation: 'contains', src_file: path, confidence_score: 1, confidence_tier: 'EXTRACTED' }));
  const cites: Edge[] = file.citations.map((c) => ({
    from: c.section === null ? fileId : sectionId(c.section),
    to: wireId(repo, c.symbol.id),
    relation: 'cites',
    src_file: path,
    confidence_score: c.confidence / 100,
    confidence_tier: confidenceTier(c.confidence / 100),
    properties: { mention: c.mention, line: String(c.line) },
  }));
  return { path, sha: file.sha, entities: [docEntity, ...sections], edges: [...contains, ...cites], symbols: [], hyperedges: [] };
}

/** A front-matter date as RFC 3339 (UTC), or undefined when it is not a date. */
function rfc3339(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
