"""The C and C++ oracle: clang's own answer (its JSON AST, `-Xclang -ast-dump=json`)
to "which declaration does this call reach?" for every call in a corpus's translation
units, one JSON site per line in the shape of the TypeScript oracle (oracle-ts.mjs),
so the same join and metrics judge cairn. `--lang c` (the default) or `--lang c++`.

Each source file is one translation unit, parsed with the include paths given. A
call's callee is the declaration its DeclRefExpr (or MemberExpr) names; the answer is
that function's definition in the corpus, else its declaration outside the corpus
(external; clang's builtins and functions without a written declaration are
builtin). A call through a variable, parameter or field holding a function pointer
is indirect (declKind FuncVar, Parameter, FuncField: the metrics expect
indirect_call there). Calls written inside a macro's expansion are left out (cairn
sees the macro there); the summary counts them. With --macro-args a call written in
a macro's argument (`EXPECT_EQ(f(x), 1)`) is kept at its spelling, as cairn parses
the argument. A call in a file several units include (a header's inline function, a
.c file another includes) is one site.

C: a definition is found by name (a static one within its own translation unit).

C++ adds what cairn records as call sites: member calls (`a.f()`, `p->f()`), static
member and namespace calls (`A::f()`, `ns::f()`), constructor calls written as a call
(`T(...)`, `new T(...)`: the constructor clang chose, or the class when that
constructor is implicit), and `x(...)` through an object's `operator()` (a lambda,
std::function or functor held in a variable: indirect). Other operator calls and
implicit calls (conversions, range-for's begin/end) are not written calls: a site
counts only when the callee's name is written where clang places it. A definition is
found by qualified name and type (inline namespaces left out; a template's members by
the primary template's declaration, as every instantiation points there), else by
qualified name alone. Template bodies are answered by their instantiations: the
targets of a site are the union over every instantiation in every unit; a call no
instantiation resolves stays unknown.

Clang's JSON prints a location's file only when it changes: the walk keeps the last
file printed, in the order the dump prints locations, and turns offsets into lines.
The dump of a C++ unit is mostly the standard library (hundreds of MB): its
top-level declarations are cut apart by their indentation, and one that names no
corpus file (and starts outside the corpus) is not parsed, only scanned for the last
file it prints and the ids of the functions it declares (external).

    python3 oracle.py <root> <out.jsonl> [--lang c|c++] [--std <std>] [--macro-args]
        [--include <dir>]... [--src <dir>]... [--exclude <file>]... [--define <NAME>]...
"""

import bisect
import json
import os
import re
import subprocess
import sys
import time

BUILTIN_PREFIXES = ('__builtin_', '__sync_', '__atomic_')
VALUE_KINDS = {'VarDecl': 'FuncVar', 'ParmVarDecl': 'Parameter', 'FieldDecl': 'FuncField'}
C_FUNCTIONS = {'FunctionDecl'}
CPP_FUNCTIONS = {'FunctionDecl', 'CXXMethodDecl', 'CXXConstructorDecl', 'CXXDestructorDecl', 'CXXConversionDecl'}
RECORDS = {'CXXRecordDecl', 'ClassTemplateSpecializationDecl', 'ClassTemplatePartialSpecializationDecl'}
WRAPPERS = ('ImplicitCastExpr', 'ParenExpr', 'MaterializeTemporaryExpr', 'CXXBindTemporaryExpr', 'ExprWithCleanups')
# In a template's own body a dependent call names its callee without resolving it.
UNRESOLVED = {'UnresolvedLookupExpr': 'name', 'UnresolvedMemberExpr': 'name', 'CXXDependentScopeMemberExpr': 'member'}
SOURCE_EXTENSIONS = {'c': ('.c',), 'c++': ('.cc', '.cpp', '.cxx', '.c++')}
STARTS = {}
TEXTS = {}

