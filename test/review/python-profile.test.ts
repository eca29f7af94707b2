// The Python review profile (type-shape v1 with local module authority): model roots,
// update attribution, src/ layout, initializer re-exports and omissions, in temp dirs.
import { afterEach, describe, expect, test } from 'vitest';
import { openPythonFile } from '../../parsers/python/review.js';
import { parseHookEvent } from '../../review/edits.js';
import { PYTHON_ADDED, PYTHON_PACKAGE } from './fixtures.js';
import { before, cleanup, editEvent, review, summary, workspace } from './helpers.js';

afterEach(cleanup);

const ORDER = 'src/shop/order.py';
const orderEdit = (ws: string, text = PYTHON_PACKAGE[ORDER]) =>
  parseHookEvent(editEvent(ws, ORDER, before(text, '', PYTHON_ADDED), '    order_id: str\n', `    order_id: str\n${PYTHON_ADDED}`));

describe('Python review adapter', () => {
  test('model classes, TypeAlias, type statements and NewType are roots; arbitrary classes and functions are not', async () => {
    const source = [
      'from dataclasses import dataclass',
      'from typing import NewType, TypeAlias, TypedDict, TYPE_CHECKING',
      'from pydantic import BaseModel',
      'if TYPE_CHECKING:',
      '    from .x import X',
      'try:',
      '    from .y import Y',
      'except ImportError:',
      '    pass',
      '@dataclass(frozen=True)',
      'class A:',
      '    x: "X"',
      '    def m(self) -> int:',
      '        return 1',
      'class B(A):',
      '    pass',
      'class T(TypedDict, total=False):',
      '    a: int',
      'class M(BaseModel):',
      '    y: Y',
      'class Plain:',
      '    def __init__(self): self.a = 1',
      'Alias: TypeAlias = dict[str, A]',
      'type Pair = tuple[A, B]',
      'Id = NewType("Id", str)',
      'def f(): pass',
      'n = 1',
      '',
    ].join('\n');
    const file = await openPythonFile(source);
    expect(file.facts.declarations.map((d) => `${d.kind}:${d.name}:${d.rootKind ?? d.ineligible}`)).toEqual([
      'class:A:type',
      'class:B:type',
      'class:T:type',
      'class:M:type',
      'class:Plain:not-a-root',
      'type-alias:Alias:type',
      'type-alias:Pair:type',
      'type-alias:Id:type',
      'function:f:not-a-root',
      'variable:n:not-a-root',
    ]);
    expect(file.facts.imports.find((i) => i.local === 'X')).toMatchObject({ module: '.x', name: 'X', typeChecking: true });
    expect(file.facts.conditional).toEqual(['Y']);
    const a = file.facts.declarations[0];
    expect(source.slice(a.inert![0].start, a.inert![0].end)).toBe('def m(self) -> int:\n        return 1');
    const refs = (i: number) => file.references(file.facts.declarations[i]).map((r) => (r.unsupported ? `!${r.unsupported}` : (r.path ?? [r.name]).join('.')));
    expect(refs(0)).toEqual(['X']);
    expect(refs(1)).toEqual(['A']);
    expect(refs(5)).toEqual(['dict', 'str', 'A']);
    expect(refs(7)).toEqual(['str']);
  });

  test('Literal values and Annotated metadata are not references; unknown decorators and defaults are omissions', async () => {
    const file = await openPythonFile(
      'from dataclasses import dataclass\nfrom typing import Annotated, Literal\nimport attrs\n@attrs.define\n@dataclass\nclass C:\n    a: Literal["x", "y"]\n    b: Annotated[int, "meta", Unit]\n    c: int = compute()\n',
    );
    expect(file.references(file.facts.declarations[0]).map((r) => (r.unsupported ? `!${r.unsupported}` : r.name))).toEqual(['!unknown-decorator', 'Literal', 'Annotated', 'int', '!executable-default']);
  });
});

