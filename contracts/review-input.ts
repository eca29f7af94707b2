// The review input v1: what a backend receives for one review unit. `artifact` (kind,
// name, repository-relative domain, exact root source), `evidence` (ordered nodes and
// typed edges with omission markers) and `inputContract` (contract id, completeness,
// projection fingerprint, renderer version and digest). Encoded canonically (RFC 8785).
// Never an absolute path, a raw patch or an unrelated file.
import { keysOf } from './keys.js';

export type ContractId = 'direct-event/type-shape/v1' | 'direct-event/function/v1';

export type Completeness = 'complete' | 'incomplete-irrelevant';

export interface InputArtifact {
  kind: 'type' | 'function';
  name: string;
  domain: string;
  source: string;
  /** `sha256:` of the exact bytes captured for this declaration (its `source` as UTF-8). */
  fingerprint: string;
}

export interface InputNode {
  id: string;
  kind: string;
  name: string;
  domain: string;
  source: string;
  /** `sha256:` of the exact bytes captured for this declaration (its `source` as UTF-8). */
  fingerprint: string;
}

export interface InputEdge {
  from: string;
  to: string | null;
  relation: 'type' | 'call';
  status: 'expanded' | 'included' | 'omitted';
  reason: string | null;
  /** The referenced name as written (a member reference as `ns.Name`). */
  name: string;
}

export interface ReviewInput {
  artifact: InputArtifact;
  evidence: { nodes: InputNode[]; edges: InputEdge[] };
  inputContract: {
    id: ContractId;
    completeness: Completeness;
    projectionFingerprint: string;
    renderer: { version: string; digest: string };
  };
}

/** One declaration a unit used, by its fingerprint: what a review result and its audit record keep instead of source. */
export interface DeclarationFingerprint {
  /** `root` or the evidence node id. */
  id: string;
  domain: string;
  name: string;
  fingerprint: string;
}

/** Every object of the input, its keys in the order the renderer builds them (the wire order is canonical). */
export const REVIEW_INPUT_KEYS = {
  input: keysOf<ReviewInput>()(['artifact', 'evidence', 'inputContract']),
  artifact: keysOf<InputArtifact>()(['kind', 'name', 'domain', 'source', 'fingerprint']),
  evidence: keysOf<ReviewInput['evidence']>()(['nodes', 'edges']),
  node: keysOf<InputNode>()(['id', 'kind', 'name', 'domain', 'source', 'fingerprint']),
  edge: keysOf<InputEdge>()(['from', 'to', 'relation', 'status', 'reason', 'name']),
  inputContract: keysOf<ReviewInput['inputContract']>()(['id', 'completeness', 'projectionFingerprint', 'renderer']),
  renderer: keysOf<ReviewInput['inputContract']['renderer']>()(['version', 'digest']),
} as const;
