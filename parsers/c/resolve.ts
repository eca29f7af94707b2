// C and C++ binding rules.
//
// C has one global namespace per program and no imports the resolver can follow
// (`#include` is textual), so a plain call `f()` is bound in this order:
//   1. a `static` function `f` of this file, or of a source file it includes
//      (`#include "dict.c"`, found beside it) → exact 100 (file scope wins in C);
//   2. a non-static function `f` defined in this file → exact 100;
//   3. a function-like macro `f` in this file or the same top-level directory, or
//      anywhere when no function `f` is defined, or an all-caps name with no
//      definition → macro_or_function (the expansion is not parsed);
//   4. the non-static definitions of `f` in the workspace (plus `static` ones written
//      in headers, which every includer gets): exactly one → package 80 (C's global
//      namespace is the package); of several, those in the caller's top-level directory,
//      else those under a top-level include/, else the one outside headers; still
//      several → ambiguous_target;
//   5. none → builtin when the name is a C library function (C_LIBRARY), else
//      missing_target (code outside the workspace); a C library function defined only
//      in another top-level tree than the caller's (an interposer) is builtin too.
// Prototypes are never symbols, so a function declared in many headers and defined
// once has exactly one target. Calls through function pointers (a struct member, a
// pointer parameter or local, `(*fp)()`) arrive marked indirect from the adapter.
//
// C++ adds: `A::f()` → methods of A (exact) or functions of namespace A (namespace
// 80); `this->f()` and an unqualified call inside a method → methods of the class and
// its bases (receiver_type 90) before the plain-call rules; `new A()` → A's
// constructor (or the class); `std::` and other unknown namespaces → external
// (`external:<namespace>`); member calls on receivers of unknown type → name_only
// among C++ methods, unless the name is a standard-library method (builtin).
import { posix } from 'node:path';
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import { isMember } from '../resolution.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';

const C_FAMILY = new Set(['c', 'cpp']);
const CLASS_KINDS = new Set(['class', 'struct', 'union']);
const isHeader = (path: string) => /\.(h|hh|hpp|hxx|h\+\+|inl|ipp|tpp)$/i.test(path);

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const macro: Binding = { kind: 'unresolved', reason: 'macro_or_function' };

const named = (name: string, ctx: ResolveContext) => ctx.byName(name).filter((s) => s.language !== null && C_FAMILY.has(s.language));
const isStatic = (s: SymbolRecord) => s.attributes?.static === 'true';
const freeFunctions = (list: SymbolRecord[]) => list.filter((s) => s.kind === 'function' && !isMember(s));

const topDir = (path: string) => path.slice(0, Math.max(0, path.indexOf('/')));

/** Steps 1-5 above: a plain call of `name` from `path`. */
function plainCall(name: string, path: string, ctx: ResolveContext): Binding {
  const all = named(name, ctx);
  const functions = freeFunctions(all);
  const unit = new Set([path, ...includedSources(path, ctx)]);
  const here = functions.filter((s) => s.file_path === path);
  const staticHere = functions.filter((s) => isStatic(s) && unit.has(s.file_path));
  if (staticHere.length > 0) return candidates('exact', staticHere);
  if (here.length > 0) return candidates('exact', here);
  const visible = functions.filter((s) => !isStatic(s) || isHeader(s.file_path));
  // A C library function the workspace defines only in another top-level tree (jemalloc's
  // pthread_create under deps/ intercepts the library's): the caller compiles against
  // the library's declaration, and which one it links to is the build's choice.
  if (visible.length > 0 && C_LIBRARY.has(name) && !visible.some((s) => topDir(s.file_path) === topDir(path))) return { kind: 'unresolved', reason: 'builtin', note: `also defined in ${topDir(visible[0].file_path)}/` };
  // A macro counts where it can be in scope: this file, the same top-level tree, or
  // anywhere when no function of the name exists (a `#define kmalloc` under tools/ does
  // not hide the kernel's kmalloc from mm/).
  const macros = all.filter((s) => s.kind === 'macro');
  if (macros.some((m) => m.file_path === path || topDir(m.file_path) === topDir(path)) || (macros.length > 0 && visible.length === 0)) return macro;
  if (visible.length === 0 && /^[A-Z][A-Z0-9_]*$/.test(name) && name.length > 1) return macro;
  if (visible.length > 1) {
    // Several definitions: those of the caller's own top-level tree (tools/ has its own
    // kmalloc), else those under a top-level include/ (the public headers), else one
    // definition outside headers; otherwise the call stays ambiguous.
    for (const pick of [
      (s: SymbolRecord) => topDir(s.file_path) === topDir(path),
      (s: SymbolRecord) => topDir(s.file_path) === 'include',
      (s: SymbolRecord) => !isHeader(s.file_path),
    ]) {
      const picked = visible.filter(pick);
      if (picked.length === 1) return candidates('package', picked);
      if (picked.length > 1) return candidates('package', picked);
    }
  }
  // Nothing in the workspace: the C library when it is one of its functions.
  if (visible.length === 0 && C_LIBRARY.has(name)) return { kind: 'unresolved', reason: 'builtin' };
  return candidates('package', visible);
}

