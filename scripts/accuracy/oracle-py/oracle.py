"""The Python oracle: Jedi's answer to "which declaration does this call reach?"
for every call of a corpus's Python files, one JSON site per line in the shape
of the TypeScript oracle (oracle-ts.mjs), so the same join and metrics judge cairn.

Calls are found with parso (Jedi's own parser): every trailer `(...)` of an atom
expression, decorators with arguments included. At the callee's name Jedi's `goto`
runs with imports followed, so a name bound by `from .models import Request`
reaches the class in models.py, not the import line. Each site is classified:

- in_repo: the declaration lies in the corpus (a function, class or method; or a
  parameter, variable or attribute holding a function value: declKind PyParam,
  PyVariable, PyAttribute, which the metrics count as indirect calls);
- builtin: Python's own builtins module;
- external: any other module outside the corpus (the standard library, packages);
- unknown: Jedi has no answer (a receiver whose type it cannot infer).

Jedi's `super()` answers from the first base only: where it answers with object's
own method in a class that has bases, the site is unknown (cairn's answer there is
not judged). A call of a class names the class; its `__init__`, when the class defines one, is
an equally valid answer (alternative), as a TypeScript constructor is.

Run by scripts/accuracy/oracle-py.mjs with Debian's python3 (python3-jedi):
    python3 oracle.py <root> <out.jsonl> [--sys-path <dir>]... [--only <folder>]...
<root> is the corpus copy; --sys-path entries come first on Jedi's import path, so
the corpus's own absolute imports reach the copy, not an installed package; --only
walks just those folders of the root (imports are still followed anywhere).
"""

import json
import os
import sys
import time

import jedi
import jedi.inference.gradual.typeshed as typeshed
from parso.tree import search_ancestor

# Jedi ships stubs for Django and prefers them to the sources it reads; the oracle's
# answer must come from the corpus's own code, so those stubs are turned off.
typeshed.DJANGO_INIT_PATH = typeshed.DJANGO_INIT_PATH.with_name('absent.pyi')

MAX_SPECIFIER = 120


def source_files(root):
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith('.') and d != '__pycache__')
        for name in sorted(filenames):
            if name.endswith('.py'):
                out.append(os.path.join(dirpath, name))
    return sorted(out)


def one_line(text):
    flat = ' '.join(text.split())
    return flat if len(flat) <= MAX_SPECIFIER else flat[: MAX_SPECIFIER - 3] + '...'


def calls_in(module):
    """Yields (callee_nodes, trailer) for every call trailer of the module's atom expressions."""
    stack = [module]
    while stack:
        node = stack.pop()
        children = getattr(node, 'children', None)
        if children is None:
            continue
        if node.type == 'atom_expr':
            parts = children[1:] if children[0].type == 'keyword' and children[0].value == 'await' else children
            for i, part in enumerate(parts):
                if i > 0 and part.type == 'trailer' and part.children[0].value == '(':
                    yield parts[:i], part
        stack.extend(reversed(children))


def callee_name(callee):
    """The leaf naming the callee: `f` of f(), `m` of a.b.m(); None when anonymous (f()(), x[0]())."""
    last = callee[-1]
    if len(callee) == 1:
        return last if last.type == 'name' else None
    if last.type == 'trailer' and last.children[0].value == '.':
        return last.children[1]
    return None


def through_super(callee):
    """`super().m`: the callee's receiver is a bare call of super."""
    return len(callee) == 3 and callee[0].type == 'name' and callee[0].value == 'super' and callee[1].children[0].value == '('


def class_has_bases(node):
    """Whether the class enclosing node names bases other than object."""
    cls = search_ancestor(node, 'classdef')
    bases = cls.get_super_arglist() if cls is not None else None
    return bases is not None and bases.get_code().strip() not in ('', 'object')


