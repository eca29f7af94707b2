// A repository holding every language the v0.3 contract once called unsupported: each file
// is indexed in its own language, and `doctor` counts no unsupported extension.
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture } from '../helpers/fixture.js';

/** One small file per suffix (and name) the contract lists, with a language that parses it. */
const FILES: Record<string, [language: string, source: string]> = {
  'app/models/user.rb': ['ruby', 'class User\n  def name\n    "x"\n  end\nend\n'],
  Rakefile: ['ruby', 'task :default do\n  puts "ok"\nend\n'],
  Gemfile: ['ruby', 'source "https://example.org"\n'],
  'src/Cart.php': ['php', '<?php\nclass Cart {\n  public function total() { return 1; }\n}\n'],
  'src/Cart.cs': ['csharp', 'namespace Shop { class Cart { int Total() { return 1; } } }\n'],
  'src/Cart.kt': ['kotlin', 'class Cart {\n  fun total(): Int = 1\n}\n'],
  'build.gradle.kts': ['kotlin', 'plugins {\n}\n'],
  'Sources/Cart.swift': ['swift', 'struct Cart {\n  func total() -> Int { return 1 }\n}\n'],
  'src/Cart.scala': ['scala', 'class Cart {\n  def total(): Int = 1\n}\n'],
  'scripts/build.sc': ['scala', 'def build(): Unit = println("x")\n'],
  'scripts/build.sh': ['bash', 'build() {\n  echo hi\n}\nbuild\n'],
  'scripts/lib.bash': ['bash', 'helper() {\n  echo hi\n}\n'],
  'scripts/deploy': ['bash', '#!/usr/bin/env bash\nset -e\ndeploy() { echo go; }\ndeploy\n'],
  'lua/cart.lua': ['lua', 'local M = {}\nfunction M.total() return 1 end\nreturn M\n'],
  'src/cart.zig': ['zig', 'pub fn total() u32 {\n    return 1;\n}\n'],
  'lib/cart.dart': ['dart', 'class Cart {\n  int total() => 1;\n}\n'],
};

const fx = makeFixture(Object.fromEntries(Object.entries(FILES).map(([path, [, source]]) => [path, source])));
chmodSync(join(fx.root, 'scripts/deploy'), 0o755);
afterAll(() => fx.remove());

describe('every language the contract lists', () => {
  it('is indexed in its own language, and doctor counts no unsupported extension', () => {
    expect(cairnJson(['init', '-C', fx.root]).code).toBe(0);
    const files = cairnJson(['files', '-C', fx.root, '--limit', '100']).body.data;
    const languages = Object.fromEntries((files.files ?? files).map((f: { path: string; language: string }) => [f.path, f.language]));
    for (const [path, [language]] of Object.entries(FILES)) expect(languages[path], path).toBe(language);
    const quality = cairnJson(['doctor', '-C', fx.root]).body.data.graph_quality;
    expect(quality.unsupported_extensions).toEqual([]);
    expect(quality.totals.unsupported_extensions).toBe(0);
  });
});