/** Source files `path` includes (`#include "x.c"`), as workspace paths beside it. */
function includedSources(path: string, ctx: ResolveContext): string[] {
  return ctx.imports(path).map((f) => posix.normalize(posix.join(posix.dirname(path), f.source))).filter((p) => ctx.file(p) !== undefined);
}

function classesNamed(name: string, ctx: ResolveContext): SymbolRecord[] {
  return named(name, ctx).filter((s) => CLASS_KINDS.has(s.kind));
}

/** Methods named `name` of class `owner` (any file: out-of-line definitions), else of its bases. */
function methodsOf(owner: string, name: string, ctx: ResolveContext): SymbolRecord[] {
  const queue = [owner];
  const seen = new Set<string>();
  const members = named(name, ctx).filter((s) => (s.kind === 'method' || s.kind === 'constructor' || s.kind === 'function') && s.owner_type !== undefined);
  for (let step = 0; queue.length > 0 && step < 12; step++) {
    const type = queue.shift()!;
    if (seen.has(type)) continue;
    seen.add(type);
    const own = members.filter((s) => s.owner_type === type);
    if (own.length > 0) return own;
    for (const cls of classesNamed(type, ctx)) queue.push(...(cls.bases ?? []));
  }
  return [];
}

/**
 * Whether class `owner` also declares `name` where cairn sees no definition (a using-declaration
 * of a base's overloads, a member a macro declares): the defined member is then one overload
 * among others, chosen by argument types.
 */
function declaresMore(owner: string, name: string, ctx: ResolveContext): boolean {
  return classesNamed(owner, ctx).some((c) => {
    const declares = c.attributes?.declares;
    return Array.isArray(declares) ? declares.includes(name) : declares === name;
  });
}

/** A member call bound to the methods of `owner` at `tier`, unless undeclared overloads compete. */
function memberCall(owner: string, name: string, tier: ResolutionKind, ctx: ResolveContext): Binding {
  const members = methodsOf(owner, name, ctx);
  const found = members[0]?.owner_type;
  if (found !== undefined && declaresMore(found, name, ctx)) return { kind: 'unresolved', reason: 'ambiguous_target', note: 'overloads declared by a using-declaration or a macro' };
  return candidates(tier, members);
}

function enclosingOwner(caller: SymbolRecord, ctx: ResolveContext): string | undefined {
  for (let s: SymbolRecord | undefined = caller; s; s = s.parent_id === null ? undefined : ctx.symbol(s.parent_id)) {
    if (s.owner_type !== undefined) return s.owner_type;
    if (CLASS_KINDS.has(s.kind)) return s.name;
  }
  return undefined;
}

/** `A::f()` or `ns::f()`. */
function qualifiedCall(qualifier: string, name: string, ctx: ResolveContext): Binding {
  const scopes = qualifier.split('::').filter(Boolean);
  const last = scopes[scopes.length - 1];
  if (scopes.length === 0) return candidates('exact', freeFunctions(named(name, ctx)));
  // `void detail::f() {}` out of line has `detail` as its owner: a namespace, when one of
  // that name is declared and no class is.
  const classes = classesNamed(last, ctx);
  const namespace = classes.length === 0 && named(last, ctx).some((s) => s.kind === 'namespace');
  if (classes.length > 0 || (!namespace && named(name, ctx).some((s) => s.owner_type === last))) {
    return memberCall(last, name, 'exact', ctx);
  }
  const suffix = `${scopes.join('::')}::${name}`;
  const atPath = (s: SymbolRecord) => s.qualified_name === suffix || s.qualified_name.endsWith(`::${suffix}`);
  // `ns::T()` constructs the type written at that path: its constructors, else the type.
  const types = classesNamed(name, ctx).filter(atPath);
  if (types.length > 0) {
    const constructors = named(name, ctx).filter((s) => s.kind === 'constructor' && types.some((t) => t.id === s.parent_id));
    return candidates('namespace', constructors.length > 0 ? constructors : types);
  }
  const members = named(name, ctx).filter((s) => (s.kind === 'function' && !isMember(s)) || (namespace && s.owner_type === last));
  const inNamespace = members.filter(atPath);
  // Functions of the name at no written namespace may sit in one a macro opens
  // (`FMT_BEGIN_DETAIL_NAMESPACE`): they are candidates too.
  const unplaced = inNamespace.length > 0 ? members.filter((s) => s.qualified_name === name) : [];
  if (inNamespace.length > 0) return candidates('namespace', [...inNamespace, ...unplaced]);
  // The workspace's own namespace (declared somewhere in it; std is everyone's) holding none
  // of the name where written: a function of the name at no written namespace may be in it,
  // behind a macro (FMT_BEGIN_NAMESPACE opens fmt).
  if (scopes[0] !== 'std' && named(scopes[0], ctx).some((s) => s.kind === 'namespace')) {
    const loose = members.filter((s) => s.qualified_name === name);
    if (loose.length > 0) return candidates('namespace', loose);
  }
  return { kind: 'unresolved', reason: 'external', note: `external:${scopes[0]}` };
}

