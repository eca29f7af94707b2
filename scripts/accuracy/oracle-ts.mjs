// The TypeScript oracle: the compiler's own answer to "which declaration does this
// call reach?" for every call and `new` expression in a corpus's source files.
// It reads the tree and writes nothing into it (the harness may first write a generated
// tsconfig.json into its copy: writeGeneratedTsconfig); sites stream out one at a time so
// a big corpus never holds every answer in memory.
//
// Run alone (the harness runs it as a child process so the checker's memory is
// freed before the join): node scripts/accuracy/oracle-ts.mjs <root> <out.jsonl>
import { closeSync, existsSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * @typedef {object} OracleTarget
 * @property {string|null} file   workspace-relative path, or null outside the corpus
 * @property {number} line        1-based line of the declaration's name
 * @property {number} column      0-based column of the declaration's name
 * @property {string} name        declared name (`constructor` for constructors)
 * @property {string} declKind    the declaration's syntax kind (FunctionDeclaration, MethodSignature...)
 * @property {string} [where]     for targets outside the corpus: the declaring file's base name
 * @property {boolean} [alternative] an equally valid answer (a class's constructor for `new`)
 */

/**
 * @typedef {object} OracleSite
 * @property {string} file        workspace-relative path of the call site
 * @property {number} line        1-based
 * @property {number} column      0-based column of the callee's name token (of the argument list's `(` for
 *   an anonymous callee: `f(a)(b)` starts where `f(a)` does, its argument list does not)
 * @property {number} callColumn  0-based column where the call expression starts
 * @property {string|null} calleeName  last identifier of the callee, null for anonymous callees (IIFE, `f()()`)
 * @property {string} specifier   the callee as written, on one line
 * @property {'call'|'new'} kind
 * @property {'in_repo'|'external'|'unknown'|'indirect'} status  where the oracle's target lies; unknown when the
 *   checker has none (any-typed); indirect when a golden labeller found no declaration (a closure, a trait object)
 * @property {OracleTarget[]} targets
 */

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** Source files under root, skipping dependencies, hidden folders and build output of cairn. */
export function listSourceFiles(root) {
  /** @type {string[]} */
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && SOURCE_EXTENSIONS.some((ext) => entry.name.endsWith(ext))) out.push(path);
    }
  };
  walk(root);
  return out.sort();
}

/**
 * Self-references of a package published with its sources (`zod/src` importing
 * `zod/v4` in its tests): when the root's parent holds the package.json, its name
 * maps onto the root, so the checker can follow them instead of answering `any`.
 */
export function selfReferencePaths(root) {
  const manifest = join(root, '..', 'package.json');
  if (!existsSync(manifest)) return undefined;
  let name;
  try {
    name = JSON.parse(readFileSync(manifest, 'utf8')).name;
  } catch {
    return undefined;
  }
  if (typeof name !== 'string' || !name) return undefined;
  return { [name]: ['./index.ts', './index.js'], [`${name}/*`]: ['./*', './*/index.ts'] };
}

/**
 * The tsconfig.json written for a corpus that ships none at its root: lenient options,
 * and the self-references of its package mapped onto the root. The harness writes it
 * into the copy it hands to both the oracle and cairn, so both read one configuration.
 */
export function generatedTsconfig(root) {
  const paths = root ? selfReferencePaths(root) : undefined;
  return {
    compilerOptions: {
      ...(paths ? { baseUrl: '.', paths } : {}),
      allowJs: true,
      checkJs: false,
      noEmit: true,
      skipLibCheck: true,
      strict: false,
      target: 'ESNext',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      allowImportingTsExtensions: true,
      resolveJsonModule: true,
      jsx: 'preserve',
      experimentalDecorators: true,
      types: [],
    },
  };
}

/** Writes generatedTsconfig() as `<root>/tsconfig.json` unless the root ships one; true when written. */
export function writeGeneratedTsconfig(root) {
  const configPath = join(root, 'tsconfig.json');
  if (existsSync(configPath)) return false;
  writeFileSync(configPath, `${JSON.stringify(generatedTsconfig(root), null, 2)}\n`);
  return true;
}

/** Lenient options for a corpus that ships no tsconfig.json at its root (generatedTsconfig, in memory). */
export function generatedOptions(root) {
  return ts.convertCompilerOptionsFromJson(generatedTsconfig(root).compilerOptions, root ?? '.').options;
}