# One top-level declaration of the unit starts at this indentation of the dump.
TOP_ITEM = b'\n    {\n'
KIND = re.compile(rb'\s*\{\s*"id": "[^"]*",\s*"kind": "(\w+)"')
# Declarations bigger than this are read child by child (the standard library is one namespace).
SPLIT = 1 << 20
CONTAINERS = {'NamespaceDecl', 'LinkageSpecDecl', 'ClassTemplateDecl', 'CXXRecordDecl', 'ClassTemplateSpecializationDecl'}
LOC_FILE_VALUE = re.compile(rb'"file": "((?:[^"\\]|\\.)*)"')
FUNCTION_ID = re.compile(rb'"id": "(0x[0-9a-f]+)",\n\s*"kind": "(?:FunctionDecl|CXXMethodDecl|CXXConstructorDecl|CXXDestructorDecl|CXXConversionDecl)"')


def source(path):
    text = TEXTS.get(path)
    if text is None:
        try:
            with open(path, 'rb') as f:
                text = f.read()
        except OSError:
            text = b''
        TEXTS[path] = text
    return text


def line_col(path, offset):
    starts = STARTS.get(path)
    if starts is None:
        data = source(path)
        starts = [0] + [i + 1 for i, b in enumerate(data) if b == 10]
        STARTS[path] = starts
    line = bisect.bisect_right(starts, offset)
    return line, offset - starts[line - 1]


def strip(node):
    while node and node.get('kind') in WRAPPERS and node.get('inner'):
        node = node['inner'][0]
    return node


def written_name(place_begin, place_end, name):
    """Where `name` is written inside a callee's range (the last time), or None: an implicit call."""
    if not place_begin or not place_end or not name or place_begin[0] != place_end[0] or place_end[1] < place_begin[1]:
        return None
    # The range ends where its last token starts: the name starts there at the latest.
    span = source(place_begin[0])[place_begin[1]:place_end[1] + len(name)]
    found = None
    for m in re.finditer(rb'(?<![A-Za-z0-9_])' + re.escape(name.encode()) + rb'(?![A-Za-z0-9_])', span):
        found = m.start()
    return None if found is None else (place_begin[0], place_begin[1] + found, place_begin[2])


