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
 * the name perhaps on the next line (`FMT_CONSTEXPR std::tm make_tm(`), so a macro
 * call (`EXPECT_EQ(`), a variable (`SYSTEM_INFO info;`) and an initialiser
 * (`FMT_X auto x = f();`) are left alone.
 */
const DECLARATION_HEAD = new RegExp(String.raw`^([ \t]*(?:template[ \t]*<[^\n;{}]*>[ \t]*)?)((?:${MACRO}[ \t]+)+)(?=[A-Za-z_~][\w:<>,*& \t~]*(?:\n[\w:<>,*& \t~]*)?\()`, 'gm');

const blank = (text: string) => ' '.repeat(text.length);

/** A line holding macros alone (`FMT_BEGIN_NAMESPACE`, `FMT_CLASS_API`, `FMT_INLINE`). */
const MACRO_LINE = new RegExp(String.raw`^[ \t]*${MACRO}(?:[ \t]+${MACRO})*[ \t]*$`);

/**
 * Blanks lines of macros alone where a statement or declaration may start (the code line
 * before ends with `;`, `{` or `}`, or is a directive): namespace macros, and annotations
 * on a line of their own above a class or function. A macro line inside an expression
 * (`x = c ?` then `FMT_A`) follows a line that ends otherwise and stays.
 */
function blankMacroLines(source: string): string {
  const lines = source.split('\n');
  let inComment = false;
  let last = '';
  for (let i = 0; i < lines.length; i++) {
    let code = '';
    const line = lines[i];
    for (let j = 0; j < line.length; ) {
      if (inComment) {
        const end = line.indexOf('*/', j);
        if (end < 0) break;
        inComment = false;
        j = end + 2;
        continue;
      }
      const block = line.indexOf('/*', j);
      const rest = line.indexOf('//', j);
      if (rest >= 0 && (block < 0 || rest < block)) {
        code += line.slice(j, rest);
        break;
      }
      if (block < 0) {
        code += line.slice(j);
        break;
      }
      code += line.slice(j, block);
      inComment = true;
      j = block + 2;
    }
    code = code.trim();
    if (code === '') continue;
    if (MACRO_LINE.test(code) && (last === '' || /[;{}]$/.test(last) || last.startsWith('#'))) {
      lines[i] = line.replace(code, blank(code));
      continue;
    }
    last = code;
  }
  return lines.join('\n');
}

/** The source with C's annotation macros and these C++ ones blanked. */
export function blankCppAnnotationMacros(source: string): string {
  const plain = blankAnnotationMacros(source);
  if (!/[A-Z]_/.test(plain)) return plain;
  const heads = plain
    .replace(CLASS_HEAD, (match, macros: string) => match.slice(0, match.length - macros.length) + blank(macros))
    .replace(DECLARATION_HEAD, (_match, lead: string, macros: string) => lead + blank(macros));
  return blankMacroLines(heads);
}
