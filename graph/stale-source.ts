// Is an answer still true of the files it relies on? Every query answer names
// files (the queried symbol's, the files of the symbols it returns); each is
// checked against its indexed record: a stat first, and the content hash only when
// the stat moved. Bounded so a query stays cheap on the largest trees: at most
// MAX_CHECKED files are looked at, and an answer that names more says so.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { Warning } from '../contracts/envelope.js';
import type { GraphReader } from '../contracts/graph.js';
import type { Gate } from '../gate/gate.js';
import { indexGate } from '../gate/config-files.js';
import { readWorkspaceFile } from '../workers/read-file.js';

/** Files checked per answer; the rest are counted as unchecked. */
export const MAX_CHECKED = 256;
/** Objects visited when collecting the files an answer names. */
const MAX_VISITED = 20_000;

export interface StaleSources {
  /** Indexed files that changed or went away since the index was written, in path order. */
  changed: string[];
  checked: number;
  /** Files the answer names beyond MAX_CHECKED, not looked at. */
  unchecked: number;
}

/** Every `file_path` an answer's data names, in the order met (the queried symbol comes first). */
export function filesNamedBy(data: unknown): string[] {
  const found = new Set<string>();
  const queue: unknown[] = [data];
  // A read index, not shift(): an answer of thousands of records made each shift a copy.
  let next = 0;
  let visited = 0;
  while (next < queue.length && visited < MAX_VISITED) {
    const value = queue[next++];
    visited += 1;
    if (Array.isArray(value)) queue.push(...value);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'file_path' && typeof inner === 'string') found.add(inner);
        else if (inner !== null && typeof inner === 'object') queue.push(inner);
      }
    }
  }
  return [...found];
}

/** Checks each indexed file among `paths` (stat, then hash when the stat moved). */
export function staleSources(workspace: string, graph: GraphReader, paths: Iterable<string>): StaleSources {
  const changed: string[] = [];
  let gate: Gate | undefined;
  let checked = 0;
  let unchecked = 0;
  for (const path of new Set(paths)) {
    const record = graph.file(path);
    if (!record) continue;
    if (checked >= MAX_CHECKED) {
      unchecked += 1;
      continue;
    }
    checked += 1;
    let size: number;
    let mtimeMs: number;
    try {
      const stat = lstatSync(join(workspace, path));
      if (!stat.isFile()) {
        changed.push(path);
        continue;
      }
      size = stat.size;
      mtimeMs = stat.mtimeMs;
    } catch {
      changed.push(path);
      continue;
    }
    if (size === record.size && mtimeMs === record.mtime_ms) continue;
    if (record.hash === '' || size !== record.size) {
      changed.push(path);
      continue;
    }
    // Hashing opens the file: through the gate, made once and only when a stat moved.
    gate ??= indexGate(workspace);
    const read = readWorkspaceFile(gate, path);
    if (read.hash !== record.hash) changed.push(path);
  }
  return { changed: changed.sort(), checked, unchecked };
}

/** The `stale_source` warning for an answer, or null when every checked file is as indexed. */
export function staleSourceWarning(stale: StaleSources): Warning | null {
  if (stale.changed.length === 0) return null;
  const shown = stale.changed.slice(0, 5).join(', ');
  const more = stale.changed.length > 5 ? `, and ${stale.changed.length - 5} more` : '';
  return {
    code: 'stale_source',
    message: `${stale.changed.length} file(s) this answer relies on changed since the index was written (${shown}${more}); run \`cairn sync\``,
    files: stale.changed,
  };
}

/** Said when an answer names more files than are checked: those were not compared with the index. */
export function uncheckedWarning(stale: StaleSources): Warning | null {
  if (stale.unchecked === 0) return null;
  return { code: 'sources_unchecked', message: `${stale.unchecked} more file(s) this answer names were not checked against the index (${MAX_CHECKED} are)`, count: stale.unchecked };
}
