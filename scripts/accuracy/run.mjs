// The accuracy harness: for each corpus, index a private copy with cairn, ask the
// oracle (the TypeScript checker, go/types, Jedi, javac, clang, rustc, or a golden set) the
// same questions, join and report. Writes bench/results/accuracy.json and accuracy.md (--report names them otherwise).
//
//   node scripts/accuracy.mjs [--corpus ts-zod,ts-rxjs] [--go go-cobra,go-client-go] [--py py-requests,py-django-db]
//                             [--java java-commons-lang3] [--c c-redis] [--cpp cpp-fmt] [--rust rust-regex] [--golden rust,go]
//                             [--no-ts] [--no-go] [--no-py] [--no-java] [--no-c] [--no-cpp] [--no-rust] [--no-golden]
//                             [--out bench/results] [--report accuracy] [--update] [--keep]
//
// --update keeps the runs of the existing report that were not measured now (one
// report for every language, each run stamped with when it was measured).
//
// Environment: CAIRN_ACCURACY_INSTALL (default ../shared/corpora/install.sh from the
// repository) installs or locates corpora by name; a golden set's Debian corpus comes from
// debian-corpus.mjs, a `github:` one from scripts/github-corpus.mjs; CAIRN_CORPORA_DIR holds
// corpora the installer has none of, each in a folder named as its golden set's `corpus`
// (the set records the repository and commit to unpack there).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { readCairnExport } from './cairn-graph.mjs';
import { debianCorpus } from './debian-corpus.mjs';
import { goldenToOracleSites, readGolden } from './golden.mjs';
import { githubCorpus, isGithubCorpus } from '../github-corpus.mjs';
import { joinFile, unclaimedSites } from './join.mjs';
import { generatedTsconfig, writeGeneratedTsconfig } from './oracle-ts.mjs';
import { GO_CORPORA, buildOracle, corpusGopath, corpusModule, runGoOracle } from './oracle-go.mjs';
import { PY_CORPORA, runPyOracle } from './oracle-py.mjs';
import { JAVA_CORPORA, runJavaOracle } from './oracle-java.mjs';
import { C_CORPORA, CPP_CORPORA, runCOracle } from './oracle-c.mjs';
import { RUST_CORPORA, runRustOracle } from './oracle-rust.mjs';
import { Tally } from './metrics.mjs';
import { renderMarkdown } from './report-md.mjs';
import { localCorpus } from '../corpus-path.mjs';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TS_CORPORA = ['ts-zod', 'ts-rxjs', 'ts-trpc', 'ts-effect'];
const GOLDEN_DIR = join(REPO, 'test', 'accuracy', 'golden');
const ORACLE = join(REPO, 'scripts', 'accuracy', 'oracle-ts.mjs');
const CAIRN = join(REPO, 'bin', 'cairn.js');

function installScript() {
  return process.env.CAIRN_ACCURACY_INSTALL ?? resolve(REPO, '..', 'shared', 'corpora', 'install.sh');
}

