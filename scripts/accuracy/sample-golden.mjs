// Samples call sites at random from a corpus to start a golden set, so labelling is
// only "read the code, write the target". It parses with tree-sitter directly (not
// with cairn's extractors), so the sample does not inherit cairn's blind spots.
//
//   node scripts/accuracy/sample-golden.mjs <language> <corpus> [--seed 6] [--count 40] [--context 2]
//
// <corpus> is an installed corpus's name, a path, or `debian:<package>=<version>:<folder>`
// (a Debian package's sources, fetched by debian-corpus.mjs; the golden set records it).
//
// Prints a golden-set skeleton (JSON) on stdout, each site with `target: "TODO"`,
// and the code around each site on stderr for the labeller.
//
// Procedure (recorded in the skeleton): every source file of the language under the
// corpus root, in path order; every call node of the kinds below with a named callee,
// in source order; a Fisher-Yates shuffle with mulberry32(seed); the first `count`.
// Macro invocations are left out: their expansion, not a declaration, is the target.
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser } from 'web-tree-sitter';
import { seededRandom } from './metrics.mjs';

const require = createRequire(import.meta.url);

/** Per language: grammar, file extensions, call node types and how to find the callee's name. */
export const LANGUAGES = {
  rust: { wasm: 'tree-sitter-rust/tree-sitter-rust.wasm', ext: ['.rs'], calls: { call_expression: 'function' } },
  go: { wasm: 'tree-sitter-go/tree-sitter-go.wasm', ext: ['.go'], calls: { call_expression: 'function' } },
  python: { wasm: 'tree-sitter-python/tree-sitter-python.wasm', ext: ['.py'], calls: { call: 'function' } },
  java: { wasm: 'tree-sitter-java/tree-sitter-java.wasm', ext: ['.java'], calls: { method_invocation: 'name', object_creation_expression: 'type' } },
  c: { wasm: 'tree-sitter-c/tree-sitter-c.wasm', ext: ['.c', '.h'], calls: { call_expression: 'function' } },
  cpp: { wasm: 'tree-sitter-cpp/tree-sitter-cpp.wasm', ext: ['.cc', '.cpp', '.cxx', '.hpp', '.hh', '.h'], calls: { call_expression: 'function', new_expression: 'type' } },
  // A Swift call's callee is its first child: a name, or a navigation whose suffix names the member.
  swift: { wasm: 'tree-sitter-wasms/out/tree-sitter-swift.wasm', ext: ['.swift'], calls: { call_expression: swiftCallee } },
  // `f(a)(b)` is one call with two argument lists: the outer node's callee is a call, which names nothing.
  scala: { wasm: 'tree-sitter-scala/tree-sitter-scala.wasm', ext: ['.scala', '.sc'], calls: { call_expression: 'function', instance_expression: scalaNewType } },
  // A Dart call is an argument selector; what precedes it names the callee.
  dart: { wasm: 'tree-sitter-wasms/out/tree-sitter-dart.wasm', ext: ['.dart'], calls: { selector: dartCallee, new_expression: 'type_identifier', const_object_expression: 'type_identifier' } },
  // Ruby: `Foo.new` is a `new` site named after the class. Method calls written as a bare
  // identifier (no receiver, no arguments) are not call nodes and are not sampled.
  ruby: { wasm: 'tree-sitter-wasms/out/tree-sitter-ruby.wasm', ext: ['.rb', '.rake', '.gemspec'], calls: { call: 'method' }, callee: rubyCallee },
  php: {
    wasm: 'tree-sitter-wasms/out/tree-sitter-php.wasm',
    ext: ['.php'],
    calls: { function_call_expression: 'function', member_call_expression: 'name', nullsafe_member_call_expression: 'name', scoped_call_expression: 'name', object_creation_expression: null },
    callee: phpCallee,
  },
  // Every command named by a word; `source` and `.` load a file and call nothing.
  bash: {
    wasm: 'tree-sitter-bash/tree-sitter-bash.wasm',
    ext: ['.sh', '.bash', '.bats'],
    shebang: /^#!\S*\b(env\s+(-\S+\s+)*)?(ba|da)?sh\b|^#!\S*\bbats\b/,
    calls: { command: 'name' },
    callee: bashCallee,
  },
  // `require` loads a module and calls nothing.
  lua: { wasm: '@tree-sitter-grammars/tree-sitter-lua/tree-sitter-lua.wasm', ext: ['.lua'], calls: { function_call: 'name' }, callee: luaCallee },
  zig: { wasm: '@tree-sitter-grammars/tree-sitter-zig/tree-sitter-zig.wasm', ext: ['.zig'], calls: { call_expression: 'function' }, callee: zigCallee },
  csharp: { wasm: 'tree-sitter-wasms/out/tree-sitter-c_sharp.wasm', ext: ['.cs'], calls: { invocation_expression: 'function', object_creation_expression: 'type' } },
  kotlin: { wasm: 'tree-sitter-wasms/out/tree-sitter-kotlin.wasm', ext: ['.kt', '.kts'], calls: { call_expression: null }, callee: kotlinCallee },
};

