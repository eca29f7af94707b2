// Properties of root attribution and edit span tracking.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { attribute, type DeclarationFact } from '../machines/root-selection.js';
import { parseHookEvent } from '../review/edits.js';

const layout = fc
  .array(fc.record({ gap: fc.integer({ min: 1, max: 20 }), len: fc.integer({ min: 2, max: 60 }), material: fc.boolean(), ineligible: fc.boolean() }), { minLength: 1, maxLength: 8 })
  .map((parts) => {
    const declarations: DeclarationFact[] = [];
    const material: Array<{ start: number; end: number }> = [];
    let at = 0;
    parts.forEach((p, i) => {
      at += p.gap;
      if (p.material) material.push({ start: at, end: at + p.len });
      else declarations.push({ id: `d${i}`, start: at, end: at + p.len, rootKind: 'type', ineligible: p.ineligible ? 'function-overload' : null });
      at += p.len;
    });
    return { declarations, material, size: at + 5 };
  });

describe('root attribution', () => {
  test.prop([layout, fc.nat(), fc.nat({ max: 40 })])('a span selects a root only when it lies in eligible declarations and touches no shared material', (l, s, n) => {
    const start = s % l.size;
    const span = { id: 's', start, end: Math.min(l.size, start + n) };
    const result = attribute(span, l.declarations, l.material);
    const touches = (a: { start: number; end: number }) => (span.start === span.end ? a.start < span.start && span.start < a.end : a.start < span.end && span.start < a.end);
    if (result.roots.length > 0) {
      expect(l.material.some(touches)).toBe(false);
      for (const d of result.roots) {
        expect(d.ineligible).toBeNull();
        expect(touches(d)).toBe(true);
      }
      const touched = l.declarations.filter(touches);
      if (touched.length > 1) for (const d of touched) expect(span.start <= d.start && d.end <= span.end).toBe(true);
    } else {
      expect(result.code).not.toBeNull();
    }
  });
});

describe('edit spans', () => {
  const word = fc.stringMatching(/^[a-z]{1,6}$/);
  test.prop([fc.array(word, { minLength: 3, maxLength: 30 }), fc.nat(), word])('an Edit verified against its original marks exactly the new text', (words, pick, replacement) => {
    const original = words.map((w, i) => `${w}${i}`).join('\n') + '\n';
    const i = pick % words.length;
    const old = `${words[i]}${i}`;
    const neu = `${replacement}X${i}`;
    fc.pre(original.split(old).length === 2); // the tool refuses an old_string that is not unique
    const post = original.replace(old, neu);
    const parsed = parseHookEvent(JSON.stringify({ tool_name: 'Edit', tool_input: { file_path: '/w/a.ts', old_string: old, new_string: neu }, tool_response: { originalFile: original } }));
    const verified = parsed.edits[0].verify(post);
    expect(verified.ok).toBe(true);
    if (verified.ok) expect(verified.spans.map((s) => post.slice(s.start, s.end))).toEqual([neu]);
    expect(parsed.edits[0].verify(post + 'drift').ok).toBe(false);
  });
});
