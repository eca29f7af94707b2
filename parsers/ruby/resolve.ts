// Ruby binding rules.
//
// Ruby has no imports that bind names: constants are global, a class may be reopened in
// many files, and `require` only loads code. A constant is looked up as Ruby does,
// lexically: `X` written inside `module A; class B` is `A::B::X`, else `A::X`, else `X`;
// every class or module record of that path is one constant (its reopenings). Method
// lookup walks a class's records, then its bases (superclass, included and prepended
// modules) nearest first; singleton methods (`def self.m`, `class << self`) walk the
// superclass and the modules the class extends.
//
// - receiver_type 90: `self.m` and a bare `m(...)` inside a class or module (instance
//   methods in instance methods; singleton methods in singleton methods and the class body),
//   and `x.m` where the adapter typed x (`x = Foo.new`, `@x = Foo.new` in the class).
// - namespace 80: `Foo.new` (Foo's `initialize`, its bases' included, else the class) and
//   `Foo.m` / `Foo::Bar.m` (singleton methods, else a module's own methods for
//   `module_function` and `extend self`), Foo found by lexical lookup; and a bare call in a
//   module that its enclosing class includes, found in that class's chain (`Helpers#m`
//   calling what the class gets from `Env`).
// - Top-level `def`s and RSpec `let(:x)` helpers called bare: same file, else by name (the
//   language-neutral tiers); at file scope a name nothing in the workspace defines is
//   external (Rake, Bundler and other gems' DSLs).
// - builtin: Kernel and Module methods not defined in the class (`puts`, `raise`,
//   `attr_reader`), core classes (`File.read`, `Array.new`), standard methods on receivers
//   of unknown type (`each`, `map`). external: constants the workspace does not define
//   (`JSON.parse`, gems), methods of a class whose base lies outside the workspace
//   (`ActiveRecord::Base`), and test-framework calls in test code (`expect`, `assert_equal`).
//   A method name no Ruby class of the workspace defines, on a receiver of unknown type, is
//   external too; with definitions, the only one binds by name (name_only 30).
// - missing_target: a receiver typed or resolved whose class chain is all in the
//   workspace and has no such method (`method_missing`, `define_method` with a computed
//   name and `delegate` are not followed).
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import type { Binding, LanguageBinder, ResolveContext } from '../../contracts/resolve.js';
import { isTestFile } from './extract.js';

const TYPE_KINDS = new Set(['class', 'module']);
/** A class or module; `describe` blocks are modules too, but not constants. */
const isType = (s: SymbolRecord) => TYPE_KINDS.has(s.kind) && s.attributes?.test_block === undefined;
const METHOD_KINDS = new Set(['method', 'constructor']);

/** Classes and modules of Ruby's core (loaded without `require`). */
const CORE_CONSTANTS = new Set([
  'Object', 'BasicObject', 'Kernel', 'Module', 'Class', 'Comparable', 'Enumerable', 'Enumerator', 'String', 'Symbol',
  'Array', 'Hash', 'Integer', 'Float', 'Numeric', 'Rational', 'Complex', 'Range', 'Regexp', 'MatchData', 'Proc', 'Method',
  'UnboundMethod', 'Binding', 'Struct', 'Data', 'Time', 'File', 'Dir', 'IO', 'Math', 'Process', 'Thread', 'Mutex', 'Queue',
  'ConditionVariable', 'Fiber', 'ObjectSpace', 'GC', 'Signal', 'Encoding', 'Random', 'Marshal', 'NilClass', 'TrueClass',
  'FalseClass', 'Warning', 'ENV', 'ARGV', 'ARGF', 'STDIN', 'STDOUT', 'STDERR', 'RUBY_VERSION', 'Exception', 'StandardError',
  'RuntimeError', 'ArgumentError', 'TypeError', 'NameError', 'NoMethodError', 'NotImplementedError', 'IOError', 'EOFError',
  'KeyError', 'IndexError', 'StopIteration', 'RangeError', 'FloatDomainError', 'ZeroDivisionError', 'FrozenError',
  'SystemExit', 'Interrupt', 'SignalException', 'ScriptError', 'LoadError', 'SyntaxError', 'SecurityError', 'EncodingError',
  'FiberError', 'ThreadError', 'RegexpError', 'SystemCallError', 'Errno', 'LocalJumpError', 'UncaughtThrowError',
  'SystemStackError', 'NoMatchingPatternError', 'NoMatchingPatternKeyError', 'ClosedQueueError', 'Ractor', 'RubyVM',
  'TracePoint', 'ObjectSpace', 'Set',
]);

