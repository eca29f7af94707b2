// The C++ oracle (clang's JSON AST, the C oracle's program with --lang c++). It needs
// Debian's clang, which CI does not install, so it is opt-in (CAIRN_CPP_ORACLE_TESTS=1):
// a header with a namespace, a class with an out-of-line method, a member template and
// an operator(), a function template, a constructor call and `new`, a call through a
// function pointer, a lambda, a call in a macro's argument and one in a macro's body,
// a range-for (implicit begin/end) and a call into the standard library.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { runCOracle } from '../../scripts/accuracy/oracle-c.mjs';

const HEADER = `#pragma once
#include <string>
namespace lib {
struct Point {
  Point(int x, int y) : x(x), y(y) {}
  int sum() const;
  template <typename T> T scaled(T k) const { return k * x; }
  int operator()(int d) const { return d + y; }
  int x, y;
};
template <typename T> T twice(T v) { return v + v; }
inline int helper() { return twice(2); }
}
`;
const POINT = `#include "lib/point.h"
namespace lib {
int Point::sum() const { return x + y; }
}
`;
const MAIN = `#include <vector>
#include "lib/point.h"
#define CHECK(c) do { if (!(c)) lib::helper(); } while (0)
static int apply(int (*fn)(int), int v) { return fn(v); }
static int inc(int v) { return v + 1; }
int main() {
  lib::Point p(1, 2);
  p.sum();
  p.scaled(3L);
  p(4);
  lib::Point(5, 6).sum();
  auto* q = new lib::Point(7, 8);
  lib::twice<long>(9);
  apply(inc, 1);
  auto l = [](int v) { return v; };
  l(2);
  CHECK(lib::helper() > 0);
  std::vector<int> xs;
  for (int x : xs) inc(x);
  std::to_string(3);
  delete q;
  return 0;
}
`;

describe.runIf(Boolean(process.env.CAIRN_CPP_ORACLE_TESTS))('C++ oracle (clang)', () => {
  let work = '';
  let sites: any[] = [];
  const at = (file: string, line: number, name: string) => sites.find((s) => s.file === file && s.line === line && s.calleeName === name);
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'cairn-oracle-cpp-'));
    mkdirSync(join(work, 'include', 'lib'), { recursive: true });
    mkdirSync(join(work, 'src'), { recursive: true });
    writeFileSync(join(work, 'include', 'lib', 'point.h'), HEADER);
    writeFileSync(join(work, 'src', 'point.cc'), POINT);
    writeFileSync(join(work, 'src', 'main.cc'), MAIN);
    const out = join(work, 'sites.jsonl');
    const summary = runCOracle(work, out, { src: ['src'], include: ['include'], std: 'c++17' }, 'c++');
    expect(summary.files).toBe(2);
    expect(summary.units_failed).toBe(0);
    sites = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('answers a member call with the out-of-line definition', () => {
    const site = at('src/main.cc', 8, 'sum');
    expect(site.class).toBe('in_repo');
    expect(site.targets).toEqual([expect.objectContaining({ file: 'src/point.cc', line: 3, name: 'sum' })]);
    expect(site.column).toBe(4);
  });

  it('answers template calls with the primary template, once per site across units and instantiations', () => {
    expect(at('src/main.cc', 9, 'scaled').targets).toEqual([expect.objectContaining({ file: 'include/lib/point.h', line: 7 })]);
    expect(at('src/main.cc', 13, 'twice').targets).toEqual([expect.objectContaining({ file: 'include/lib/point.h', line: 11 })]);
    // helper() in the header is parsed by both units: one site, attributed to the header.
    const inHeader = sites.filter((s) => s.file === 'include/lib/point.h' && s.calleeName === 'twice');
    expect(inHeader).toHaveLength(1);
    expect(inHeader[0].targets[0]).toEqual(expect.objectContaining({ file: 'include/lib/point.h', line: 11 }));
  });

  it('answers constructor calls written as calls and new with the constructor', () => {
    const temporary = at('src/main.cc', 11, 'Point');
    expect(temporary.targets).toEqual([expect.objectContaining({ file: 'include/lib/point.h', line: 5, name: 'Point' })]);
    const created = at('src/main.cc', 12, 'Point');
    expect(created.kind).toBe('new');
    expect(created.targets).toEqual([expect.objectContaining({ file: 'include/lib/point.h', line: 5 })]);
    // `lib::Point p(1, 2)` is a declaration, not a call cairn records.
    expect(at('src/main.cc', 7, 'Point')).toBeUndefined();
  });

  it('classifies calls through variables as indirect and the standard library as external', () => {
    expect(at('src/main.cc', 10, 'p').class).toBe('indirect');
    expect(at('src/main.cc', 16, 'l').class).toBe('indirect');
    expect(at('src/main.cc', 4, 'fn').class).toBe('indirect');
    expect(at('src/main.cc', 14, 'apply').targets[0]).toEqual(expect.objectContaining({ file: 'src/main.cc', line: 4 }));
    expect(at('src/main.cc', 20, 'to_string').class).toBe('external');
  });

  it('keeps calls written in a macro argument, leaves out a macro body and implicit calls', () => {
    expect(at('src/main.cc', 17, 'helper').class).toBe('in_repo');
    expect(sites.filter((s) => s.file === 'src/main.cc' && s.line === 17)).toHaveLength(1);
    expect(sites.filter((s) => s.file === 'src/main.cc' && s.line === 19).map((s) => s.calleeName)).toEqual(['inc']);
  });
});
