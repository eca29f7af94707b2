// The Rust oracle: rustc's own answer (its save-analysis data, `-Zsave-analysis`) to
// "which definition does this call reach?" for every call in the crates a corpus builds
// (its library, the library's unit tests, integration tests and examples), as sites in
// the shape of the TypeScript oracle (oracle-ts.mjs), so the same join and metrics judge
// cairn.
//
// Save-analysis records a reference at each name rustc resolved (`refs`: the name's span
// and the id of its definition) and each definition (`defs`: id, kind, the name's span).
// It does not mark call expressions, so the tokens decide: a reference whose name is
// followed by `(` (past a turbofish `::<..>`) is a call of what it names, and that
// classifies the site:
//   - a function or method (ref kind Function): the call reaches that definition, in the
//     corpus when its span lies there, else in the crate it names (the standard
//     library's crates are builtin, others external);
//   - a tuple struct or tuple variant (ref kind Type): a construction, a call of its
//     constructor, so the struct or variant is the target; one written in a pattern
//     (`Some(x) =>`, `let Foo(a) = ..`) is no call and is left out;
//   - a local, field, static or const (ref kind Variable): a call through a function
//     value (a closure, a fn pointer): indirect.
// Save-analysis names the trait's method where a call goes through a trait even when
// the type is known; where the text shows the type (`self.m()` inside `impl Trait for
// X`, `X::m()`), the answer is X's own implementation (see implMethod).
// A site several builds see (the library and its unit tests), or a macro expands more
// than once, is one site with the union of its targets. Macro invocations (`name!(..)`,
// found in the tokens) are sites too, of kind macro with no target: they call no
// function, and the join pairs cairn's macro records with them.
// Integration tests and examples are crates of their own: a reference from one into the
// library names the library's crate, whose definitions the library's analysis holds;
// crates are matched by name and disambiguator.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { RustTokens } from './tokens.mjs';

const STANDARD_CRATES = new Set(['std', 'core', 'alloc', 'proc_macro', 'test']);
/** Definitions that hold a function value, named as the metrics know them (metrics.mjs). */
const VALUE_KINDS = { Local: 'FuncVar', Field: 'FuncField', Static: 'FuncVar', Const: 'FuncVar' };
const CONSTRUCTOR_KINDS = new Set(['Struct', 'TupleVariant']);

const crateKey = (id) => `${id.name}#${id.disambiguator.join(',')}`;

/**
 * One crate's save-analysis, indexed: its own definitions by index, and its external
 * crates (numbered as its references number them) by key and name.
 */
function indexAnalysis(data) {
  const defs = new Map();
  for (const d of data.defs) if (d.id.krate === 0) defs.set(d.id.index, d);
  const crates = new Map();
  const names = new Map();
  for (const c of data.prelude.external_crates) {
    crates.set(c.num, crateKey(c.id));
    names.set(c.num, c.id.name);
  }
  return { data, key: crateKey(data.prelude.crate_id), name: data.prelude.crate_id.name, defs, crates, names, implBodies: new Map(), refsAt: null };
}

export class RustOracle {
  /**
   * @param {string} root  the corpus the crates were built from
   * @param {object[]} analyses  parsed save-analysis files (the corpus's crates and any dependencies)
   */
  constructor(root, analyses) {
    this.root = realpathSync(root);
    this.analyses = analyses.map(indexAnalysis);
    this.byCrate = new Map(this.analyses.map((a) => [a.key, a]));
    /** @type {Map<string, RustTokens|null>} */
    this.sources = new Map();
    /** @type {Map<string, object>} `file:line:column` -> site */
    this.sites = new Map();
    this.patternsLeftOut = 0;
    this.refsWithoutToken = 0;
    /** @type {Set<string>} */
    this.crates = new Set();
  }

  /** A path as the corpus names it, or null outside the corpus. */
  rel(name) {
    const path = isAbsolute(name) ? name : join(this.root, name);
    const r = relative(this.root, existsSync(path) ? realpathSync(path) : path);
    return r && !r.startsWith('..') && !isAbsolute(r) ? r.split(sep).join('/') : null;
  }

  source(file) {
    if (!this.sources.has(file)) {
      let tokens = null;
      try {
        tokens = new RustTokens(readFileSync(join(this.root, file), 'utf8'));
      } catch {
        tokens = null;
      }
      this.sources.set(file, tokens);
    }
    return this.sources.get(file);
  }

  /** Reads every corpus crate's references, then the macro invocations of every file the crates compiled. */
  run() {
    const compiled = new Set();
    for (const a of this.analyses) {
      // Only crates built from the corpus: the library, its tests, integration tests, examples.
      if (a.data.defs.length === 0 || this.rel(a.data.defs[0].span.file_name) === null) continue;
      this.crates.add(a.name);
      for (const ref of a.data.refs) this.addRef(a, ref);
      for (const item of [...a.data.defs, ...a.data.refs]) compiled.add(item.span.file_name);
    }
    const files = new Set([...this.sites.values()].map((s) => s.file));
    for (const name of compiled) {
      const file = this.rel(name);
      if (file !== null && file.endsWith('.rs') && this.source(file)) files.add(file);
    }
    for (const file of [...files].sort()) this.addMacros(file);
    return this;
  }

