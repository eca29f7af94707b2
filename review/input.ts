// The review input v1: what a backend sees for one review unit. artifact (kind,
// name, repository-relative domain, exact root source), evidence (ordered nodes and
// typed edges with omission markers) and inputContract (id, completeness,
// projection fingerprint, renderer version and digest). Built from the traversal's
// decisions; never an absolute path, a raw patch or an unrelated file.
import { canonicalBytes, canonicalJson, fingerprint, sha256 } from './canonical.js';

export const RENDERER_VERSION = 'cairn-review-input/1';

/** The wire shape this renderer produces, written down so its digest changes when the shape does. */
const RENDERER_SHAPE = [
  'artifact{kind,name,domain,source}',
  'evidence{nodes[{id,kind,name,domain,source}],edges[{from,to,relation,status,reason,name}]}',
  'inputContract{id,completeness,projectionFingerprint,renderer{version,digest}}',
  'canonical=sorted-keys,no-whitespace,utf8',
].join(';');

export const RENDERER_DIGEST = `sha256:${sha256(`${RENDERER_VERSION}\n${RENDERER_SHAPE}`)}`;

export type ContractId = 'direct-event/type-shape/v1' | 'direct-event/function/v1';

export interface InputArtifact {
  kind: 'type' | 'function';
  name: string;
  domain: string;
  source: string;
}

export interface InputNode {
  id: string;
  kind: string;
  name: string;
  domain: string;
  source: string;
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
    completeness: 'complete' | 'incomplete-irrelevant';
    projectionFingerprint: string;
    renderer: { version: string; digest: string };
  };
}

export const contractFor = (kind: 'type' | 'function'): ContractId => (kind === 'type' ? 'direct-event/type-shape/v1' : 'direct-event/function/v1');

/** Canonical size of one node record: what the traversal measures before accepting it. */
export const nodeBytes = (node: InputNode): number => canonicalBytes(node) + 1;

/** Canonical size of one edge record. */
export const edgeBytes = (edge: InputEdge): number => canonicalBytes(edge) + 1;

/** Bytes of everything but nodes and edges: artifact plus the contract block. */
export function fixedBytes(artifact: InputArtifact): number {
  return canonicalBytes({
    artifact,
    evidence: { nodes: [], edges: [] },
    inputContract: {
      id: 'direct-event/type-shape/v1',
      completeness: 'incomplete-irrelevant',
      projectionFingerprint: `sha256:${'0'.repeat(64)}`,
      renderer: { version: RENDERER_VERSION, digest: RENDERER_DIGEST },
    },
  });
}

export function renderInput(artifact: InputArtifact, nodes: InputNode[], edges: InputEdge[], completeness: 'complete' | 'incomplete-irrelevant'): ReviewInput {
  const evidence = { nodes, edges };
  return {
    artifact,
    evidence,
    inputContract: {
      id: contractFor(artifact.kind),
      completeness,
      projectionFingerprint: fingerprint({ artifact, evidence }),
      renderer: { version: RENDERER_VERSION, digest: RENDERER_DIGEST },
    },
  };
}

/** The canonical bytes that are checked against the evidence budget and sent. */
export const encodeInput = (input: ReviewInput): string => canonicalJson(input);
