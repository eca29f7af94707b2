import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { render } from './render.js';

const extract = (source: string, path = 'pkg/mod.py') => extractFacts(path, source, 'python');

const SOURCE = `import os, a.b as ab
import a.c
from . import sib
from ..pkg.mod import f as g, h
from x import *
from __future__ import annotations

class A(Base, mixins.Mixin, metaclass=M):
    def __init__(self, cb):
        self.cb = cb
    @decorator
    def m(self, x, fn=None):
        self.n()
        super().m(x)
        g()
        ab.d()
        a.c.e()
        fn()
        cb2 = make()
        cb2()
        (lambda: 1)()
    async def n(self):
        pass

def top():
    def inner():
        pass
    inner()
    A(1).m(2)
    print(len([]))
`;

describe('python extraction', () => {
  it('extracts classes, methods, constructors, imports and call shapes', async () => {
    const facts = await extract(SOURCE);
    expect(facts.module).toBe('pkg.mod');
    expect(render(facts)).toMatchSnapshot();
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}`)).toEqual([
      'class A',
      'constructor A.__init__',
      'method A.m',
      'method A.n',
      'function top',
      'function top.inner',
    ]);
    expect(facts.symbols[0].bases).toEqual(['Base', 'mixins.Mixin']);
    expect(facts.symbols[2].ownerType).toBe('A');
    expect(facts.imports.map((i) => `${i.source}|${i.imported}|${i.local}`)).toEqual([
      'os|self|os',
      'a.b|self|ab',
      'a.c|self|a.c',
      '.|sib|sib',
      '..pkg.mod|f|g',
      '..pkg.mod|h|h',
      'x|*|*',
    ]);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('self.n')).toMatchObject({ receiver: 'self', receiverType: 'A' });
    expect(call('super().m')).toMatchObject({ receiver: 'super()', calleeName: 'm' });
    expect(call('ab.d')).toMatchObject({ receiver: 'ab' });
    expect(call('a.c.e')).toMatchObject({ receiver: 'a.c' });
    expect(call('fn')).toMatchObject({ indirect: true });
    expect(call('cb2')).toMatchObject({ indirect: true });
    expect(call('(lambda: 1)')).toMatchObject({ indirect: true });
    expect(call('inner').indirect).toBeUndefined();
    expect(call('g').indirect).toBeUndefined();
  });

  it('marks test files, test functions, Test classes and TestCase subclasses', async () => {
    const inTests = await extract('class TestThing:\n    def test_a(self): pass\ndef test_b(): pass\ndef helper(): pass\n', 'tests/test_thing.py');
    expect(inTests.symbols.every((s) => s.isTest)).toBe(true);
    expect(inTests.symbols.map((s) => `${s.qualifiedName}:${s.attributes?.test ?? ''}`)).toEqual([
      'TestThing:class',
      'TestThing.test_a:function',
      'test_b:function',
      'helper:',
    ]);
    const suffix = await extract('def test_x(): pass\n', 'pkg/thing_test.py');
    expect(suffix.symbols[0].isTest).toBe(true);
    const unit = await extract('import unittest\nclass Case(unittest.TestCase):\n    def test_y(self): pass\ndef plain(): pass\n', 'pkg/checks.py');
    expect(unit.symbols.map((s) => `${s.qualifiedName}:${s.isTest}`)).toEqual(['Case:true', 'Case.test_y:true', 'plain:false']);
    const library = await extract('def test_like(): pass\n', 'pkg/lib.py');
    expect(library.symbols[0].isTest).toBe(false);
  });
});