/** Bash's callee: the command word (`source` and `.` are no calls). */
function bashCallee(node) {
  const written = node.childForFieldName('name');
  const word = written?.firstNamedChild;
  if (word?.type !== 'word' || ['source', '.'].includes(word.text)) return null;
  return { name: word, specifier: written.text, kind: 'call' };
}

/** Lua's callee: a plain name, or the field or method of `a.b.f` / `obj:m` (`require` is no call). */
function luaCallee(node) {
  const fn = node.childForFieldName('name');
  if (fn?.type === 'identifier') return fn.text === 'require' ? null : { name: fn, specifier: fn.text, kind: 'call' };
  const member = fn?.childForFieldName('method') ?? fn?.childForFieldName('field');
  return member?.type === 'identifier' ? { name: member, specifier: fn.text, kind: 'call' } : null;
}

/** Zig's callee: a plain name or the member of `a.b.f`. */
function zigCallee(node) {
  const fn = node.childForFieldName('function');
  const name = fn?.type === 'identifier' ? fn : fn?.type === 'field_expression' ? fn.childForFieldName('member') : null;
  return name ? { name, specifier: fn.text, kind: 'call' } : null;
}

/**
 * Kotlin's callee (the grammar has no field names: it is the call's first child): a name
 * or the last name of a navigation (`a.b.f`); none when the call only attaches a trailing
 * lambda to the call inside it (`f(x) { }` nests as `(f(x)) { }`: one call, counted once).
 */
function kotlinCallee(node) {
  const callee = node.namedChild(0);
  const suffix = node.namedChild(1);
  if (callee?.type === 'call_expression' && suffix?.namedChildren.every((c) => c.type === 'annotated_lambda')) return null;
  const last = callee?.type === 'navigation_expression' ? callee.namedChildren.find((c) => c.type === 'navigation_suffix')?.namedChild(0) : callee;
  return last?.type === 'simple_identifier' ? { name: last, specifier: callee.text, kind: 'call' } : null;
}

/** Ruby's callee: the method name; `Foo.new` / `A::Foo.new` is a `new` site. */
function rubyCallee(node) {
  const method = node.childForFieldName('method');
  if (!method || (method.type !== 'identifier' && method.type !== 'constant')) return null;
  const receiver = node.childForFieldName('receiver');
  const constant = receiver?.type === 'constant' || receiver?.type === 'scope_resolution';
  return { name: method, specifier: receiver ? `${receiver.text}.${method.text}` : method.text, kind: method.text === 'new' && constant ? 'new' : 'call' };
}

/** PHP's callee: a `name` token (the last one of a qualified name); `$f()` and `$x->$m()` have none. */
function phpCallee(node) {
  const last = (n) => (n?.type === 'name' ? n : n?.type === 'qualified_name' ? n.namedChildren.filter((c) => c.type === 'name').pop() ?? null : null);
  if (node.type === 'object_creation_expression') {
    const written = node.namedChildren.find((c) => c.type === 'name' || c.type === 'qualified_name');
    const name = last(written);
    return name ? { name, specifier: written.text, kind: 'new' } : null;
  }
  const field = node.type === 'function_call_expression' ? 'function' : 'name';
  const name = last(node.childForFieldName(field));
  if (!name) return null;
  const target = node.childForFieldName('object') ?? node.childForFieldName('scope');
  const operator = node.type === 'scoped_call_expression' ? '::' : node.type === 'nullsafe_member_call_expression' ? '?->' : '->';
  return { name, specifier: target ? `${target.text}${operator}${name.text}` : node.childForFieldName('function').text, kind: 'call' };
}

