// Facts the Bend review profile reports about one file. Plain data: positions are
// UTF-16 offsets into the file (half-open), lines 1-based, columns 0-based.

export interface Span {
  start: number;
  end: number;
  line: number;
  column: number;
}

export type BendImport =
  | { kind: 'base'; span: Span }
  /** `import ./x.bend as R`: the alias binds that file. `path` is as written. */
  | { kind: 'relative'; path: string; alias: string; span: Span }
  /** A leading import this profile cannot bind: every root of the file is incomplete. */
  | { kind: 'unsupported'; form: 'hub' | 'bare' | 'absolute' | 'malformed'; span: Span };

export type ParamRole = 'type' | 'erased' | 'quantity';

export interface BendParam {
  name: string;
  role: ParamRole;
  /** 'Data' or 'Type' for type parameters, 'Quant' for quantities (also bare binders). */
  kind: 'Data' | 'Type' | 'Quant';
  /** The bound quantity of a `Kind(q)` annotation. */
  quantity: string | null;
}

/** A type written in a field: a name (maybe alias-qualified) applied to arguments. */
export type TypeArgument =
  | { kind: 'quantity-literal'; value: '&0' | '&1' | '&2'; span: Span }
  | { kind: 'quantity-parameter'; name: string; span: Span }
  | { kind: 'type'; type: FieldType };

export interface FieldType {
  name: string;
  /** The alias before the dot in `R.Receipt`. */
  qualifier: string | null;
  /** The reference as written (`R.Receipt`), and where. */
  span: Span;
  args: TypeArgument[];
  /** The name is a generic parameter of the declaration: a local binder, not a dependency. */
  parameter: boolean;
}

export interface BendField {
  name: string;
  span: Span;
  /** Null when the field's type is outside the profile (see the declaration's omissions). */
  type: FieldType | null;
}

export interface BendConstructor {
  name: string;
  span: Span;
  fields: BendField[];
}

/** An outbound named-type reference of a datatype, in source order. */
export interface BendTypeReference {
  name: string;
  qualifier: string | null;
  span: Span;
  constructor: string;
  field: string;
}

export type OmissionReason =
  | 'multiline-constructor'
  | 'indentation'
  | 'unsupported-constructor'
  | 'unsupported-field-type'
  | 'literal'
  | 'field-shadowing'
  | 'parameter-shadowing'
  | 'quantity-as-type'
  | 'nesting-limit'
  | 'line-too-long';

/** Evidence of a datatype that this profile does not represent: it stays incomplete. */
export interface BendOmission {
  reason: OmissionReason;
  span: Span;
}

export interface BendDatatype {
  kind: 'datatype';
  name: string;
  resultKind: 'Data' | 'Type';
  resultQuantity: string | null;
  params: BendParam[];
  /** The declaration from `type` to the end of its last body line (trailing comments excluded). */
  span: Span;
  endLine: number;
  nameSpan: Span;
  constructors: BendConstructor[];
  references: BendTypeReference[];
  omissions: BendOmission[];
  /** Another type, def or law of the file has the same name: not a unique root. */
  duplicate: boolean;
}

/** A top-level name of the file (for binding precedence), whatever the profile makes of it. */
export interface BendBinding {
  name: string;
  kind: 'type' | 'def' | 'law' | 'unsupported-type';
  /** The name. */
  span: Span;
  /** The whole top-level item (header to last body line). */
  item: Span;
  endLine: number;
}

export type OutsideReason = 'unsupported-header' | 'unrecognized-top-level' | 'orphan-indentation';

/** A top-level stretch outside the profile: never a root, never evidence. */
export interface OutsideFact {
  reason: OutsideReason;
  span: Span;
  endLine: number;
}

export type Rejection = 'late-import' | 'too-large' | 'too-many-declarations';

export interface BendFileFacts {
  imports: BendImport[];
  datatypes: BendDatatype[];
  bindings: BendBinding[];
  outside: OutsideFact[];
  /** The whole file is refused: no roots, no evidence. */
  rejected: { reason: Rejection; line: number } | null;
}