/** Functions of the C standard library (and the few POSIX ones every program calls): builtin when the workspace defines none. */
const C_LIBRARY = new Set([
  'printf', 'fprintf', 'sprintf', 'snprintf', 'vprintf', 'vfprintf', 'vsprintf', 'vsnprintf', 'puts', 'fputs', 'putchar', 'fputc',
  'putc', 'getchar', 'fgetc', 'getc', 'fgets', 'scanf', 'sscanf', 'fscanf', 'fopen', 'fclose', 'fread', 'fwrite', 'fflush',
  'fseek', 'ftell', 'rewind', 'feof', 'ferror', 'perror', 'remove', 'rename', 'malloc', 'calloc', 'realloc', 'free', 'abort',
  'exit', 'atexit', 'getenv', 'system', 'atoi', 'atol', 'atoll', 'atof', 'strtol', 'strtoul', 'strtoll', 'strtoull', 'strtod',
  'strtof', 'qsort', 'bsearch', 'abs', 'labs', 'rand', 'srand', 'memcpy', 'memmove', 'memset', 'memcmp', 'memchr', 'strlen',
  'strcmp', 'strncmp', 'strcpy', 'strncpy', 'strcat', 'strncat', 'strchr', 'strrchr', 'strstr', 'strdup', 'strndup', 'strerror',
  'strspn', 'strcspn', 'strpbrk', 'strtok', 'isalpha', 'isdigit', 'isalnum', 'isspace', 'isupper', 'islower', 'isxdigit',
  'toupper', 'tolower', 'time', 'clock', 'sqrt', 'pow', 'floor', 'ceil', 'fabs', 'assert', 'read', 'write', 'open', 'close',
  'pthread_create', 'pthread_join', 'pthread_detach', 'pthread_self', 'pthread_mutex_init', 'pthread_mutex_lock',
  'pthread_mutex_unlock', 'pthread_mutex_destroy', 'pthread_cond_init', 'pthread_cond_wait', 'pthread_cond_signal',
  'pthread_cond_broadcast', 'pthread_cond_destroy', 'pthread_once', 'pthread_atfork', 'dup', 'dup2', 'pipe', 'fdopen', 'fileno',
  'fstat', 'lseek', 'unlink', 'isatty', 'sysconf', 'getpid', 'fsync', 'gmtime', 'gmtime_r', 'localtime', 'localtime_r', 'mktime',
  'strftime', 'fputws',
]);

const CPP_METHODS = new Set([
  'push_back', 'emplace_back', 'pop_back', 'size', 'empty', 'begin', 'end', 'cbegin', 'cend', 'rbegin', 'rend', 'find',
  'insert', 'erase', 'clear', 'reserve', 'resize', 'data', 'c_str', 'length', 'substr', 'append', 'at', 'front', 'back',
  'count', 'get', 'reset', 'release', 'swap', 'first', 'second', 'str', 'lock', 'unlock', 'load', 'store', 'emplace',
  'value', 'has_value', 'what', 'compare', 'assign',
]);

/**
 * A plain call in C++: C's rules, except that a function defined in this file is one
 * overload among the definitions of the name in other files (`open_buffered_file()`
 * here, `open_buffered_file(int&)` there): which one the arguments pick is not known.
 */
