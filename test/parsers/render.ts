// A compact, reviewable text form of extracted facts for snapshot tests:
//   <kind> <qualified name> [<line>:<col>-<line>:<col>] in <parent> {flags}
//   call <caller> -> <specifier> {name, receiver, qualifier, receiverType, kind, indirect} @line:col
//   import <source> :: <imported> as <local> {reexport, type} @line
import type { ExtractedFacts } from '../../parsers/index.js';

export function render(facts: ExtractedFacts): string {
  const lines: string[] = [];
  if (facts.module !== undefined) lines.push(`module ${facts.module}`);
  if (facts.syntaxErrors) lines.push(`syntax errors ${facts.syntaxErrors}`);
  if (facts.macros?.length) lines.push(`macros ${facts.macros.join(', ')}`);
  const qn = (index: number | null) => (index === null ? '<file>' : facts.symbols[index].qualifiedName);
  for (const s of facts.symbols) {
    const flags: string[] = [];
    if (s.isTest) flags.push('test');
    if (s.exported) flags.push('exported');
    if (s.ownerType) flags.push(`owner=${s.ownerType}`);
    if (s.wrappingMacro) flags.push(`macro=${s.wrappingMacro}`);
    if (s.disambiguator) flags.push(`#${s.disambiguator}`);
    if (s.bases) flags.push(`bases=${s.bases.join('+')}`);
    for (const [key, value] of Object.entries(s.attributes ?? {})) flags.push(`${key}=${String(value)}`);
    const name = s.name === s.qualifiedName.split(/::|\.| > /).pop() ? '' : ` (name ${s.name})`;
    lines.push(
      `${s.kind} ${s.qualifiedName}${name} [${s.startLine}:${s.startColumn}-${s.endLine}:${s.endColumn}] in ${qn(s.parent)}` +
        (flags.length ? ` {${flags.join(', ')}}` : ''),
    );
  }
  for (const c of facts.callSites) {
    const flags: string[] = [];
    if (c.kind !== 'call') flags.push(c.kind);
    if (c.relationship !== undefined) flags.push(c.relationship);
    if (c.calleeName !== c.specifier.split(/::|\./).pop()) flags.push(`name=${c.calleeName}`);
    if (c.receiver !== undefined) flags.push(`receiver=${c.receiver}`);
    if (c.qualifier !== undefined) flags.push(`qualifier=${c.qualifier}`);
    if (c.receiverType !== undefined) flags.push(`receiverType=${c.receiverType}`);
    if (c.indirect) flags.push('indirect');
    lines.push(`call ${qn(c.caller)} -> ${c.specifier}${flags.length ? ` {${flags.join(', ')}}` : ''} @${c.line}:${c.column}`);
  }
  for (const i of facts.imports) {
    const flags: string[] = [];
    if (i.reexport) flags.push('reexport');
    if (i.typeOnly) flags.push('type');
    lines.push(`import ${i.source} :: ${i.imported} as ${i.local || '-'}${flags.length ? ` {${flags.join(', ')}}` : ''} @${i.line}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The source text a symbol's byte span covers. */
export function spanText(source: string, startByte: number, endByte: number): string {
  return Buffer.from(source, 'utf8').subarray(startByte, endByte).toString('utf8');
}
