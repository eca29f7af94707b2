"""The C oracle: clang's own answer (its JSON AST, `-Xclang -ast-dump=json`) to
"which declaration does this call reach?" for every call in a corpus's translation
units, one JSON site per line in the shape of the TypeScript oracle (oracle-ts.mjs),
so the same join and metrics judge cairn.

Each source file is one translation unit, parsed with the include paths given. A
call's callee is the declaration its DeclRefExpr names; the answer is that
function's definition in the corpus (by name; a static one within its own
translation unit), else its declaration outside the corpus (external; clang's
builtins and functions without a written declaration are builtin). A call through
a variable, parameter or field holding a function pointer is indirect (declKind
FuncVar, Parameter, FuncField: the metrics expect indirect_call there). Calls
written inside a macro's expansion are left out (cairn sees the macro there); the
summary counts them. A call in a file several units include (a header's inline
function, a .c file another includes) is one site, answered by the first unit that can.

Clang's JSON prints a location's file only when it changes: the walk keeps the last
file printed, in the order the dump prints locations, and turns offsets into lines.

    python3 oracle.py <root> <out.jsonl> [--include <dir>]... [--src <dir>]... [--define <NAME>]...
"""

import bisect
import json
import os
import subprocess
import sys
import time

FUNCTION_DECLS = {'FunctionDecl'}
BUILTIN_PREFIXES = ('__builtin_', '__sync_', '__atomic_')
VALUE_KINDS = {'VarDecl': 'FuncVar', 'ParmVarDecl': 'Parameter', 'FieldDecl': 'FuncField'}
STARTS = {}


def line_col(path, offset):
    starts = STARTS.get(path)
    if starts is None:
        try:
            with open(path, 'rb') as f:
                data = f.read()
        except OSError:
            data = b''
        starts = [0] + [i + 1 for i, b in enumerate(data) if b == 10]
        STARTS[path] = starts
    line = bisect.bisect_right(starts, offset)
    return line, offset - starts[line - 1]


class Unit:
    """One translation unit: the file state of the dump, its declarations and calls."""

    def __init__(self, main):
        self.file = main
        self.decls = {}
        self.calls = []
        self.macro_calls = 0

    def place(self, loc):
        """Reads one printed location (updating the file state): (file, offset, in_macro) or None."""
        if not loc:
            return None
        if 'spellingLoc' in loc or 'expansionLoc' in loc:
            spelling = self.place(loc.get('spellingLoc'))
            expansion = self.place(loc.get('expansionLoc'))
            got = expansion or spelling
            return (got[0], got[1], True) if got else None
        if 'file' in loc:
            self.file = loc['file']
        return (self.file, loc['offset'], False) if 'offset' in loc else None

    def walk(self, node):
        where = self.place(node.get('loc'))
        rng = node.get('range') or {}
        node['_b'] = self.place(rng.get('begin'))
        node['_e'] = self.place(rng.get('end'))
        kind = node.get('kind')
        if kind in FUNCTION_DECLS and where:
            self.decls[node['id']] = {
                'name': node.get('name', ''), 'at': where, 'static': node.get('storageClass') == 'static',
                'definition': any(c.get('kind') == 'CompoundStmt' for c in node.get('inner', [])),
            }
        elif kind in VALUE_KINDS and where:
            self.decls[node['id']] = {'name': node.get('name', ''), 'at': where, 'value': VALUE_KINDS[kind]}
        for child in node.get('inner', []):
            self.walk(child)
        if kind == 'CallExpr' and node['_b'] is not None:
            self.calls.append(self.describe(node))

    def describe(self, node):
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


def source_files(root, folders):
    out = []
    for folder in folders or ['']:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith('.'))
            out += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith('.c')]
    return sorted(out)