class Unit:
    """One translation unit: the file state of the dump, its declarations and calls."""

    def __init__(self, main, lang, macro_args):
        self.file = main
        self.lang = lang
        self.macro_args = macro_args
        self.functions = CPP_FUNCTIONS if lang == 'c++' else C_FUNCTIONS
        self.decls = {}
        self.external = set()  # ids of functions declared in parts of the dump not parsed
        self.records = {}  # id -> qualified name
        self.classes = {}  # qualified name -> (file, offset) of its definition
        self.constructors = {}  # qualified class name -> [decl id]
        self.calls = []

    def place(self, loc):
        """Reads one printed location (updating the file state): (file, offset, in_macro) or None."""
        if not loc:
            return None
        if 'spellingLoc' in loc or 'expansionLoc' in loc:
            spelling = self.place(loc.get('spellingLoc'))
            expansion = self.place(loc.get('expansionLoc'))
            if self.macro_args and spelling and (loc.get('expansionLoc') or {}).get('isMacroArgExpansion'):
                return (spelling[0], spelling[1], False)
            got = expansion or spelling
            return (got[0], got[1], True) if got else None
        if 'file' in loc:
            self.file = loc['file']
        return (self.file, loc['offset'], False) if 'offset' in loc else None

    def walk(self, node, scope=(), pattern_type=None):
        """pattern_type: under a function template, (the primary template's type, whether this is an instantiation)."""
        inner_scope = self.enter(node, scope, pattern_type)
        kind = node.get('kind')
        children = node.get('inner', [])
        pattern = None
        if kind == 'FunctionTemplateDecl':
            # The first function is the primary template; the rest, its instantiations, point at it.
            pattern = next((c for c in children if c.get('kind') in self.functions), None)
        for child in children:
            self.walk(child, inner_scope, pattern and (pattern.get('type', {}).get('qualType'), child is not pattern))
        if node['_b'] is not None:
            call = self.describe(node, kind) if self.lang == 'c++' else self.describe_c(node, kind)
            if call:
                self.calls.append(call)

    def enter(self, node, scope, pattern_type=None):
        """A node's own part, before its children: its locations, and the scope it opens."""
        where = self.place(node.get('loc'))
        rng = node.get('range') or {}
        node['_b'] = self.place(rng.get('begin'))
        node['_e'] = self.place(rng.get('end'))
        kind = node.get('kind')
        inner_scope = scope
        if kind in self.functions and where:
            self.declare_function(node, where, scope, pattern_type)
        elif kind in VALUE_KINDS and where:
            self.decls[node['id']] = {'name': node.get('name', ''), 'at': where, 'value': VALUE_KINDS[kind]}
        elif kind == 'NamespaceDecl':
            if not node.get('isInline'):
                inner_scope = scope + (node.get('name') or '(anonymous namespace)',)
        elif kind in RECORDS and node.get('name'):
            inner_scope = scope + (node['name'],)
            qname = '::'.join(inner_scope)
            self.records[node['id']] = qname
            if node.get('completeDefinition') and where and qname not in self.classes:
                self.classes[qname] = where[:2]
        return inner_scope

    def compact(self):
        """Keeps what the answers need: each call's declaration, the rest of the unit's declarations go."""
        for call in self.calls:
            decl = self.decls.get(call['ref']) if call['ref'] else None
            if decl is None and call.get('ctor_type'):
                ids = self.constructors.get(call['class'], [])
                decl = next((self.decls[i] for i in ids if self.decls[i].get('ctor_type') == call['ctor_type']), None)
            call['decl'] = decl
            call['external'] = call['ref'] in self.external
        self.decls, self.external, self.constructors, self.records = {}, set(), {}, {}

    def declare_function(self, node, where, scope, pattern_type):
        parent = self.records.get(node.get('parentDeclContextId'))
        qname = '::'.join(((parent,) if parent else scope) + (node.get('name', ''),))
        local = node.get('storageClass') == 'static' and not parent and node.get('kind') == 'FunctionDecl'
        decl = {
            'name': node.get('name', ''), 'at': where, 'static': node.get('storageClass') == 'static',
            'definition': any(c.get('kind') == 'CompoundStmt' for c in node.get('inner', [])),
            'qname': qname, 'implicit': bool(node.get('isImplicit')), 'kind': node.get('kind'),
            # A static free function or one in an anonymous namespace is its file's own.
            'key': (qname, pattern_type[0] if pattern_type else node.get('type', {}).get('qualType'), where[0] if local or '(anonymous' in qname else None),
            # An instantiation is placed at the template's first declaration, body or not.
            'instance': bool(pattern_type and pattern_type[1]),
        }
        self.decls[node['id']] = decl
        if node.get('kind') == 'CXXConstructorDecl':
            owner = parent or '::'.join(scope)
            decl['class'] = owner
            decl['ctor_type'] = node.get('type', {}).get('qualType')
            self.constructors.setdefault(owner, []).append(node['id'])

    def describe_c(self, node, kind):
        if kind != 'CallExpr':
            return None
        callee = (node.get('inner') or [None])[0]
        while callee and callee.get('kind') in ('ImplicitCastExpr', 'ParenExpr') and callee.get('inner'):
            callee = callee['inner'][0]
        call = {'begin': node['_b'], 'ref': None, 'name': None, 'name_at': None}
        if callee and callee.get('kind') == 'DeclRefExpr':
            ref = callee.get('referencedDecl', {})
            call.update(ref=ref.get('id'), name=ref.get('name'), name_at=callee['_b'])
        elif callee and callee.get('kind') == 'MemberExpr':
            call.update(ref=callee.get('referencedMemberDecl'), name=callee.get('name'), name_at=callee['_e'])
        return call

    def describe(self, node, kind):
        """A C++ call as the source writes it, or None (not a call cairn records, or implicit)."""
        inner = node.get('inner') or []
        if kind in ('CallExpr', 'CXXMemberCallExpr'):
            callee = strip(inner[0] if inner else None)
            if not callee:
                return None
            ck = callee.get('kind')
            if ck == 'DeclRefExpr':
                ref = callee.get('referencedDecl', {})
                ref_id, name = ref.get('id'), ref.get('name')
            elif ck == 'MemberExpr':
                ref_id, name = callee.get('referencedMemberDecl'), callee.get('name')
            elif ck in UNRESOLVED:
                ref_id, name = None, callee.get(UNRESOLVED[ck])
            else:
                return None  # `(*fp)(x)`, `f(a)(b)`: no name to place; cairn marks these indirect itself
            if not name or name.startswith(('operator', '~')):
                return None
            at = written_name(callee['_b'], callee['_e'], name)
            return at and {'begin': node['_b'], 'ref': ref_id, 'name': name, 'name_at': at, 'kind': 'call'}
        if kind == 'CXXOperatorCallExpr':
            callee = strip(inner[0] if inner else None)
            if not callee or callee.get('referencedDecl', {}).get('name') != 'operator()' or len(inner) < 2:
                return None
            target = strip(inner[1])
            if target.get('kind') == 'DeclRefExpr':
                ref = target.get('referencedDecl', {})
                ref_id, name, value = ref.get('id'), ref.get('name'), VALUE_KINDS.get(ref.get('kind'), 'FuncVar')
            elif target.get('kind') == 'MemberExpr':
                ref_id, name, value = target.get('referencedMemberDecl'), target.get('name'), 'FuncField'
            else:
                return None
            at = written_name(target['_b'], target['_e'], name)
            return at and {'begin': node['_b'], 'ref': ref_id, 'name': name, 'name_at': at, 'kind': 'call', 'object': value}
        if kind in ('CXXTemporaryObjectExpr', 'CXXFunctionalCastExpr', 'CXXNewExpr'):
            return self.describe_construction(node, kind, inner)
        return None

    def describe_construction(self, node, kind, inner):
        """`T(...)` or `new T(...)`: the constructor clang chose (by its type among T's), named as written."""
        begin, end = node['_b'], node['_e']
        if not begin or not end or begin[2] or begin[0] != end[0]:
            return None
        text = source(begin[0])
        if kind == 'CXXFunctionalCastExpr' and node.get('castKind') != 'ConstructorConversion':
            return None
        if kind != 'CXXNewExpr' and text[end[1]:end[1] + 1] != b')':
            return None  # `T{...}` is an initializer list, not a call cairn records
        m = re.compile(rb'(?:new\s+)?((?:[A-Za-z_]\w*\s*(?:<[^;(){}]*?>)?\s*::\s*)*)([A-Za-z_]\w*)').match(text, begin[1])
        if not m or (kind == 'CXXNewExpr' and not text[begin[1]:].startswith(b'new')):
            return None
        name = m.group(2).decode()
        type_name = (node.get('type') or {})
        type_name = type_name.get('desugaredQualType') or type_name.get('qualType') or ''
        if kind == 'CXXNewExpr':
            type_name = type_name.rstrip(' *')
        construct = next((c for c in inner if c.get('kind') in ('CXXConstructExpr', 'CXXTemporaryObjectExpr')), None)
        ctor_ref = (node.get('conversionFunc') or {}).get('id') if kind == 'CXXFunctionalCastExpr' else None
        ctor_type = ((construct or node).get('ctorType') or {}).get('qualType')
        return {'begin': begin, 'ref': ctor_ref, 'name': name, 'name_at': (begin[0], m.start(2), False), 'kind': 'new' if kind == 'CXXNewExpr' else 'call',
                'class': class_name(type_name), 'ctor_type': ctor_type}


