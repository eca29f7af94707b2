// The MCP tools: exactly the v0.3 contract's read-only adapter table. Each tool names
// the CLI command whose JSON envelope it returns, and its arguments with the CLI's
// own maxima, so a client sees every bound in the schema and an oversized argument is
// refused before any work starts. Unknown arguments are refused too (strict objects).
import * as z from 'zod';
import { argumentBytes, MAX_ARGUMENT_BYTES } from '../gate/argument-bytes.js';
import { DIFF_MAX_FILES_ARGS, DIFF_MAX_LIMIT } from '../graph/diff.js';
import { IMPACT_MAX_DEPTH, IMPACT_MAX_LIMIT } from '../graph/impact.js';
import { TESTS_FOR_MAX_LIMIT } from '../graph/tests-for.js';

/** Maxima the CLI states in its option parsing rather than in graph/ (search, node, callers). */
export const SEARCH_MAX_LIMIT = 200;
export const NODE_MAX_LINES = 2000;
export const NEIGHBOURS_MAX_LIMIT = 1000;
/** A workspace is a directory path: at most PATH_MAX bytes. */
export const MAX_WORKSPACE_BYTES = 4096;

/**
 * Text of at most `maxBytes` UTF-8 bytes (symbols, queries, path prefixes and
 * revisions take the CLI's bound on an argument): the schema states the character
 * maximum a client can check, the refinement the byte bound the store needs.
 */
const text = (maxBytes = MAX_ARGUMENT_BYTES) =>
  z
    .string()
    .min(1)
    .max(maxBytes)
    .refine((s) => argumentBytes(s) <= maxBytes, { message: `at most ${maxBytes} bytes of UTF-8` });

const workspace = text(MAX_WORKSPACE_BYTES).describe('the workspace to query: the directory the server was started in, or one listed under mcp.workspaces in the user configuration');
const symbol = text().describe('a symbol id (path::qualified_name), a qualified name or a bare name');
const pathPrefix = text().describe('only rows in files under this workspace-relative prefix');
const minConfidence = z.number().int().min(0).max(100).describe('only edges at or above this confidence (0-100)');
const limit = (max: number, what: string) => z.number().int().min(1).max(max).describe(`at most this many ${what} (max ${max})`);
const revision = text();

const EVIDENCE =
  'Read-only: static structural evidence from the local index (parsed declarations and resolved call edges, each edge with its resolution tier and a stated confidence), ' +
  'not test execution or semantic compilation. Returns the JSON envelope of `cairn {command} --json` (compact unless verbose), then a freshness stamp: the index age and the files the answer relies on that changed since. ' +
  'A stale index is reported, never re-synced: the user runs `cairn sync`.';

export interface ToolSpec {
  name: string;
  /** The CLI command whose envelope the tool returns. */
  command: string;
  title: string;
  summary: string;
  input: z.ZodObject;
}

const verbose = z
  .boolean()
  .describe("false (default): each symbol in full once, later mentions as {id}; true: the CLI's envelope unchanged, every symbol record whole");

const tool = (name: string, command: string, title: string, summary: string, shape: z.ZodRawShape): ToolSpec => ({
  name,
  command,
  title,
  summary,
  input: z.object({ workspace, ...shape, verbose: verbose.optional() }).strict(),
});

export const TOOLS: ToolSpec[] = [
  tool('cairn_status', 'status', 'Index status', 'Whether the workspace has an index, whether it matches this schema and is fresh, and what it holds.', {}),
  tool('cairn_search', 'search', 'Search symbols', 'Symbols by name: exact, then prefix, then substring, case-insensitive.', {
    query: text().describe('a name or part of one (plain text, not a pattern)'),
    limit: limit(SEARCH_MAX_LIMIT, 'symbols').optional(),
  }),
  tool('cairn_node', 'node', 'One symbol or file', 'One symbol with its container, children and edge counts (symbol), or one indexed file: its symbols or a slice of its lines (file). Give exactly one of symbol or file.', {
    symbol: symbol.optional(),
    file: text().optional().describe('a workspace-relative path of an indexed file'),
    symbols_only: z.boolean().optional().describe("with file: list the file's symbols, no lines"),
    offset: z.number().int().min(1).optional().describe('with file: first line to return (default 1)'),
    limit: limit(NODE_MAX_LINES, 'lines').optional(),
  }),
  tool('cairn_callers', 'callers', 'Callers', 'Symbols that call the given symbol, each edge with its resolution tier and confidence.', {
    symbol,
    min_confidence: minConfidence.optional(),
    in: pathPrefix.optional(),
    limit: limit(NEIGHBOURS_MAX_LIMIT, 'rows').optional(),
  }),
  tool('cairn_callees', 'callees', 'Callees', 'Symbols the given symbol calls, and its calls that did not resolve (with the reason).', {
    symbol,
    min_confidence: minConfidence.optional(),
    in: pathPrefix.optional(),
    limit: limit(NEIGHBOURS_MAX_LIMIT, 'rows').optional(),
  }),
  tool('cairn_tests_for', 'tests-for', 'Tests for a symbol', 'Tests with a structural call path (up to 3 calls) to the symbol, then labelled candidates (same module, similar name) that do not show coverage.', {
    symbol,
    in: pathPrefix.optional(),
    limit: limit(TESTS_FOR_MAX_LIMIT, 'tests').optional(),
  }),
  tool('cairn_doctor', 'doctor', 'Review preflight', 'Index presence, schema, git baseline, freshness against the work tree, and how far the graph can be trusted (resolution tiers, unresolved calls, weak locations).', {}),
  tool('cairn_impact', 'impact', 'Impact of a change', 'A bounded walk from one symbol through trusted edges: nodes, every distinct path, tests reached and unresolved boundaries; a spent budget names the frontier it did not walk.', {
    symbol,
    depth: z.number().int().min(1).max(IMPACT_MAX_DEPTH).optional().describe(`edges from the symbol (default 2, max ${IMPACT_MAX_DEPTH})`),
    direction: z.enum(['callers', 'callees', 'both']).optional().describe('default both'),
    min_confidence: minConfidence.optional().describe('only edges at or above this confidence (default 30)'),
    limit: limit(IMPACT_MAX_LIMIT, 'nodes').optional(),
    include_outside: z.boolean().optional().describe('also list calls into builtin and external code (always counted apart; they never spend the budget)'),
  }),
  tool('cairn_diff', 'diff', 'Structural diff', 'Changed files, symbols, edges and newly unresolved callers of a git range (base, optional head; without head the work tree, which needs a fresh index) or of explicit paths (files). The base side is indexed in a temporary directory that is removed before the answer; the workspace index is never written.', {
    base: revision.optional().describe('compare from this commit, tag or ref'),
    head: revision.optional().describe('compare to this revision instead of the work tree'),
    files: z.array(text()).min(1).max(DIFF_MAX_FILES_ARGS).optional().describe(`workspace-relative paths to map onto their symbols, without git (at most ${DIFF_MAX_FILES_ARGS})`),
    limit: limit(DIFF_MAX_LIMIT, 'rows per collection').optional(),
  }),
];

export const description = (spec: ToolSpec): string => `${spec.summary} ${EVIDENCE.replace('{command}', spec.command)}`;
