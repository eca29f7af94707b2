import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

describe('C resolution', () => {
  it('binds statics first, declared-once definitions, macros and indirect calls', async () => {
    open = await indexFiles({
      'include/util.h': `#define CLAMP(x) ((x) < 0 ? 0 : (x))
int shared(int);
int twice(int);
static inline int inl(void) { return 1; }
`,
      'include/other.h': 'int shared(int);\n',
      'src/util.c': `#include "util.h"
int shared(int x) { return x; }
static int helper(void) { return 0; }
int twice(int x) { return x; }
`,
      'arch/a/twice.c': 'int twice(int x) { return x; }\nint thrice(int x) { return x; }\n',
      'arch/b/thrice.c': 'int thrice(int x) { return x; }\n',
      'tools/shim.h': '#define shared(x) (x)\n#define only_macro(x) (x)\n',
      'tools/alloc.h': 'static inline void *zalloc(int n) { return 0; }\n',
      'include/alloc.h': 'static inline void *zalloc(int n) { return 0; }\n',
      'tools/user.c': 'void f(void) { zalloc(1); }\n',
      'src/main.c': `#include "util.h"
struct ops { void (*open)(void); };
static int helper(void) { return 1; }
int main(int argc, char **argv) {
  helper();
  shared(1);
  twice(2);
  thrice(2);
  CLAMP(3);
  only_macro(5);
  zalloc(6);
  UNKNOWN_MACRO(4);
  inl();
  printf("x");
  struct ops o;
  o.open();
  return local_def();
}
int local_def(void) { return 0; }
`,
    });
    const at = (spec: string) => describeAnswer(open!.answer('src/main.c', spec));
    expect(at('helper')).toBe('src/main.c::helper (exact)');
    expect(at('shared')).toBe('src/util.c::shared (package)');
    // Defined in the caller's own tree (src/) and elsewhere (arch/): the caller's tree.
    expect(at('twice')).toBe('src/util.c::twice (package)');
    expect(at('thrice')).toBe('ambiguous_target');
    expect(at('CLAMP')).toBe('macro_or_function');
    // A macro of another tree (tools/) does not hide a function; with no function it counts.
    expect(at('only_macro')).toBe('macro_or_function');
    // Several header definitions: the public include/ one, or the caller's own tree's.
    expect(at('zalloc')).toBe('include/alloc.h::zalloc (package)');
    expect(describeAnswer(open!.answer('tools/user.c', 'zalloc'))).toBe('tools/alloc.h::zalloc (package)');
    expect(at('UNKNOWN_MACRO')).toBe('macro_or_function');
    expect(at('inl')).toBe('include/util.h::inl (package)');
    expect(at('printf')).toBe('builtin');
    expect(at('o.open')).toBe('indirect_call');
    expect(at('local_def')).toBe('src/main.c::local_def (exact)');
  });
});

describe('C++ resolution', () => {
  it('binds out-of-line methods, this, bases, qualified and namespace calls', async () => {
    open = await indexFiles({
      'include/shape.hpp': `namespace geo {
class Base { public: void draw() {} };
class Shape : public Base {
 public:
  Shape();
  void area();
  void scale();
  static Shape* make();
};
int helper(int);
}
`,
      'src/shape.cpp': `#include "shape.hpp"
namespace geo {
Shape::Shape() {}
void Shape::area() { scale(); this->draw(); helper(1); }
void Shape::scale() {}
Shape* Shape::make() { return new Shape(); }
int helper(int x) { return x; }
}
`,
      'src/main.cpp': `#include "shape.hpp"
int main() {
  geo::Shape::make();
  geo::helper(2);
  std::sort(1, 2);
  auto v = 1;
  v.push_back(1);
  return 0;
}
`,
    });
    const at = (spec: string, path = 'src/shape.cpp') => describeAnswer(open!.answer(path, spec));
    expect(at('scale')).toBe('src/shape.cpp::geo::Shape::scale (receiver_type)');
    expect(at('this->draw')).toBe('include/shape.hpp::geo::Base::draw (receiver_type)');
    expect(at('helper')).toBe('src/shape.cpp::geo::helper (exact)');
    expect(at('new Shape')).toBe('src/shape.cpp::geo::Shape::Shape (exact)');
    expect(at('geo::Shape::make', 'src/main.cpp')).toBe('src/shape.cpp::geo::Shape::make (exact)');
    expect(at('geo::helper', 'src/main.cpp')).toBe('src/shape.cpp::geo::helper (namespace)');
    expect(at('std::sort', 'src/main.cpp')).toBe('external external:std');
    expect(at('v.push_back', 'src/main.cpp')).toBe('builtin');
  });
  it('binds a call to the static function of a source file the caller includes, and leaves a C library function defined elsewhere to the library', async () => {
    open = await indexFiles({
      'src/dict.c': 'void *dictCreate(void *type) { return type; }\n',
      'src/server.c': 'void serve(void) { dictCreate(0); pthread_create(0, 0, 0, 0); }\n',
      'deps/hiredis/dict.c': 'static void *dictCreate(void *type) { return type; }\n',
      'deps/hiredis/async.c': '#include <stdlib.h>\n#include "dict.h"\n#include "dict.c"\nvoid connect(void) { dictCreate(0); }\n',
      'deps/jemalloc/src/mutex.c': 'int pthread_create(void *t, void *a, void *f, void *arg) { return 0; }\nvoid lock(void) { pthread_create(0, 0, 0, 0); }\n',
      'deps/jemalloc/src/other.c': 'void spawn(void) { pthread_create(0, 0, 0, 0); }\n',
    });
    const at = (spec: string, path: string, nth = 0) => describeAnswer(open!.answer(path, spec, nth));
    // hiredis's async.c compiles its own dict.c in: its static dictCreate, not redis's.
    expect(at('dictCreate', 'deps/hiredis/async.c')).toBe('deps/hiredis/dict.c::dictCreate (exact)');
    expect(at('dictCreate', 'src/server.c')).toBe('src/dict.c::dictCreate (package)');
    // jemalloc's pthread_create intercepts the library's: src/ compiles against pthread.h.
    expect(at('pthread_create', 'src/server.c')).toBe('builtin also defined in deps/');
    expect(at('pthread_create', 'deps/jemalloc/src/mutex.c')).toBe('deps/jemalloc/src/mutex.c::pthread_create (exact)');
    expect(at('pthread_create', 'deps/jemalloc/src/other.c')).toBe('deps/jemalloc/src/mutex.c::pthread_create (package)');
  });
});