def class_name(type_name):
    """`const fmt::basic_memory_buffer<char, 500> &` -> `fmt::basic_memory_buffer`."""
    plain, depth = '', 0
    for ch in type_name:
        if ch == '<':
            depth += 1
        elif ch == '>':
            depth -= 1
        elif depth == 0:
            plain += ch
    plain = re.sub(r'\b(const|volatile|struct|class|union)\b|[&*]', '', plain).strip()
    return plain


def read_unit(unit, dump, root_bytes, inside):
    """Walks the dump's declarations that touch the corpus; scans the others for their last file and functions."""
    read_items(unit, dump, 0, dump.rfind(b'\n  ]'), 4, (), root_bytes, inside)


def read_items(unit, dump, start, end, indent, scope, root_bytes, inside):
    """The items of one `inner` list, each an object starting at `indent`."""
    marker = b'\n' + b' ' * indent + b'{\n'
    starts = []
    at = dump.find(marker, start, end)
    while at != -1:
        starts.append(at + 1)
        at = dump.find(marker, at + len(marker), end)
    for i, begin in enumerate(starts):
        stop = starts[i + 1] if i + 1 < len(starts) else end
        while stop > begin and dump[stop - 1] in b' \n,':
            stop -= 1
        read_node(unit, dump, begin, stop, indent, scope, root_bytes, inside)


