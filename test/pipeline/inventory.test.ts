import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { takeInventory } from '../../workers/inventory.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let fixture: Fixture | undefined;
afterEach(() => fixture?.remove());

const paths = (root: string, includeLibrary = false) => takeInventory(root, { includeLibrary }).entries.map((e) => e.path);

describe('inventory', () => {
  it('in git: tracked plus untracked-not-ignored, library and dot folders skipped', () => {
    fixture = makeFixture(
      {
        'src/lib.rs': 'fn a() {}',
        'src/app.ts': 'export const x = 1;',
        '.gitignore': 'ignored.rs\n',
        'ignored.rs': 'fn b() {}',
        'node_modules/dep/index.js': 'module.exports = 1;',
        'target/debug/build.rs': 'fn c() {}',
        '.hidden/x.rs': 'fn d() {}',
        'README.md': '# hi',
        'script.ex': 'IO.puts 1',
      },
      { git: true },
    );
    fixture.write('src/untracked.rs', 'fn e() {}');
    const inventory = takeInventory(fixture.root);
    expect(inventory.git).toBe(true);
    expect(inventory.entries.map((e) => e.path)).toEqual(['src/app.ts', 'src/lib.rs', 'src/untracked.rs']);
    expect(inventory.unsupportedExtensions).toEqual({ '.ex': 1 });
    // Folders the library rule leaves out are named with their source files (git ignores none here).
    expect(inventory.skippedFolders).toEqual([
      { path: '.hidden', files: 1 },
      { path: 'node_modules', files: 1 },
      { path: 'target', files: 1 },
    ]);
    expect(paths(fixture.root, true)).toContain('target/debug/build.rs');
    expect(takeInventory(fixture.root, { includeLibrary: true }).skippedFolders).toEqual([]);
  });

  it('outside git: honours nested .gitignore files', () => {
    fixture = makeFixture({
      'a.rs': 'fn a() {}',
      '.gitignore': '*.gen.rs\n',
      'sub/.gitignore': 'skip/\n',
      'sub/b.gen.rs': 'fn b() {}',
      'sub/c.rs': 'fn c() {}',
      'sub/skip/d.rs': 'fn d() {}',
      'vendor/e.rs': 'fn e() {}',
    });
    const inventory = takeInventory(fixture.root);
    expect(inventory.git).toBe(false);
    expect(inventory.entries.map((e) => e.path)).toEqual(['a.rs', 'sub/c.rs']);
    expect(inventory.skippedFolders).toEqual([{ path: 'vendor', files: 1 }]);
  });

  it('never follows a symlink, in or out of the workspace', () => {
    fixture = makeFixture({ 'a.rs': 'fn a() {}' });
    const outside = makeFixture({ 'secret.rs': 'fn secret() {}', 'dir/x.rs': 'fn x() {}' });
    try {
      symlinkSync(join(outside.root, 'secret.rs'), join(fixture.root, 'link.rs'));
      symlinkSync(join(outside.root, 'dir'), join(fixture.root, 'linkdir'));
      const inventory = takeInventory(fixture.root);
      expect(inventory.entries.map((e) => e.path)).toEqual(['a.rs']);
      expect(inventory.skipped.symlink).toBeGreaterThanOrEqual(1);
    } finally {
      outside.remove();
    }
  });
});
