// Annotation macros in C++ declarations (`class FMT_API format_error : ...`,
// `FMT_CONSTEXPR auto size() const -> size_t {`): the grammar reads such a macro as
// the class's name or the function's type and loses the declaration. They are
// blanked to spaces of the same length (offsets stay), as C's are in parsers/c/.
import { blankAnnotationMacros } from '../c/extract.js';

/** An upper-case name with an underscore (`FMT_API`, `ABSL_MUST_USE_RESULT`): a macro, by convention. */
const MACRO = String.raw`[A-Z][A-Z0-9]*_[A-Z0-9_]*`;
/** `class FMT_API file {`, `class FMT_API ostream final : ...`: macros between the keyword and the name. */
const CLASS_HEAD = new RegExp(String.raw`\b(?:class|struct|union)[ \t]+((?:${MACRO}[ \t]+)+)(?=[A-Za-z_]\w*[ \t]*(?:final\b[ \t]*)?(?:[:{]|$))`, 'gm');
/**
 * Macros that open a line (after `template <...>`) before a function's declaration:
 * what follows is a type and a name and `(` with nothing but type characters between,
 * the name perhaps on the next line (`FMT_CONSTEXPR std::tm make_tm(`), so a macro call (`EXPECT_EQ(`), a variable
 * (`SYSTEM_INFO info;`) and an initialiser (`FMT_X auto x = f();`) are left alone.
 */
const DECLARATION_HEAD = new RegExp(String.raw`^([ \t]*(?:template[ \t]*<[^\n;{}]*>[ \t]*)?)((?:${MACRO}[ \t]+)+)(?=[A-Za-z_~][\w:<>,*& \t~]*(?:\n[\w:<>,*& \t~]*)?\()`, 'gm');

/**
 * Lines of macros alone (`FMT_CLASS_API`, `FMT_CONSTEXPR_CHAR_TRAITS` then `FMT_INLINE`)
 * right above a class or a function's declaration: a line that opens with
 * `class`/`struct`/`union`/`template`, or with a name and `(`.
 */
const MACROS_ALONE = String.raw`[ \t]*${MACRO}(?:[ \t]+${MACRO})*[ \t]*`;
const MACRO_LINE = new RegExp(String.raw`^${MACROS_ALONE}$(?=(?:\n${MACROS_ALONE}$)*\n[ \t]*(?:(?:class|struct|union|template)\b|[A-Za-z_~][\w:<>,*& \t~]*\())`, 'gm');

const blank = (text: string) => ' '.repeat(text.length);

export function blankCppAnnotationMacros(source: string): string {
  const plain = blankAnnotationMacros(source);
  if (!/[A-Z]_/.test(plain)) return plain;
  return plain
    .replace(CLASS_HEAD, (match, macros: string) => match.slice(0, match.length - macros.length) + blank(macros))
    .replace(DECLARATION_HEAD, (_match, lead: string, macros: string) => lead + blank(macros))
    .replace(MACRO_LINE, blank);
}
