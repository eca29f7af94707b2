// Resolution tiers and their confidences: the contract's names and numbers.
export const RESOLUTION_CONFIDENCE = {
  exact: 100,
  receiver_type: 90,
  framework_annotation: 85,
  package: 80,
  namespace: 80,
  framework_declaration: 80,
  framework_convention: 70,
  same_file: 60,
  name_only: 30,
} as const;

export type ResolutionKind = keyof typeof RESOLUTION_CONFIDENCE;

export const RELATIONSHIPS = [
  'calls',
  'tests',
  'contains',
  'references',
  'imports',
  'route_handler',
  'injected_into',
  'configuration_binds',
  'publishes_event',
  'consumes_event',
  'feign_calls',
  'grpc_calls',
] as const;

export type Relationship = (typeof RELATIONSHIPS)[number];

export const UNRESOLVED_REASONS = [
  'missing_target',
  'ambiguous_target',
  'macro_or_function',
  'indirect_call',
  // The target lies in a folder the index leaves out (a library or build folder that
  // `init --include-library` would take in): known to be there, not indexed.
  'excluded',
  // Not the code's fault, and kept out of the trust verdict's rate: a call into a package
  // outside the workspace, or into the language's own library (each resolver decides).
  'external',
  'builtin',
] as const;

/** Reasons that say the target is outside the workspace by nature. */
export const OUTSIDE_WORKSPACE_REASONS: ReadonlySet<string> = new Set(['external', 'builtin']);

export type UnresolvedReason = (typeof UNRESOLVED_REASONS)[number];
