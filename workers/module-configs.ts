// Reads the workspace's module configuration files (tsconfig.json, jsconfig.json,
// package.json, go.mod) into facts, following a tsconfig's relative `extends` chain within the
// workspace. A file that cannot be read, or that resolves outside the workspace through
// a symlinked folder, contributes nothing.
import { createHash } from 'node:crypto';
import type { Gate } from '../gate/gate.js';
import { GO_MODULE_FILE_NAME, PACKAGE_MANIFEST_NAME, type ModuleConfigFact } from '../contracts/facts.js';
import { foldTsconfig, goModConfig, packageConfig, tsconfigLayer, type TsconfigLayer } from '../parsers/module-config.js';
import { readWorkspaceFile } from './read-file.js';

/** A config extending itself through a longer loop than this is cut there. */
const MAX_EXTENDS_DEPTH = 16;
/** Configuration files are small; a bigger one is not a configuration cairn reads. */
const MAX_CONFIG_BYTES = 1024 * 1024;

function readText(gate: Gate, path: string): { text: string; hash: string } | undefined {
  const read = readWorkspaceFile(gate, path, MAX_CONFIG_BYTES);
  return read.status === 'ok' && read.text !== undefined ? { text: read.text, hash: read.hash } : undefined;
}

/** The layers of a tsconfig from its deepest base to itself, with the hashes of the files read. */
function tsconfigLayers(gate: Gate, path: string, seen: Set<string>, hashes: string[]): TsconfigLayer[] {
  if (seen.has(path) || seen.size >= MAX_EXTENDS_DEPTH) return [];
  seen.add(path);
  const read = readText(gate, path);
  if (!read) return [];
  hashes.push(`${path}:${read.hash}`);
  const layer = tsconfigLayer(path, read.text);
  const layers: TsconfigLayer[] = [];
  for (const base of layer.extends) layers.push(...tsconfigLayers(gate, base, seen, hashes));
  layers.push(layer);
  return layers;
}

/** Facts of the given workspace-relative config paths, in path order. */
export function readModuleConfigs(gate: Gate, paths: readonly string[]): ModuleConfigFact[] {
  const out: ModuleConfigFact[] = [];
  for (const path of [...paths].sort()) {
    const base = path.slice(path.lastIndexOf('/') + 1);
    if (base === PACKAGE_MANIFEST_NAME || base === GO_MODULE_FILE_NAME) {
      const read = readText(gate, path);
      if (read) out.push(base === PACKAGE_MANIFEST_NAME ? packageConfig(path, read.hash, read.text) : goModConfig(path, read.hash, read.text));
      continue;
    }
    const hashes: string[] = [];
    const layers = tsconfigLayers(gate, path, new Set(), hashes);
    if (layers.length === 0) continue;
    const hash = createHash('sha256').update(hashes.join('\n')).digest('hex');
    out.push(foldTsconfig(path, hash, layers));
  }
  return out;
}
