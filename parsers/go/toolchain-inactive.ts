// Files no current Go toolchain builds. A `//go:build` line can rule a file out for every
// toolchain in use today by itself: `!go1.18` (a shim for releases long gone) or `ignore`
// (a generator script run by hand). Such a file declares stand-ins for what other files
// declare (`type TypeParamList struct{...}` beside `type TypeParamList = types.TypeParamList`),
// and resolution must not bind a call to a stand-in. Pure functions of the file's text.
import { parseBuildLine, readHeader, type BuildExpr } from './build-constraint.js';

type Truth = boolean | 'unknown';

/**
 * A tag's value for every current toolchain: every release tag (`go1.N`) holds, `ignore`
 * never does; any other tag (a platform, cgo, a user's tag) could go either way.
 */
function tagValue(name: string): Truth {
  if (/^go1\.\d+$/.test(name)) return true;
  if (name === 'ignore') return false;
  return 'unknown';
}

/** Kleene's three-valued logic: `false && unknown` is false, `true || unknown` is true. */
function value(expr: BuildExpr): Truth {
  switch (expr.kind) {
    case 'tag':
      return tagValue(expr.name);
    case 'not': {
      const v = value(expr.operand);
      return v === 'unknown' ? v : !v;
    }
    case 'and': {
      const l = value(expr.left);
      const r = value(expr.right);
      return l === false || r === false ? false : l === true && r === true ? true : 'unknown';
    }
    case 'or': {
      const l = value(expr.left);
      const r = value(expr.right);
      return l === true || r === true ? true : l === false && r === false ? false : 'unknown';
    }
  }
}

/** The file's `//go:build` line when it is false for every current toolchain; undefined otherwise. */
export function inactiveForToolchains(source: string): string | undefined {
  const header = readHeader(source);
  if (header.kind !== 'go-build') return undefined;
  const parsed = parseBuildLine(header.text);
  return parsed.ok && value(parsed.expr) === false ? header.text : undefined;
}
