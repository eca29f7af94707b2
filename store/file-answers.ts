// A file's answers as stored (schema.ts `answers`). Nearly every answer's source is one
// of the file's own symbols and every answer's file path is the key's, so a stored
// record names such a source by its slot in the file's file_symbols list and writes its
// path as undefined (known-values.ts). Caller ids and paths were most of the answers'
// bytes, and writing the answers the largest share of a rebuild's writes: on ts-zod the
// answers now take 3.22 MB against 7.81 (`node scripts/bench-store.mjs ts-zod --compare
// 3a41a77`). A source from another file (a reversed framework edge) keeps its id.
import type { EdgeRecord, UnresolvedRecord } from '../contracts/graph.js';
import { omitKnown, restoreKnown } from './known-values.js';
import type { FileAnswers } from './schema.js';

type Answer = EdgeRecord | UnresolvedRecord;

/** The file's slots by symbol id: the inverse of its file_symbols list. */
export function slotsById(slots: readonly string[]): Map<string, number> {
  return new Map(slots.map((id, slot) => [id, slot]));
}

/** `answers` as written for the file at `path`; the records themselves are not changed. */
export function storedAnswers(path: string, slotById: ReadonlyMap<string, number>, answers: FileAnswers): FileAnswers {
  const known = { file_path: path };
  const store = (answer: Answer | undefined): Answer | undefined => {
    if (!answer) return answer;
    const stored = omitKnown(answer, known);
    const slot = slotById.get(answer.source);
    if (slot !== undefined) (stored as { source: unknown }).source = slot;
    return stored;
  };
  return { contains: answers.contains.map(store) as EdgeRecord[], sites: answers.sites.map(store) as Answer[] };
}

/** The stored answers of the file at `path` made whole again, in place; `slots` is its file_symbols list. */
export function readAnswers(path: string, slots: readonly string[], stored: FileAnswers): FileAnswers {
  const known = { file_path: path };
  const read = (answer: Answer | undefined): void => {
    if (!answer) return;
    restoreKnown(answer, known);
    if (typeof answer.source === 'number') answer.source = slots[answer.source];
  };
  stored.contains.forEach(read);
  stored.sites.forEach(read);
  return stored;
}