def main(argv):
    root, out_path, rest = os.path.realpath(argv[0]), argv[1], argv[2:]
    opt = lambda name: [rest[i + 1] for i in range(len(rest) - 1) if rest[i] == name]
    flags = [f'-I{os.path.join(root, d)}' for d in opt('--include')] + [f'-D{d}' for d in opt('--define')]
    rel = lambda p: os.path.relpath(os.path.realpath(p), root).replace(os.sep, '/') if os.path.realpath(p).startswith(root + os.sep) else None
    t0 = time.time()
    files = source_files(root, opt('--src'))
    units = []
    definitions = {}  # name -> [(file, offset)] of non-static definitions in the corpus
    failed = 0
    for path in files:
        res = subprocess.run(['clang', '-fsyntax-only', '-ferror-limit=0', '-w', '-Xclang', '-ast-dump=json', *flags, path], capture_output=True)
        try:
            ast = json.loads(res.stdout)
        except ValueError:
            failed += 1
            continue
        unit = Unit(path)
        unit.walk(ast)
        unit.path = path
        units.append(unit)
        for d in unit.decls.values():
            if d.get('definition') and not d['static'] and rel(d['at'][0]):
                definitions.setdefault(d['name'], set()).add(d['at'][:2])
    # A call in a file several units include (a header's inline function, a .c file
    # included by another) is one site: the first unit that answers it decides.
    by_place = {}
    macro = set()
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
            line, col = line_col(name_at[0], name_at[1])
            cline, ccol = line_col(file, offset)
            site = {'file': own, 'line': line, 'column': col, 'callLine': cline, 'callColumn': ccol,
                    'calleeName': call['name'], 'specifier': call['name'] or '', 'kind': 'call',
                    'status': 'unknown', 'class': 'unknown', 'targets': []}
            decl = unit.decls.get(call['ref']) if call['ref'] else None
            if call['name'] and decl is not None:
                site['targets'] = targets(decl, unit, definitions, rel)
            elif call['name'] and call['ref'] and call['name'].startswith(BUILTIN_PREFIXES):
                # A function with no written declaration: clang's builtin (`__builtin_expect`). Any
                # other is declared implicitly by the call (a unit that does not build here): unknown.
                site['targets'] = [{'file': None, 'line': 0, 'column': 0, 'name': call['name'], 'declKind': 'Builtin', 'where': 'builtin'}]
            if site['targets']:
                inside = any(t['file'] for t in site['targets'])
                site['status'] = 'in_repo' if inside else 'external'
                kind = site['targets'][0]['declKind']
                site['class'] = 'indirect' if kind in VALUE_KINDS.values() else ('in_repo' if inside else 'builtin' if kind == 'Builtin' else 'external')
            key = (own, offset, name_at[1])
            earlier = by_place.get(key)
            if earlier is None or (earlier['status'] == 'unknown' and site['status'] != 'unknown'):
                by_place[key] = site
    classes = {}
    with open(out_path, 'w', encoding='utf-8') as out:
        for key in sorted(by_place):
            site = by_place[key]
            out.write(json.dumps(site) + '\n')
            classes[site['class']] = classes.get(site['class'], 0) + 1
    sites = len(by_place)
    print(json.dumps({'files': len(files), 'units_failed': failed, 'sites': sites, 'macro_calls': len(macro), 'classes': classes,
                      'config': 'clang ' + subprocess.run(['clang', '-dumpversion'], capture_output=True, text=True).stdout.strip(),
                      'ms': int(1000 * (time.time() - t0))}))


def targets(decl, unit, definitions, rel):
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
    found = [f for f in found if rel(f[0])]
    if found:
        out = []
        for f, o in found[:6]:
            line, col = line_col(f, o)
            out.append({'file': rel(f), 'line': line, 'column': col, 'name': decl['name'], 'declKind': 'FunctionDecl'})
        return out
    line, col = line_col(file, offset)
    where = os.path.basename(file)
    if rel(file):
        # Declared in the corpus, defined nowhere in it (a library's prototype, or code not built here).
        return [{'file': None, 'line': line, 'column': col, 'name': decl['name'], 'declKind': 'FunctionDecl', 'where': f'declared in {rel(file)}'}]
    return [{'file': None, 'line': line, 'column': col, 'name': decl['name'], 'declKind': 'FunctionDecl', 'where': where}]


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
