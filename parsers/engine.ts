// The shared query engine: runs a language's tree-sitter queries over a file once,
// turns the captures into drafts (definitions, call sites, imports, local bindings),
// then derives the structure every language shares: nesting (`parent`), qualified
// names, owner types, test inheritance, callers, `self`/`this` receiver types, calls
// through local bindings, and UTF-8 byte offsets. A language adapter holds only what
// a query cannot say (naming rules, attributes, import shapes, macro expansion).
import { readFileSync } from 'node:fs';
import type { CallKind, CallSiteFact, ImportFact, SymbolFact, SymbolKind } from '../contracts/facts.js';
import type { Relationship } from '../contracts/tiers.js';
import { compileQuery, parserFor, parseText, type GrammarName, type Node, type Parser, type Query, type QueryMatch } from './tree-sitter.js';
import { withParse, type Parse, type ParsePolicy } from './parse.js';
import { utf8Offsets } from './offsets.js';
import { Scopes } from './scopes.js';

/** Symbol kinds a query may define, plus `impl`: a scope that qualifies and owns methods but is not itself a symbol. */
export type DraftKind = SymbolKind | 'impl';

const DEFINITION_KINDS: readonly DraftKind[] = [
  'function', 'method', 'constructor', 'class', 'struct', 'union', 'enum', 'trait', 'interface',
  'type_alias', 'typedef', 'module', 'namespace', 'record', 'impl', 'macro', 'constant', 'variable', 'test',
];

/** Every capture name a query file may use; names starting with `_` are private to predicates. */
export const CAPTURE_VOCABULARY: readonly string[] = [
  ...DEFINITION_KINDS.map((kind) => `definition.${kind}`),
  'name',
  'signature',
  'reference.call',
  'reference.new',
  'reference.macro',
  'callee',
  'function',
  'receiver',
  'qualifier',
  'indirect',
  'arguments',
  'import',
  'import.require',
  'import.dynamic',
  'export.clause',
  'test.block',
  'local.parameter',
  'local.variable',
  'local.scope',
];

const FUNCTION_LIKE = new Set<DraftKind>(['function', 'method', 'constructor', 'test']);
const OWNER_KINDS = new Set<DraftKind>(['impl', 'class', 'trait', 'interface']);
const TYPE_KINDS = new Set<DraftKind>(['struct', 'enum', 'union', 'class', 'trait', 'interface', 'type_alias', 'typedef']);

/**
 * Where a re-parsed fragment sits in the original file: a node at offset `i` of the
 * parsed text is at `i + index` of the original (fragments are verbatim substrings, so
 * lines and columns follow from the original offset).
 */
export interface Shift {
  index: number;
  /** Where the fragment starts in the parsed text (for batches: which fragment a node is in). */
  from?: number;
}

const NO_SHIFT: Shift = { index: 0 };
const NO_SCOPES = new Scopes([]);

/** A macro argument list waiting to be parsed as expressions, batched with the file's others. */
interface Fragment {
  text: string;
  shift: Shift;
  wrappingMacro: string | undefined;
}