class Oracle:
    def __init__(self, root, out, sys_path):
        self.root = os.path.realpath(root)
        self.out = out
        # The given entries go before the interpreter's own (Jedi appends added_sys_path after them).
        base = jedi.get_default_environment().get_sys_path()
        self.project = jedi.Project(self.root, sys_path=[*sys_path, *base], smart_sys_path=False)
        self.sites = 0
        self.classes = {}

    def rel(self, path):
        if path is None:
            return None
        real = os.path.realpath(str(path))
        if real != self.root and not real.startswith(self.root + os.sep):
            return None
        return os.path.relpath(real, self.root).replace(os.sep, '/')

    def file(self, path):
        with open(path, encoding='utf-8', errors='replace') as f:
            code = f.read()
        try:
            script = jedi.Script(code, path=path, project=self.project)
            module = script._module_node
        except Exception as error:  # a file Jedi cannot read is left out, and said so
            sys.stderr.write(f'oracle-py: {path}: {error}\n')
            return
        rel = self.rel(path)
        for callee, trailer in calls_in(module):
            self.emit(self.describe(script, rel, callee, trailer))

    def describe(self, script, rel, callee, trailer):
        first = callee[0]
        name = callee_name(callee)
        site = {
            'file': rel,
            'line': (name or trailer).start_pos[0],
            'column': (name or trailer).start_pos[1],
            'callLine': first.start_pos[0],
            'callColumn': first.start_pos[1],
            'calleeName': name.value if name is not None else None,
            'specifier': one_line(''.join(n.get_code(include_prefix=False) if i == 0 else n.get_code() for i, n in enumerate(callee))),
            'kind': 'call',
            'status': 'unknown',
            'class': 'unknown',
            'targets': [],
        }
        if name is None:
            return site
        try:
            found = script.goto(name.start_pos[0], name.start_pos[1], follow_imports=True)
        except Exception as error:
            sys.stderr.write(f'oracle-py: {rel}:{name.start_pos[0]}: goto failed: {error}\n')
            found = []
        seen = set()
        for definition in found[:6]:
            for target in self.targets(definition):
                key = (target['file'], target['line'], target['column'], target.get('where'))
                if key not in seen:
                    seen.add(key)
                    site['targets'].append(target)
        primary = [t for t in site['targets'] if not t.get('alternative')]
        if primary and through_super(callee) and all(t.get('where') == 'builtin' for t in primary) and class_has_bases(first):
            site['targets'] = []
            return site
        if primary:
            if any(t['file'] is not None for t in primary):
                site['status'] = 'in_repo'
                site['class'] = 'indirect' if all(t['declKind'] in FUNCTION_VALUES for t in primary if t['file']) else 'in_repo'
            else:
                site['status'] = 'external'
                site['class'] = 'builtin' if all(t.get('where') == 'builtin' for t in primary) else 'external'
        return site

    def targets(self, definition):
        kind = DECL_KINDS.get(definition.type, f'Py{definition.type.capitalize()}')
        if definition.type == 'statement' and '.' in (definition.get_line_code() or '').split('=')[0]:
            kind = 'PyAttribute'  # `self.callback = f`: an attribute holding a function value
        file = self.rel(definition.module_path)
        target = {'file': file, 'line': definition.line or 0, 'column': definition.column or 0, 'name': definition.name, 'declKind': kind}
        if file is None:
            target['where'] = 'builtin' if definition.in_builtin_module() or definition.module_name == 'builtins' else (definition.module_name or '?')
        out = [target]
        if definition.type == 'class' and file is not None:
            for member in definition.defined_names():
                if member.name == '__init__' and member.type == 'function' and self.rel(member.module_path) == file:
                    out.append({'file': file, 'line': member.line, 'column': member.column, 'name': '__init__', 'declKind': 'PyFunction', 'alternative': True})
        return out

    def emit(self, site):
        self.out.write(json.dumps(site) + '\n')
        self.sites += 1
        self.classes[site['class']] = self.classes.get(site['class'], 0) + 1


DECL_KINDS = {'function': 'PyFunction', 'class': 'PyClass', 'param': 'PyParam', 'statement': 'PyVariable', 'module': 'PyModule', 'instance': 'PyInstance', 'property': 'PyProperty'}
# Declarations that hold a function value: a call through one is indirect.
FUNCTION_VALUES = {'PyParam', 'PyVariable', 'PyAttribute'}


def main(argv):
    if len(argv) < 2:
        sys.stderr.write('usage: oracle.py <root> <out.jsonl> [--sys-path <dir>]... [--only <folder>]...\n')
        return 2
    root, out_path, rest = argv[0], argv[1], argv[2:]
    sys_path = [rest[i + 1] for i in range(len(rest) - 1) if rest[i] == '--sys-path']
    only = [rest[i + 1] for i in range(len(rest) - 1) if rest[i] == '--only']
    t0 = time.time()
    files = [f for folder in only for f in source_files(os.path.join(root, folder))] if only else source_files(root)
    with open(out_path, 'w', encoding='utf-8') as out:
        oracle = Oracle(root, out, sys_path)
        for path in files:
            oracle.file(path)
    print(json.dumps({'files': len(files), 'sites': oracle.sites, 'classes': oracle.classes, 'config': f'jedi {jedi.__version__}', 'ms': int(1000 * (time.time() - t0))}))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
