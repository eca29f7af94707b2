// One file, bytes to facts: read and classify it, then extract when it is text.
// Used by the parse worker and, for small batches, in the main thread.
import type { FileFacts, Language } from '../contracts/facts.js';
import { extractFacts, warmUp } from '../parsers/index.js';
import { boundFacts, MAX_NAME_BYTES, textBeyondBounds } from '../parsers/fact-bounds.js';
import type { Gate } from '../gate/gate.js';
import { readWorkspaceFile } from './read-file.js';

export interface AnalyseRequest {
  path: string;
  language: Language;
}

export async function analyseFile(gate: Gate, request: AnalyseRequest): Promise<FileFacts> {
  const read = readWorkspaceFile(gate, request.path);
  const facts: FileFacts = {
    path: request.path,
    language: request.language,
    size: read.size,
    mtimeMs: read.mtimeMs,
    hash: read.hash,
    status: read.status,
    symbols: [],
    callSites: [],
    imports: [],
    references: [],
  };
  if (read.reason) facts.reason = read.reason;
  if (read.status !== 'ok' || read.text === undefined) return facts;
  const beyond = textBeyondBounds(read.text);
  if (beyond) return { ...facts, status: 'too_large', reason: beyond };
  try {
    const extracted = await extractFacts(request.path, read.text, request.language);
    const bounded = boundFacts(extracted);
    if (bounded.beyond) return { ...facts, status: 'too_large', reason: bounded.beyond };
    Object.assign(facts, extracted);
    const notes = [];
    if (extracted.syntaxErrors) notes.push(`recovered from ${extracted.syntaxErrors} syntax error(s)`);
    if (bounded.left) notes.push(`${bounded.left} fact(s) with a name longer than ${MAX_NAME_BYTES} bytes left out`);
    if (notes.length) facts.reason = notes.join('; ');
    delete (facts as { syntaxErrors?: number }).syntaxErrors;
  } catch (error) {
    facts.status = 'parse_error';
    facts.reason = (error as Error).message.split('\n')[0] || 'parser failed';
  }
  return facts;
}

export async function analyseBatch(gate: Gate, requests: AnalyseRequest[]): Promise<FileFacts[]> {
  const out: FileFacts[] = [];
  for (const request of requests) out.push(await analyseFile(gate, request));
  return out;
}

/** Loads these languages' grammars and queries now, before the first file needs them (a long-lived watcher's first save). */
export function warmAnalysis(languages: Iterable<Language>): Promise<void> {
  return warmUp(languages);
}