  /** The definition a reference names (or null when no analysis read holds it), and its crate's name. */
  definition(a, refId) {
    if (refId.krate === 0) return { def: a.defs.get(refId.index) ?? null, crate: a.name, known: true };
    const owner = this.byCrate.get(a.crates.get(refId.krate));
    return { def: owner?.defs.get(refId.index) ?? null, crate: a.names.get(refId.krate) ?? '?', known: owner !== undefined };
  }

  addRef(a, ref) {
    if (ref.kind !== 'Function' && ref.kind !== 'Type' && ref.kind !== 'Variable') return;
    const file = this.rel(ref.span.file_name);
    if (file === null) return;
    const src = this.source(file);
    if (!src) return;
    const tok = src.index(ref.span.line_start, ref.span.column_start - 1);
    if (tok === undefined) {
      this.refsWithoutToken++;
      return;
    }
    const after = src.afterName(tok);
    if (src.text(after) !== '(') return;
    const { crate, known, def: named } = this.definition(a, ref.ref_id);
    let def = named;
    const kind = def?.kind ?? null;
    if (ref.kind === 'Type') {
      // A construction (a type outside the crates read has no kind here, but is called).
      if (def && !CONSTRUCTOR_KINDS.has(kind)) return;
      if (src.inPattern(after)) {
        this.patternsLeftOut++;
        return;
      }
    }
    if (ref.kind === 'Variable' && def && !(kind in VALUE_KINDS)) return;
    if (ref.kind === 'Function' && (def === null || kind === 'Method')) def = this.implMethod(a, src, file, tok, ref.ref_id, def);
    const site = this.siteAt(src, file, tok);
    let target;
    if (def) target = this.target(def, crate);
    else if (!known) {
      // A crate the corpus does not build here (the standard library): its name is all there is.
      const declKind = ref.kind === 'Variable' ? 'Variable' : ref.kind === 'Type' ? 'Constructor' : 'Function';
      target = { file: null, line: 0, column: 0, name: site.calleeName, declKind, where: crate };
    } else return; // a definition rustc did not record (inside a macro's expansion): no answer
    if (!site.targets.some((t) => t.file === target.file && t.line === target.line && t.column === target.column && t.name === target.name)) site.targets.push(target);
    classify(site);
  }

  target(def, crate) {
    const file = this.rel(def.span.file_name);
    const out = { file, line: def.span.line_start, column: def.span.column_start - 1, name: def.name, declKind: VALUE_KINDS[def.kind] ?? def.kind };
    if (file === null) out.where = crate;
    return out;
  }

  /**
   * Where the type is known, a call through a trait runs that type's own implementation
   * (an impl in the corpus whose method says which trait method it implements): `self.m()`
   * or `Self::m()` inside such an impl, `X::m()` where X names a type that has one,
   * `x.m()` where x is a local or field whose recorded type is such a type. Elsewhere (a
   * generic, a longer receiver) the trait's method stays the answer.
   */
  implMethod(a, src, file, tok, refId, def) {
    const want = `${refId.krate}:${refId.index}`;
    const before = src.text(tok - 1);
    const receiver = src.text(tok - 2);
    const plain = src.text(tok - 3) !== '.' && src.text(tok - 3) !== '::';
    if (plain && ((before === '.' && receiver === 'self') || (before === '::' && receiver === 'Self'))) {
      let best = null;
      for (const body of this.implBodies(a, file, src)) {
        if (body.open < tok && tok < body.close && body.byDecl.has(want) && (!best || body.open > best.open)) best = body;
      }
      if (best) return best.byDecl.get(want);
    }
    if ((before === '::' || before === '.') && src.isName(tok - 2)) {
      const { line, point } = src.tokens[tok - 2];
      const named = this.refsAt(a).get(`${file}:${line}:${point}`);
      if (named && before === '::' && named.kind === 'Type' && named.ref_id.krate === 0) {
        const found = this.implsOf(a, want, (body) => body.selfType === named.ref_id.index);
        if (found.length === 1) return found[0];
      }
      if (named && before === '.' && named.kind === 'Variable') {
        const { def: holder } = this.definition(a, named.ref_id);
        const type = holder && (holder.kind === 'Local' || holder.kind === 'Field') ? plainType(holder.value) : null;
        if (type) {
          const found = this.implsOf(a, want, (body) => {
            const d = body.selfType === null ? undefined : a.defs.get(body.selfType);
            return d !== undefined && d.qualname.endsWith(`::${type}`);
          });
          if (found.length === 1) return found[0];
        }
      }
    }
    return def;
  }

  /** The methods implementing trait method `want` in the crate's impls whose body passes `accept`. */
  implsOf(a, want, accept) {
    const out = [];
    for (const implFile of this.implFiles(a)) {
      for (const body of this.implBodies(a, implFile, this.source(implFile))) if (body.byDecl.has(want) && accept(body)) out.push(body.byDecl.get(want));
    }
    return out;
  }