function swiftCallee(node) {
  const first = node.namedChild(0);
  if (first?.type === 'simple_identifier') return first;
  if (first?.type === 'navigation_expression') return first.childForFieldName('suffix')?.childForFieldName('suffix') ?? null;
  return null;
}

function scalaNewType(node) {
  const type = node.namedChildren.find((c) => c.type !== 'arguments' && c.type !== 'template_body');
  if (!type) return null;
  if (type.type === 'type_identifier') return type;
  const inner = type.type === 'generic_type' ? type.childForFieldName('type') : type;
  return inner?.type === 'type_identifier' ? inner : (inner?.namedChildren.filter((c) => c.type === 'type_identifier').pop() ?? null);
}

function dartCallee(node) {
  if (node.namedChild(0)?.type !== 'argument_part') return null;
  const previous = node.previousNamedSibling;
  if (previous?.type === 'identifier') return previous;
  const member = previous?.type === 'selector' ? previous.namedChild(0) : previous;
  if (member?.type === 'unconditional_assignable_selector' || member?.type === 'conditional_assignable_selector') return member.namedChildren.find((c) => c.type === 'identifier') ?? null;
  return null;
}

const SKIP_DIRS = new Set(['node_modules', 'target', 'vendor', 'build']);

/** The first bytes of a file, for its `#!` line. */
function head(path) {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(256);
    return buffer.subarray(0, readSync(fd, buffer, 0, 256, 0)).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

function listFiles(root, extensions, shebang) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && extensions.some((e) => entry.name.endsWith(e))) out.push(path);
      // Executable scripts without an extension, by their `#!` line.
      else if (shebang && entry.isFile() && !entry.name.includes('.') && (statSync(path).mode & 0o111) !== 0 && shebang.test(head(path))) out.push(path);
    }
  };
  walk(root);
  return out.sort();
}

/** The identifier that names a callee expression, or null (closures, calls of calls, subscripts). */
export function calleeName(node) {
  let n = node;
  for (let i = 0; n && i < 6; i++) {
    if (/identifier$/.test(n.type) && !n.type.startsWith('scoped') && !n.type.startsWith('qualified')) return n;
    const next =
      n.childForFieldName('field') ?? // Rust/C field_expression
      n.childForFieldName('attribute') ?? // Python attribute
      n.childForFieldName('name') ?? // scoped/qualified identifiers, Java method name
      (n.type === 'selector_expression' ? n.childForFieldName('field') : null) ??
      (n.type.startsWith('generic') || n.type.startsWith('template') ? n.childForFieldName('function') ?? n.childForFieldName('type') ?? n.namedChild(0) : null);
    if (!next || next === n) return null;
    n = next;
  }
  return null;
}

function oneLine(text) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}