/**
 * Builds the Program: the root's own tsconfig.json when it ships one, otherwise
 * every source file under the root with generatedOptions().
 * @param {string} root absolute corpus root
 * @returns {{ program: ts.Program, config: string }}
 */
export function createOracleProgram(root) {
  const configPath = join(root, 'tsconfig.json');
  const files = listSourceFiles(root);
  if (existsSync(configPath)) {
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    });
    if (parsed) {
      const options = { ...parsed.options, noEmit: true, skipLibCheck: true, allowJs: true };
      // The shipped config decides options; every source file under the root is walked regardless.
      const rootNames = [...new Set([...parsed.fileNames, ...files])];
      return { program: ts.createProgram({ rootNames, options }), config: 'tsconfig.json' };
    }
  }
  const options = generatedOptions(root);
  return { program: ts.createProgram({ rootNames: files, options }), config: options.paths ? 'generated, self-references mapped' : 'generated' };
}

/** The node that names the callee, or null when the callee has no name. */
function calleeNameNode(expression) {
  let e = expression;
  while (ts.isNonNullExpression(e) || ts.isExpressionWithTypeArguments?.(e)) e = e.expression;
  if (ts.isIdentifier(e) || ts.isPrivateIdentifier(e)) return e;
  if (ts.isPropertyAccessExpression(e)) return e.name;
  if (ts.isElementAccessExpression(e) && ts.isStringLiteralLike(e.argumentExpression)) return e.argumentExpression;
  if (e.kind === ts.SyntaxKind.SuperKeyword || e.kind === ts.SyntaxKind.ThisKeyword) return e;
  return null;
}

function nameText(node) {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (node.kind === ts.SyntaxKind.SuperKeyword) return 'super';
  if (node.kind === ts.SyntaxKind.ThisKeyword) return 'this';
  return node.text ?? node.getText();
}

function oneLine(text) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}

/** Follows import/export aliases to the symbol that owns the declarations. */
function unalias(checker, symbol) {
  let s = symbol;
  for (let i = 0; s && s.flags & ts.SymbolFlags.Alias && i < 16; i++) {
    const next = checker.getAliasedSymbol(s);
    if (!next || next === s) break;
    s = next;
  }
  return s;
}

function hasBody(decl) {
  return ts.isFunctionLike(decl) && 'body' in decl && Boolean(decl.body);
}

/**
 * The declarations that answer the call. Overload signatures give way to the
 * implementation; a class answers `new` (its constructor is an alternative).
 */
function targetDeclarations(checker, site, nameNode) {
  let symbol = nameNode.kind === ts.SyntaxKind.SuperKeyword ? undefined : checker.getSymbolAtLocation(nameNode);
  symbol = symbol && unalias(checker, symbol);
  let decls = symbol?.declarations ?? [];
  if (decls.length === 0) {
    // `super(...)`, or a callee the checker only knows through its signature.
    const declaration = checker.getResolvedSignature(site)?.declaration;
    if (declaration && !ts.isJSDocSignature(declaration)) decls = [declaration];
  }
  if (decls.length === 0) return [];
  // `declare var Map: MapConstructor` merged with `interface Map`: the value answers a call.
  const values = decls.filter((d) => !ts.isInterfaceDeclaration(d) && !ts.isTypeAliasDeclaration(d));
  if (values.length > 0) decls = values;
  const implementations = decls.filter(hasBody);
  const classes = decls.filter((d) => ts.isClassDeclaration(d) || ts.isClassExpression(d));
  /** @type {{ decl: ts.Declaration, alternative?: boolean }[]} */
  const chosen = [];
  if (classes.length > 0) {
    for (const cls of classes) {
      chosen.push({ decl: cls });
      const ctors = cls.members.filter(ts.isConstructorDeclaration);
      const ctor = ctors.find(hasBody) ?? ctors[0];
      if (ctor) chosen.push({ decl: ctor, alternative: true });
    }
  } else if (implementations.length > 0) {
    for (const decl of implementations) chosen.push({ decl });
  } else {
    for (const decl of decls) chosen.push({ decl });
  }
  return chosen.slice(0, 6);
}

function declarationName(decl) {
  if (ts.isConstructorDeclaration(decl)) return 'constructor';
  const name = ts.getNameOfDeclaration(decl);
  if (!name) return 'default';
  return nameText(name);
}

