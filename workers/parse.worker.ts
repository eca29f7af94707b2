// Piscina worker: receives a batch of workspace paths, reads, hashes and parses
// each one itself, and returns plain facts. Grammars load lazily, once per thread.
import type { FileFacts } from '../contracts/facts.js';
import { Gate } from '../gate/gate.js';
import { analyseBatch, type AnalyseRequest } from './analyse-file.js';

export interface ParseTask {
  root: string;
  /** The privacy globs of the gate the files are read through. */
  privacy: string[];
  files: AnalyseRequest[];
}

export default async function parseTask(task: ParseTask): Promise<FileFacts[]> {
  return analyseBatch(new Gate(task.root, { privacy: task.privacy }), task.files);
}
