// Rules may be written for Go and Bend type inputs; neither language has a function input.
import { describe, expect, it } from 'vitest';
import { parseRule } from '../../review/rules.js';

const rule = (inputs: unknown) =>
  JSON.stringify({ version: 1, id: 'team/shapes', title: 't', question: 'q', criteria: ['c'], message: 'm', inputs }, null, 2);

const failure = (inputs: unknown) => {
  try {
    parseRule('rules/shapes.jsonc', rule(inputs));
    return 'accepted';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('rules for go and bend', () => {
  it('accept type inputs with the type requirements', () => {
    const r = parseRule('rules/shapes.jsonc', rule([{ languages: ['go', 'bend'], kind: 'type', requires: ['root-declaration', 'selected-source-type-closure'] }]));
    expect(r.inputs).toEqual([{ languages: ['go', 'bend'], kind: 'type', requires: ['root-declaration', 'selected-source-type-closure'] }]);
  });

  it('reject function inputs and function requirements for them', () => {
    expect(failure([{ languages: ['bend'], kind: 'function', requires: [] }])).toContain('kind "function" inputs are TypeScript-only; bend has type inputs only');
    expect(failure([{ languages: ['go'], kind: 'function', requires: [] }])).toContain('kind "function" inputs are TypeScript-only; go has type inputs only');
    expect(failure([{ languages: ['go'], kind: 'type', requires: ['body'] }])).toContain('"body" is not a type requirement');
  });

  it('reject a duplicate language/kind combination', () => {
    expect(failure([{ languages: ['go'], kind: 'type' }, { languages: ['bend', 'go'], kind: 'type' }])).toContain('duplicate language/kind combination go/type');
  });
});