def read_node(unit, dump, start, stop, indent, scope, root_bytes, inside):
    first = dump.find(b'"offset": ', start, stop)
    # A first location that prints no file is in the file printed last.
    line = dump.find(b'\n', first) + 1
    carried = first != -1 and inside(unit.file) and not dump[line:line + 400].lstrip().startswith(b'"file": ')
    if not carried and dump.find(root_bytes, start, stop) == -1:
        last = last_file(dump, start, stop)
        if last is not None:
            unit.file = last
        unit.external.update(m.group(1).decode() for m in FUNCTION_ID.finditer(dump, start, stop))
        return
    if stop - start > SPLIT:
        # A big namespace, linkage block or class: its own part, then each child as above.
        inner = dump.find(b'\n' + b' ' * (indent + 2) + b'"inner": [\n', start, stop)
        if inner != -1 and KIND.match(dump, start, inner) and KIND.match(dump, start, inner).group(1).decode() in CONTAINERS:
            head = json.loads(dump[start:inner].rstrip(b',') + b'\n}')
            inner_scope = unit.enter(head, scope)
            read_items(unit, dump, inner, dump.rfind(b'\n' + b' ' * (indent + 2) + b']', inner, stop), indent + 4, inner_scope, root_bytes, inside)
            return
    unit.walk(json.loads(dump[start:stop]), scope)


def last_file(dump, start, end):
    """The file of the last location printed in dump[start:end] (an include stack's files are not locations)."""
    at = end
    while True:
        at = dump.rfind(b'"file": "', start, at)
        if at == -1:
            return None
        line = dump.rfind(b'\n', start, at)
        if dump.rfind(b'"offset": ', dump.rfind(b'\n', start, line), line) != -1:
            m = LOC_FILE_VALUE.match(dump, at)
            return json.loads(b'"' + m.group(1) + b'"')


def source_files(root, folders, lang, exclude):
    out = []
    for folder in folders or ['']:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith('.'))
            out += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(SOURCE_EXTENSIONS[lang])]
    skip = {os.path.join(root, e) for e in exclude}
    return sorted(p for p in set(out) if p not in skip)


