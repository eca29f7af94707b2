// The renderer of the review input v1 (its shape is contracts/review-input.ts): builds
// one unit's input from the traversal's decisions, and the canonical bytes that are
// checked against the evidence budget and sent.
import { REVIEW_INPUT_KEYS, type Completeness, type ContractId, type InputArtifact, type InputEdge, type InputNode, type ReviewInput } from '../contracts/review-input.js';
import { canonicalBytes, canonicalJson, fingerprint, sha256 } from './canonical.js';

/** Changes whenever the wire shape does (2: per-declaration fingerprints; RFC 8785 encoding). */
export const RENDERER_VERSION = 'cairn-review-input/2';

/** The wire shape this renderer produces, written down so its digest changes when the shape does. */
const RENDERER_SHAPE = `${canonicalJson(REVIEW_INPUT_KEYS)};canonical=RFC 8785,utf8`;

export const RENDERER_DIGEST = `sha256:${sha256(`${RENDERER_VERSION}\n${RENDERER_SHAPE}`)}`;

export const contractFor = (kind: 'type' | 'function'): ContractId => (kind === 'type' ? 'direct-event/type-shape/v1' : 'direct-event/function/v1');

/** The fingerprint of a declaration's exact captured bytes: what `fingerprint` on an artifact or node holds. */
export const declarationFingerprint = (source: string): string => `sha256:${sha256(source)}`;

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

export function renderInput(artifact: InputArtifact, nodes: InputNode[], edges: InputEdge[], completeness: Completeness): ReviewInput {
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
