// Bash binding rules.
//
// Bash has one global namespace of functions, filled at run time by the files a script
// sources. A command `f` is bound in this order:
//   1. a function `f` defined in this file → exact 100;
//   2. a function `f` defined in a file this file sources (`source`, `.`, Bats `load`),
//      directly or through the files those source → exact 100;
//   3. a shell builtin (`echo`, `cd`, `printf`, Bats `run`) → builtin;
//   4. a function `f` defined anywhere else in the workspace → name_only 30 (a library
//      that relies on its caller to have sourced its neighbour);
//   5. otherwise a name spelled like a function (`kube::util::x`) → excluded when this
//      file sources a file in a folder the index leaves out (`build/common.sh`), else
//      missing_target; and
//      any other name a program on PATH → external (`program:<name>`), as is a command
//      given by path (`./hack/x.sh`, `/usr/bin/env`): it runs in its own process.
// Several candidates at one step → ambiguous_target. Calls through an expansion
// (`$cmd`, `"${fn}"`) arrive indirect from the adapter.
//
// A sourced path is found without running anything: quotes dropped, leading
// expansions (`${ROOT}/`, `$(dirname "$0")/`) dropped, and the rest tried below the
// sourcing file's directory, then below each of its ancestors (innermost first). A
// path with an expansion left in its middle is not followed.
import { posix } from 'node:path';
import type { SymbolRecord } from '../../contracts/graph.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';

/** Files followed through `source`, at most, from one file. */
const MAX_SOURCED_FILES = 64;
const MAX_SOURCE_DEPTH = 8;

export const SHELL_BUILTINS: ReadonlySet<string> = new Set([
  ':', '.', '[', 'alias', 'bg', 'bind', 'break', 'builtin', 'caller', 'cd', 'command', 'compgen', 'complete', 'compopt',
  'continue', 'declare', 'dirs', 'disown', 'echo', 'enable', 'eval', 'exec', 'exit', 'export', 'false', 'fc', 'fg',
  'getopts', 'hash', 'help', 'history', 'jobs', 'kill', 'let', 'local', 'logout', 'mapfile', 'popd', 'printf', 'pushd',
  'pwd', 'read', 'readarray', 'readonly', 'return', 'set', 'shift', 'shopt', 'source', 'suspend', 'test', 'times',
  'trap', 'true', 'type', 'typeset', 'ulimit', 'umask', 'unalias', 'unset', 'wait',
  // Bats' own commands.
  'run', 'skip', 'load', 'bats_load_library',
]);

const candidates = (list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier: 'exact', candidates: list });

/** Drops one leading expansion (`${X}`, `$X`, `$(...)`) and returns the rest, or undefined when there is none. */
function withoutLeadingExpansion(text: string): string | undefined {
  if (!text.startsWith('$')) return undefined;
  const open = text[1];
  if (open === '{' || open === '(') {
    const close = open === '{' ? '}' : ')';
    let depth = 0;
    for (let i = 1; i < text.length; i++) {
      if (text[i] === open) depth++;
      else if (text[i] === close && --depth === 0) return text.slice(i + 1);
    }
    return undefined;
  }
  const word = /^\$[A-Za-z_][A-Za-z0-9_]*|^\$[0-9#@*?$!-]/.exec(text);
  return word ? text.slice(word[0].length) : undefined;
}

/** The workspace file a `source` operand names from `from`, if it can be found without running the script. */
export function sourcedFile(operand: string, from: string, ctx: ResolveContext): string | undefined {
  const found = sourcedPath(operand, from, ctx);
  return found?.indexed ? found.path : undefined;
}

/**
 * Where a `source` operand leads: the innermost candidate that is an indexed file, else
 * the innermost one inside a folder the index leaves out (`build/common.sh` under the
 * library rule's `build/`).
 */
function sourcedPath(operand: string, from: string, ctx: ResolveContext): { path: string; indexed: boolean } | undefined {
  let rest = operand.replace(/["']/g, '');
  let expanded = false;
  for (let step = 0; step < 4 && rest.startsWith('$'); step++) {
    const next = withoutLeadingExpansion(rest);
    if (next === undefined) return undefined;
    rest = next;
    expanded = true;
  }
  if (rest.includes('$') || rest.includes('`') || rest === '') return undefined;
  if (rest.startsWith('/') && !expanded) return undefined; // an absolute path outside the workspace
  rest = rest.replace(/^\/+/, '');
  let excluded: string | undefined;
  for (let dir = posix.dirname(from); ; dir = posix.dirname(dir)) {
    const candidate = posix.normalize(dir === '.' ? rest : `${dir}/${rest}`);
    if (!candidate.startsWith('..')) {
      if (ctx.file(candidate)) return { path: candidate, indexed: true };
      if (excluded === undefined && ctx.excludedFolder?.(candidate) !== undefined) excluded = candidate;
    }
    if (dir === '.' || dir === '/' || dir === '') return excluded === undefined ? undefined : { path: excluded, indexed: false };
  }
}

/** A folder left out of the index that this file sources a file from, if any. */
function excludedSource(path: string, ctx: ResolveContext): string | undefined {
  return ctx.memo(`bash:excluded:${path}`, () => {
    for (const fact of ctx.imports(path)) {
      const found = sourcedPath(fact.source, path, ctx);
      if (found && !found.indexed) return ctx.excludedFolder?.(found.path);
    }
    return undefined;
  });
}

/** The files `path` sources, directly or through them, in breadth-first order (itself excluded). */
function sourcedFiles(path: string, ctx: ResolveContext): string[] {
  return ctx.memo(`bash:sourced:${path}`, () => {
    const seen = new Set([path]);
    const order: string[] = [];
    let level = [path];
    for (let depth = 0; depth < MAX_SOURCE_DEPTH && level.length > 0 && order.length < MAX_SOURCED_FILES; depth++) {
      const next: string[] = [];
      for (const file of level) {
        for (const fact of ctx.imports(file)) {
          const target = sourcedFile(fact.source, file, ctx);
          if (target === undefined || seen.has(target)) continue;
          seen.add(target);
          order.push(target);
          next.push(target);
        }
      }
      level = next;
    }
    return order.slice(0, MAX_SOURCED_FILES);
  });
}

function bind(input: SiteInput, ctx: ResolveContext): Binding {
  const { site } = input;
  const name = site.calleeName;
  if (name.includes('/')) return { kind: 'unresolved', reason: 'external', note: `program:${name}` };
  const functions = ctx.byName(name).filter((s) => s.language === 'bash' && (s.kind === 'function'));
  const here = functions.filter((s) => s.file_path === site.path);
  if (here.length > 0) return candidates(here);
  if (functions.length > 0) {
    const sourced = new Set(sourcedFiles(site.path, ctx));
    const reached = functions.filter((s) => sourced.has(s.file_path));
    if (reached.length > 0) return candidates(reached);
  }
  if (SHELL_BUILTINS.has(name)) return { kind: 'unresolved', reason: 'builtin' };
  if (functions.length > 0) return { kind: 'candidates', tier: 'name_only', candidates: functions };
  if (name.includes('::')) {
    // Sourced from a folder the index leaves out (`build/common.sh`): known to be there, not indexed.
    const folder = excludedSource(site.path, ctx);
    return folder === undefined ? { kind: 'unresolved', reason: 'missing_target' } : { kind: 'unresolved', reason: 'excluded', note: `excluded:${folder}` };
  }
  return { kind: 'unresolved', reason: 'external', note: `program:${name}` };
}

export const bashBinder: LanguageBinder = {
  selfReceivers: new Set(),
  builtinMethods: new Set(),
  bind,
};
