// C++ precision against clang (npm run accuracy, cpp-fmt): annotation macros in class
// heads, before function declarations and on lines of their own (`class FMT_API
// format_error`, `FMT_CONSTEXPR std::tm make_tm(...)`, `FMT_BEGIN_NAMESPACE`) hid
// declarations, so calls were bound to the one overload cairn saw; a function of the
// caller's file was bound exactly though the name has overloads in other files; and
// `detail::f()` was bound to a method of a class `detail`. Each was a wrong edge.
import { afterEach, describe, expect, it } from 'vitest';
import { blankCppAnnotationMacros } from '../../parsers/cpp/annotations.js';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

describe('C++ overloads and annotation macros', () => {
  it('reads declarations behind annotation macros and does not bind one overload of several exactly', async () => {
    open = await indexFiles({
      'include/lib.hpp': `#define LIB_API
#define LIB_CONSTEXPR constexpr
namespace lib {
struct tm { int year; };
class LIB_API error : public base_error {
 public:
  LIB_CONSTEXPR int code() const { return 1; }
};
}
`,
      'test/util.cc': `#include "lib.hpp"
int open_file(int* fd) { return 0; }
`,
      'src/detail.cc': `namespace detail { void flush(); }
void detail::flush() {}
void out() { detail::flush(); }
`,
      'src/core.h': `FMT_BEGIN_DETAIL_NAMESPACE
inline int copy_str(int a) { return a; }
FMT_END_DETAIL_NAMESPACE
`,
      'src/compile.cc': `namespace detail { int copy_str(long a) { return 0; } }
int use() { return detail::copy_str(1); }
`,
      'src/format.h': `#include <vector>
FMT_BEGIN_NAMESPACE
inline int vformat(int a) { return a; }
FMT_END_NAMESPACE
`,
      'test/format-test.cc': `namespace fmt { struct probe {}; }
int t() { return fmt::vformat(1) + std::vformat(2) + boost::vformat(3); }
`,
      'test/time-test.cc': `#include "lib.hpp"
LIB_CONSTEXPR lib::tm make_tm() { return lib::tm(); }
LIB_CONSTEXPR lib::tm make_tm(int year, int mon) { return lib::tm{year + mon}; }
int open_file(int& fd, int flags) { return flags; }
void run() {
  make_tm(1, 2);
  open_file(nullptr);
  auto* e = new lib::error();
  only_here();
}
int only_here() { return 0; }
`,
    });
    const at = (spec: string) => describeAnswer(open!.answer('test/time-test.cc', spec));
    const answers = { make_tm: at('make_tm'), open_file: at('open_file'), error: at('new error') };
    expect(answers).toEqual({
      // Both overloads are symbols: which one two arguments pick is not told by name.
      make_tm: 'ambiguous_target',
      // One overload here, one in test/util.cc: not this file's by C's file-scope rule.
      open_file: 'ambiguous_target',
      // The class is named `error`, not after its macro.
      error: 'include/lib.hpp::lib::error (exact)',
    });
    expect(at('only_here')).toBe('test/time-test.cc::only_here (exact)');
    // `detail` is a namespace: its function defined out of line is not a method of a class `detail`.
    expect(describeAnswer(open!.answer('src/detail.cc', 'detail::flush'))).toBe('src/detail.cc::detail::flush (namespace)');
    // A function in a namespace a macro opens may be the one `detail::` names too.
    expect(describeAnswer(open!.answer('src/compile.cc', 'detail::copy_str'))).toBe('ambiguous_target');
    // fmt is the workspace's namespace (declared in a test), opened by a macro in the header:
    // its function at no written namespace is the one; std and an undeclared namespace are not.
    const inTest = (spec: string) => describeAnswer(open!.answer('test/format-test.cc', spec));
    expect([inTest('fmt::vformat'), inTest('std::vformat'), inTest('boost::vformat')]).toEqual([
      'src/format.h::vformat (namespace)',
      'external external:std',
      'external external:boost',
    ]);
  });

  it('blanks only macros that head a declaration or stand where one may start, keeping offsets', () => {
    const source = [
      'class FMT_API ostream final : private buffer {',
      'template <typename T> FMT_API auto to_decimal(T x) noexcept -> decimal_fp<T>;',
      '  FMT_NORETURN FMT_API void assert_fail(const char* file);',
      '  EXPECT_EQ(format("{}", 1), "1");',
      '  SYSTEM_INFO info;',
      '  FMT_CONSTEXPR auto x = f();',
      'FMT_CONSTEXPR void',
      'context<Char>::check(int id) {',
      '  int x = c ?',
      '      FMT_A_VALUE',
      '      : 0;',
      '}',
      'FMT_BEGIN_NAMESPACE',
      '',
      'FMT_CLASS_API',
      'class format_error {',
      '  FMT_CONSTEXPR_CHAR_TRAITS',
      '  FMT_INLINE',
      '  basic_string_view(const Char* s)',
      'FMT_END_NAMESPACE',
      '#endif',
    ].join('\n');
    const blanked = blankCppAnnotationMacros(source);
    expect(blanked.length).toBe(source.length);
    expect(blanked.split('\n')).toEqual([
      'class         ostream final : private buffer {',
      'template <typename T>         auto to_decimal(T x) noexcept -> decimal_fp<T>;',
      `${' '.repeat(23)}void assert_fail(const char* file);`,
      '  EXPECT_EQ(format("{}", 1), "1");',
      '  SYSTEM_INFO info;',
      '  FMT_CONSTEXPR auto x = f();',
      `${' '.repeat(14)}void`,
      'context<Char>::check(int id) {',
      '  int x = c ?',
      '      FMT_A_VALUE',
      '      : 0;',
      '}',
      ' '.repeat(19),
      '',
      ' '.repeat(13),
      'class format_error {',
      ' '.repeat(27),
      ' '.repeat(12),
      '  basic_string_view(const Char* s)',
      'FMT_END_NAMESPACE',
      '#endif',
    ]);
  });
});