/** Every named call site of the corpus, in path then source order. */
export async function collectSites(language, root) {
  const spec = LANGUAGES[language];
  if (!spec) throw new Error(`unknown language ${language} (known: ${Object.keys(LANGUAGES).join(', ')})`);
  await Parser.init();
  const parser = new Parser();
  parser.setLanguage(await Language.load(require.resolve(spec.wasm)));
  const sites = [];
  for (const path of listFiles(root, spec.ext, spec.shebang)) {
    const text = readFileSync(path, 'utf8');
    const tree = parser.parse(text);
    if (!tree) continue;
    const file = relative(root, path).split(sep).join('/');
    const stack = [tree.rootNode];
    while (stack.length > 0) {
      const node = stack.pop();
      const field = spec.calls[node.type];
      if (field !== undefined && spec.callee) {
        const found = spec.callee(node);
        if (found) {
          sites.push({
            file,
            line: found.name.startPosition.row + 1,
            column: found.name.startPosition.column,
            call_line: node.startPosition.row + 1,
            call_column: node.startPosition.column,
            callee: found.name.text,
            specifier: oneLine(found.specifier),
            kind: found.kind,
          });
        }
      } else if (field) {
        // A field name, or (for grammars without one) a function from the call node to its callee's name.
        const callee = typeof field === 'function' ? field(node) : field === 'type_identifier' ? node.namedChildren.find((c) => c.type === field) : node.childForFieldName(field);
        const name = callee && (typeof field === 'function' ? callee : calleeName(callee));
        if (name) {
          sites.push({
            file,
            line: name.startPosition.row + 1,
            column: name.startPosition.column,
            // Where the call expression starts: extractors may place the call there.
            call_line: node.startPosition.row + 1,
            call_column: node.startPosition.column,
            callee: name.text,
            specifier: oneLine(callee.text),
            kind: /new|creation|instance|const_object/.test(node.type) ? 'new' : 'call',
          });
        }
      }
      for (let i = node.namedChildCount - 1; i >= 0; i--) stack.push(node.namedChild(i));
    }
    tree.delete();
  }
  parser.delete();
  return sites;
}

/** Fisher-Yates with a seeded generator: the same seed and corpus give the same sample. */
export function sample(items, count, seed) {
  const random = seededRandom(seed);
  const a = items.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, count);
}

async function main(argv) {
  const [language, corpus, ...rest] = argv;
  const opts = { seed: 6, count: 40, context: 2 };
  for (let i = 0; i < rest.length; i += 2) opts[rest[i].replace(/^--/, '')] = Number(rest[i + 1]);
  const { corpusPath } = await import('./run.mjs');
  // `debian:<package>=<version>:<folder>`: a Debian package's sources (debian-corpus.mjs).
  const debian = corpus.startsWith('debian:') ? /^debian:([^=]+)=([^:]+):(.+)$/.exec(corpus) : null;
  if (corpus.startsWith('debian:') && !debian) throw new Error('a Debian corpus is debian:<package>=<version>:<folder>');
  const debianSpec = debian ? { package: debian[1], version: debian[2], root: debian[3] } : undefined;
  const path = corpus.includes('/') && !corpus.startsWith('github:');
  const root = debianSpec ? (await import('./debian-corpus.mjs')).debianCorpus(debianSpec) : path ? resolve(corpus) : corpusPath(corpus);
  const all = await collectSites(language, root);
  const picked = sample(all, opts.count, opts.seed);
  const skeleton = {
    language,
    corpus: debianSpec ? debianSpec.package : path ? basename(root) : corpus,
    corpus_version: debianSpec ? `${debianSpec.package} ${debianSpec.version} (Debian)` : basename(root),
    ...(debianSpec ? { debian: debianSpec } : {}),
    seed: opts.seed,
    procedure: `scripts/accuracy/sample-golden.mjs ${language} <corpus> --seed ${opts.seed} --count ${opts.count}: all ${all.length} named call sites (tree-sitter ${Object.keys(LANGUAGES[language].calls).join('/')}, macros excluded) of the corpus's ${LANGUAGES[language].ext.join('/')} files${LANGUAGES[language].shebang ? ' and executable #! scripts' : ''} in path and source order, Fisher-Yates shuffled with mulberry32(seed), first ${opts.count} kept.`,
    sites: picked.map((s) => ({ ...s, target: 'TODO', rationale: '' })),
  };
  process.stdout.write(`${JSON.stringify(skeleton, null, 2)}\n`);
  const texts = new Map();
  for (const [i, s] of picked.entries()) {
    if (!texts.has(s.file)) texts.set(s.file, readFileSync(join(root, s.file), 'utf8').split('\n'));
    const lines = texts.get(s.file);
    process.stderr.write(`\n#${i} ${s.file}:${s.line}:${s.column} ${s.specifier}\n`);
    for (let l = Math.max(1, s.line - opts.context); l <= Math.min(lines.length, s.line + opts.context); l++) {
      process.stderr.write(`${l === s.line ? '>' : ' '}${String(l).padStart(5)} ${lines[l - 1]}\n`);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
