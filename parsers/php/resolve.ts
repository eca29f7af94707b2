// PHP binding rules.
//
// A class name is read as PHP reads it, from the file that writes it: `\A\B` is fully
// qualified; `B` or `B\C` starts at a `use` alias when its first segment is one, else at
// the file's namespace (FileRecord.module); `self`/`static` are the enclosing class and
// `parent` its parent class. A fully qualified name is a class whose namespace and name
// match. An unqualified function call is the namespace's function, else the global one
// (PHP's fallback); `use function` binds one directly. Member lookup walks the class,
// its traits, its parent class and interfaces, nearest first.
//
// - exact 100: `new T` (T's `__construct`, inherited within the workspace included, else
//   the class), `T::m()`, and a function bound by `use function`.
// - receiver_type 90: `$this->m()`, `self::m()`, `static::m()`, `parent::m()`, and
//   `$x->m()` where the adapter typed `$x` (parameter type, `$x = new T`, typed or
//   promoted property) - the class chain of that type.
// - namespace 80: an unqualified function of the file's namespace, else a global function.
// - builtin: PHP's own functions and classes (`strlen`, `array_map`, `\Exception`).
// - external: classes and functions of namespaces the workspace does not define
//   (`Illuminate\...`, `PHPUnit\...`, vendor code), members of a class whose chain leaves
//   the workspace there, and a function or a method (on a receiver of unknown type) that
//   nothing in the workspace defines.
// - indirect: `$f()`, `$obj->$m()`, `$class::$m()`.
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import type { Binding, LanguageBinder, ResolveContext } from '../../contracts/resolve.js';
import { isBuiltinFunction, PHP_CLASSES } from './builtins.js';

const TYPE_KINDS = new Set(['class', 'interface', 'trait', 'enum']);
const METHOD_KINDS = new Set(['method', 'constructor']);

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const external = (name: string): Binding => ({ kind: 'unresolved', reason: 'external', note: `external:${name}` });
const builtin = (name: string): Binding => ({ kind: 'unresolved', reason: 'builtin', note: `builtin:${name}` });

const namespaceOf = (path: string, ctx: ResolveContext) => ctx.file(path)?.module;
const join = (ns: string | undefined, name: string) => (ns ? `${ns}\\${name}` : name);
const lastPart = (name: string) => name.slice(name.lastIndexOf('\\') + 1);

/** The fully qualified name (no leading `\`) a class name written in `path` stands for. */
function qualify(name: string, path: string, ctx: ResolveContext): string {
  if (name.startsWith('\\')) return name.slice(1);
  const [first, ...rest] = name.split('\\');
  const alias = ctx.imports(path).find((f) => f.local.toLowerCase() === first.toLowerCase() && !/^(function|const) /.test(f.imported));
  if (alias) return [join(alias.source || undefined, alias.imported), ...rest].join('\\');
  return join(namespaceOf(path, ctx), name);
}

/** Workspace classes, interfaces, traits and enums with this fully qualified name. */
function typesNamed(fq: string, ctx: ResolveContext): SymbolRecord[] {
  const name = lastPart(fq);
  return ctx
    .byName(name)
    .filter((s) => s.language === 'php' && TYPE_KINDS.has(s.kind) && s.parent_id === null && join(namespaceOf(s.file_path, ctx), s.qualified_name).toLowerCase() === fq.toLowerCase());
}

/** Where a class name written in `path` leads: workspace types, or why not. */
function typeOrigin(name: string, path: string, ctx: ResolveContext): SymbolRecord[] | Binding {
  const fq = qualify(name, path, ctx);
  const found = typesNamed(fq, ctx);
  if (found.length > 0) return found;
  // PHP's own classes live in the global namespace (`\Exception`, or unqualified in a file without one).
  if (!fq.includes('\\') && PHP_CLASSES.has(fq)) return builtin(fq);
  if (name.startsWith('\\') || name.includes('\\') || ctx.imports(path).some((f) => f.local.toLowerCase() === name.toLowerCase())) return external(fq);
  return PHP_CLASSES.has(name) ? builtin(name) : external(fq);
}

