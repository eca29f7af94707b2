// The Bend review adapter: the facts of parsers/bend/analyze.ts as the review
// profile's ReviewFile. Datatypes are `type` roots; defs and laws are declarations
// that are never roots; types with unsupported headers and unrecognised top-level
// syntax are declarations outside the profile; leading imports are shared material.
import type { OutboundReference, ReviewDeclaration, ReviewFacts, ReviewFile, TopLevelMaterial } from '../review/facts.js';
import { analyzeBend, type BendDatatype, type BendFileFacts } from './analyze.js';

export interface BendReviewFacts extends ReviewFacts {
  bend: BendFileFacts;
  /** The datatype behind each declaration index, if it is one. */
  datatypes: Array<BendDatatype | null>;
}

/** The first path segment of a reference that stands for an omission inside a datatype. */
export const OMITTED = '(omitted)';

export async function openBendReviewFile(source: string): Promise<ReviewFile<BendReviewFacts>> {
  const bend = analyzeBend(source);
  const facts = reviewFacts(source, bend);
  return {
    facts,
    references: (declaration) => {
      const d = facts.datatypes[declaration.index];
      return d ? referencesOf(source, d) : [];
    },
    dispose: () => undefined,
  };
}

function reviewFacts(source: string, bend: BendFileFacts): BendReviewFacts {
  const declarations: ReviewDeclaration[] = [];
  const datatypes: Array<BendDatatype | null> = [];
  const add = (d: Omit<ReviewDeclaration, 'index' | 'exported'>, datatype: BendDatatype | null) => {
    declarations.push({ index: declarations.length, exported: true, ...d });
    datatypes.push(datatype);
  };
  if (bend.rejected) {
    // A late import or an oversized file: nothing in it is a root or evidence.
    if (source.trim() !== '') add({ name: '', kind: 'file', rootKind: 'type', ineligible: bend.rejected.reason, start: 0, end: source.length, startLine: 1, endLine: source.split('\n').length }, null);
    return { declarations, material: [], syntaxErrors: false, bend, datatypes };
  }
  const items = [
    ...bend.bindings.map((b) => ({ start: b.item.start, binding: b, outside: null })),
    ...bend.outside.filter((o) => o.reason !== 'unsupported-header').map((o) => ({ start: o.span.start, binding: null, outside: o })),
  ].sort((a, b) => a.start - b.start);
  for (const { binding, outside } of items) {
    if (binding) {
      const datatype = binding.kind === 'type' ? (bend.datatypes.find((d) => d.nameSpan.start === binding.span.start) ?? null) : null;
      const ineligible = datatype ? (datatype.duplicate ? 'duplicate-name' : null) : binding.kind === 'unsupported-type' ? 'unsupported-header' : 'not-a-root';
      add(
        {
          name: binding.name,
          kind: datatype ? 'datatype' : binding.kind,
          rootKind: datatype || binding.kind === 'unsupported-type' ? 'type' : null,
          ineligible,
          start: binding.item.start,
          end: binding.item.end,
          startLine: binding.item.line,
          endLine: binding.endLine,
        },
        datatype,
      );
    } else if (outside) {
      add({ name: '', kind: 'outside-profile', rootKind: null, ineligible: outside.reason, start: outside.span.start, end: outside.span.end, startLine: outside.span.line, endLine: outside.endLine }, null);
    }
  }
  const material: TopLevelMaterial[] = bend.imports.map((i) => ({ start: i.span.start, end: i.span.end, comment: false }));
  return { declarations, material, syntaxErrors: false, bend, datatypes };
}

/** A datatype's references and omissions, in source order, each reference once. */
function referencesOf(source: string, d: BendDatatype): OutboundReference[] {
  const found: OutboundReference[] = [
    ...d.references.map((r): OutboundReference => (r.qualifier ? { kind: 'type', name: r.qualifier, member: r.name, offset: r.span.start } : { kind: 'type', name: r.name, offset: r.span.start })),
    ...d.omissions.map((o): OutboundReference => ({ kind: 'type', name: omissionName(source.slice(o.span.start, o.span.end)), path: [OMITTED, o.reason], offset: o.span.start })),
  ];
  found.sort((a, b) => a.offset - b.offset);
  const seen = new Set<string>();
  return found.filter((r) => {
    if (r.path) return true;
    const key = `${r.name}.${r.member ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The omitted text as the evidence names it: one line, at most 60 characters. */
function omissionName(text: string): string {
  const one = text.trim().replace(/\s+/g, ' ');
  return one.length > 60 ? `${one.slice(0, 57)}...` : one;
}
