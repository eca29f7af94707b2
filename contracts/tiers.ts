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
] as const;

export type UnresolvedReason = (typeof UNRESOLVED_REASONS)[number];
