// Bundles the command line (dist/cli/main.js and what it imports) into dist/bundle/:
// resolving, reading and linking each of some hundred modules was most of the start-up
// every command pays. scripts/bench-startup.mjs measures it: a no-op sync of a one-file
// repository took 302 ms (350 CPU ms) unbundled against 243 ms (230 CPU ms) bundled,
// medians of 10 alternating runs. One chunk per lazily loaded command: a single file
// made every command compile everything, and was slower. Runs after tsc; the unbundled
// dist/ stays beside it for the worker threads and the scripts that import modules.
//
// A module that finds its files through `import.meta.url` (grammars, worker entry points,
// the build id, the pictures' browser code) keeps doing so: each mention is rewritten to
// the URL the module had in dist/, relative to the chunk it lands in. Packages that load
// native code, WebAssembly or worker files by their own paths stay outside the bundle.
import { builtinModules } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist', 'bundle');

const EXTERNAL = /^(node:|lmdb|msgpackr|piscina|web-tree-sitter|tree-sitter-|pg(-|\/|$)|prom-client$|@viz-js\/|@parcel\/watcher)/;
const builtins = new Set(builtinModules);

/** `import.meta.url` of a module as it was in dist/ (or node_modules/), wherever its code is bundled. */
const moduleUrls = {
  name: 'module-urls',
  transform(code, id) {
    if (!code.includes('import.meta.url')) return null;
    const from = relative(outDir, id).split(sep).join('/');
    return { code: code.replaceAll('import.meta.url', `new URL(${JSON.stringify(from)}, import.meta.url).href`) };
  },
};

await build({
  input: join(root, 'dist', 'cli', 'main.js'),
  platform: 'node',
  external: (id) => EXTERNAL.test(id) || builtins.has(id),
  plugins: [moduleUrls],
  logLevel: 'warn',
  output: { dir: outDir, format: 'esm', entryFileNames: 'main.js', chunkFileNames: '[name]-[hash].js', cleanDir: true },
});
