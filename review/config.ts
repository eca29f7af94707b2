// Review configuration: `.cairn.jsonc` at the workspace root over a user file at
// $XDG_CONFIG_HOME/cairn/config.jsonc (default ~/.config). The workspace file wins
// for selections, the backend and a language's own setting (parsers/registry.ts; replaced
// as a whole, never merged);
// privacy excludes accumulate from every layer and are never undone; limits may only
// be lowered. Every value keeps its origin.
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { boundedOpen, Gate, type GateRead } from '../gate/gate.js';
import { MAX_CONFIG_BYTES } from '../gate/bounds.js';
import { USER_CONFIG_SHOWN, userConfigPath, userConfigText, WORKSPACE_CONFIG, workspaceConfigText } from '../gate/config-files.js';
import { DEFAULT_BUDGETS, type TraversalBudgets } from '../machines/evidence-traversal.js';
import { isObject, onlyKeys, readJsonc, stringList, type JsoncDocument } from './jsonc.js';
import { REVIEW_LANGUAGES } from '../parsers/registry.js';
import type { SettingsDocument } from '../contracts/review-language.js';
import { DEFAULT_AUDIT_RETENTION, type AuditRetention } from '../contracts/audit-log.js';
import { ANALYZED_LANGUAGES, builtinRules, parseRule, type Rule } from './rules.js';

export const BACKEND_DEADLINE_MS = 15_000;

/**
 * `graph` (the default) asks no one: it reports graph facts from the local index about
 * the edited roots (review/graph-facts.ts). `none` says nothing at all.
 */
export type BackendConfig =
  | { kind: 'none' }
  | { kind: 'graph' }
  | { kind: 'command'; command: string[]; timeoutMs: number }
  | { kind: 'http'; url: string; timeoutMs: number };

export interface RuleSettings {
  enabled: boolean;
  languages: string[] | null;
  includes: string[] | null;
  excludes: string[];
  threshold: number | null;
  message: string | null;
}

export interface ConfiguredRule {
  rule: Rule;
  settings: RuleSettings;
}

/** The languages' own settings (Go's `go` build target), each under its configuration key. */
export const LANGUAGE_SETTINGS = REVIEW_LANGUAGES.flatMap((l) => (l.setting ? [l.setting] : []));

export interface ReviewConfig {
  includes: string[];
  excludes: string[];
  /** Null: follow root selection. */
  contextIncludes: string[] | null;
  contextExcludes: string[] | null;
  privacyExcludes: string[];
  languages: string[];
  rules: ConfiguredRule[];
  limits: TraversalBudgets;
  backend: BackendConfig;
  /** How much of .cairn/audit/ is kept: logs older than maxAgeDays go, then the oldest until the rest fit in maxBytes. */
  audit: AuditRetention;
  /** Where each top-level setting came from: 'default', 'user', 'workspace'. */
  origins: Record<string, string>;
  /** The configuration files that were read (for freshness and display). */
  files: string[];
  /**
   * Each language's own setting under its key (parsers/registry.ts), as `go`: the frozen
   * Go analysis target, null when none (Go files with platform constraints then have
   * unknown membership).
   */
  [languageSetting: string]: unknown;
}

export const DEFAULT_EXCLUDES = ['**/node_modules/**', '.cairn/**'];
const KEYS = ['includes', 'excludes', 'contextIncludes', 'contextExcludes', 'privacyExcludes', 'languages', 'rules', 'limits', 'backend', ...LANGUAGE_SETTINGS.map((s) => s.key), 'audit'];
/** Keys other readers own: `mcp` is the MCP server's workspace allow-list (agents/mcp-workspaces.ts). */
const FOREIGN_KEYS = ['mcp'];
const RULE_ENTRY_KEYS = ['path', 'id', 'enabled', 'languages', 'includes', 'excludes', 'threshold', 'message'];

export { userConfigPath };

export function workspaceConfigPath(workspace: string): string {
  return join(workspace, '.cairn.jsonc');
}

interface Layer {
  origin: 'user' | 'workspace';
  file: string;
  doc: JsoncDocument;
  value: Record<string, unknown>;
}

function readLayer(origin: Layer['origin'], file: string, display: string, text: string | null): Layer | null {
  if (text === null) return null;
  const doc: JsoncDocument = readJsonc(display, text);
  if (!isObject(doc.value)) doc.fail([], 'the configuration is a JSON object');
  onlyKeys(doc, [], doc.value, [...KEYS, ...FOREIGN_KEYS]);
  return { origin, file, doc, value: doc.value };
}