/** Path of an installed corpus (or one in CAIRN_CORPORA_DIR), installing it if needed. */
export function corpusPath(name) {
  const local = localCorpus(name);
  if (local) return local;
  if (isGithubCorpus(name)) return githubCorpus(name);
  const script = installScript();
  const found = spawnSync('bash', [script, '--path', name], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim().split('\n')[0];
  const installed = spawnSync('bash', [script, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const line = installed.stdout.split('\n').find((l) => l.startsWith(`${name}\t`));
  if (!line) throw new Error(`corpus ${name} could not be installed`);
  return line.split('\t')[1];
}

/** Runs a node script to completion, stdout to a file if given. */
function runNode(args, { stdoutFile, maxOldSpace } = {}) {
  const fd = stdoutFile ? openSync(stdoutFile, 'w') : 'pipe';
  const nodeArgs = maxOldSpace ? [`--max-old-space-size=${maxOldSpace}`, ...args] : args;
  const res = spawnSync(process.execPath, nodeArgs, { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (typeof fd === 'number') closeSync(fd);
  if (res.status !== 0) throw new Error(`${args.slice(0, 3).join(' ')} failed (${res.status ?? res.signal}): ${(res.stderr ?? '').slice(-2000)}`);
  return res.stdout ?? '';
}

/** Indexes a copy with cairn and exports its graph; returns the export file path. */
export function cairnExport(copy, exportFile) {
  runNode([CAIRN, '-C', copy, 'init']);
  runNode([CAIRN, '-C', copy, 'export', '--format', 'jsonl'], { stdoutFile: exportFile });
  return exportFile;
}

/** Streams an oracle jsonl file, joining one source file's sites at a time. */
export async function joinOracleFile(oracleFile, graph, tally) {
  const files = [];
  let current = [];
  const flush = () => {
    if (current.length === 0) return;
    const file = current[0].file;
    // Files cairn does not index by policy (vendored code) are reported apart, not as misses.
    if (graph.files.size > 0 && !graph.files.has(file)) {
      tally.addNotIndexed(file, current.length);
      current = [];
      return;
    }
    files.push(file);
    for (const outcome of joinFile(graph, current)) tally.add(outcome);
    current = [];
  };
  const lines = createInterface({ input: createReadStream(oracleFile, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const site = JSON.parse(line);
    if (current.length > 0 && current[0].file !== site.file) flush();
    current.push(site);
  }
  flush();
  tally.addUnclaimed(unclaimedSites(graph, files));
  return files.length;
}

/** Joins in-memory oracle sites (golden sets), grouped by file. */
export function joinSites(sites, graph, tally) {
  const byFile = new Map();
  for (const s of sites) {
    if (!byFile.has(s.file)) byFile.set(s.file, []);
    byFile.get(s.file).push(s);
  }
  for (const group of byFile.values()) for (const outcome of joinFile(graph, group)) tally.add(outcome);
}

const seconds = (t0) => Math.round((Date.now() - t0) / 100) / 10;

/**
 * Copies a corpus into `work/tree`. A package's manifest beside its sources names the
 * package for self-imports (oracle-ts.mjs); for the type checker, when the corpus ships
 * no tsconfig.json, the generated one is written into the copy, so the oracle and cairn
 * read the same one.
 */
function copyCorpus(source, work, { tsconfig = false } = {}) {
  const copy = join(work, 'tree');
  cpSync(source, copy, { recursive: true, filter: (p) => !p.split(/[\\/]/).includes('.cairn') });
  const manifest = join(source, '..', 'package.json');
  if (existsSync(manifest)) cpSync(manifest, join(work, 'package.json'));
  return { copy, generatedConfig: tsconfig && writeGeneratedTsconfig(copy) };
}

/**
 * Runs one measurement in a temp dir of its own: a failure becomes the run's `error`,
 * and the dir is removed afterwards unless `keep` (then the run names it).
 */
async function inWorkDir(run, label, keep, measure) {
  const work = mkdtempSync(join(tmpdir(), `cairn-accuracy-${label}-`));
  try {
    await measure(work);
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
  } finally {
    if (keep) run.work_dir = work;
    else rmSync(work, { recursive: true, force: true });
  }
  return run;
}

/** Measures one TypeScript corpus against the type checker. */
export async function measureTsCorpus(name, { keep = false } = {}) {
  const run = { corpus: name, oracle: 'typescript checker' };
  return inWorkDir(run, name, keep, async (work) => {
    const { copy, generatedConfig } = copyCorpus(corpusPath(name), work, { tsconfig: true });
    let t0 = Date.now();
    // Oracle first, in its own process: the checker's memory is gone before the join.
    const oracleFile = join(work, 'oracle.jsonl');
    const summary = JSON.parse(runNode([ORACLE, copy, oracleFile], { maxOldSpace: 8192 }).trim().split('\n').pop());
    run.oracle_config = generatedConfig ? `generated tsconfig.json in the copy${generatedTsconfig(copy).compilerOptions.paths ? ', self-references mapped' : ''}` : summary.config;
    run.files = summary.files;
    await scoreAgainstOracle(run, copy, work, oracleFile, seconds(t0));
  });
}

/**
 * The part every oracle shares: index the copy the oracle read, export it, and join
 * the export with the oracle's call sites into the run's metrics and timings.
 */
async function scoreAgainstOracle(run, copy, work, oracleFile, oracleSeconds) {
  let t0 = Date.now();
  const exportFile = cairnExport(copy, join(work, 'export.jsonl'));
  const cairnSeconds = seconds(t0);
  t0 = Date.now();
  const graph = await readCairnExport(exportFile);
  run.cairn_version = graph.meta?.cairn_version ?? null;
  const tally = new Tally({ seed: 6 });
  await joinOracleFile(oracleFile, graph, tally);
  run.metrics = tally.report();
  run.seconds = { oracle: oracleSeconds, cairn: cairnSeconds, join: seconds(t0) };
}

/**
 * Measures one Go corpus against go/types: the copy lies at `gopath/src/<module>` so
 * the checker finds the corpus's own packages by import path, and cairn indexes it there.
 */
export async function measureGoCorpus(name, { keep = false } = {}) {
  const run = { corpus: name, oracle: 'go/types' };
  return inWorkDir(run, name, keep, async (work) => {
    const spec = GO_CORPORA[name];
    if (!spec) throw new Error(`unknown Go corpus ${name} (known: ${Object.keys(GO_CORPORA).join(', ')})`);
    const tree = corpusPath(spec.install);
    const source = spec.sub ? join(tree, spec.sub) : tree;
    const module = corpusModule(source);
    const copy = join(work, 'gopath', 'src', ...module.split('/'));
    mkdirSync(dirname(copy), { recursive: true });
    cpSync(source, copy, { recursive: true, filter: (p) => !p.split(/[\\/]/).includes('.cairn') });
    const gopath = corpusGopath(work, tree, spec.gopaths);
    let t0 = Date.now();
    const oracleFile = join(work, 'oracle.jsonl');
    const summary = runGoOracle(buildOracle(work), copy, oracleFile, gopath, work);
    run.oracle_config = `${summary.config}, module ${module}`;
    run.files = summary.files;
    await scoreAgainstOracle(run, copy, work, oracleFile, seconds(t0));
  });
}

/**
 * Measures one Python corpus against Jedi. The copy lies at `py/<package>` (the
 * installed corpus's folder name) and both tools read `py` as the repository root,
 * as a package's repository holds it: the package's absolute imports of itself
 * (`from django.db import models`) reach the copy, for Jedi (`py` goes first on its
 * import path) and for cairn alike.
 */
export async function measurePyCorpus(name, { keep = false } = {}) {
  const run = { corpus: name, oracle: 'jedi' };
  return inWorkDir(run, name, keep, async (work) => {
    const spec = PY_CORPORA[name];
    if (!spec) throw new Error(`unknown Python corpus ${name} (known: ${Object.keys(PY_CORPORA).join(', ')})`);
    const source = corpusPath(spec.install);
    const pkg = basename(source);
    const root = join(work, 'py');
    cpSync(source, join(root, pkg), { recursive: true, filter: (p) => !p.split(/[\\/]/).some((part) => part === '.cairn' || part === '__pycache__') });
    const t0 = Date.now();
    const oracleFile = join(work, 'oracle.jsonl');
    const only = (spec.only ?? ['']).map((folder) => join(pkg, folder));
    const summary = runPyOracle(root, oracleFile, { sysPath: [root], only });
    run.oracle_config = `${summary.config}, package ${pkg}${spec.only ? `, sites in ${only.join(', ')}` : ''}`;
    run.files = summary.files;
    run.oracle_classes = summary.classes;
    await scoreAgainstOracle(run, root, work, oracleFile, seconds(t0));
  });
}

/** Measures one Java corpus against javac's tree API (oracle-java/Oracle.java). */
export async function measureJavaCorpus(name, { keep = false } = {}) {
  const run = { corpus: name, oracle: 'javac' };
  return inWorkDir(run, name, keep, async (work) => {
    const spec = JAVA_CORPORA[name];
    if (!spec) throw new Error(`unknown Java corpus ${name} (known: ${Object.keys(JAVA_CORPORA).join(', ')})`);
    const { copy } = copyCorpus(corpusPath(spec.install), work);
    const t0 = Date.now();
    const oracleFile = join(work, 'oracle.jsonl');
    const summary = runJavaOracle(copy, oracleFile, spec);
    run.oracle_config = `${summary.config}, class path: ${spec.jars.join(', ')}; ${summary.errors} compile errors`;
    run.files = summary.files;
    run.oracle_classes = summary.classes;
    await scoreAgainstOracle(run, copy, work, oracleFile, seconds(t0));
  });
}

/** Measures one C corpus against clang's JSON AST (oracle-c/oracle.py). */
export async function measureCCorpus(name, { keep = false, lang = 'c' } = {}) {
  const run = { corpus: name, oracle: 'clang' };
  const corpora = lang === 'c++' ? CPP_CORPORA : C_CORPORA;
  return inWorkDir(run, name, keep, async (work) => {
    const spec = corpora[name];
    if (!spec) throw new Error(`unknown ${lang === 'c++' ? 'C++' : 'C'} corpus ${name} (known: ${Object.keys(corpora).join(', ')})`);
    const { copy } = copyCorpus(corpusPath(spec.install), work);
    const t0 = Date.now();
    const oracleFile = join(work, 'oracle.jsonl');
    const summary = cachedCOracle(copy, oracleFile, spec, lang, corpusPath(spec.install));
    const excluded = spec.exclude?.length ? ` (not ${spec.exclude.join(', ')})` : '';
    run.oracle_config = `${summary.config}, units in ${spec.src.join(', ')}${excluded}; ${summary.units_failed} units failed; ${summary.macro_calls} calls inside macro expansions left out${summary.cached ? '; answers of an earlier run of the same program' : ''}`;
    run.files = summary.files;
    run.oracle_classes = summary.classes;
    await scoreAgainstOracle(run, copy, work, oracleFile, seconds(t0));
  });
}

/**
 * The C family oracle's answers, kept in the temp dir by corpus, spec and program: a C++
 * corpus takes clang many minutes, and a change to cairn does not change clang's answers.
 */
function cachedCOracle(copy, oracleFile, spec, lang, source) {
  const program = readFileSync(join(REPO, 'scripts', 'accuracy', 'oracle-c', 'oracle.py'));
  const key = createHash('sha256').update(program).update(JSON.stringify({ spec, lang, source })).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'cairn-accuracy-oracle-cache');
  const [sites, summaryFile] = [join(dir, `${key}.jsonl`), join(dir, `${key}.json`)];
  if (existsSync(sites) && existsSync(summaryFile)) {
    cpSync(sites, oracleFile);
    return { ...JSON.parse(readFileSync(summaryFile, 'utf8')), cached: true };
  }
  const summary = runCOracle(copy, oracleFile, spec, lang);
  mkdirSync(dir, { recursive: true });
  cpSync(oracleFile, sites);
  writeFileSync(summaryFile, JSON.stringify(summary));
  return summary;
}

/** Measures one C++ corpus against clang's JSON AST (the C oracle's program in C++ mode). */
export async function measureCppCorpus(name, options = {}) {
  return measureCCorpus(name, { ...options, lang: 'c++' });
}

/**
 * Measures one Rust corpus against rustc's save-analysis (oracle-rust/oracle.py): the
 * copy is built offline (`cargo test --no-run`, its target folder outside the copy),
 * then indexed by cairn as it was read.
 */
export async function measureRustCorpus(name, { keep = false } = {}) {
  const run = { corpus: name, oracle: 'rustc' };
  return inWorkDir(run, name, keep, async (work) => {
    const spec = RUST_CORPORA[name];
    if (!spec) throw new Error(`unknown Rust corpus ${name} (known: ${Object.keys(RUST_CORPORA).join(', ')})`);
    const { copy } = copyCorpus(corpusPath(spec.install), work);
    const t0 = Date.now();
    const oracleFile = join(work, 'oracle.jsonl');
    const summary = runRustOracle(copy, work, oracleFile, spec);
    run.oracle_config = `${summary.config}; crates ${summary.crates.join(', ')}; ${summary.patterns_left_out} constructor patterns left out; macro invocations paired, not judged`;
    run.files = summary.files;
    run.oracle_classes = summary.classes;
    await scoreAgainstOracle(run, copy, work, oracleFile, seconds(t0));
  });
}

/** Measures cairn on one golden set. */
export async function measureGolden(goldenFile, { keep = false } = {}) {
  const set = readGolden(goldenFile);
  const run = { corpus: `${set.corpus} (golden ${set.language}, ${set.sites.length} sites)`, oracle: 'golden set' };
  return inWorkDir(run, set.language, keep, async (work) => {
    const { copy } = copyCorpus(set.debian ? debianCorpus(set.debian) : corpusPath(set.corpus), work);
    const t0 = Date.now();
    const exportFile = cairnExport(copy, join(work, 'export.jsonl'));
    const graph = await readCairnExport(exportFile);
    const tally = new Tally({ seed: set.seed, examples: 40 });
    joinSites(goldenToOracleSites(set, copy), graph, tally);
    run.metrics = tally.report();
    // Only the sampled sites are oracle-answered: other cairn sites are not "cairn-only".
    run.metrics.cairn_only_sites = 0;
    run.metrics.cairn_only_examples = [];
    run.seconds = { cairn: seconds(t0) };
  });
}

function parseArgs(argv) {
  const opts = { corpora: TS_CORPORA, goCorpora: Object.keys(GO_CORPORA), pyCorpora: ['py-requests', 'py-django-db'], javaCorpora: Object.keys(JAVA_CORPORA), cCorpora: Object.keys(C_CORPORA), cppCorpora: Object.keys(CPP_CORPORA), rustCorpora: Object.keys(RUST_CORPORA), golden: null, ts: true, go: true, py: true, java: true, c: true, cpp: true, rust: true, goldenOn: true, out: join(REPO, 'bench', 'results'), report: 'accuracy', keep: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--corpus') opts.corpora = argv[++i].split(',');
    else if (a === '--go') opts.goCorpora = argv[++i].split(',');
    else if (a === '--no-go') opts.go = false;
    else if (a === '--py') opts.pyCorpora = argv[++i].split(',');
    else if (a === '--no-py') opts.py = false;
    else if (a === '--java') opts.javaCorpora = argv[++i].split(',');
    else if (a === '--no-java') opts.java = false;
    else if (a === '--c') opts.cCorpora = argv[++i].split(',');
    else if (a === '--no-c') opts.c = false;
    else if (a === '--cpp') opts.cppCorpora = argv[++i].split(',');
    else if (a === '--no-cpp') opts.cpp = false;
    else if (a === '--rust') opts.rustCorpora = argv[++i].split(',');
    else if (a === '--no-rust') opts.rust = false;
    else if (a === '--golden') opts.golden = argv[++i].split(',');
    else if (a === '--no-ts') opts.ts = false;
    else if (a === '--no-golden') opts.goldenOn = false;
    else if (a === '--out') opts.out = resolve(argv[++i]);
    else if (a === '--report') opts.report = argv[++i];
    else if (a === '--keep') opts.keep = true;
    else if (a === '--update') opts.update = true;
    else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

/** The runs of an earlier report, each replaced by a new run of the same corpus, then the new ones. */
export function mergeRuns(earlier, runs) {
  const fresh = new Map(runs.map((r) => [r.corpus, r]));
  const kept = earlier.runs.map((r) => fresh.get(r.corpus) ?? { ...r, measured_at: r.measured_at ?? earlier.generated_at });
  return [...kept, ...runs.filter((r) => !earlier.runs.some((e) => e.corpus === r.corpus))];
}

export async function main(argv) {
  const opts = parseArgs(argv);
  const runs = [];
  // Each oracle's corpora in turn: TypeScript, Go, Python, Java, C, C++, Rust.
  const families = [
    [opts.ts, opts.corpora, measureTsCorpus],
    [opts.go, opts.goCorpora, measureGoCorpus],
    [opts.py, opts.pyCorpora, measurePyCorpus],
    [opts.java, opts.javaCorpora, measureJavaCorpus],
    [opts.c, opts.cCorpora, measureCCorpus],
    [opts.cpp, opts.cppCorpora, measureCppCorpus],
    [opts.rust, opts.rustCorpora, measureRustCorpus],
  ];
  for (const [on, corpora, measure] of families) {
    if (!on) continue;
    for (const name of corpora) {
      process.stderr.write(`accuracy: ${name}...\n`);
      const run = await measure(name, { keep: opts.keep });
      process.stderr.write(`accuracy: ${name}: ${run.error ? `failed: ${run.error.split('\n')[0]}` : 'done'}\n`);
      runs.push(run);
    }
  }
  if (opts.goldenOn && existsSync(GOLDEN_DIR)) {
    const files = readdirSync(GOLDEN_DIR).filter((f) => f.endsWith('.json') && (!opts.golden || opts.golden.includes(f.replace(/\.json$/, ''))));
    for (const f of files.sort()) {
      process.stderr.write(`accuracy: golden ${f}...\n`);
      runs.push(await measureGolden(join(GOLDEN_DIR, f), { keep: opts.keep }));
    }
  }
  const now = new Date().toISOString();
  for (const run of runs) run.measured_at = now;
  const jsonFile = join(opts.out, `${opts.report}.json`);
  const report = { generated_at: now, runs: opts.update && existsSync(jsonFile) ? mergeRuns(JSON.parse(readFileSync(jsonFile, 'utf8')), runs) : runs };
  mkdirSync(opts.out, { recursive: true });
  writeFileSync(join(opts.out, `${opts.report}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(opts.out, `${opts.report}.md`), renderMarkdown(report));
  process.stderr.write(`accuracy: wrote ${join(opts.out, opts.report)}.json and .md\n`);
}