/** Kernel, Object and Module methods: callable bare in any class body or method. */
const KERNEL_METHODS = new Set([
  'puts', 'print', 'p', 'pp', 'require', 'require_relative', 'load', 'raise', 'fail', 'format', 'sprintf', 'printf',
  'gets', 'loop', 'lambda', 'proc', 'rand', 'srand', 'sleep', 'exit', 'exit!', 'abort', 'at_exit', 'catch', 'throw',
  'Integer', 'Float', 'String', 'Array', 'Hash', 'Rational', 'Complex', 'block_given?', 'binding', 'caller',
  'caller_locations', 'freeze', 'frozen?', 'instance_variable_get', 'instance_variable_set', 'instance_variable_defined?',
  'instance_variables', 'respond_to?', 'send', 'public_send', '__send__', 'method', 'methods', 'public_method',
  'is_a?', 'kind_of?', 'instance_of?', 'class', 'singleton_class', 'tap', 'then', 'yield_self', 'itself', 'dup', 'clone',
  'inspect', 'to_s', 'hash', 'object_id', 'nil?', 'eql?', 'equal?', 'extend', 'warn', 'system', 'spawn', 'trap',
  'autoload', 'define_singleton_method', 'singleton_method', 'instance_exec', 'instance_eval', 'open', 'select',
  'sprintf', 'exec', 'fork', 'readlines', 'readline', 'putc', 'set_trace_func', '__method__', '__dir__', 'local_variables',
  'global_variables', 'catch', 'display', 'enum_for', 'to_enum', 'respond_to_missing?', 'method_missing', 'super',
  'include', 'prepend', 'attr', 'attr_reader', 'attr_writer', 'attr_accessor', 'private', 'public', 'protected',
  'module_function', 'private_constant', 'public_constant', 'define_method', 'alias_method', 'remove_method',
  'undef_method', 'private_class_method', 'public_class_method', 'const_get', 'const_set', 'const_defined?',
  'const_missing', 'class_eval', 'module_eval', 'class_exec', 'module_exec', 'instance_method', 'instance_methods',
  'public_instance_method', 'method_defined?', 'private_method_defined?', 'public_method_defined?', 'name', 'ancestors',
  'included_modules', 'superclass', 'new', 'allocate', 'class_variable_get', 'class_variable_set', 'included',
  'extended', 'inherited', 'prepended', 'refine', 'using', 'ruby2_keywords', 'freeze',
]);

