import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { headerIsCpp } from '../../parsers/c/extract.js';
import { render } from './render.js';

const C_SOURCE = `#include "x.h"
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define VERSION 3
typedef struct point { int x; void (*cb)(int); } point_t;
typedef int (*handler)(int);
union u { int a; };
enum color { RED };
static int helper(int x) { return x; }
char **names(void) { return 0; }
int run(struct point *p, handler h, int (*fp)(void)) {
  helper(1);
  p->cb(2);
  h(3);
  fp();
  (*fp)();
  MAX(1, 2);
  ops.open();
  int (*local)(int) = helper;
  local(4);
  return run(p, h, fp);
}
int proto(int);
`;

describe('c extraction', () => {
  it('extracts functions, types, macros, statics and indirect calls', async () => {
    const facts = await extractFacts('src/a.c', C_SOURCE, 'c');
    expect(render(facts)).toMatchSnapshot();
    expect(facts.language).toBeUndefined();
    expect(facts.macros).toEqual(['MAX']);
    expect(facts.symbols.map((s) => `${s.kind} ${s.name}${s.fileLocal ? ' static' : ''}`)).toEqual([
      'macro MAX',
      'typedef point_t',
      'struct point',
      'typedef handler',
      'union u',
      'enum color',
      'function helper static',
      'function names',
      'function run',
    ]);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('helper').indirect).toBeUndefined();
    expect(call('p->cb')).toMatchObject({ indirect: true });
    expect(call('h')).toMatchObject({ indirect: true });
    expect(call('fp')).toMatchObject({ indirect: true });
    expect(call('(*fp)')).toMatchObject({ indirect: true });
    expect(call('ops.open')).toMatchObject({ indirect: true });
    expect(call('local')).toMatchObject({ indirect: true });
    expect(call('MAX').indirect).toBeUndefined();
    expect(call('run').indirect).toBeUndefined();
  });

  it('registers gtest and Catch2 tests by their arguments', async () => {
    const facts = await extractFacts(
      'tests/t.c',
      'TEST(Suite, Name) { run(); }\nTEST_CASE("adds numbers", "[math]") { SECTION("one") { run(); } }\n',
      'c',
    );
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName} ${s.isTest}`)).toEqual([
      'test Suite.Name true',
      'test adds numbers true',
      'test adds numbers::one true',
    ]);
    expect(facts.callSites.map((c) => `${c.calleeName} in ${c.caller === null ? '-' : facts.symbols[c.caller].name}`)).toEqual(['run in Suite.Name', 'run in one']);
  });

  it('decides the language of a .h file by its content', async () => {
    expect(headerIsCpp('struct a { int x; };\n#ifdef __cplusplus\nextern "C" {\n#endif\nint f(void);\n')).toBe(false);
    expect(headerIsCpp('// a class Foo { in a comment\nint f(void); /* std::x */ const char *s = "a::b";\n')).toBe(false);
    expect(headerIsCpp('namespace fmt {\nint f();\n}\n')).toBe(true);
    expect(headerIsCpp('template <typename T> T id(T);\n')).toBe(true);
    expect(headerIsCpp('class Foo : public Bar {};\n')).toBe(true);
    const cpp = await extractFacts('include/a.h', 'namespace ns { class A { public: void f() { g(); } void g() {} }; }\n', 'c');
    expect(cpp.language).toBe('cpp');
    expect(cpp.symbols.map((s) => `${s.kind} ${s.qualifiedName}`)).toEqual(['namespace ns', 'class ns::A', 'method ns::A::f', 'method ns::A::g']);
    const c = await extractFacts('include/b.h', 'static inline int g(void) { return 1; }\n', 'c');
    expect(c.language).toBeUndefined();
    expect(c.symbols[0]).toMatchObject({ name: 'g', fileLocal: true });
  });
});

const CPP_SOURCE = `namespace ns { namespace inner {
class A : public Base<int>, private B {
 public:
  A();
  void f(int x);
  int g() const { return h(); }
  virtual void v() = 0;
  static A* make();
};
}
void inner::A::f(int x) {
  g();
  this->g();
  obj.g();
  ptr->g();
  A::make();
  std::sort(x);
  auto a = new inner::A();
  tmpl<int>(x);
  auto cb = [](){};
  cb();
}
inner::A::A() {}
template <typename T> T id(T t) { return t; }
}
struct S { int x; void m() { this->m(); } };
TEST(Suite, Name) { ns::id(1); }
`;

describe('cpp extraction', () => {
  it('extracts namespaces, classes, in-class and out-of-line methods, and call shapes', async () => {
    const facts = await extractFacts('src/a.cpp', CPP_SOURCE, 'cpp');
    expect(render(facts)).toMatchSnapshot();
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}${s.ownerType ? ` owner=${s.ownerType}` : ''}`)).toEqual([
      'namespace ns',
      'namespace ns::inner',
      'class ns::inner::A',
      'method ns::inner::A::g owner=A',
      'method ns::inner::A::f owner=A',
      'constructor ns::inner::A::A owner=A',
      'function ns::id',
      'struct S',
      'method S::m owner=S',
      'test Suite.Name',
    ]);
    expect(facts.symbols[2].bases).toEqual(['Base', 'B']);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('this->g')).toMatchObject({ receiver: 'this', receiverType: 'A' });
    expect(call('obj.g')).toMatchObject({ receiver: 'obj' });
    expect(call('obj.g').indirect).toBeUndefined();
    expect(call('A::make')).toMatchObject({ qualifier: 'A', calleeName: 'make' });
    expect(call('std::sort')).toMatchObject({ qualifier: 'std', calleeName: 'sort' });
    expect(call('new A')).toMatchObject({ kind: 'new', calleeName: 'A' });
    expect(call('tmpl<int>')).toMatchObject({ calleeName: 'tmpl' });
    expect(call('cb')).toMatchObject({ indirect: true });
    expect(call('this->m')).toMatchObject({ receiverType: 'S' });
    expect(call('ns::id')).toMatchObject({ qualifier: 'ns' });
  });
});

describe('c annotation macros', () => {
  it('sees through function-like annotation macros before a declaration', async () => {
    const source = 'static __always_inline __alloc_size(1) void *kmalloc(unsigned long size, int flags)\n{\n\treturn __kmalloc(size, flags);\n}\n__printf(2, 3) int log_it(int level, const char *fmt, ...) { return 0; }\n';
    const facts = await extractFacts('include/linux/slab.h', source, 'c');
    expect(facts.symbols.map((s) => `${s.name}:${s.startLine}:${s.startColumn}`)).toEqual(['kmalloc:1:0', 'log_it:5:15']);
    expect(facts.symbols[0].fileLocal).toBe(true);
    expect(facts.callSites.map((c) => `${c.calleeName}@${c.line}:${c.column}`)).toEqual(['__kmalloc@3:8']);
  });
});