  /** The crate's references by place: `file:line:column` (in code points) -> the reference. */
  refsAt(a) {
    if (!a.refsAt) {
      a.refsAt = new Map();
      for (const r of a.data.refs) a.refsAt.set(`${this.rel(r.span.file_name)}:${r.span.line_start}:${r.span.column_start - 1}`, r);
    }
    return a.refsAt;
  }

  implFiles(a) {
    const files = new Set(a.data.impls.filter((i) => i.kind !== 'Inherent').map((i) => this.rel(i.span.file_name)));
    return [...files].filter((f) => f !== null && this.source(f)).sort();
  }

  /**
   * A file's trait impls: each body's `{` and `}` tokens, the type it is for (an index
   * in this crate, or null), and its methods by the trait method they implement
   * (`crate:index` as this crate numbers them).
   */
  implBodies(a, file, src) {
    if (!a.implBodies.has(file)) {
      const selfTypes = new Map();
      for (const r of a.data.relations) if (r.kind && typeof r.kind === 'object' && 'Impl' in r.kind) selfTypes.set(r.kind.Impl.id, r.from);
      const bodies = [];
      for (const impl of a.data.impls) {
        if (impl.kind === 'Inherent' || this.rel(impl.span.file_name) !== file) continue;
        let open = src.index(impl.span.line_start, impl.span.column_start - 1);
        if (open === undefined) continue;
        while (open < src.tokens.length && src.text(open) !== '{') open++;
        const close = open < src.tokens.length ? src.partner(open, 1) : -1;
        if (close < 0) continue;
        const byDecl = new Map();
        for (const child of impl.children) {
          const d = child.krate === 0 ? a.defs.get(child.index) : null;
          if (d?.decl_id) byDecl.set(`${d.decl_id.krate}:${d.decl_id.index}`, d);
        }
        const owner = selfTypes.get(impl.id);
        bodies.push({ open, close, selfType: owner && owner.krate === 0 ? owner.index : null, byDecl });
      }
      a.implBodies.set(file, bodies);
    }
    return a.implBodies.get(file);
  }

  siteAt(src, file, tok) {
    const { text, line, column } = src.tokens[tok];
    const key = `${file}:${line}:${column}`;
    let site = this.sites.get(key);
    if (!site) {
      site = { ...this.place(src, file, tok), calleeName: text.startsWith('r#') ? text.slice(2) : text, kind: 'call', status: 'unknown', class: 'unknown', targets: [] };
      this.sites.set(key, site);
    }
    return site;
  }

  /** Where a site's name and call expression lie, and the callee as written. */
  place(src, file, tok) {
    const start = src.callStart(tok);
    let specifier = '';
    for (let i = start; i <= tok; i++) specifier += src.text(i);
    const { line, column } = src.tokens[tok];
    return { file, line, column, callLine: src.tokens[start].line, callColumn: src.tokens[start].column, specifier: specifier.slice(0, 200) };
  }

  /** Macro invocations (`name!(`, `a::name![`), outside macro_rules! bodies. */
  addMacros(file) {
    const src = this.source(file);
    const toks = src.tokens;
    for (let i = 0; i < toks.length - 2; i++) {
      const { kind, text, line, column } = toks[i];
      if (kind !== 'ident' || toks[i + 1].text !== '!') continue;
      if (text === 'macro_rules') {
        // A definition: its rules are no invocations (cairn reads no calls there either).
        const end = i + 3 < toks.length && '([{'.includes(toks[i + 3].text) ? src.partner(i + 3, 1) : -1;
        if (end > 0) i = end;
        continue;
      }
      if (!'([{'.includes(toks[i + 2].text)) continue;
      const key = `${file}:${line}:${column}`;
      if (!this.sites.has(key)) this.sites.set(key, { ...this.place(src, file, i), calleeName: text, kind: 'macro', status: 'unknown', class: 'macro', targets: [] });
    }
  }

  /** The sites in file and position order. */
  sortedSites() {
    return [...this.sites.values()].sort((x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : x.line - y.line || x.column - y.column));
  }
}

/**
 * A local's or field's recorded type when it is a plain path to a named type (`Square`,
 * `&mut exec::Exec<'c>`), without references, generics and `crate::`; null for anything
 * else. A generic parameter is a plain name too, and matches no impl's type.
 */
function plainType(value) {
  const bare = String(value ?? '')
    .replace(/^(&('\w+\s+)?(mut\s+)?)+/, '')
    .replace(/<.*>$/s, '')
    .replace(/^crate::/, '');
  return /^[A-Za-z_]\w*(::[A-Za-z_]\w*)*$/.test(bare) ? bare : null;
}

function classify(site) {
  const inside = site.targets.some((t) => t.file);
  const first = site.targets[0];
  site.status = inside ? 'in_repo' : 'external';
  if (Object.values(VALUE_KINDS).includes(first.declKind) || first.declKind === 'Variable') site.class = 'indirect';
  else if (inside) site.class = 'in_repo';
  else site.class = STANDARD_CRATES.has(first.where) ? 'builtin' : 'external';
}