/** The class-like symbol a caller sits in. */
function enclosingType(caller: SymbolRecord, ctx: ResolveContext): SymbolRecord | undefined {
  for (let s: SymbolRecord | undefined = caller; s; s = s.parent_id === null ? undefined : ctx.symbol(s.parent_id)) {
    if (TYPE_KINDS.has(s.kind)) return s;
  }
  return undefined;
}

interface Lookup {
  found: SymbolRecord[];
  outside?: Binding;
}

/** Members named `name` of `type`: its own, then its traits, parent and interfaces, breadth first. */
function memberLookup(type: SymbolRecord, name: string, ctx: ResolveContext, skipOwn = false): Lookup {
  const queue: SymbolRecord[] = [type];
  const seen = new Set<string>();
  let outside: Binding | undefined;
  const lower = name.toLowerCase();
  for (let step = 0; queue.length > 0 && step < 16; step++) {
    const current = queue.shift()!;
    if (seen.has(current.id)) continue;
    seen.add(current.id);
    if (!(skipOwn && current === type)) {
      // PHP method names are case-insensitive.
      const own = ctx.symbolsInFile(current.file_path).filter((s) => s.parent_id === current.id && METHOD_KINDS.has(s.kind) && s.name.toLowerCase() === lower);
      if (own.length > 0) return { found: own };
    }
    for (const base of current.bases ?? []) {
      const origin = typeOrigin(base, current.file_path, ctx);
      if (Array.isArray(origin)) queue.push(...origin);
      else outside ??= origin;
    }
  }
  return { found: [], outside };
}

function settleMember(lookup: Lookup, tier: ResolutionKind): Binding {
  if (lookup.found.length > 0) return candidates(tier, lookup.found);
  return lookup.outside ?? candidates(tier, []);
}

/** The parent class of a type, as written there. */
const parentClass = (type: SymbolRecord) => (typeof type.attributes?.superclass === 'string' ? type.attributes.superclass : undefined);

/** `new T`: T's constructor (inherited within the workspace included), else the class itself. */
function construct(types: SymbolRecord[], tier: ResolutionKind, ctx: ResolveContext): Binding {
  if (types.length !== 1) return candidates(tier, types);
  const lookup = memberLookup(types[0], '__construct', ctx);
  return candidates(tier, lookup.found.length > 0 ? lookup.found : types);
}

/** A function as PHP finds it: `use function`, the namespace's own, else the global one. */
function bindFunction(written: string, path: string, ctx: ResolveContext): Binding {
  const functions = (fq: string) =>
    ctx.byName(lastPart(fq)).filter((s) => s.language === 'php' && s.kind === 'function' && s.parent_id === null && join(namespaceOf(s.file_path, ctx), s.qualified_name).toLowerCase() === fq.toLowerCase());
  if (written.startsWith('\\')) {
    const fq = written.slice(1);
    const found = functions(fq);
    if (found.length > 0) return candidates('exact', found);
    return !fq.includes('\\') && isBuiltinFunction(fq) ? builtin(fq) : fq.includes('\\') ? external(fq) : candidates('exact', []);
  }
  if (!written.includes('\\')) {
    const imported = ctx.imports(path).find((f) => f.imported.startsWith('function ') && f.local.toLowerCase() === written.toLowerCase());
    if (imported) {
      const fq = join(imported.source || undefined, imported.imported.slice('function '.length));
      const found = functions(fq);
      return found.length > 0 ? candidates('exact', found) : external(fq);
    }
  }
  const [first, ...rest] = written.split('\\');
  const alias = rest.length > 0 ? ctx.imports(path).find((f) => f.local.toLowerCase() === first.toLowerCase() && !/^(function|const) /.test(f.imported)) : undefined;
  const fq = alias ? [join(alias.source || undefined, alias.imported), ...rest].join('\\') : join(namespaceOf(path, ctx), written);
  const own = functions(fq);
  if (own.length > 0) return candidates('namespace', own);
  if (!written.includes('\\')) {
    const global = functions(written);
    if (global.length > 0) return candidates('namespace', global);
    if (isBuiltinFunction(written)) return builtin(written);
    // No function of that name anywhere in the workspace: PHP's (an extension's) or a dependency's.
    return ctx.byName(lastPart(written)).some((s) => s.language === 'php' && s.kind === 'function') ? candidates('namespace', []) : external(written);
  }
  return external(fq);
}