export interface Position {
  /** UTF-16 offsets into the original source. */
  start: number;
  end: number;
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export interface DefinitionDraft extends Position {
  kind: DraftKind;
  name: string;
  /** What this definition contributes to its children's qualified names (impl: the target type). */
  scopeName?: string;
  isTest?: boolean;
  exported?: boolean;
  /** An overload or interface signature: folded into an implementation of the same name and scope. */
  signature?: boolean;
  /** Calls inside are attributed to it even though its kind is not function-like (describe blocks). */
  bodyOwner?: boolean;
  /** A test()/describe() block: titles chain with ` > `. */
  testBlock?: boolean;
  /** Trait named by an impl scope; recorded on the methods it owns. */
  trait?: string;
  wrappingMacro?: string;
  bases?: string[];
  attributes?: Record<string, string | string[]>;
  /** Set by an adapter when the name within the file is not its scopes' names (Go `T::m`, C++ `A::f` out of line). */
  qualifiedName?: string;
  /** Set by an adapter when the owner is not the enclosing scope (Go receivers, C++ out-of-line methods). */
  ownerType?: string;
  /** Adapter-given overload key (Java parameter types). */
  disambiguator?: string;
  /** C/C++ `static`. */
  fileLocal?: boolean;
  /** Declared result type name. */
  returnType?: string;
}

export interface CallDraft {
  start: number;
  end: number;
  line: number;
  column: number;
  calleeName: string;
  specifier: string;
  kind: CallKind;
  receiver?: string;
  qualifier?: string;
  indirect?: boolean;
  /** The callee is a bare identifier: a local binding of that name makes the call indirect. */
  bare?: boolean;
  /** Receiver type an adapter inferred from local declarations (kept unless the receiver is `self`/`this`). */
  receiverType?: string;
  /** Number of arguments, where an adapter's overload rules need it. */
  argumentCount?: number;
  /** Argument labels, where an adapter's overload rules need them. */
  argumentLabels?: string[];
  /** Argument static types (`?` unknown), where an adapter's overload rules need them. */
  argumentTypes?: string[];
  /** A framework relationship this site stands for (Spring routes, injection, events); default `calls`. */
  relationship?: Relationship;
}

interface BindingDraft {
  name: string;
  start: number;
}

export type Parts = Record<string, Node>;

/** What a language adapter supplies to the engine (its grammar and repair: parsers/parse.ts). */
export interface LanguageAdapter extends ParsePolicy {
  grammar: GrammarName;
  /** Query files under grammars/, concatenated in this order. */
  queryFiles: readonly string[];
  /** Separator between a scope and a member in qualified names. */
  separator(parent: DefinitionDraft, child: DefinitionDraft): string;
  /** Receiver text whose type is the enclosing owner (`self`, `this`). */
  selfReceiver: string;
  /** Qualifier text whose type is the enclosing owner (`Self`). */
  selfQualifier?: string;
  /** Wrappers (`before`, `after`) that make a fragment parse as expressions, tried in order. */
  expressionWrappers?: readonly (readonly [string, string])[];
  /**
   * Methods are declared beside their type, not inside it (Go): a file-scope method whose
   * `ownerType` names a type declared at file scope of the same file hangs under that type.
   */
  methodsBesideType?: boolean;
  /** Whole-file test code (tests/ dirs, *.test.* files). */
  isTestFile(path: string): boolean;
  /** Refine a definition draft; return false to drop it. */
  definition?(draft: DefinitionDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean;
  /** Refine a call draft; return false to drop it (it is not a call site). */
  call?(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean;
  /** Handlers for the other tags (`import`, `test.block`, ...). */
  handlers?: Record<string, (node: Node, parts: Parts, ctx: ExtractionContext) => void>;
}

/** Mutable state of one file's extraction, shared by the main parse and every re-parsed fragment. */
export class ExtractionContext {
  readonly definitions: DefinitionDraft[] = [];
  readonly calls: CallDraft[] = [];
  readonly imports: ImportFact[] = [];
  readonly bindings: BindingDraft[] = [];
  readonly macros: string[] = [];
  readonly exportedNames = new Set<string>();
  /** Call nodes (by `start:end`) that are not call sites (test blocks). */
  readonly consumed = new Set<string>();
  shift: Shift = NO_SHIFT;
  /** Shifts of batched fragments, by `from`; consulted when set. */
  private batch: Shift[] | undefined;
  /** Fragments deferred by `expandLater`. */
  pending: Fragment[] = [];
  /** Set while extracting a macro's token tree as expressions: only calls count. */
  callsOnly = false;
  wrappingMacro: string | undefined;
  depth = 0;
  /** The `@local.scope` nodes of the tree being collected. */
  scopes: Scopes = NO_SCOPES;

  /** Offsets where each line of the source starts. */
  private readonly lineStarts: number[];

  constructor(
    readonly path: string,
    readonly source: string,
    private readonly engine: Engine,
  ) {
    const starts = [0];
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
    this.lineStarts = starts;
  }

  /**
   * The `@local.scope` nodes around `node`, innermost first. Where the scope index cannot
   * say (parsers/scopes.ts), every ancestor instead: callers look for scope types.
   */
  scopesAround(node: Node): Iterable<Node> {
    return this.scopes.around(node) ?? ancestors(node);
  }

  /** Results of `memo` for this file's extraction, by builder and node. */
  private readonly memos = new Map<(node: Node) => unknown, Map<number, unknown>>();

  /**
   * `build(node)`, worked out once per node for the rest of this file's extraction (the
   * declared types of a scope's locals, of a class's fields), however many calls ask.
   */
  memo<T>(node: Node, build: (node: Node) => T): T {
    let byNode = this.memos.get(build);
    if (!byNode) this.memos.set(build, (byNode = new Map()));
    if (!byNode.has(node.id)) byNode.set(node.id, build(node));
    return byNode.get(node.id) as T;
  }

  /** 0-based line of an offset in the original source. */
  private lineOf(index: number): number {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Line (1-based) and column (0-based, UTF-16) of an offset in the original source. */
  lineColumn(index: number): { line: number; column: number } {
    const line = this.lineOf(index);
    return { line: line + 1, column: index - this.lineStarts[line] };
  }

  /** The shift of the fragment that holds a node starting at `index` of the parsed text. */
  shiftAt(index: number): Shift {
    const batch = this.batch;
    if (!batch) return this.shift;
    let lo = 0;
    let hi = batch.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((batch[mid].from ?? 0) <= index) lo = mid;
      else hi = mid - 1;
    }
    return batch[lo];
  }

  // Positions come from offsets and the line table: no per-node point queries into the parser.
  position(node: Node): Position {
    const start = node.startIndex;
    const shift = this.shiftAt(start).index;
    const from = start + shift;
    const to = node.endIndex + shift;
    const startLine = this.lineOf(from);
    const endLine = this.lineOf(to);
    return {
      start: from,
      end: to,
      startLine: startLine + 1,
      startColumn: from - this.lineStarts[startLine],
      endLine: endLine + 1,
      endColumn: to - this.lineStarts[endLine],
    };
  }

  /** Line and column of a node's start, and its start offset, in the original file. */
  point(node: Node): { index: number; line: number; column: number } {
    const index = node.startIndex + this.shiftAt(node.startIndex).index;
    const line = this.lineOf(index);
    return { index, line: line + 1, column: index - this.lineStarts[line] };
  }

  line(node: Node): number {
    return this.lineOf(node.startIndex + this.shiftAt(node.startIndex).index) + 1;
  }

  key(node: Node): string {
    const s = this.shiftAt(node.startIndex);
    return `${node.startIndex + s.index}:${node.endIndex + s.index}`;
  }

  /**
   * Queue a fragment (e.g. a macro's arguments) to be parsed as expressions with the
   * adapter's wrappers; all of a file's fragments are parsed together in one batch.
   */
  expandLater(text: string, shift: Shift): void {
    if (this.depth < 4) this.pending.push({ text, shift, wrappingMacro: this.wrappingMacro });
  }

  /**
   * Parse every pending fragment in one tree: each wrapped as `before + text + after` on
   * its own lines. Fragments that do not parse cleanly are retried alone with the next wrappers.
   */
  flushPending(wrappers: readonly (readonly [string, string])[]): void {
    const fragments = this.pending;
    this.pending = [];
    if (fragments.length === 0 || wrappers.length === 0) return;
    const [before, after] = wrappers[0];
    const shifts: Shift[] = [];
    let text = '';
    for (const fragment of fragments) {
      const from = text.length;
      shifts.push({ index: fragment.shift.index - from - before.length, from });
      text += `${before}${fragment.text}${after}\n`;
    }
    const tree = parseText(this.engine.parser, text);
    if (!tree) return;
    const failed: Fragment[] = [];
    try {
      const root = tree.rootNode;
      let clean = !root.hasError;
      if (!clean) {
        // Keep the fragments that parsed cleanly, each as its own top-level item.
        const good = new Set<number>();
        for (const child of root.namedChildren) {
          if (!child || child.hasError) continue;
          const k = shifts.findIndex((s) => s.from === child.startIndex);
          if (k >= 0) good.add(k);
        }
        fragments.forEach((fragment, k) => {
          if (!good.has(k)) failed.push(fragment);
        });
        clean = good.size === fragments.length;
        if (good.size === 0) return;
        if (!clean) {
          for (const child of root.namedChildren) {
            if (!child || child.hasError) continue;
            const k = shifts.findIndex((s) => s.from === child.startIndex);
            if (k >= 0) this.collectWith(child, [shifts[k]], fragments[k].wrappingMacro);
          }
          return;
        }
      }
      this.collectWith(root, shifts, undefined);
    } finally {
      tree.delete();
      for (const fragment of failed) {
        for (const [b, a] of wrappers.slice(1)) {
          const shift = { index: fragment.shift.index - b.length };
          if (this.reparse(b + fragment.text + a, shift, { callsOnly: true, wrappingMacro: fragment.wrappingMacro })) break;
        }
      }
    }
  }

  private collectWith(root: Node, shifts: Shift[], wrappingMacro: string | undefined): void {
    const saved = { shift: this.shift, batch: this.batch, callsOnly: this.callsOnly, wrappingMacro: this.wrappingMacro };
    if (shifts.length === 1) {
      this.shift = shifts[0];
      this.batch = undefined;
    } else {
      this.batch = shifts;
    }
    this.callsOnly = true;
    this.wrappingMacro = wrappingMacro;
    this.depth++;
    try {
      this.engine.collect(root, this);
    } finally {
      this.depth--;
      Object.assign(this, saved);
    }
  }

  /**
   * Parse `text` (a fragment of the file, possibly wrapped) and extract from it as if it
   * stood at `shift`. Returns false, extracting nothing, when the fragment has syntax errors.
   */
  reparse(text: string, shift: Shift, options: { callsOnly: boolean; wrappingMacro?: string }): boolean {
    if (this.depth >= 4) return false;
    const tree = parseText(this.engine.parser, text);
    if (!tree) return false;
    try {
      if (tree.rootNode.hasError) return false;
      const saved = { shift: this.shift, batch: this.batch, callsOnly: this.callsOnly, wrappingMacro: this.wrappingMacro };
      this.shift = shift;
      this.batch = undefined;
      this.callsOnly = options.callsOnly || this.callsOnly;
      this.wrappingMacro = options.wrappingMacro ?? this.wrappingMacro;
      this.depth++;
      try {
        this.engine.collect(tree.rootNode, this);
      } finally {
        this.depth--;
        Object.assign(this, saved);
      }
      return true;
    } finally {
      tree.delete();
    }
  }
}

function* ancestors(node: Node): Generator<Node> {
  for (let n = node.parent; n; n = n.parent) yield n;
}

/** Callee text trimmed to one line (and a sane length). */
export function oneLine(text: string): string {
  const flat = text.includes('\n') ? text.replace(/\s+/g, ' ') : text;
  return flat.length > 200 ? `${flat.slice(0, 197)}...` : flat;
}

export interface EngineResult {
  symbols: SymbolFact[];
  callSites: CallSiteFact[];
  imports: ImportFact[];
  macros: string[];
  syntaxErrors: number;
}

const grammarRoot = new URL('../grammars/', import.meta.url);

/** Reads and validates a language's query files; compiled once per thread. */
const queries = new Map<string, Promise<Query>>();

export function validateCaptureNames(names: readonly string[], origin: string, vocabulary: readonly string[] = CAPTURE_VOCABULARY): void {
  const bad = names.filter((name) => !name.startsWith('_') && !vocabulary.includes(name));
  if (bad.length > 0) {
    throw new Error(
      `${origin}: unknown capture name(s) ${bad.map((n) => `@${n}`).join(', ')}; allowed: ${vocabulary.map((n) => `@${n}`).join(' ')}`,
    );
  }
}

/**
 * Compiles a query from files under grammars/ (concatenated in order), checks its capture
 * names against `vocabulary`, and caches it per thread. The index's tags queries and the
 * review profiles' capture queries both load through here.
 */
export function loadQueryFiles(grammar: GrammarName, files: readonly string[], vocabulary: readonly string[] = CAPTURE_VOCABULARY): Promise<Query> {
  const key = `${grammar}:${files.join(',')}`;
  let query = queries.get(key);
  if (!query) {
    query = (async () => {
      const source = files.map((file) => readFileSync(new URL(file, grammarRoot), 'utf8')).join('\n');
      const compiled = await compileQuery(grammar, source);
      try {
        validateCaptureNames(compiled.captureNames, files.join(' + '), vocabulary);
      } catch (error) {
        compiled.delete();
        throw error;
      }
      return compiled;
    })();
    queries.set(key, query);
    query.catch(() => queries.delete(key));
  }
  return query;
}

const loadQuery = (adapter: LanguageAdapter): Promise<Query> => loadQueryFiles(adapter.grammar, adapter.queryFiles);

export class Engine {
  private constructor(
    readonly adapter: LanguageAdapter,
    readonly parser: Parser,
    private readonly query: Query,
  ) {}

  static async for(adapter: LanguageAdapter): Promise<Engine> {
    const [parser, query] = await Promise.all([parserFor(adapter.grammar), loadQuery(adapter)]);
    return new Engine(adapter, parser, query);
  }

  extract(path: string, source: string): EngineResult {
    return this.withParse(source, ({ root, syntaxErrors }) => {
      const ctx = new ExtractionContext(path, source, this);
      this.collect(root, ctx);
      const wrappers = this.adapter.expressionWrappers ?? [];
      for (let round = 0; round < 4 && ctx.pending.length > 0; round++) ctx.flushPending(wrappers);
      return { ...finish(ctx, this.adapter), syntaxErrors };
    });
  }

  /**
   * Hands `read` the one parse of `source` with this language's repair (parsers/parse.ts):
   * a parse the review kept, else a new one, which the index extraction does not keep (in
   * a full index no second reader comes, and keeping 8 trees per thread cost about 3% more
   * CPU in extraction of rust-tokio).
   */
  withParse<T>(source: string, read: (parse: Parse) => T): T {
    return withParse(this.parser, this.adapter, source, read, false);
  }

  /** One query pass over `root`: dispatch every match to the draft builders and the adapter. */
  collect(root: Node, ctx: ExtractionContext): void {
    const matches = this.query.matches(root);
    // Scopes first: an adapter asks for the scopes around a node while its match is dispatched.
    const scopes: Node[] = [];
    for (const match of matches) {
      const first = match.captures[0];
      if (first?.name === 'local.scope') scopes.push(first.node);
    }
    const outer = ctx.scopes;
    ctx.scopes = scopes.length > 0 ? new Scopes(scopes) : NO_SCOPES;
    try {
      this.dispatch(matches, ctx);
    } finally {
      ctx.scopes = outer;
    }
  }

  private dispatch(matches: readonly QueryMatch[], ctx: ExtractionContext): void {
    const adapter = this.adapter;
    for (const match of matches) {
      let tag: string | undefined;
      let main: Node | undefined;
      const parts = emptyParts();
      for (const capture of match.captures) {
        const name = capture.name;
        if (tag === undefined && (name.includes('.') || name === 'import')) {
          tag = name;
          main = capture.node;
        } else {
          parts[name] = capture.node;
        }
      }
      if (!tag || !main || tag === 'local.scope') continue;

      if (tag.startsWith('definition.')) {
        if (ctx.callsOnly) continue;
        const nameNode = parts.name;
        const draft = definitionDraft(ctx.position(main), tag.slice('definition.'.length) as DraftKind, nameNode ? oneLine(nameNode.text) : '');
        if (parts.signature) draft.signature = true;
        if (ctx.wrappingMacro) draft.wrappingMacro = ctx.wrappingMacro;
        if (adapter.definition && !adapter.definition(draft, main, parts, ctx)) continue;
        ctx.definitions.push(draft);
      } else if (tag.startsWith('reference.')) {
        // Without @function, the callee is a bare name and is its own specifier.
        const callee = parts.callee;
        const calleeText = callee ? callee.text : undefined;
        const fn = parts.function;
        const specifier = fn ? oneLine(fn.text) : (calleeText ?? '');
        const at = ctx.point(main);
        const fields: EveryField<CallDraft> = {
          start: at.index,
          end: at.index + (main.endIndex - main.startIndex),
          line: at.line,
          column: at.column,
          // A computed callee has no name to bind: it is named by its text.
          calleeName: calleeText ?? specifier,
          specifier,
          kind: tag === 'reference.new' ? 'new' : tag === 'reference.macro' ? 'macro' : 'call',
          // Every optional field present (unset): one shape for every call draft.
          receiver: undefined,
          qualifier: undefined,
          indirect: undefined,
          bare: undefined,
          receiverType: undefined,
          argumentCount: undefined,
          argumentLabels: undefined,
          argumentTypes: undefined,
          relationship: undefined,
        };
        const draft = fields as CallDraft;
        if (parts.receiver) draft.receiver = oneLine(parts.receiver.text);
        if (parts.qualifier) draft.qualifier = qualifierText(parts.qualifier.text);
        if (parts.indirect) draft.indirect = true;
        else if (callee && (!fn || (callee.startIndex === fn.startIndex && calleeText!.length === specifier.length))) draft.bare = true;
        if (adapter.call && !adapter.call(draft, main, parts, ctx)) continue;
        ctx.calls.push(draft);
      } else if (tag.startsWith('local.')) {
        if (ctx.callsOnly) continue;
        ctx.bindings.push({ name: main.text, start: ctx.point(main).index });
      } else {
        const handler = adapter.handlers?.[tag];
        if (handler && !(ctx.callsOnly && tag !== 'import.dynamic')) handler(main, parts, ctx);
      }
    }
  }
}

/** Every field of T present, optional ones possibly unset: the compiler checks that a literal names them all. */
type EveryField<T> = { [K in keyof Required<T>]: T[K] | undefined };

/** A definition draft with every optional field present (unset): one shape for every draft. */
function definitionDraft(position: Position, kind: DraftKind, name: string): DefinitionDraft {
  const draft: EveryField<DefinitionDraft> = {
    start: position.start,
    end: position.end,
    startLine: position.startLine,
    startColumn: position.startColumn,
    endLine: position.endLine,
    endColumn: position.endColumn,
    kind,
    name,
    scopeName: undefined,
    isTest: undefined,
    exported: undefined,
    signature: undefined,
    bodyOwner: undefined,
    testBlock: undefined,
    trait: undefined,
    wrappingMacro: undefined,
    bases: undefined,
    attributes: undefined,
    qualifiedName: undefined,
    ownerType: undefined,
    disambiguator: undefined,
    fileLocal: undefined,
    returnType: undefined,
  };
  return draft as DefinitionDraft;
}

/**
 * A match's parts with every shared part name present (unset), so that every match's
 * object has the same shape and the adapters' reads of it stay monomorphic.
 */
function emptyParts(): Parts {
  return {
    name: undefined,
    signature: undefined,
    callee: undefined,
    function: undefined,
    receiver: undefined,
    qualifier: undefined,
    indirect: undefined,
    arguments: undefined,
  } as unknown as Parts;
}

/** A path qualifier without whitespace or generic arguments; `<T as Trait>` stays as written. */
function qualifierText(text: string): string {
  if (text.startsWith('<')) return oneLine(text);
  return withoutGenerics(text.replace(/\s+/g, ''));
}

/** `Foo::<T>` and `Vec<u8>` -> `Foo`, `Vec`: qualifiers name paths, not instantiations. */
export function withoutGenerics(text: string): string {
  if (!text.includes('<')) return text;
  let out = '';
  let depth = 0;
  for (const ch of text) {
    if (ch === '<') depth++;
    else if (ch === '>' && depth > 0) depth--;
    else if (depth === 0) out += ch;
  }
  return out.replace(/::(?=::|$)/g, '');
}

/** Sort order of drafts: outer before inner, source order otherwise. */
function byRange(a: Position, b: Position): number {
  return a.start - b.start || b.end - a.end;
}

/** Derives structure from the drafts and converts them to facts. */
function finish(ctx: ExtractionContext, adapter: LanguageAdapter): Omit<EngineResult, 'syntaxErrors'> {
  const drafts = ctx.definitions.sort(byRange);
  const consumed = ctx.consumed;
  const kept = consumed.size > 0 ? ctx.calls.filter((call) => !consumed.has(`${call.start}:${call.end}`)) : ctx.calls;
  const calls = kept.sort((a, b) => a.start - b.start);
  const fileIsTest = adapter.isTestFile(ctx.path);

  // Nesting: the innermost draft whose range contains each draft.
  const parentOf: number[] = new Array(drafts.length);
  const stack: number[] = [];
  for (let i = 0; i < drafts.length; i++) {
    const d = drafts[i];
    while (stack.length > 0 && drafts[stack[stack.length - 1]].end < d.end) stack.pop();
    while (stack.length > 0 && drafts[stack[stack.length - 1]].end <= d.start) stack.pop();
    parentOf[i] = stack.length > 0 ? stack[stack.length - 1] : -1;
    stack.push(i);
  }

  // Functions directly inside a class-like scope are methods; fold signatures into implementations.
  const implemented = new Map<string, number>();
  for (let i = 0; i < drafts.length; i++) {
    const d = drafts[i];
    const p = parentOf[i];
    if (d.kind === 'function' && p >= 0 && OWNER_KINDS.has(drafts[p].kind)) d.kind = 'method';
    if (!d.signature && FUNCTION_LIKE.has(d.kind)) implemented.set(`${p}:${d.name}`, i);
  }
  const dropped = new Array<boolean>(drafts.length).fill(false);
  for (let i = 0; i < drafts.length; i++) {
    const d = drafts[i];
    if (!d.signature) continue;
    const impl = implemented.get(`${parentOf[i]}:${d.name}`);
    if (impl === undefined) continue;
    dropped[i] = true;
    const target = drafts[impl];
    target.attributes = { ...target.attributes, overloads: String(Number(target.attributes?.overloads ?? 0) + 1) };
  }

  // Qualified names, owners and test inheritance, in source order (parents come first).
  const qualified: string[] = new Array(drafts.length);
  const owner: (number | -1)[] = new Array(drafts.length);
  const isTest: boolean[] = new Array(drafts.length);
  for (let i = 0; i < drafts.length; i++) {
    const d = drafts[i];
    const p = parentOf[i];
    const own = d.scopeName ?? d.name;
    qualified[i] = d.qualifiedName ?? (p >= 0 ? `${qualified[p]}${adapter.separator(drafts[p], d)}${own}` : own);
    owner[i] = p >= 0 ? (OWNER_KINDS.has(drafts[p].kind) ? p : owner[p]) : -1;
    isTest[i] = fileIsTest || d.isTest === true || (p >= 0 && isTest[p]);
  }

  // Emit symbols: impl scopes are not symbols; their methods hang under the same-named
  // type when the file defines one in the same scope, else under the impl's own parent.
  const local: number[] = new Array(drafts.length).fill(-1);
  const symbols: SymbolFact[] = [];
  const typeByScope = new Map<string, number>();
  const emittedParent = (i: number): number => {
    let p = parentOf[i];
    while (p >= 0 && (drafts[p].kind === 'impl' || dropped[p])) p = parentOf[p];
    return p >= 0 ? local[p] : -1;
  };
  const offsets = utf8Offsets(ctx.source);
  for (let i = 0; i < drafts.length; i++) {
    const d = drafts[i];
    if (d.kind === 'impl' || dropped[i]) continue;
    const parent = emittedParent(i);
    const symbol: SymbolFact = {
      local: symbols.length,
      name: d.name,
      qualifiedName: qualified[i],
      kind: d.kind as SymbolKind,
      parent: parent >= 0 ? parent : null,
      isTest: isTest[i],
      startLine: d.startLine,
      endLine: d.endLine,
      startColumn: d.startColumn,
      endColumn: d.endColumn,
      startByte: offsets(d.start),
      endByte: offsets(d.end),
    };
    const o = owner[i];
    if (o >= 0 && (d.kind === 'method' || d.kind === 'constructor')) {
      const ownerDraft = drafts[o];
      symbol.ownerType = ownerDraft.scopeName ?? ownerDraft.name;
      if (ownerDraft.trait) symbol.attributes = { ...symbol.attributes, trait: ownerDraft.trait };
    }
    if (d.ownerType !== undefined) symbol.ownerType = d.ownerType;
    if (d.disambiguator !== undefined) symbol.disambiguator = d.disambiguator;
    if (d.fileLocal) symbol.fileLocal = true;
    if (d.returnType !== undefined) symbol.returnType = d.returnType;
    if (d.attributes) symbol.attributes = { ...symbol.attributes, ...d.attributes };
    if (d.wrappingMacro) symbol.wrappingMacro = d.wrappingMacro;
    if (d.exported || (parent < 0 && parentOf[i] < 0 && ctx.exportedNames.has(d.name))) symbol.exported = true;
    if (d.bases && d.bases.length > 0) symbol.bases = d.bases;
    local[i] = symbol.local;
    symbols.push(symbol);
    if (TYPE_KINDS.has(d.kind)) typeByScope.set(`${parent}:${d.name}`, symbol.local);
  }
  for (let i = 0; i < drafts.length; i++) {
    const p = parentOf[i];
    if (local[i] < 0 || p < 0 || drafts[p].kind !== 'impl') continue;
    const type = typeByScope.get(`${emittedParent(p)}:${drafts[p].scopeName}`);
    if (type !== undefined) symbols[local[i]].parent = type;
  }
  if (adapter.methodsBesideType) {
    for (const symbol of symbols) {
      if (symbol.parent !== null || symbol.kind !== 'method' || symbol.ownerType === undefined) continue;
      const type = typeByScope.get(`-1:${symbol.ownerType}`);
      if (type !== undefined) symbol.parent = type;
    }
  }

  // Local bindings per function-like draft, minus the names of functions defined inside it.
  const bindings = new Map<number, Set<string>>();
  const bodyOwner = (i: number) => FUNCTION_LIKE.has(drafts[i].kind) || drafts[i].bodyOwner === true;
  sweep(drafts, ctx.bindings.sort((a, b) => a.start - b.start), (binding, enclosing) => {
    for (let k = enclosing.length - 1; k >= 0; k--) {
      const i = enclosing[k];
      if (!bodyOwner(i)) continue;
      let set = bindings.get(i);
      if (!set) bindings.set(i, (set = new Set()));
      set.add(binding.name);
      return;
    }
  });
  for (let i = 0; i < drafts.length; i++) {
    const p = parentOf[i];
    if (p >= 0 && FUNCTION_LIKE.has(drafts[i].kind)) bindings.get(p)?.delete(drafts[i].name);
  }

  // Callers, receiver types and indirect calls through local bindings.
  const callSites: CallSiteFact[] = [];
  sweep(drafts, calls, (call, enclosing) => {
    let caller = -1;
    for (let k = enclosing.length - 1; k >= 0; k--) {
      const i = enclosing[k];
      if (!dropped[i] && bodyOwner(i)) {
        caller = i;
        break;
      }
    }
    const fact: CallSiteFact = {
      caller: caller >= 0 ? local[caller] : null,
      calleeName: call.calleeName,
      specifier: call.specifier,
      kind: call.kind,
      line: call.line,
      column: call.column,
    };
    if (call.receiver !== undefined) fact.receiver = call.receiver;
    if (call.qualifier !== undefined) fact.qualifier = call.qualifier;
    if (call.receiverType !== undefined) fact.receiverType = call.receiverType;
    if (call.argumentCount !== undefined) fact.argumentCount = call.argumentCount;
    if (call.argumentLabels !== undefined) fact.argumentLabels = call.argumentLabels;
    if (call.argumentTypes !== undefined) fact.argumentTypes = call.argumentTypes;
    if (call.relationship !== undefined) fact.relationship = call.relationship;
    const self = call.receiver === adapter.selfReceiver || (adapter.selfQualifier !== undefined && call.qualifier === adapter.selfQualifier);
    if (self) {
      for (let k = enclosing.length - 1; k >= 0; k--) {
        const d = drafts[enclosing[k]];
        if (OWNER_KINDS.has(d.kind)) {
          fact.receiverType = d.scopeName ?? d.name;
          break;
        }
      }
    }
    let indirect = call.indirect === true;
    if (!indirect && call.bare && call.kind !== 'macro') {
      for (let k = enclosing.length - 1; k >= 0 && !indirect; k--) {
        if (bindings.get(enclosing[k])?.has(call.calleeName)) indirect = true;
      }
    }
    if (indirect) fact.indirect = true;
    callSites.push(fact);
  });

  return { symbols, callSites, imports: ctx.imports, macros: ctx.macros };
}

/**
 * Visits items (sorted by start) with the stack of draft indexes whose ranges contain
 * them, outermost first. Drafts must be sorted by `byRange`.
 */
function sweep<T extends { start: number }>(
  drafts: readonly DefinitionDraft[],
  items: readonly T[],
  visit: (item: T, enclosing: readonly number[]) => void,
): void {
  const stack: number[] = [];
  let next = 0;
  for (const item of items) {
    while (next < drafts.length && drafts[next].start <= item.start) {
      const d = drafts[next];
      while (stack.length > 0 && drafts[stack[stack.length - 1]].end <= d.start) stack.pop();
      stack.push(next++);
    }
    while (stack.length > 0 && drafts[stack[stack.length - 1]].end <= item.start) stack.pop();
    visit(item, stack);
  }
}