describe('Python review run', () => {
  test('positive: src/ layout, an __init__ re-export, a relative import and a submodule attribute resolve (complete)', async () => {
    const ws = workspace(PYTHON_PACKAGE);
    const { result } = await review(ws, orderEdit(ws));
    expect(summary(result)).toEqual({ roots: ['type:Order'], coverage: ['rendered'] });
    const unit = result.units[0];
    expect(unit.omitted).toEqual([]);
    expect(unit.input!.evidence.nodes.map((n) => `${n.domain}:${n.kind}:${n.name}`)).toEqual([
      'src/shop/money.py:type-alias:Cents',
      'src/shop/status.py:type-alias:Status',
      'src/shop/customer.py:class:Customer',
    ]);
    expect(unit.completeness).toBe('complete');
    expect(unit.sources.filter((s) => s.digest !== 'absent').map((s) => s.path).sort()).toEqual(['pyproject.toml', 'src/shop/__init__.py', 'src/shop/customer.py', 'src/shop/money.py', 'src/shop/order.py', 'src/shop/status.py']);
    // Competing alternatives (flat-layout package, x/__init__.py beside x.py) must stay absent.
    expect(unit.sources.filter((s) => s.digest === 'absent').map((s) => s.path)).toEqual([
      'shop.py',
      'shop.pyi',
      'shop/__init__.py',
      'shop/__init__.pyi',
      'src/shop.py',
      'src/shop/customer/__init__.py',
      'src/shop/money/__init__.py',
      'src/shop/status/__init__.py',
    ]);
  });

  test('similar but clear: a method-only edit selects nothing', async () => {
    const ws = workspace(PYTHON_PACKAGE);
    const text = PYTHON_PACKAGE[ORDER];
    const parsed = parseHookEvent(editEvent(ws, ORDER, text.replace('== "paid"', '!= "open"'), '!= "open"', '== "paid"'));
    expect(summary((await review(ws, parsed)).result)).toEqual({ roots: [], coverage: ['no-supported-root'] });
  });

  test('ambiguous: a module that is both money.py and money/__init__.py, and a package in both flat and src/ layouts', async () => {
    const competing = workspace({ ...PYTHON_PACKAGE, 'src/shop/money/__init__.py': 'Cents = int\n' });
    const first = (await review(competing, orderEdit(competing))).result.units[0];
    expect(first.omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['Cents:competing-module']);
    expect(first.rules.filter((r) => r.runs).map((r) => r.ruleId)).toEqual(['cairn/bare-primitives-for-domain-values']);
    const twice = workspace({ ...PYTHON_PACKAGE, 'shop/__init__.py': '' });
    expect((await review(twice, orderEdit(twice))).result.units[0].omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['Cents:ambiguous-module']);
  });

  test('incomplete: an unknown decorator is an omission; only root-declaration rules run', async () => {
    const text = PYTHON_PACKAGE[ORDER].replace('@dataclass\n', '@dataclass\n@register\n');
    const ws = workspace({ ...PYTHON_PACKAGE, [ORDER]: text });
    const unit = (await review(ws, orderEdit(ws, text))).result.units[0];
    expect(unit.omitted[0]).toMatchObject({ relation: 'type', depth: 1, reason: 'unknown-decorator' });
    expect(unit.rules.filter((r) => r.runs).map((r) => r.ruleId)).toEqual(['cairn/bare-primitives-for-domain-values']);
  });

  test('a privacy-excluded dependency is checked, never opened', async () => {
    const ws = workspace({ ...PYTHON_PACKAGE, '.cairn.jsonc': '{ "privacyExcludes": ["src/shop/status.py"] }' });
    const { result, interpreter } = await review(ws, orderEdit(ws));
    expect(interpreter.accessLog.filter((a) => a.path === 'src/shop/status.py')).toEqual([{ op: 'check', path: 'src/shop/status.py' }]);
    expect(result.units[0].omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['Status:privacy-excluded']);
  });

  test('package initializers are authority: captured through the gate, and a dynamic one (__getattr__) establishes nothing', async () => {
    const hidden = workspace({ ...PYTHON_PACKAGE, '.cairn.jsonc': '{ "privacyExcludes": ["src/shop/__init__.py"] }' });
    const first = await review(hidden, orderEdit(hidden));
    expect(first.interpreter.accessLog.filter((a) => a.path === 'src/shop/__init__.py').every((a) => a.op === 'check')).toBe(true);
    expect(first.result.units[0].omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['Cents:privacy-excluded', 'Status:privacy-excluded', 'customer.Customer:privacy-excluded']);
    const dynamic = workspace({ ...PYTHON_PACKAGE, 'src/shop/__init__.py': 'from .money import Cents\n\ndef __getattr__(name):\n    raise AttributeError(name)\n' });
    const second = await review(dynamic, orderEdit(dynamic));
    expect(second.result.units[0].omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['Cents:dynamic-package', 'Status:dynamic-package', 'customer.Customer:dynamic-package']);
  });

  test('setup.py makes absolute-import authority unavailable; relative imports still resolve', async () => {
    const ws = workspace({ ...PYTHON_PACKAGE, 'setup.py': 'from setuptools import setup\nsetup()\n' });
    const unit = (await review(ws, orderEdit(ws))).result.units[0];
    expect(unit.omitted.map((o) => `${o.name}:${o.reason}`)).toEqual(['Cents:setup-authority']);
    expect(unit.input!.evidence.nodes.map((n) => n.name)).toEqual(['Status', 'Customer']);
  });

  test('a flat layout with one literal setuptools root and a .pyi stub where no .py exists', async () => {
    const ws = workspace({
      'pyproject.toml': '[tool.setuptools.packages.find]\nwhere = ["lib"]\n',
      'lib/app/__init__.py': '',
      'lib/app/model.py': 'from app.types import Ref\n\n\nclass Model:\n    ref: Ref\n    name: str\n',
      'lib/app/types.pyi': 'from typing import NewType\nRef = NewType("Ref", str)\n',
    });
    const text = 'from app.types import Ref\n\n\nclass Model:\n    ref: Ref\n    name: str\n';
    const parsed = parseHookEvent(editEvent(ws, 'lib/app/model.py', text.replace('    name: str\n', ''), '    ref: Ref\n', '    ref: Ref\n    name: str\n'));
    const unit = (await review(ws, parsed)).result.units[0];
    expect(unit.omitted).toEqual([]);
    expect(unit.input!.evidence.nodes.map((n) => `${n.domain}:${n.name}`)).toEqual(['lib/app/types.pyi:Ref']);
  });
});