function declarationNamePosition(decl, sourceFile) {
  if (ts.isConstructorDeclaration(decl)) {
    const keyword = decl.getChildren(sourceFile).find((c) => c.kind === ts.SyntaxKind.ConstructorKeyword);
    return (keyword ?? decl).getStart(sourceFile);
  }
  const name = ts.getNameOfDeclaration(decl);
  return (name ?? decl).getStart(sourceFile);
}

/**
 * Walks every call and `new` expression of the corpus's own source files and hands
 * each site to onSite as it is found.
 * @param {string} root corpus root (absolute or relative)
 * @param {(site: OracleSite) => void} onSite
 * @returns {{ files: number, sites: number, config: string }}
 */
export function collectTsCallSites(root, onSite) {
  const absRoot = resolve(root);
  const { program, config } = createOracleProgram(absRoot);
  const checker = program.getTypeChecker();
  const inCorpus = (fileName) => {
    const rel = relative(absRoot, resolve(fileName));
    return !rel.startsWith('..') && !rel.split(sep).includes('node_modules') && !program.isSourceFileDefaultLibrary(program.getSourceFile(fileName));
  };
  const relPath = (fileName) => relative(absRoot, resolve(fileName)).split(sep).join('/');

  let files = 0;
  let sites = 0;
  for (const sourceFile of program.getSourceFiles()) {
    if (sourceFile.isDeclarationFile || !inCorpus(sourceFile.fileName)) continue;
    files++;
    const file = relPath(sourceFile.fileName);
    const visit = (node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        if (node.expression.kind !== ts.SyntaxKind.ImportKeyword) {
          onSite(describeSite(node, sourceFile, file));
          sites++;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return { files, sites, config };

  function describeSite(node, sourceFile, file) {
    const kind = ts.isNewExpression(node) ? 'new' : 'call';
    const nameNode = calleeNameNode(node.expression);
    const start = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    const namePos = sourceFile.getLineAndCharacterOfPosition(nameNode ? nameNode.getStart(sourceFile) : argumentListStart(node, sourceFile));
    /** @type {OracleTarget[]} */
    const targets = [];
    if (nameNode) {
      for (const { decl, alternative } of targetDeclarations(checker, node, nameNode)) {
        const declFile = decl.getSourceFile();
        const pos = declFile.getLineAndCharacterOfPosition(declarationNamePosition(decl, declFile));
        const inside = inCorpus(declFile.fileName) && !declFile.isDeclarationFile;
        /** @type {OracleTarget} */
        const target = {
          file: inside ? relPath(declFile.fileName) : null,
          line: pos.line + 1,
          column: pos.character,
          name: declarationName(decl),
          declKind: ts.SyntaxKind[decl.kind],
        };
        if (!inside) target.where = declFile.fileName.split(/[\\/]/).pop();
        if (alternative) target.alternative = true;
        targets.push(target);
      }
    }
    const status = targets.length === 0 ? 'unknown' : targets.some((t) => t.file !== null) ? 'in_repo' : 'external';
    return {
      file,
      // Multi-line callees (`a\n  .b()`) are placed where their name token is, as tree-sitter does.
      line: namePos.line + 1,
      column: namePos.character,
      callLine: start.line + 1,
      callColumn: start.character,
      calleeName: nameNode ? nameText(nameNode) : null,
      specifier: oneLine(node.expression.getText(sourceFile)),
      kind,
      status,
      targets,
    };
  }
}

/** Position of a call's `(`, or the call's start when it has none (`new X`). */
function argumentListStart(node, sourceFile) {
  const open = node.getChildren(sourceFile).find((c) => c.kind === ts.SyntaxKind.OpenParenToken);
  return (open ?? node).getStart(sourceFile);
}

/** Child-process entry: writes one site per line so the parent can stream them. */
function main(argv) {
  const [root, out] = argv;
  if (!root || !out) {
    process.stderr.write('usage: oracle-ts.mjs <root> <out.jsonl>\n');
    process.exitCode = 2;
    return;
  }
  const fd = openSync(out, 'w');
  const t0 = Date.now();
  const summary = collectTsCallSites(root, (site) => writeSync(fd, `${JSON.stringify(site)}\n`));
  closeSync(fd);
  process.stdout.write(`${JSON.stringify({ ...summary, ms: Date.now() - t0 })}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
