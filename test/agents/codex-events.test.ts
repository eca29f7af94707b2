// Codex sends an apply_patch event's patch in several forms; every one of them must
// select the same roots as the plain `tool_input.input` form.
import { afterEach, describe, expect, test } from 'vitest';
import { EditInputError, parseHookEvent } from '../../review/edits.js';
import { cleanup, review, summary, workspace } from '../review/helpers.js';

afterEach(cleanup);

const TEXT = 'export interface A {\n  x: string;\n}\n\nexport interface B {\n  y: string;\n}\n\nexport interface C {\n  z: string;\n}\n';
const PATCH = '*** Begin Patch\n*** Update File: src/abc.ts\n@@ export interface A {\n-  x: number;\n+  x: string;\n }\n@@ export interface C {\n-  z: number;\n+  z: string;\n }\n*** End Patch\n';
const HEREDOC = `apply_patch <<'EOF'\n${PATCH}EOF\n`;

const event = (toolInput: Record<string, unknown>) => JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'apply_patch', tool_input: toolInput });

describe('Codex apply_patch event shapes', () => {
  const shapes: Array<[string, Record<string, unknown>]> = [
    ['tool_input.input', { input: PATCH }],
    ['tool_input.patch', { patch: PATCH }],
    ['tool_input.command as an argument array', { command: ['apply_patch', PATCH] }],
    ['tool_input.command as a shell argument array with a heredoc', { command: ['bash', '-lc', HEREDOC] }],
    ['tool_input.command as one string holding the patch', { command: PATCH }],
    ['tool_input.command as one string holding an apply_patch heredoc', { command: HEREDOC }],
    ['tool_input.command as a heredoc after a cd', { command: `cd src/.. && ${HEREDOC}` }],
  ];
  for (const [name, input] of shapes) {
    test(name, async () => {
      const ws = workspace({ 'src/abc.ts': TEXT });
      const parsed = parseHookEvent(event(input));
      expect(parsed.host).toBe('codex');
      expect(summary((await review(ws, parsed)).result).roots).toEqual(['type:A', 'type:C']);
    });
  }

  test('a command without a patch is still refused clearly', () => {
    expect(() => parseHookEvent(event({ command: 'ls -la' }))).toThrow(EditInputError);
    expect(() => parseHookEvent(event({ command: ['ls', '-la'] }))).toThrow(/apply_patch event without a patch body/);
    expect(() => parseHookEvent(event({}))).toThrow(/apply_patch event without a patch body/);
  });
});
