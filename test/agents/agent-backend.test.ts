// The example command backend (agents/agent-backend.mjs) with a stub agent CLI in place
// of `claude -p` or `codex exec`: the stub reads the prompt cairn's request became and
// answers the way agents do (prose around a fenced JSON block, or a JSON wrapper).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { findDecisions, mapDecisions } from '../../agents/agent-backend.mjs';
import { AGENT_BACKEND, stubAgent } from './helpers.js';
import { cairnIn, cleanup, paymentWorkspace } from '../review/helpers.js';

afterEach(cleanup);

const REQUEST = {
  version: 1,
  input: { artifact: { kind: 'type', name: 'Payment', domain: 'src/pay.ts', source: 'export interface Payment {}' } },
  rules: [{ ruleId: 'cairn/bare-primitives-for-domain-values', title: 'Bare primitives', question: 'Do several domain values share a bare primitive?', criteria: ['two or more ids'] }],
};

describe('agent backend: mapping an agent answer', () => {
  test('finds the decisions bare, in a fenced block, or inside a {"result": "…"} wrapper', () => {
    const decisions = [{ ruleId: 'r', probability: 0.8, rationale: 'x' }];
    expect(findDecisions(JSON.stringify({ decisions }))).toEqual(decisions);
    expect(findDecisions(`Sure.\n\`\`\`json\n${JSON.stringify({ decisions })}\n\`\`\`\n`)).toEqual(decisions);
    expect(findDecisions(`My answer: ${JSON.stringify({ decisions })} -- that is all {`)).toEqual(decisions);
    expect(findDecisions(JSON.stringify({ result: `\`\`\`json\n${JSON.stringify({ decisions })}\n\`\`\`` }))).toEqual(decisions);
    expect(findDecisions('no json here')).toBeNull();
  });

  test('keeps asked rules once each with a probability in [0, 1]; never invents one', () => {
    const raw = [
      { ruleId: 'cairn/bare-primitives-for-domain-values', probability: '0.75', rationale: '  two ids  ' },
      { ruleId: 'cairn/bare-primitives-for-domain-values', probability: 0.1, rationale: 'duplicate' },
      { ruleId: 'not-asked', probability: 0.9 },
      { ruleId: 'cairn/other', probability: 1.5 },
    ];
    expect(mapDecisions(raw, REQUEST)).toEqual([{ ruleId: 'cairn/bare-primitives-for-domain-values', probability: 0.75, rationale: 'two ids' }]);
  });
});

describe('agent backend: as a process', () => {
  const run = (ws: string, style: 'fenced' | 'wrapper' | 'garbage', env: NodeJS.ProcessEnv = {}) => {
    writeFileSync(join(ws, 'agent.mjs'), stubAgent(0.9, style));
    return spawnSync(process.execPath, [AGENT_BACKEND, process.execPath, 'agent.mjs'], { cwd: ws, input: JSON.stringify(REQUEST), encoding: 'utf8', env: { ...process.env, ...env } });
  };

  test('hands the request to the agent as a prompt and prints cairn decisions', () => {
    const ws = paymentWorkspace();
    for (const style of ['fenced', 'wrapper'] as const) {
      const r = run(ws, style);
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ decisions: [{ ruleId: 'cairn/bare-primitives-for-domain-values', probability: 0.9, rationale: 'orderId and customerId are both bare strings and can be swapped' }] });
    }
    const prompt = readFileSync(join(ws, 'agent-prompt.txt'), 'utf8');
    expect(prompt).toContain('question: Do several domain values share a bare primitive?');
    expect(prompt).toContain('  - two or more ids');
    expect(prompt).toContain(JSON.stringify(REQUEST.input));
  });

  test('an answer without decisions, a failing agent or a slow one is an error, never a decision', () => {
    const ws = paymentWorkspace();
    const garbage = run(ws, 'garbage');
    expect(garbage.status).toBe(1);
    expect(garbage.stdout).toBe('');
    expect(garbage.stderr).toMatch(/no \{"decisions"/);
    writeFileSync(join(ws, 'slow.mjs'), 'setTimeout(() => {}, 10000);');
    const slow = spawnSync(process.execPath, [AGENT_BACKEND, process.execPath, 'slow.mjs'], { cwd: ws, input: JSON.stringify(REQUEST), encoding: 'utf8', env: { ...process.env, CAIRN_AGENT_TIMEOUT_MS: '300' } });
    expect(slow.status).toBe(1);
    expect(slow.stderr).toMatch(/did not answer within 300 ms/);
    const missing = spawnSync(process.execPath, [AGENT_BACKEND, 'no-such-agent-cli'], { cwd: ws, input: JSON.stringify(REQUEST), encoding: 'utf8' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/cannot run no-such-agent-cli/);
  });
});

describe('agent backend: configured in cairn', () => {
  const configured = (ws: string) => {
    const user = join(ws, '.user-config', 'cairn');
    writeFileSync(join(ws, 'agent.mjs'), stubAgent(0.9));
    spawnSync('mkdir', ['-p', user]);
    writeFileSync(join(user, 'config.jsonc'), JSON.stringify({ backend: { kind: 'command', command: [process.execPath, AGENT_BACKEND, process.execPath, 'agent.mjs'] } }));
    return { ...process.env, XDG_CONFIG_HOME: join(ws, '.user-config') };
  };

  test('a hook event gets the agent’s finding back as the host’s hook JSON', () => {
    const ws = paymentWorkspace();
    const r = cairnIn(ws, ['review', '--event', join(ws, 'event.json')], { env: configured(ws) });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.hookSpecificOutput.hookEventName).toBe('PostToolUse');
    expect(out.hookSpecificOutput.additionalContext).toMatch(/src\/pay\.ts:1 type Payment \[cairn\/bare-primitives-for-domain-values\] p=0\.9/);
    expect(out.hookSpecificOutput.additionalContext).toMatch(/orderId and customerId are both bare strings/);
  });

  test('the default backend is graph: without the user configuration no agent is asked', () => {
    const ws = paymentWorkspace();
    writeFileSync(join(ws, 'agent.mjs'), stubAgent(0.9));
    const r = cairnIn(ws, ['review', '--event', join(ws, 'event.json'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data.backend).toBe('graph');
    expect(JSON.parse(r.stdout).data.findings).toEqual([]);
  });
});
