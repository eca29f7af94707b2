// The expected review roots of a TypeScript file, decided by the TypeScript compiler's
// own parse (not by cairn's parsers): the top-level declarations the direct-edit
// review contract admits as roots. An interface or a type alias (type-shape), a function
// declaration with a body, or a `const` with one identifier declarator whose initializer
// is an arrow function (function). A name declared more than once at the top level
// (declaration merging, overloads, a function and a namespace) is no root.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ts = require('typescript');

/** True for a file the TypeScript review profile reads (declaration files are no edit targets). */
export const isReviewedTypeScript = (path) => /\.(ts|tsx|mts|cts)$/.test(path) && !/\.d\.(ts|mts|cts)$/.test(path);

const hasModifier = (node, kind) => (ts.canHaveModifiers(node) ? ts.getModifiers(node) ?? [] : []).some((m) => m.kind === kind);

/** Names each top-level statement declares (for the uniqueness rule). */
function declaredNames(statement) {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) return [];
  const name = statement.name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? [name.text] : [];
}

/** The root a statement is, or null: { name, kind, startLine, endLine } with 1-based inclusive lines. */
function rootOf(statement) {
  if (hasModifier(statement, ts.SyntaxKind.DeclareKeyword)) return null;
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) return { name: statement.name.text, kind: 'type' };
  if (ts.isFunctionDeclaration(statement)) return statement.name && statement.body ? { name: statement.name.text, kind: 'function' } : null;
  if (ts.isVariableStatement(statement)) {
    const list = statement.declarationList;
    if (!(list.flags & ts.NodeFlags.Const) || list.declarations.length !== 1) return null;
    const [d] = list.declarations;
    return ts.isIdentifier(d.name) && d.initializer && ts.isArrowFunction(d.initializer) ? { name: d.name.text, kind: 'function' } : null;
  }
  return null;
}

const parse = (path, text) => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** True when the compiler's parse of `text` reports a syntax error (then its roots cannot be decided). */
export const hasSyntaxErrors = (path, text) => parse(path, text).parseDiagnostics.length > 0;

/** Every supported root of `text`, with the lines the compiler says its declaration spans (its leading comments excluded). */
export function supportedRoots(path, text) {
  const file = parse(path, text);
  const count = new Map();
  for (const s of file.statements) for (const n of declaredNames(s)) count.set(n, (count.get(n) ?? 0) + 1);
  const line = (pos) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const roots = [];
  for (const s of file.statements) {
    const root = rootOf(s);
    if (root && count.get(root.name) === 1) roots.push({ ...root, startLine: line(s.getStart(file)), endLine: line(s.end) });
  }
  return roots;
}

/**
 * The roots a change selects: each changed post-edit line (1-based) maps to the root
 * that spans it; a deletion point (the line after which old lines were removed, 0 for
 * the top of the file) selects a root only when the lines on both sides of it are that root's.
 */
export function rootsTouched(roots, changedLines, deletionPoints) {
  const hit = new Set();
  for (const line of changedLines) for (const r of roots) if (r.startLine <= line && line <= r.endLine) hit.add(r.name);
  for (const after of deletionPoints) for (const r of roots) if (r.startLine <= after && after + 1 <= r.endLine) hit.add(r.name);
  return [...hit].sort();
}
