// Neovim's built-in LSP client (Debian's `neovim`) driving `cairn lsp` headless against a
// fixture repository: go to definition (the client converts its byte cursor to UTF-16
// on a line with an emoji), references, incoming calls, workspace symbols and hover.
// Interop suite: fails when nvim is missing, never skips.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUST_TS_FIXTURE } from '../cli/fixtures.js';
import { CAIRN, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const SCRIPT = fileURLToPath(new URL('./nvim-lsp.lua', import.meta.url));
const UNICODE = `import { greet } from './greet';

export function emoji(): string {
  const s = '😀é'; return greet(s);
}
`;

let fx: Fixture;
let outDir: string;
let got: any;

beforeAll(() => {
  // Fails here, with the reason, when Neovim is not installed.
  execFileSync('nvim', ['--version'], { stdio: 'pipe' });
  fx = makeFixture({ ...RUST_TS_FIXTURE, 'web/unicode.ts': UNICODE }, { git: true });
  expect(cairnJson(['init', '-C', fx.root]).code).toBe(0);
  outDir = mkdtempSync(join(tmpdir(), 'cairn-nvim-'));
  const out = join(outDir, 'out.json');
  const run = spawnSync('nvim', ['--headless', '--clean', '-n', '-c', `luafile ${SCRIPT}`], {
    cwd: fx.root,
    env: { ...process.env, CAIRN_FIXTURE: fx.root, CAIRN_OUT: out, CAIRN_NODE: process.execPath, CAIRN_BIN: CAIRN, CAIRN_REVIEW_SERVER: 'off', XDG_STATE_HOME: outDir, XDG_DATA_HOME: outDir, XDG_CACHE_HOME: outDir },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(run.status, run.stderr).toBe(0);
  got = JSON.parse(readFileSync(out, 'utf8'));
});
afterAll(() => {
  fx?.remove();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('cairn lsp under Neovim', () => {
  it('answers without a protocol error', () => {
    expect(got.errors).toEqual([]);
  });

  it('goes to the definition from a call after non-ASCII text (byte cursor 29 sent as UTF-16 character 26)', () => {
    expect(got.definition_params.position).toEqual({ line: 3, character: 26 });
    expect(got.definition.file).toMatch(/web\/greet\.ts$/);
    expect(got.definition.cursor).toEqual([1, 7]);
  });

  it('lists references and incoming calls with their call sites', () => {
    expect(got.references.sort()).toEqual(['app.test.ts:5:11', 'app.ts:5:14', 'greet.ts:12:25', 'unicode.ts:3:26']);
    expect(got.incoming.sort()).toEqual(['emoji 3:26', 'main 5:14', 'run 12:25', 'shouts 5:11']);
  });

  it('finds workspace symbols and hovers with tier and confidence', () => {
    expect(got.symbols).toContain('Greeter greet.ts');
    expect(got.hover).toMatch(/shout/);
    expect(got.hover).toMatch(/resolution: \w+, confidence \d+/);
  });
});