/** Loads and validates the effective configuration. Throws JsoncError on any invalid value. */
export function loadConfig(workspace: string, env: NodeJS.ProcessEnv = process.env): ReviewConfig {
  const layers = [
    readLayer('user', userConfigPath(env), USER_CONFIG_SHOWN, userConfigText(env)),
    readLayer('workspace', workspaceConfigPath(workspace), WORKSPACE_CONFIG, workspaceConfigText(workspace)),
  ].filter((l): l is Layer => l !== null);

  const config: ReviewConfig = {
    includes: ['**'],
    excludes: [...DEFAULT_EXCLUDES],
    contextIncludes: null,
    contextExcludes: null,
    privacyExcludes: [],
    languages: [...ANALYZED_LANGUAGES],
    rules: builtinRules().map((rule) => ({ rule, settings: defaultSettings() })),
    limits: { ...DEFAULT_BUDGETS },
    backend: { kind: 'graph' },
    ...Object.fromEntries(LANGUAGE_SETTINGS.map((s) => [s.key, s.initial])),
    audit: { ...DEFAULT_AUDIT_RETENTION },
    origins: Object.fromEntries(KEYS.map((k) => [k, 'default'])),
    files: layers.map((l) => (l.origin === 'workspace' ? '.cairn.jsonc' : '$XDG_CONFIG_HOME/cairn/config.jsonc')),
  };

  for (const layer of layers) {
    const { doc, value: v } = layer;
    // A repository must not widen which workspaces an agent may query through cairn.
    if (v.mcp !== undefined && layer.origin === 'workspace') {
      doc.fail(['mcp'], "a repository's .cairn.jsonc may not set mcp; list MCP workspaces in $XDG_CONFIG_HOME/cairn/config.jsonc");
    }
    for (const key of ['includes', 'excludes', 'contextIncludes', 'contextExcludes'] as const) {
      if (v[key] === undefined) continue;
      const list = stringList(doc, [key], v[key]);
      if (key === 'excludes') config.excludes = [...DEFAULT_EXCLUDES, ...list];
      else config[key] = list;
      config.origins[key] = layer.origin;
    }
    if (v.privacyExcludes !== undefined) {
      config.privacyExcludes = [...new Set([...config.privacyExcludes, ...stringList(doc, ['privacyExcludes'], v.privacyExcludes)])];
      config.origins.privacyExcludes = config.origins.privacyExcludes === 'default' ? layer.origin : `${config.origins.privacyExcludes}+${layer.origin}`;
    }
    if (v.languages !== undefined) {
      const languages = stringList(doc, ['languages'], v.languages);
      for (const [i, l] of languages.entries()) {
        if (!ANALYZED_LANGUAGES.includes(l)) doc.fail(['languages', i], `no review analyzer for "${l}" (available: ${ANALYZED_LANGUAGES.join(', ')})`);
      }
      config.languages = languages;
      config.origins.languages = layer.origin;
    }
    if (v.limits !== undefined) {
      applyLimits(doc, v.limits, config.limits);
      config.origins.limits = layer.origin;
    }
    if (v.backend !== undefined) {
      const backend = parseBackend(doc, v.backend);
      // A repository must not choose a program to run or an address to send source to:
      // whoever clones it would run that on their next edit. Only the user's own file may.
      // The local graph facts run nothing and send nothing, so a repository may choose them.
      if (layer.origin === 'workspace' && backend.kind !== 'none' && backend.kind !== 'graph') {
        doc.fail(['backend', 'kind'], `a repository's .cairn.jsonc may only choose "none" or "graph"; set a ${backend.kind} backend in $XDG_CONFIG_HOME/cairn/config.jsonc`);
      }
      config.backend = backend;
      config.origins.backend = layer.origin;
    }
    for (const setting of LANGUAGE_SETTINGS) {
      if (v[setting.key] === undefined) continue;
      // The workspace's value replaces the user's as a whole: a target is never a merge.
      config[setting.key] = setting.parse(settingsDocument(doc), v[setting.key]);
      config.origins[setting.key] = layer.origin;
    }
    if (v.audit !== undefined) {
      config.audit = parseAudit(doc, v.audit);
      config.origins.audit = layer.origin;
    }
    if (v.rules !== undefined) {
      applyRules(doc, layer, v.rules, config.rules, workspace);
      config.origins.rules = layer.origin;
    }
  }
  for (const { rule, settings } of config.rules) {
    if (!settings.enabled) continue;
    // An enabled rule's schema input, in a language the rule and the configuration select, has no extraction to run on.
    const selected = (l: string) => config.languages.includes(l) && (!settings.languages || settings.languages.includes(l));
    const schema = rule.inputs.filter((i) => i.kind === 'schema').flatMap((i) => i.languages.filter(selected));
    if (schema.length > 0) {
      throw new Error(`rule ${rule.id}: its schema input (${schema.join(', ')}) cannot be enabled: runtime validation schemas are not a review input yet; disable the rule or configure languages without it`);
    }
    if (!settings.languages) continue;
    const authored = new Set(rule.inputs.flatMap((i) => i.languages));
    for (const l of settings.languages) {
      if (!authored.has(l)) throw new Error(`rule ${rule.id}: configured language "${l}" is not one the rule was written for`);
    }
  }
  return config;
}

