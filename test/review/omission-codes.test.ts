// Every reason code review can record is explained once by `cairn review codes`. The table
// is built from the shared codes (contracts/omission-codes.ts) and each language's own
// (parsers/<lang>/omission-codes.ts, through the registry); this test reads the review
// code base with the TypeScript compiler and checks that every code it can give is listed,
// so a code added without its explanation fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { MAX_OMISSION_CODE_LENGTH } from '../../contracts/omission-codes.js';
import { codeTable } from '../../review/codes.js';
import { COVERAGE_CODES } from '../../review/coverage.js';
import { CAIRN_BIN } from './helpers.js';
import { spawnSync } from 'node:child_process';

const ROOT = join(import.meta.dirname, '..', '..');

/** The review code base: binding and omission policy, review facts, the review machines and host. Index resolvers give other codes (`cairn unresolved`). */
function reviewSources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else if (path.endsWith('.ts') && !path.endsWith('.d.ts')) out.push(path);
    }
  };
  for (const dir of ['parsers', 'review']) walk(dir);
  out.push('machines/evidence-traversal.ts', 'machines/root-selection.ts', 'machines/capture.ts');
  // Index resolvers give `cairn unresolved` codes; build constraints feed possibly-active; go.mod's
  // parse failures reach a review only as go-mod-<failure> (each listed).
  const notReview = /\/(resolve|spring-resolve|classify|extract|build-constraint|evaluate|go-mod)\.ts$/;
  return out.filter((p) => !notReview.test(p));
}

/** Properties and variables whose string value is a reason code. */
const CODE_KEYS = new Set(['reason', 'unsupported', 'ineligible']);
/** Functions whose first argument is a reason code. */
const CODE_CALLS = new Set(['omitted', 'omit', 'omission']);

/** Literal codes (and template codes as `prefix*suffix`) in the positions that give a reason, with where. */
function emittedCodes(): Array<{ code: string; at: string }> {
  const found: Array<{ code: string; at: string }> = [];
  for (const path of reviewSources()) {
    const file = ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, true);
    const at = (n: ts.Node) => `${relative(ROOT, join(ROOT, path))}:${file.getLineAndCharacterOfPosition(n.getStart(file)).line + 1}`;
    const literals = (n: ts.Node): string[] => {
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return [n.text];
      if (ts.isTemplateExpression(n)) return [`${n.head.text}*${n.templateSpans.at(-1)!.literal.text}`];
      if (ts.isConditionalExpression(n)) return [...literals(n.whenTrue), ...literals(n.whenFalse)];
      if (ts.isParenthesizedExpression(n) || ts.isAsExpression(n)) return literals(n.expression);
      if (ts.isBinaryExpression(n) && (n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || n.operatorToken.kind === ts.SyntaxKind.BarBarToken)) return literals(n.right);
      return [];
    };
    const nameOf = (n: ts.Node) => (ts.isIdentifier(n) ? n.text : ts.isPropertyAccessExpression(n) ? n.name.text : null);
    const visit = (n: ts.Node, inUncertainty: boolean) => {
      if (ts.isPropertyAssignment(n) && CODE_KEYS.has(n.name.getText(file))) for (const code of literals(n.initializer)) found.push({ code, at: at(n) });
      if (ts.isBinaryExpression(n) && [ts.SyntaxKind.EqualsToken, ts.SyntaxKind.QuestionQuestionEqualsToken].includes(n.operatorToken.kind) && CODE_KEYS.has(nameOf(n.left) ?? '')) {
        for (const code of literals(n.right)) found.push({ code, at: at(n) });
      }
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && CODE_KEYS.has(n.name.text) && n.initializer) for (const code of literals(n.initializer)) found.push({ code, at: at(n) });
      if (ts.isCallExpression(n) && CODE_CALLS.has(nameOf(n.expression) ?? '') && n.arguments[0]) for (const code of literals(n.arguments[0])) found.push({ code, at: at(n) });
      // A binder's scopeUncertainty returns the code of the omission every reference of the file gets.
      const uncertainty = inUncertainty || ((ts.isPropertyAssignment(n) || ts.isMethodDeclaration(n)) && n.name.getText(file) === 'scopeUncertainty');
      if (uncertainty && ts.isPropertyAssignment(n) && ts.isArrowFunction(n.initializer) && !ts.isBlock(n.initializer.body)) for (const code of literals(n.initializer.body)) found.push({ code, at: at(n) });
      if (uncertainty && ts.isReturnStatement(n) && n.expression) for (const code of literals(n.expression)) found.push({ code, at: at(n) });
      ts.forEachChild(n, (c) => visit(c, uncertainty));
    };
    visit(file, false);
  }
  return found;
}

/** Outcomes of a capture and statuses that share the `reason`/`ineligible` positions but are no codes. */
const NOT_CODES = new Set(['captured']);

describe('cairn review codes', () => {
  const table = codeTable();
  const listed = new Set(table.map((r) => r.code));

  test('lists the coverage codes and outcomes, then every omission code, each once with its meaning', () => {
    const runCodes = table.filter((r) => r.kind !== 'omission').map((r) => r.code);
    expect(runCodes).toEqual([...COVERAGE_CODES, 'rendered', 'reviewed', 'finding', 'graph-fact']);
    // A code is explained once within its kind (analysis-deadline is both a coverage code and an omission code).
    expect(new Set(table.map((r) => `${r.kind}:${r.code}`)).size).toBe(table.length);
    for (const row of table) {
      expect(row.meaning.length, row.code).toBeGreaterThan(15);
      expect(row.code).toMatch(/^[a-z0-9-]+$/);
    }
    // The codes the issue found unexplained.
    for (const code of ['go-mod-file-limit', 'package-unread-file', 'depth-limit', 'unresolved-binding', 'uncertain-macro', 'manifest-test-target', 'capture-too-large']) expect(listed, code).toContain(code);
  });

  test('every omission code fits the room the evidence budget reserves for a reason', () => {
    for (const row of table.filter((r) => r.kind === 'omission')) expect(row.code.length, row.code).toBeLessThanOrEqual(MAX_OMISSION_CODE_LENGTH);
  });

  test('every code the review code base can give is listed (a template code by every member of its family)', () => {
    const emitted = emittedCodes().filter((e) => !NOT_CODES.has(e.code));
    expect(emitted.length).toBeGreaterThan(150);
    const missing = emitted.filter(({ code }) => {
      if (!code.includes('*')) return !listed.has(code);
      const [prefix, suffix] = code.split('*');
      return ![...listed].some((l) => l.startsWith(prefix) && l.endsWith(suffix) && l.length > prefix.length + suffix.length);
    });
    expect(missing).toEqual([]);
  });

  test('the command prints the three sections, a language code marked with its language', () => {
    const r = spawnSync(process.execPath, [CAIRN_BIN, 'review', 'codes'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Omission codes');
    expect(r.stdout).toMatch(/go-mod-file-limit\s+\[go\] go\.mod could not be used: the unit had read as many files as limits\.files allows/);
    const json = JSON.parse(spawnSync(process.execPath, [CAIRN_BIN, 'review', 'codes', '--json'], { encoding: 'utf8' }).stdout);
    expect(json.data.codes.length).toBe(table.length);
  });
});