def main(argv):
    root, out_path, rest = os.path.realpath(argv[0]), argv[1], argv[2:]
    opt = lambda name: [rest[i + 1] for i in range(len(rest) - 1) if rest[i] == name]
    lang = (opt('--lang') or ['c'])[0]
    compiler = 'clang++' if lang == 'c++' else 'clang'
    flags = [f'-I{os.path.join(root, d)}' for d in opt('--include')] + [f'-D{d}' for d in opt('--define')]
    flags += [f'-std={s}' for s in opt('--std')]
    macro_args = '--macro-args' in rest
    rel = lambda p: os.path.relpath(os.path.realpath(p), root).replace(os.sep, '/') if p and os.path.realpath(p).startswith(root + os.sep) else None
    inside_cache = {}
    inside = lambda p: inside_cache.setdefault(p, rel(p) is not None)
    root_bytes = b'"file": "' + root.encode() + b'/'
    t0 = time.time()
    files = source_files(root, opt('--src'), lang, opt('--exclude'))
    units = []
    definitions = {}  # C: name -> {(file, offset)} of non-static definitions in the corpus; C++: by key and by qualified name
    classes = {}
    failed = 0
    for path in files:
        res = subprocess.run([compiler, '-fsyntax-only', '-ferror-limit=0', '-w', '-Xclang', '-ast-dump=json', *flags, path], capture_output=True)
        unit = Unit(path, lang, macro_args)
        try:
            read_unit(unit, res.stdout, root_bytes, inside)
        except ValueError:
            failed += 1
            continue
        unit.path = path
        units.append(unit)
        for qname, at in unit.classes.items():
            if inside(at[0]):
                classes.setdefault(qname, at)
        for d in unit.decls.values():
            if 'value' in d or not d.get('definition') or d.get('instance') or not inside(d['at'][0]):
                continue
            if lang == 'c++':
                definitions.setdefault(d['key'], set()).add(d['at'][:2])
                definitions.setdefault(d['qname'], set()).add(d['at'][:2])
            elif not d['static']:
                definitions.setdefault(d['name'], set()).add(d['at'][:2])
        if lang == 'c++':
            unit.compact()
    # A call in a file several units include (a header's inline function, a .c file
    # included by another) is one site. C: the first unit that answers it decides.
    # C++: the targets of every unit and instantiation that answers it, together.
    by_place = {}
    macro = set()
    answer = cpp_targets if lang == 'c++' else targets
    for unit in units:
        for call in unit.calls:
            file, offset, in_macro = call['begin']
            own = rel(file)
            if own is None:
                continue
            if in_macro or (call['name_at'] and call['name_at'][2]):
                macro.add((own, offset))
                continue
            name_at = call['name_at'] or call['begin']
            if rel(name_at[0]) != own:
                continue
            line, col = line_col(name_at[0], name_at[1])
            cline, ccol = line_col(file, offset)
            site = {'file': own, 'line': line, 'column': col, 'callLine': cline, 'callColumn': ccol,
                    'calleeName': call['name'], 'specifier': call['name'] or '', 'kind': call.get('kind', 'call'),
                    'status': 'unknown', 'class': 'unknown', 'targets': []}
            site['targets'] = answer(call, unit, definitions, classes, rel)
            if site['targets']:
                inside_ = any(t['file'] for t in site['targets'])
                site['status'] = 'in_repo' if inside_ else 'external'
                kind = site['targets'][0]['declKind']
                site['class'] = 'indirect' if kind in VALUE_KINDS.values() else ('in_repo' if inside_ else 'builtin' if kind == 'Builtin' else 'external')
            key = (own, offset, name_at[1])
            earlier = by_place.get(key)
            if earlier is None or (earlier['status'] == 'unknown' and site['status'] != 'unknown'):
                by_place[key] = site
            elif lang == 'c++' and site['status'] == earlier['status'] != 'unknown':
                merge_targets(earlier, site)
    classes_count = {}
    with open(out_path, 'w', encoding='utf-8') as out:
        for key in sorted(by_place):
            site = by_place[key]
            out.write(json.dumps(site) + '\n')
            classes_count[site['class']] = classes_count.get(site['class'], 0) + 1
    sites = len(by_place)
    print(json.dumps({'files': len(files), 'units_failed': failed, 'sites': sites, 'macro_calls': len(macro), 'classes': classes_count,
                      'config': f'{compiler} ' + subprocess.run([compiler, '-dumpversion'], capture_output=True, text=True).stdout.strip() + (f' -std={opt("--std")[0]}' if opt('--std') else ''),
                      'ms': int(1000 * (time.time() - t0))}))


def merge_targets(earlier, site):
    """Another instantiation (or unit) of one call: any callee it reaches is a right answer."""
    seen = {(t['file'], t['line'], t['column']) for t in earlier['targets']}
    for t in site['targets']:
        if (t['file'], t['line'], t['column']) not in seen and len(earlier['targets']) < 12:
            earlier['targets'].append(t)
            seen.add((t['file'], t['line'], t['column']))


def builtin_or_external(call, unit):
    """The callee when the parsed part of the dump does not declare it."""
    name, ref = call['name'], call['ref']
    if name and ref and name.startswith(BUILTIN_PREFIXES):
        # A function with no written declaration: clang's builtin (`__builtin_expect`).
        return [{'file': None, 'line': 0, 'column': 0, 'name': name, 'declKind': 'Builtin', 'where': 'builtin'}]
    if call.get('external', ref in unit.external):
        return [{'file': None, 'line': 0, 'column': 0, 'name': name, 'declKind': 'FunctionDecl', 'where': 'outside the corpus'}]
    # Any other is declared implicitly by the call (a unit that does not build here): unknown.
    return []