function defaultSettings(): RuleSettings {
  return { enabled: true, languages: null, includes: null, excludes: [], threshold: null, message: null };
}

function applyLimits(doc: JsoncDocument, value: unknown, limits: TraversalBudgets): void {
  if (!isObject(value)) doc.fail(['limits'], 'limits is an object');
  onlyKeys(doc, ['limits'], value, Object.keys(DEFAULT_BUDGETS));
  for (const [key, n] of Object.entries(value)) {
    const k = key as keyof TraversalBudgets;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) doc.fail(['limits', key], `${key} is a positive whole number`);
    if (n > DEFAULT_BUDGETS[k]) doc.fail(['limits', key], `${key} may only be lowered (at most ${DEFAULT_BUDGETS[k]})`);
    limits[k] = Math.min(limits[k], n);
  }
}

function parseAudit(doc: JsoncDocument, value: unknown): AuditRetention {
  if (!isObject(value)) doc.fail(['audit'], 'audit is an object: {maxAgeDays, maxBytes}');
  onlyKeys(doc, ['audit'], value, Object.keys(DEFAULT_AUDIT_RETENTION));
  const out = { ...DEFAULT_AUDIT_RETENTION };
  for (const [key, n] of Object.entries(value)) {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) doc.fail(['audit', key], `${key} is a positive whole number`);
    out[key as keyof AuditRetention] = n;
  }
  return out;
}

function parseBackend(doc: JsoncDocument, value: unknown): BackendConfig {
  if (!isObject(value)) doc.fail(['backend'], 'backend is an object with a kind');
  const timeout = () => {
    if (value.timeoutMs === undefined) return BACKEND_DEADLINE_MS;
    const t = value.timeoutMs;
    if (typeof t !== 'number' || !Number.isInteger(t) || t < 1 || t > BACKEND_DEADLINE_MS) doc.fail(['backend', 'timeoutMs'], `timeoutMs is a whole number from 1 to ${BACKEND_DEADLINE_MS}`);
    return t;
  };
  switch (value.kind) {
    case 'none':
    case 'graph':
      onlyKeys(doc, ['backend'], value, ['kind']);
      return { kind: value.kind };
    case 'command':
      onlyKeys(doc, ['backend'], value, ['kind', 'command', 'timeoutMs']);
      // An argument vector, not a set: `node agent-backend.mjs node agent.mjs` repeats a word.
      const command = value.command;
      if (!Array.isArray(command) || command.length === 0 || command.some((s) => typeof s !== 'string' || s.length === 0)) {
        doc.fail(['backend', 'command'], 'expected a non-empty array of non-empty strings (the program and its arguments)');
      }
      return { kind: 'command', command: command as string[], timeoutMs: timeout() };
    case 'http': {
      onlyKeys(doc, ['backend'], value, ['kind', 'url', 'timeoutMs']);
      const url = value.url;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) doc.fail(['backend', 'url'], 'url is an http:// or https:// address');
      return { kind: 'http', url, timeoutMs: timeout() };
    }
    default:
      return doc.fail(['backend', 'kind'], 'backend kind is "graph", "none", "command" or "http"');
  }
}

