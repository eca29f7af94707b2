// Test helpers for what faces coding agents: the example agent backend and a stub agent CLI.
import { join } from 'node:path';
import { REPO } from '../helpers/cli.js';

export const AGENT_BACKEND = join(REPO, 'agents', 'agent-backend.mjs');

/**
 * A stub agent: answers every rule named in the prompt with `probability`, in the
 * given style, and keeps the prompt it got in agent-prompt.txt.
 */
export function stubAgent(probability: number, style: 'fenced' | 'wrapper' | 'garbage' = 'fenced'): string {
  return `import { readFileSync, writeFileSync } from 'node:fs';
const prompt = readFileSync(0, 'utf8');
writeFileSync('agent-prompt.txt', prompt);
const ids = [...prompt.matchAll(/^ruleId: (.+)$/gm)].map((m) => m[1]);
const decisions = ids.map((ruleId) => ({ ruleId, probability: ${probability}, rationale: 'orderId and customerId are both bare strings and can be swapped' }));
const style = ${JSON.stringify(style)};
if (style === 'fenced') process.stdout.write('Looking at Payment.\\n\\n\`\`\`json\\n' + JSON.stringify({ decisions }, null, 2) + '\\n\`\`\`\\nDone.\\n');
else if (style === 'wrapper') process.stdout.write(JSON.stringify({ type: 'result', result: JSON.stringify({ decisions }) }));
else process.stdout.write('I think this type is fine.');
`;
}

/**
 * The README's hooks example: the demo workspace (RUST_TS_FIXTURE of test/cli/fixtures.ts)
 * as the project, and a HOME whose ~/.claude/settings.json holds these settings; the
 * installation's clone was at /opt/cairn. The MCP example runs `cairn mcp` in the same
 * demo workspace, indexed, at /tmp/demo.
 */
export const README_HOME_FILES: Record<string, string> = {
  '.claude/settings.json': '{\n  "permissions": {\n    "allow": ["Bash(npm test)"]\n  },\n  "model": "opus"\n}\n',
};