def targets(call, unit, definitions, classes, rel):
    """C: the callee's definition in the corpus by name, else its declaration."""
    decl = unit.decls.get(call['ref']) if call['ref'] else None
    if not call['name']:
        return []
    if decl is None:
        return builtin_or_external(call, unit)
    file, offset = decl['at'][:2]
    if 'value' in decl:
        line, col = line_col(file, offset)
        return [{'file': rel(file), 'line': line, 'column': col, 'name': decl['name'], 'declKind': decl['value'], **({} if rel(file) else {'where': os.path.basename(file)})}]
    if decl['static']:
        # Its definition is in this translation unit (the file or a header it includes).
        # (a definition after a static prototype need not repeat `static`).
        found = [d['at'][:2] for d in unit.decls.values() if d.get('definition') and d['name'] == decl['name']]
    else:
        found = sorted(definitions.get(decl['name'], ()))
    return located(decl['name'], [f for f in found if rel(f[0])], file, offset, rel)


def located(name, found, file, offset, rel, kind='FunctionDecl'):
    """Definitions found in the corpus, else the declaration (in the corpus but defined nowhere, or outside)."""
    if found:
        out = []
        for f, o in found[:6]:
            line, col = line_col(f, o)
            out.append({'file': rel(f), 'line': line, 'column': col, 'name': name, 'declKind': kind})
        return out
    line, col = line_col(file, offset)
    if rel(file):
        # Declared in the corpus, defined nowhere in it (a library's prototype, or code not built here).
        return [{'file': None, 'line': line, 'column': col, 'name': name, 'declKind': kind, 'where': f'declared in {rel(file)}'}]
    return [{'file': None, 'line': line, 'column': col, 'name': name, 'declKind': kind, 'where': os.path.basename(file)}]


def cpp_targets(call, unit, definitions, classes, rel):
    """C++: the function, method or constructor clang chose, at its definition (the unit is compacted)."""
    decl = call['decl']
    if 'object' in call:
        # `x(...)` through an object's operator(): a lambda, std::function or functor in a variable.
        at = (decl or {}).get('at')
        line, col = line_col(at[0], at[1]) if at else (0, 0)
        return [{'file': rel(at[0]) if at else None, 'line': line, 'column': col, 'name': call['name'], 'declKind': call['object']}]
    if 'class' in call:
        return construction_targets(call, unit, definitions, classes, rel)
    if not call['ref']:
        return []  # a dependent call in a template's own body: its instantiations answer
    if decl is None:
        return builtin_or_external(call, unit)
    if 'value' in decl:
        line, col = line_col(decl['at'][0], decl['at'][1])
        return [{'file': rel(decl['at'][0]), 'line': line, 'column': col, 'name': decl['name'], 'declKind': decl['value']}]
    return function_targets(decl, definitions, rel)


def function_targets(decl, definitions, rel):
    file, offset = decl['at'][:2]
    if decl['definition'] and not decl['instance'] and rel(file):
        found = [(file, offset)]
    else:
        # A template's instantiation: the primary template's definition (declared with another
        # spelling of its type, `auto f() -> T` before `T f()`, by its qualified name).
        found = sorted(definitions.get(decl['key'], ())) or sorted(definitions.get(decl['qname'], ()))
        if not found and decl['definition'] and rel(file):
            found = [(file, offset)]
    return located(decl['name'], found, file, offset, rel, decl['kind'])


def construction_targets(call, unit, definitions, classes, rel):
    """The constructor `T(...)` or `new T(...)` runs; the class itself when that constructor is implicit."""
    qname = call['class']
    ctor = call['decl']
    if ctor is not None and not ctor['implicit'] and 'value' not in ctor:
        return function_targets(ctor, definitions, rel)
    # A class defined in the corpus is in every unit that constructs it (the unit's own first:
    # one in an anonymous namespace); any other is defined outside the corpus.
    at = unit.classes.get(qname) or classes.get(qname)
    name = qname.split('::')[-1]
    if at and rel(at[0]):
        line, col = line_col(at[0], at[1])
        return [{'file': rel(at[0]), 'line': line, 'column': col, 'name': name, 'declKind': 'CXXRecordDecl'}]
    return [{'file': None, 'line': 0, 'column': 0, 'name': name, 'declKind': 'CXXRecordDecl', 'where': 'outside the corpus'}]


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
