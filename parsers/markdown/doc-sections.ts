// A Markdown document's structure as native facts: its front matter (the scalar
// fields a document names its provenance with), its sections (ATX headings, each to
// the line before the next heading of the same or a higher level), and the inline
// code spans that name code (an identifier, a qualified name or a path). Code in
// fenced blocks is left alone: it shows code, it does not name it. A pure function.

import type { DocMention, DocSection, FrontMatter, MarkdownDoc } from '../../contracts/docs.js';

export type { DocMention, DocSection, FrontMatter, MarkdownDoc };

/** Spans read per document at most, and the longest span read as a name. */
export const DOC_BOUNDS = { mentions: 2_000, spanChars: 200 } as const;

const FRONT_KEYS: Record<string, keyof FrontMatter> = {
  source_url: 'source_url',
  source: 'source_url',
  url: 'source_url',
  author: 'author',
  captured_at: 'captured_at',
  date: 'captured_at',
  title: 'title',
};

const NAME = /^[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*$/;
const PATH = /^(?:[\w.-]+\/)+[\w.-]+\.\w+$|^[\w-]+\.(?:ts|tsx|js|mjs|cjs|jsx|py|go|rs|java|c|h|cc|cpp|hpp|cs|rb|kt|swift)$/;

export function readMarkdown(text: string): MarkdownDoc {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const front: FrontMatter = {};
  let start = 0;
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) {
      for (const line of lines.slice(1, end)) {
        const m = /^([A-Za-z_]+):\s*(.*?)\s*$/.exec(line);
        const key = m ? FRONT_KEYS[m[1]!.toLowerCase()] : undefined;
        if (!m || !key || front[key] !== undefined) continue;
        const value = m[2]!.replace(/^(["'])(.*)\1$/, '$2');
        if (value !== '') front[key] = value;
      }
      start = end + 1;
    }
  }

  const sections: DocSection[] = [];
  const preamble: DocMention[] = [];
  const slugs = new Map<string, number>();
  let fence: string | null = null;
  let mentions = 0;
  for (let i = start; i < lines.length; i += 1) {
    const line = lines[i]!;
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMark) {
      if (fence === null) fence = fenceMark[1]!;
      else if (fenceMark[1]!.startsWith(fence)) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const title = heading[2]!.replace(/`/g, '');
      const base = title.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s+/g, '-') || 'section';
      const seen = (slugs.get(base) ?? 0) + 1;
      slugs.set(base, seen);
      sections.push({ title, level: heading[1]!.length, slug: seen === 1 ? base : `${base}-${seen}`, line_start: i + 1, line_end: lines.length, mentions: [] });
    }
    for (const span of line.matchAll(/(`+)([^`]+?)\1(?!`)/g)) {
      if (mentions >= DOC_BOUNDS.mentions) break;
      const mention = asMention(span[2]!, i + 1);
      if (!mention) continue;
      mentions += 1;
      (sections.length > 0 ? sections[sections.length - 1]!.mentions : preamble).push(mention);
    }
  }
  // A section runs to the line before the next heading of its level or above.
  for (let s = 0; s < sections.length; s += 1) {
    const next = sections.slice(s + 1).find((o) => o.level <= sections[s]!.level);
    if (next) sections[s]!.line_end = next.line_start - 1;
  }
  const h1 = sections.find((s) => s.level === 1);
  return { front, title: h1?.title ?? front.title ?? null, lines: Math.max(lines.length, 1), sections, preamble };
}

function asMention(raw: string, line: number): DocMention | null {
  const text = raw.trim().replace(/\(\s*\)$/, '');
  if (text.length === 0 || text.length > DOC_BOUNDS.spanChars) return null;
  if (PATH.test(text)) return { text: text.replace(/^\.\//, ''), line, kind: 'path' };
  if (NAME.test(text)) return { text, line, kind: 'name' };
  return null;
}
