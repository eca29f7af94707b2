// Piscina worker: resolves a batch of a rebuild's files over its committed environment
// (store/resolve-file.ts) and returns what it found for the calling thread to write.
import { resolveCommitted, type ResolvedSites } from '../store/resolve-file.js';

export interface ResolveTask {
  envPath: string;
  paths: string[];
}

export default function resolveTask(task: ResolveTask): Promise<ResolvedSites[]> {
  return resolveCommitted(task.envPath, task.paths);
}
