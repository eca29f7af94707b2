// Reads the workspace's module configuration files into facts, each with its language's
// reader (parsers/module-config.ts), every read through the gate and bounded. A file that
// cannot be read, or that resolves outside the workspace through a symlinked folder,
// contributes nothing.
import type { Gate } from '../gate/gate.js';
import type { ModuleConfigFact } from '../contracts/facts.js';
import { moduleConfigReader } from '../parsers/module-config.js';
import { readWorkspaceFile } from './read-file.js';

/** Configuration files are small; a bigger one is not a configuration cairn reads. */
const MAX_CONFIG_BYTES = 1024 * 1024;

function readText(gate: Gate, path: string): { text: string; hash: string } | undefined {
  const read = readWorkspaceFile(gate, path, MAX_CONFIG_BYTES);
  return read.status === 'ok' && read.text !== undefined ? { text: read.text, hash: read.hash } : undefined;
}

/** Facts of the given workspace-relative config paths, in path order. */
export function readModuleConfigs(gate: Gate, paths: readonly string[]): ModuleConfigFact[] {
  const out: ModuleConfigFact[] = [];
  for (const path of [...paths].sort()) {
    const fact = moduleConfigReader(path)?.read(path, (p) => readText(gate, p));
    if (fact) out.push(fact);
  }
  return out;
}
