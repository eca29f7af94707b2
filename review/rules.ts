// Review rules: one version-1 JSONC document per rule, validated strictly.
// A rule says what to ask and which evidence it needs; configuration says where.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isObject, onlyKeys, ProblemList, readJsonc, stringList, type JsoncDocument } from './jsonc.js';
import { REVIEW_LANGUAGES } from '../parsers/registry.js';

/**
 * `schema` (a runtime validation schema: Zod, Effect Schema) is a future input form with no
 * dialect or extraction yet: a rule may hold one while disabled, and enabling a selected
 * schema input fails the configuration (review/config.ts). It never applies to a root.
 */
export type RuleKind = 'type' | 'function' | 'schema';

export const TYPE_REQUIREMENTS = ['root-declaration', 'resolved-outbound-types', 'selected-source-type-closure'] as const;
export const FUNCTION_REQUIREMENTS = ['signature', 'body', 'resolved-local-calls', 'resolved-outbound-types'] as const;
export type Requirement = (typeof TYPE_REQUIREMENTS)[number] | (typeof FUNCTION_REQUIREMENTS)[number];

/** Languages a rule may be authored for: those a review profile analyses (parsers/registry.ts), in profile order. */
export const ANALYZED_LANGUAGES: readonly string[] = REVIEW_LANGUAGES.map((l) => l.name);
/** The languages the function branch (direct-event/function/v1) is defined for. */
const FUNCTION_LANGUAGES = REVIEW_LANGUAGES.filter((l) => l.functionRules);
const FUNCTION_ONLY = `kind "function" inputs are ${FUNCTION_LANGUAGES.map((l) => l.title).join(', ')}-only`;

export interface RuleInput {
  languages: string[];
  kind: RuleKind;
  requires: Requirement[];
}

export interface Rule {
  id: string;
  title: string;
  question: string;
  criteria: string[];
  message: string;
  threshold: number;
  inputs: RuleInput[];
  /** Where the rule came from: `builtin:<file>` or a workspace-relative or user path. */
  origin: string;
  /** SHA-256 of the exact definition bytes: part of the rule's identity. */
  digest: string;
}

export const DEFAULT_THRESHOLD = 0.7;
const RULE_KEYS = ['version', 'id', 'title', 'question', 'criteria', 'message', 'threshold', 'inputs'];

export function parseRule(file: string, text: string, origin = file): Rule {
  const doc: JsoncDocument = readJsonc(file, text);
  const v = doc.value;
  if (!isObject(v)) doc.fail([], 'a rule is a JSON object');
  // Every independent check runs, so one validation reports every problem of the file.
  const problems = new ProblemList();
  problems.check(() => onlyKeys(doc, [], v, RULE_KEYS), undefined);
  problems.check(() => v.version === 1 || doc.fail(['version'], 'version must be 1'), undefined);
  const text_ = (key: string) =>
    problems.check(() => {
      const s = v[key];
      if (typeof s !== 'string' || s.trim() === '') doc.fail([key], `${key} must be a non-empty string`);
      return s;
    }, '');
  const id = text_('id');
  if (id !== '' && !/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(id)) {
    problems.check(() => doc.fail(['id'], 'id uses lowercase letters, digits, dashes and slashes'), undefined);
  }
  const criteria = typeof v.criteria === 'string' ? [text_('criteria')] : problems.check(() => stringList(doc, ['criteria'], v.criteria, true), []);
  const threshold = problems.check(() => {
    if (v.threshold === undefined) return DEFAULT_THRESHOLD;
    if (typeof v.threshold !== 'number' || !(v.threshold >= 0 && v.threshold < 1)) doc.fail(['threshold'], 'threshold is a number in [0, 1)');
    return v.threshold;
  }, DEFAULT_THRESHOLD);
  const rule: Rule = {
    id,
    title: text_('title'),
    question: text_('question'),
    criteria,
    message: text_('message'),
    threshold,
    inputs: problems.check(() => parseInputs(doc, v.inputs), []),
    origin,
    digest: createHash('sha256').update(text).digest('hex'),
  };
  problems.finish();
  return rule;
}

function parseInputs(doc: JsoncDocument, value: unknown): RuleInput[] {
  if (!Array.isArray(value) || value.length === 0) doc.fail(['inputs'], 'inputs is a non-empty array');
  const seen = new Set<string>();
  const problems = new ProblemList();
  const inputs = value.map((entry, i) => problems.check(() => parseInput(doc, entry, i, seen), null));
  problems.finish();
  return inputs.filter((input): input is RuleInput => input !== null);
}

function parseInput(doc: JsoncDocument, entry: unknown, i: number, seen: Set<string>): RuleInput {
  const at = ['inputs', i];
  if (!isObject(entry)) doc.fail(at, 'an input is an object {languages, kind, requires}');
  onlyKeys(doc, at, entry, ['languages', 'kind', 'requires']);
  const languages = stringList(doc, [...at, 'languages'], entry.languages, true);
  for (const [j, l] of languages.entries()) {
    if (!ANALYZED_LANGUAGES.includes(l)) doc.fail([...at, 'languages', j], `unknown language "${l}" (known: ${ANALYZED_LANGUAGES.join(', ')})`);
  }
  if (entry.kind !== 'type' && entry.kind !== 'function' && entry.kind !== 'schema') doc.fail([...at, 'kind'], 'kind is "type", "function" or "schema"');
  const kind = entry.kind;
  if (kind === 'schema') {
    if (entry.requires !== undefined && (!Array.isArray(entry.requires) || entry.requires.length > 0)) doc.fail([...at, 'requires'], 'a schema input has no requirements yet');
    for (const l of languages) {
      if (seen.has(`${l}/schema`)) doc.fail(at, `duplicate language/kind combination ${l}/schema`);
      seen.add(`${l}/schema`);
    }
    return { languages, kind, requires: [] };
  }
  if (kind === 'function') {
    for (const [j, l] of languages.entries()) if (!FUNCTION_LANGUAGES.some((f) => f.name === l)) doc.fail([...at, 'languages', j], `${FUNCTION_ONLY}; ${l} has type inputs only`);
  }
  const requires = entry.requires === undefined ? [] : stringList(doc, [...at, 'requires'], entry.requires);
  const allowed: readonly string[] = kind === 'type' ? TYPE_REQUIREMENTS : FUNCTION_REQUIREMENTS;
  for (const [j, r] of requires.entries()) if (!allowed.includes(r)) doc.fail([...at, 'requires', j], `"${r}" is not a ${kind} requirement (allowed: ${allowed.join(', ')})`);
  for (const l of languages) {
    const key = `${l}/${kind}`;
    if (seen.has(key)) doc.fail(at, `duplicate language/kind combination ${key}`);
    seen.add(key);
  }
  return { languages, kind, requires: requires as Requirement[] };
}

const BUILTIN_DIR = fileURLToPath(new URL('./rules/', import.meta.url));

/** The rules shipped with cairn, in file-name order. */
export function builtinRules(): Rule[] {
  return readdirSync(BUILTIN_DIR)
    .filter((f) => f.endsWith('.jsonc'))
    .sort()
    .map((f) => parseRule(`rules/${f}`, readFileSync(join(BUILTIN_DIR, f), 'utf8'), `builtin:${f}`));
}