function applyRules(doc: JsoncDocument, layer: Layer, value: unknown, rules: ConfiguredRule[], workspace: string): void {
  if (!Array.isArray(value)) doc.fail(['rules'], 'rules is an array of {path} or {id} entries');
  value.forEach((entry, i) => {
    const at = ['rules', i];
    if (!isObject(entry)) doc.fail(at, 'a rule entry is an object');
    onlyKeys(doc, at, entry, RULE_ENTRY_KEYS);
    let target: ConfiguredRule | undefined;
    if (typeof entry.path === 'string') {
      const file = resolve(dirname(layer.file), entry.path);
      const text = ruleFileText(doc, [...at, 'path'], layer.origin, workspace, file, entry.path);
      const shown = layer.origin === 'workspace' ? relative(workspace, file) : entry.path;
      const rule = parseRule(shown, text, shown);
      if (entry.id !== undefined && entry.id !== rule.id) doc.fail([...at, 'id'], `the rule file's id is ${rule.id}`);
      const existing = rules.findIndex((r) => r.rule.id === rule.id);
      target = { rule, settings: existing >= 0 ? rules[existing].settings : defaultSettings() };
      if (existing >= 0) rules[existing] = target;
      else rules.push(target);
    } else if (typeof entry.id === 'string') {
      target = rules.find((r) => r.rule.id === entry.id);
      if (!target) doc.fail([...at, 'id'], `no rule with id ${entry.id} (declare it by path first)`);
    } else {
      doc.fail(at, 'a rule entry needs a path or an id');
    }
    const s = target.settings;
    if (entry.enabled !== undefined) {
      if (typeof entry.enabled !== 'boolean') doc.fail([...at, 'enabled'], 'enabled is true or false');
      s.enabled = entry.enabled;
    }
    if (entry.languages !== undefined) {
      const languages = stringList(doc, [...at, 'languages'], entry.languages, true);
      const authored = new Set(target.rule.inputs.flatMap((x) => x.languages));
      for (const [j, l] of languages.entries()) if (!authored.has(l)) doc.fail([...at, 'languages', j], `rule ${target.rule.id} is not written for ${l}`);
      s.languages = languages;
    }
    if (entry.includes !== undefined) s.includes = stringList(doc, [...at, 'includes'], entry.includes);
    if (entry.excludes !== undefined) s.excludes = stringList(doc, [...at, 'excludes'], entry.excludes);
    if (entry.threshold !== undefined) {
      if (typeof entry.threshold !== 'number' || !(entry.threshold >= 0 && entry.threshold < 1)) doc.fail([...at, 'threshold'], 'threshold is a number in [0, 1)');
      s.threshold = entry.threshold;
    }
    if (entry.message !== undefined) {
      if (typeof entry.message !== 'string' || entry.message.trim() === '') doc.fail([...at, 'message'], 'message is a non-empty string');
      s.message = entry.message;
    }
  });
}

/**
 * A rule file's text: a workspace layer's through the gate (inside the workspace, a
 * regular file), a user layer's as the user's own file; bounded either way.
 */
function ruleFileText(doc: JsoncDocument, at: Array<string | number>, origin: Layer['origin'], workspace: string, file: string, named: string): string {
  let read: GateRead;
  if (origin === 'workspace') {
    const rel = relative(workspace, file);
    if (rel.startsWith('..') || isAbsolute(rel)) doc.fail(at, 'a workspace rule file must be inside the workspace');
    read = new Gate(workspace).read(rel.split(sep).join('/'), MAX_CONFIG_BYTES);
    if (!read.ok && read.reason === 'outside-workspace') doc.fail(at, 'a workspace rule file must be inside the workspace');
  } else {
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      doc.fail(at, `rule file ${named} does not exist`);
    }
    read = boundedOpen(real, MAX_CONFIG_BYTES);
  }
  if (read.ok) return read.bytes.toString('utf8');
  if (read.reason === 'missing') doc.fail(at, `rule file ${named} does not exist`);
  if (read.reason === 'too_large') doc.fail(at, `rule file ${named} is larger than ${MAX_CONFIG_BYTES} bytes (the limit for a rule file)`);
  if (read.reason === 'not-a-file') doc.fail(at, `rule file ${named} is not a regular file`);
  return doc.fail(at, `rule file ${named} cannot be read (${read.reason})`);
}

/** A JSONC document as a language's setting sees it (contracts/review-language.ts). */
function settingsDocument(doc: JsoncDocument): SettingsDocument {
  return {
    fail: (path, detail) => doc.fail(path, detail),
    onlyKeys: (path, value, allowed) => onlyKeys(doc, path, value, allowed),
    stringList: (path, value) => stringList(doc, path, value),
  };
}

/** The languages' own settings of a configuration, by key: what a language's binding policy reads. */
export function analysisSettings(config: ReviewConfig): Record<string, unknown> {
  return Object.fromEntries(LANGUAGE_SETTINGS.map((s) => [s.key, config[s.key]]));
}