/** Methods of Ruby's standard types: called on a receiver of unknown type, they are not guessed. */
const RUBY_METHODS: ReadonlySet<string> = new Set([
  'each', 'each_with_index', 'each_with_object', 'each_pair', 'each_key', 'each_value', 'each_line', 'each_char', 'map',
  'map!', 'flat_map', 'collect', 'select', 'select!', 'filter', 'filter_map', 'reject', 'reject!', 'find', 'detect',
  'find_index', 'inject', 'reduce', 'sum', 'count', 'size', 'length', 'empty?', 'any?', 'all?', 'none?', 'one?',
  'include?', 'member?', 'key?', 'has_key?', 'value?', 'fetch', 'dig', 'keys', 'values', 'merge', 'merge!', 'update',
  'delete', 'delete_if', 'push', 'pop', 'shift', 'unshift', 'append', 'prepend', 'first', 'last', 'take', 'drop',
  'min', 'max', 'min_by', 'max_by', 'sort', 'sort!', 'sort_by', 'group_by', 'partition', 'uniq', 'uniq!', 'compact',
  'compact!', 'flatten', 'zip', 'reverse', 'rotate', 'join', 'split', 'strip', 'lstrip', 'rstrip', 'chomp', 'chop',
  'gsub', 'gsub!', 'sub', 'sub!', 'tr', 'squeeze', 'upcase', 'downcase', 'capitalize', 'start_with?', 'end_with?',
  'match', 'match?', 'scan', 'index', 'rindex', 'slice', 'slice!', 'chars', 'bytes', 'lines', 'ljust', 'rjust', 'center',
  'to_s', 'to_str', 'to_i', 'to_f', 'to_r', 'to_sym', 'to_a', 'to_h', 'to_proc', 'inspect', 'freeze', 'frozen?', 'dup',
  'clone', 'nil?', 'is_a?', 'kind_of?', 'instance_of?', 'respond_to?', 'send', 'public_send', 'tap', 'then', 'class',
  'hash', 'eql?', 'equal?', '==', 'times', 'upto', 'downto', 'step', 'abs', 'round', 'floor', 'ceil', 'zero?',
  'positive?', 'negative?', 'even?', 'odd?', 'succ', 'pred', 'between?', 'clamp', 'format', 'encode', 'force_encoding',
  'unpack', 'unpack1', 'pack', 'read', 'write', 'close', 'closed?', 'puts', 'print', 'flush', 'sync', 'readlines',
  'each_slice', 'each_cons', 'cycle', 'lazy', 'sample', 'shuffle', 'tally', 'sum', 'minmax', 'transform_values',
  'transform_keys', 'filter_map', 'sort_by!', 'concat', 'replace', 'clear', 'fill', 'insert', 'values_at', 'assoc',
  'key', 'invert', 'store', 'default', 'fetch_values', 'to_json', 'succ', 'bytesize', 'ord', 'chr', 'hex', 'oct',
  'empty', 'instance_variable_get', 'instance_variable_set', 'method', 'methods', 'object_id', 'itself', 'yield_self',
  'call', 'curry', 'arity', 'parameters', 'owner', 'receiver', 'source_location', 'new', 'name', 'raise', 'exist?',
  'join', 'basename', 'dirname', 'extname', 'expand_path', 'wait', 'signal', 'lock', 'unlock', 'synchronize', 'value',
  'alive?', 'kill', 'exit', 'status', 'pid', 'message', 'backtrace', 'cause', 'full_message',
]);

/** Bare calls in test code that belong to RSpec, minitest and their matchers. */
const TEST_DSL = new Set([
  'expect', 'is_expected', 'allow', 'receive', 'receive_messages', 'have_received', 'double', 'instance_double',
  'class_double', 'object_double', 'spy', 'instance_spy', 'let', 'let!', 'subject', 'subject!', 'before', 'after',
  'around', 'described_class', 'eq', 'eql', 'equal', 'be', 'a', 'an', 'match', 'match_array', 'contain_exactly',
  'include', 'raise_error', 'raise_exception', 'change', 'by', 'from', 'to', 'output', 'satisfy', 'start_with',
  'end_with', 'respond_to', 'all', 'anything', 'hash_including', 'array_including', 'instance_of', 'kind_of',
  'an_instance_of', 'a_kind_of', 'a_string_matching', 'a_hash_including', 'throw_symbol', 'yield_control',
  'yield_with_args', 'cover', 'exist', 'skip', 'pending', 'aggregate_failures', 'shared_examples', 'it_behaves_like',
  'include_examples', 'include_context', 'it_should_behave_like', 'setup', 'teardown', 'flunk', 'pass', 'stub',
  'mock', 'fixture', 'freeze_time', 'travel_to', 'travel', 'described_class', 'specify', 'within', 'visit', 'click_on',
  'fill_in', 'have_content', 'have_css', 'have_selector', 'and_return', 'and_raise', 'and_call_original', 'with', 'once',
  'twice', 'exactly', 'times', 'at_least', 'at_most', 'ordered', 'must_equal', 'wont_equal', 'value', '_',
]);
const TEST_DSL_PATTERN = /^(assert|refute|must|wont|be|have|expect)(_|$)/;

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const builtin = (note: string): Binding => ({ kind: 'unresolved', reason: 'builtin', note });
const external = (note: string): Binding => ({ kind: 'unresolved', reason: 'external', note: `external:${note}` });

