// Piscina worker: receives a batch of workspace paths, reads, hashes and parses
// each one itself, and returns plain facts. Grammars load lazily, once per thread.
import type { FileFacts } from '../contracts/facts.js';
import { analyseBatch, type AnalyseRequest } from './analyse-file.js';

export interface ParseTask {
  root: string;
  files: AnalyseRequest[];
}

export default async function parseTask(task: ParseTask): Promise<FileFacts[]> {
  return analyseBatch(task.root, task.files);
}