function cppPlainCall(name: string, path: string, caller: SymbolRecord, ctx: ResolveContext): Binding {
  const functions = freeFunctions(named(name, ctx));
  // A workspace function named like a C library one is an overload of the library's
  // (`detail::gmtime_r(...)` as a fallback, a `read(file&, size_t)` test helper beside
  // `read(int, void*, size_t)`): which one the arguments pick needs their types.
  if (C_LIBRARY.has(name)) return functions.length > 0 ? { kind: 'unresolved', reason: 'ambiguous_target', note: 'also a C library function' } : { kind: 'unresolved', reason: 'builtin' };
  const here = functions.filter((s) => s.file_path === path);
  const elsewhere = functions.filter((s) => s.file_path !== path && !isStatic(s));
  if (here.length > 0 && elsewhere.length > 0) return candidates('package', [...here, ...elsewhere]);
  // Definitions in several files are overloads of one name, not C's separate programs:
  // no tree or header rule picks one of them.
  const visible = functions.filter((s) => !isStatic(s) || isHeader(s.file_path));
  if (here.length === 0 && new Set(visible.map((s) => s.file_path)).size > 1) return candidates('package', visible);
  const bound = plainCall(name, path, ctx);
  // One function defined in another source file (no header), in a namespace that does
  // not enclose the caller: only argument-dependent lookup through a header's declaration
  // reaches it, and the standard library's may be the one found instead
  // (`using namespace std; begin(s)` beside a test's `adl::begin`).
  if (bound.kind === 'candidates' && bound.tier === 'package' && bound.candidates.length === 1) {
    const [target] = bound.candidates;
    const scope = namespaceOf(target);
    if (!isHeader(target.file_path) && scope !== '' && !`${caller.qualified_name}::`.startsWith(`${scope}::`)) return candidates('name_only', bound.candidates);
  }
  return bound;
}

/** The written namespace of a free function (`adl` of `adl::begin`), '' at none. */
const namespaceOf = (s: SymbolRecord) => s.qualified_name.slice(0, Math.max(0, s.qualified_name.length - s.name.length - 2));

/**
 * `close(fd)` inside a function itself named `close`, a C library name: a wrapper
 * (a mock, an EINTR retry) calling the library's function, usually through a macro
 * (`::FMT_POSIX(close(fd))`) that qualifies it globally; recursion is not how such
 * wrappers are written.
 */
const wrapsCLibrary = (name: string, caller: SymbolRecord) => caller.name === name && caller.kind !== 'file' && C_LIBRARY.has(name);

function bindC(input: SiteInput, ctx: ResolveContext): Binding | undefined {
  const { site } = input;
  if (site.receiver !== undefined || site.qualifier !== undefined) return undefined;
  return plainCall(site.calleeName, site.path, ctx);
}

function bindCpp(input: SiteInput, ctx: ResolveContext): Binding | undefined {
  const { site, caller } = input;
  const name = site.calleeName;
  if (site.kind === 'new') {
    const classes = classesNamed(name, ctx);
    if (classes.length === 0) return { kind: 'unresolved', reason: 'external', note: `external:${name}` };
    const constructors = methodsOf(name, name, ctx).filter((s) => s.kind === 'constructor');
    return candidates('exact', constructors.length > 0 ? constructors : classes);
  }
  if (site.qualifier !== undefined) return qualifiedCall(site.qualifier, name, ctx);
  if (site.receiver === undefined && wrapsCLibrary(name, caller)) return { kind: 'unresolved', reason: 'builtin', note: 'wrapper of the C library function' };
  if (site.receiver === 'this' || site.receiver === undefined) {
    const owner = site.receiverType ?? enclosingOwner(caller, ctx);
    if (owner !== undefined) {
      if (methodsOf(owner, name, ctx).length > 0) return memberCall(owner, name, 'receiver_type', ctx);
      if (site.receiver === 'this') return { kind: 'unresolved', reason: 'missing_target' };
    }
    if (site.receiver === undefined) return cppPlainCall(name, site.path, caller, ctx);
  }
  if (site.receiverType !== undefined) return memberCall(site.receiverType, name, 'receiver_type', ctx);
  if (CPP_METHODS.has(name)) return { kind: 'unresolved', reason: 'builtin' };
  return candidates('name_only', named(name, ctx).filter((s) => s.language === 'cpp' && isMember(s)));
}

export const cBinder: LanguageBinder = {
  selfReceivers: new Set(),
  builtinMethods: new Set(),
  bind: bindC,
};

export const cppBinder: LanguageBinder = {
  selfReceivers: new Set(['this']),
  builtinMethods: CPP_METHODS,
  bind: bindCpp,
};
