// The repository's documents beside its code, as init and sync keep them in the
// index: README.md at the top and the Markdown under docs/, found and read through the
// gate (bounded in count, size and depth), split into sections and code spans by the
// pure Markdown reader. A sync reads again only a document whose size or mtime moved
// (and stores it only when its bytes did), and drops the ones that are gone, so the
// answers that list documents (docs, impact, diff, push, export) read the index, not
// the work tree.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DocChange, StoredDoc } from '../contracts/docs.js';
import type { Gate } from '../gate/gate.js';
import { readMarkdown } from '../parsers/markdown/doc-sections.js';

export const DOC_LIMITS = { files: 500, bytes: 1 << 20, depth: 8 } as const;
export const DOC_DIRECTORY = 'docs';
const READMES = ['README.md', 'readme.md', 'Readme.md'];

/** The document paths of the workspace, in path order: README.md, then docs/ to DOC_LIMITS.depth. */
export function docPaths(workspace: string, gate: Gate): string[] {
  const out: string[] = [];
  const readme = READMES.find((name) => gate.check(name).allowed);
  if (readme) out.push(readme);
  const walk = (dir: string, depth: number) => {
    if (depth > DOC_LIMITS.depth || out.length >= DOC_LIMITS.files || !gate.checkDirectory(dir).allowed) return;
    let entries;
    try {
      entries = readdirSync(join(workspace, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      return;
    }
    for (const entry of entries) {
      if (out.length >= DOC_LIMITS.files) return;
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel, depth + 1);
      else if (entry.isFile() && /\.(md|markdown)$/i.test(entry.name) && gate.check(rel).allowed) out.push(rel);
    }
  };
  walk(DOC_DIRECTORY, 1);
  return out;
}

/**
 * What differs between the workspace's documents and `indexed` (all of them at init:
 * pass none). A document that cannot be read now (too large, refused, gone) is dropped.
 */
export function docChange(workspace: string, gate: Gate, indexed: readonly StoredDoc[] = []): DocChange {
  const before = new Map(indexed.map((d) => [d.path, d]));
  const upserts: StoredDoc[] = [];
  const kept = new Set<string>();
  for (const path of docPaths(workspace, gate)) {
    const old = before.get(path);
    const stat = old ? gate.stat(path) : null;
    if (old && stat && stat.size === old.size && stat.mtimeMs === old.mtime_ms) {
      kept.add(path);
      continue;
    }
    const read = gate.read(path, DOC_LIMITS.bytes);
    if (!read.ok) continue;
    kept.add(path);
    const sha = createHash('sha256').update(read.bytes).digest('hex');
    // Same bytes, new stat: stored again so the stat fast path holds next time.
    const doc = old?.sha === sha ? old.doc : readMarkdown(read.bytes.toString('utf8'));
    upserts.push({ path, size: read.size, mtime_ms: read.mtimeMs, sha, doc });
  }
  return { upserts, deletions: indexed.map((d) => d.path).filter((p) => !kept.has(p)) };
}
