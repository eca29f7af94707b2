#!/usr/bin/env node
// An example `command` review backend: hands cairn's review request to a coding-agent
// CLI you already use, and maps its answer to cairn's decision format.
//
//   node agents/agent-backend.mjs <agent command and arguments…>
//   e.g. node agents/agent-backend.mjs claude -p --model haiku
//        node agents/agent-backend.mjs codex exec -
//
// cairn writes one request to stdin ({"version":1,"input":…,"rules":[…]}, see the
// README's backend contract). This script writes a prompt to the agent's stdin, reads
// its stdout, finds the JSON object with a "decisions" list in it (bare, fenced in
// ```json, or inside a {"result": "…"} wrapper as `claude -p --output-format json`
// prints), keeps one decision per asked rule with a probability in [0, 1], and prints
// {"decisions":[…]}. Anything it cannot map is an error (exit 1), which cairn records
// as backend-error; it never invents a decision.
//
// cairn waits 15 s at most for a backend; this script stops the agent a little earlier
// (CAIRN_AGENT_TIMEOUT_MS, default 14000) so the reason is on stderr.
import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MAX_RATIONALE = 600;
const MAX_OUTPUT = 1024 * 1024;

function fail(message) {
  process.stderr.write(`agent-backend: ${message}\n`);
  process.exit(1);
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The prompt: what to judge, the rules with their criteria, the evidence, and the answer's exact shape. */
export function prompt(request) {
  const rules = request.rules
    .map((r) => [`ruleId: ${r.ruleId}`, `title: ${r.title}`, `question: ${r.question}`, 'criteria:', ...r.criteria.map((c) => `  - ${c}`)].join('\n'))
    .join('\n\n');
  return [
    'You are reviewing one declaration a coding agent just edited. Judge only from the evidence below;',
    'it is static structure (the declaration and the types and functions it references), not a build or a test run.',
    '',
    'For each rule, give the probability (0 to 1) that the answer to its question is yes for this declaration,',
    'and one or two sentences of rationale that point at the evidence.',
    '',
    'Rules:',
    rules,
    '',
    'Evidence (cairn review input, JSON):',
    JSON.stringify(request.input),
    '',
    'Answer with exactly one JSON object and nothing else, in this shape:',
    '{"decisions":[{"ruleId":"<ruleId>","probability":0.0,"rationale":"<why>"}]}',
  ].join('\n');
}

/** The first JSON object in `text` that holds a "decisions" array, looking inside wrappers and code fences. */
export function findDecisions(text) {
  const candidates = [text, ...[...text.matchAll(/```(?:json)?\s*\n([\s\S]*?)```/g)].map((m) => m[1])];
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) candidates.push(text.slice(i, matchingBrace(text, i) + 1));
  for (const candidate of candidates) {
    let value;
    try {
      value = JSON.parse(candidate);
    } catch {
      continue;
    }
    if (value && Array.isArray(value.decisions)) return value.decisions;
    if (value && typeof value.result === 'string') {
      const inner = findDecisions(value.result);
      if (inner) return inner;
    }
  }
  return null;
}

function matchingBrace(text, open) {
  let depth = 0;
  let inString = false;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return text.length - 1;
}

/** cairn's decisions: asked rules only, once each, probabilities in [0, 1], short rationales. */
export function mapDecisions(raw, request) {
  const asked = new Set(request.rules.map((r) => r.ruleId));
  const seen = new Set();
  const decisions = [];
  for (const d of raw) {
    const ruleId = d?.ruleId;
    const probability = typeof d?.probability === 'string' ? Number(d.probability) : d?.probability;
    if (typeof ruleId !== 'string' || !asked.has(ruleId) || seen.has(ruleId)) continue;
    if (typeof probability !== 'number' || !(probability >= 0 && probability <= 1)) continue;
    seen.add(ruleId);
    const rationale = typeof d.rationale === 'string' ? d.rationale.trim().slice(0, MAX_RATIONALE) : '';
    decisions.push({ ruleId, probability, rationale });
  }
  return decisions;
}

function runAgent(command, input, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
    const chunks = [];
    let size = 0;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(`${command[0]} did not answer within ${timeoutMs} ms`);
    }, timeoutMs);
    child.stdout.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) {
        child.kill('SIGKILL');
        fail(`${command[0]} printed more than ${MAX_OUTPUT} bytes`);
      }
      chunks.push(chunk);
    });
    child.on('error', (error) => fail(`cannot run ${command[0]}: ${error.message}`));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) fail(`${command[0]} exited with status ${code}`);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

async function main() {
  const command = process.argv.slice(2);
  if (command.length === 0) fail('usage: agent-backend.mjs <agent command and arguments…>, e.g. claude -p');
  let request;
  try {
    request = JSON.parse(await readStdin());
  } catch {
    fail('the request on stdin is not JSON');
  }
  if (request?.version !== 1 || !Array.isArray(request.rules)) fail('not a version 1 review request');
  const timeoutMs = Number(process.env.CAIRN_AGENT_TIMEOUT_MS ?? 14_000);
  const answer = await runAgent(command, prompt(request), timeoutMs);
  const raw = findDecisions(answer);
  if (!raw) fail(`no {"decisions": […]} object in the agent's answer (${answer.length} bytes)`);
  process.stdout.write(`${JSON.stringify({ decisions: mapDecisions(raw, request) })}\n`);
}

// Run as a program; imported (by its tests), it only exports its pieces.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