const parentOf = (s: SymbolRecord, ctx: ResolveContext) => (s.parent_id === null ? undefined : ctx.symbol(s.parent_id));

/** Qualified names of the classes and modules around a symbol, innermost first (the lexical nesting). */
function nesting(from: SymbolRecord | undefined, ctx: ResolveContext): string[] {
  const out: string[] = [];
  for (let s = from; s; s = parentOf(s, ctx)) if (isType(s)) out.push(s.qualified_name);
  return out;
}

/** The records (reopenings) of constant `path` written inside `from`, by Ruby's lexical lookup; [] when the workspace has none. */
function constantRecords(path: string, from: SymbolRecord | undefined, ctx: ResolveContext): SymbolRecord[] {
  const last = path.slice(path.lastIndexOf(':') + 1);
  const named = ctx.byName(last).filter((s) => s.language === 'ruby' && isType(s));
  if (named.length === 0) return [];
  for (const prefix of [...nesting(from, ctx), '']) {
    const full = prefix === '' ? path : `${prefix}::${path}`;
    const found = named.filter((s) => s.qualified_name === full);
    if (found.length > 0) return found;
  }
  return [];
}

/** `FooBar` -> `foo_bar`: the file a class is conventionally defined in. */
const snake = (name: string) => name.replace(/([a-z\d])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').toLowerCase();

/** The record that stands for a reopened class: the one in its conventional file, else the first by id. */
function mainRecord(records: SymbolRecord[]): SymbolRecord {
  const file = `${snake(records[0].name)}.rb`;
  const conventional = records.filter((r) => r.file_path === file || r.file_path.endsWith(`/${file}`));
  const pool = conventional.length > 0 ? conventional : records;
  return [...pool].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
}

const isSingleton = (s: SymbolRecord) => s.attributes?.singleton === 'true';
const listAttribute = (s: SymbolRecord, key: string): string[] => {
  const value = s.attributes?.[key];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

interface Lookup {
  found: SymbolRecord[];
  /** Where the method most likely is when the chain leaves the workspace. */
  outside?: Binding;
}

/** Where a base named in `record` leads: the workspace's records, or an outside note. */
function baseRecords(base: string, record: SymbolRecord, ctx: ResolveContext): SymbolRecord[] | Binding {
  const found = constantRecords(base, record, ctx);
  if (found.length > 0) return found;
  const root = base.split('::')[0];
  return CORE_CONSTANTS.has(root) ? builtin(`builtin:${base}`) : external(base);
}

/**
 * Methods named `name` of the constant whose records are `records`: own (all reopenings),
 * then bases breadth first. `singleton` looks for class methods: the class's own, the
 * instance methods of the modules it extends, then its superclass's.
 */
function methodLookup(records: SymbolRecord[], name: string, singleton: boolean, ctx: ResolveContext, depth = 0): Lookup {
  const queue: SymbolRecord[][] = [records];
  const seen = new Set<string>();
  let outside: Binding | undefined;
  for (let step = 0; queue.length > 0 && step < 16; step++) {
    const current = queue.shift()!;
    const key = current[0].qualified_name;
    if (seen.has(key)) continue;
    seen.add(key);
    const own: SymbolRecord[] = [];
    for (const record of current) {
      for (const s of ctx.symbolsInFile(record.file_path)) {
        if (s.parent_id === record.id && s.name === name && METHOD_KINDS.has(s.kind) && isSingleton(s) === singleton) own.push(s);
      }
    }
    if (own.length > 0) return { found: own };
    for (const record of current) {
      const bases = singleton ? [record.attributes?.superclass].filter((b): b is string => typeof b === 'string') : (record.bases ?? []);
      if (singleton && depth < 4) {
        // A module extended into a class: its instance methods are the class's singleton methods.
        for (const module of listAttribute(record, 'extends')) {
          const next = baseRecords(module, record, ctx);
          if (!Array.isArray(next)) {
            outside ??= next;
            continue;
          }
          const found = methodLookup(next, name, false, ctx, depth + 1);
          if (found.found.length > 0) return found;
          outside ??= found.outside;
        }
      }
      for (const base of bases) {
        const next = baseRecords(base, record, ctx);
        if (Array.isArray(next)) queue.push(next);
        else outside ??= next;
      }
    }
  }
  return { found: [], outside };
}

/**
 * A module nested in the class that includes it (`class Request; include Env; include
 * Helpers; module Helpers`) calls the methods that class gets from its other modules:
 * `name` looked up from the enclosing class, when that class includes the module.
 */
function enclosingIncluder(records: SymbolRecord[], name: string, ctx: ResolveContext): SymbolRecord[] {
  const module = records[0];
  if (!records.every((r) => r.kind === 'module')) return [];
  const parent = parentOf(module, ctx);
  if (!parent || parent.kind !== 'class' || !isType(parent)) return [];
  const classRecords = ctx.byName(parent.name).filter((r) => r.language === 'ruby' && r.kind === 'class' && r.qualified_name === parent.qualified_name);
  const includes = classRecords.some((r) =>
    (r.bases ?? []).some((base) => {
      const found = baseRecords(base, r, ctx);
      return Array.isArray(found) && found.some((f) => f.qualified_name === module.qualified_name);
    }),
  );
  return includes ? methodLookup(classRecords, name, false, ctx).found : [];
}

/** The class or module a caller runs in, and whether self is the class itself (class body, `def self.m`). */
function selfOf(caller: SymbolRecord, ctx: ResolveContext): { records: SymbolRecord[]; singleton: boolean } | undefined {
  let singleton = isSingleton(caller);
  for (let s: SymbolRecord | undefined = caller; s; s = parentOf(s, ctx)) {
    if (isType(s)) {
      if (s === caller) singleton = true;
      const records = ctx.byName(s.name).filter((r) => r.language === 'ruby' && isType(r) && r.qualified_name === s!.qualified_name);
      return { records: records.length > 0 ? records : [s], singleton };
    }
    if (s !== caller && (s.kind === 'method' || s.kind === 'constructor' || s.kind === 'function')) return undefined;
  }
  return undefined;
}


/** A method found, or why not: the chain's outside base, Ruby's own, or nothing. */
function settleLookup(lookup: Lookup, name: string, tier: ResolutionKind): Binding {
  if (lookup.found.length > 0) return candidates(tier, lookup.found);
  if (KERNEL_METHODS.has(name)) return builtin('builtin:Kernel');
  if (lookup.outside) return lookup.outside;
  return candidates(tier, []);
}

export const rubyBinder: LanguageBinder = {
  selfReceivers: new Set(['self']),
  builtinMethods: RUBY_METHODS,
  bind(input, ctx) {
    const { site, caller } = input;
    const name = site.calleeName;

    // `Foo.new`: Foo's initialize (its own, else its bases'), else the class.
    if (site.kind === 'new' && site.qualifier !== undefined) {
      const records = constantRecords(site.qualifier, caller, ctx);
      if (records.length === 0) return outsideConstant(site.qualifier);
      const lookup = methodLookup(records, 'initialize', false, ctx);
      if (lookup.found.length > 0) return candidates('namespace', lookup.found);
      return candidates('namespace', [mainRecord(records)]);
    }

    // `Foo.m`, `Foo::Bar.m`, `Foo::m`: a class method, or a module's own method.
    if (site.qualifier !== undefined) {
      const records = constantRecords(site.qualifier, caller, ctx);
      if (records.length === 0) return outsideConstant(site.qualifier);
      const lookup = methodLookup(records, name, true, ctx);
      if (lookup.found.length > 0) return candidates('namespace', lookup.found);
      if (records.every((r) => r.kind === 'module')) {
        const own = methodLookup(records, name, false, ctx);
        if (own.found.length > 0) return candidates('namespace', own.found);
      }
      return settleLookup(lookup, name, 'namespace');
    }

    // `self.m` and bare `m(...)`: the enclosing class's methods.
    if (site.receiver === 'self' || site.receiver === undefined) {
      const self = selfOf(caller, ctx);
      if (self) {
        if (self.singleton && name === 'new') {
          const init = methodLookup(self.records, 'initialize', false, ctx);
          return candidates('receiver_type', init.found.length > 0 ? init.found : [mainRecord(self.records)]);
        }
        const lookup = methodLookup(self.records, name, self.singleton, ctx);
        if (lookup.found.length === 0 && !lookup.outside && !self.singleton) {
          const includer = enclosingIncluder(self.records, name, ctx);
          if (includer.length > 0) return candidates('namespace', includer);
        }
        if (lookup.found.length > 0 || lookup.outside || site.receiver === 'self') return settleLookup(lookup, name, 'receiver_type');
        if (KERNEL_METHODS.has(name)) return builtin('builtin:Kernel');
      } else if (site.receiver === 'self') {
        return KERNEL_METHODS.has(name) ? builtin('builtin:Kernel') : undefined;
      }
      if (site.receiver === undefined) {
        // Top-level defs: the language-neutral tiers (same file, then by name).
        const functions = ctx.byName(name).filter((s) => s.language === 'ruby' && s.kind === 'function');
        if (functions.length > 0) return undefined;
        if (KERNEL_METHODS.has(name)) return builtin('builtin:Kernel');
        if ((caller.is_test || isTestFile(site.path)) && (TEST_DSL.has(name) || TEST_DSL_PATTERN.test(name))) return external('test framework');
        if (self) return candidates('receiver_type', []);
        // At file scope (scripts, Rakefile, Gemfile) a name no Ruby code of the workspace
        // defines is a DSL of a gem (`task`, `gem`, `get '/'`): outside the workspace.
        const defined = ctx.byName(name).some((s) => s.language === 'ruby' && METHOD_KINDS.has(s.kind));
        return defined ? undefined : { kind: 'unresolved', reason: 'external', note: 'external:no workspace method' };
      }
      return undefined;
    }

    // `x.m` with x typed by `x = Foo.new`: Foo's instance methods.
    if (site.receiverType !== undefined) {
      const records = constantRecords(site.receiverType, caller, ctx);
      if (records.length === 0) return outsideConstant(site.receiverType);
      return settleLookup(methodLookup(records, name, false, ctx), name, 'receiver_type');
    }

    if (RUBY_METHODS.has(name)) return { kind: 'unresolved', reason: 'builtin' };
    // Any other receiver: a Ruby method of that name, if only one; none in the workspace: outside it.
    const members = ctx.byName(name).filter((s) => s.language === 'ruby' && METHOD_KINDS.has(s.kind));
    if (members.length === 0) return { kind: 'unresolved', reason: 'external', note: 'external:no workspace method' };
    return candidates('name_only', members);
  },
};

function outsideConstant(path: string): Binding {
  return CORE_CONSTANTS.has(path.split('::')[0]) ? builtin(`builtin:${path}`) : external(path);
}