export const phpBinder: LanguageBinder = {
  selfReceivers: new Set(['$this']),
  builtinMethods: new Set(),
  bind(input, ctx) {
    const { site, caller } = input;
    const name = site.calleeName;
    const path = site.path;

    if (site.kind === 'new') {
      if (name === 'self' || name === 'static' || name === 'parent') {
        const own = enclosingType(caller, ctx);
        if (!own) return candidates('receiver_type', []);
        if (name !== 'parent') return construct([own], 'receiver_type', ctx);
        const written = parentClass(own);
        const origin = written === undefined ? [] : typeOrigin(written, own.file_path, ctx);
        return Array.isArray(origin) ? construct(origin, 'receiver_type', ctx) : origin;
      }
      const origin = typeOrigin(site.specifier, path, ctx);
      return Array.isArray(origin) ? construct(origin, 'exact', ctx) : origin;
    }

    if (site.qualifier !== undefined) {
      const scope = site.qualifier;
      if (scope === 'self' || scope === 'static' || scope === 'parent') {
        const own = enclosingType(caller, ctx);
        if (!own) return candidates('receiver_type', []);
        if (scope !== 'parent') return settleMember(memberLookup(own, name, ctx), 'receiver_type');
        const written = parentClass(own);
        if (written === undefined) return candidates('receiver_type', []);
        const origin = typeOrigin(written, own.file_path, ctx);
        if (!Array.isArray(origin)) return origin;
        const found = origin.flatMap((t) => memberLookup(t, name, ctx).found);
        if (found.length > 0) return candidates('receiver_type', found);
        return settleMember(origin.length > 0 ? memberLookup(origin[0], name, ctx) : { found: [] }, 'receiver_type');
      }
      if (scope.startsWith('$')) return undefined; // `$class::m()`: a class chosen at run time
      const origin = typeOrigin(scope, path, ctx);
      if (!Array.isArray(origin)) return origin;
      if (origin.length !== 1) return candidates('exact', origin.flatMap((t) => memberLookup(t, name, ctx).found));
      return settleMember(memberLookup(origin[0], name, ctx), 'exact');
    }

    if (site.receiver === '$this') {
      const own = enclosingType(caller, ctx);
      if (!own) return candidates('receiver_type', []); // `$this` in a closure bound elsewhere
      return settleMember(memberLookup(own, name, ctx), 'receiver_type');
    }

    if (site.receiver !== undefined) {
      if (site.receiverType !== undefined) {
        const origin = typeOrigin(site.receiverType, path, ctx);
        if (!Array.isArray(origin)) return origin;
        const found = origin.flatMap((t) => memberLookup(t, name, ctx).found);
        if (found.length > 0 || origin.length !== 1) return candidates('receiver_type', found);
        return settleMember(memberLookup(origin[0], name, ctx), 'receiver_type');
      }
      // A receiver of unknown type: a PHP method of that name, if only one; none in the workspace: outside it.
      const members = ctx.byName(name).filter((s) => s.language === 'php' && METHOD_KINDS.has(s.kind));
      if (members.length === 0) return external('no workspace method');
      return candidates('name_only', members);
    }

    return bindFunction(site.specifier, path, ctx);
  },
};
