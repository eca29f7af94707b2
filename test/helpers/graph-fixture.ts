// Workspaces for the graph wire tests and the README's push/serve examples: a small
// TypeScript shop with a git origin (so the repo label comes from it), and a copy of
// some of cairn's own source as a fixture of real code.
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './cli.js';
import { makeFixture, type Fixture } from './fixture.js';

export const SHOP_FILES: Record<string, string> = {
  'src/cart.ts': `import { formatPrice } from './money';

export class Cart {
  private items: { name: string; cents: number }[] = [];
  add(name: string, cents: number): void {
    this.items.push({ name, cents });
  }
  total(): number {
    return this.items.reduce((sum, item) => sum + item.cents, 0);
  }
  summary(): string {
    return formatPrice(this.total());
  }
}
`,
  'src/money.ts': `export function formatPrice(cents: number): string {
  return '$' + (cents / 100).toFixed(2);
}

export function parsePrice(text: string): number {
  return Math.round(Number.parseFloat(text.replace('$', '')) * 100);
}
`,
  'src/checkout.ts': `import { Cart } from './cart';
import { parsePrice } from './money';

export function checkout(lines: string[]): string {
  const cart = new Cart();
  for (const line of lines) cart.add(line, parsePrice(line));
  audit(cart);
  return cart.summary();
}
`,
};

/** The shop, committed, with origin git@github.com:acme/shop.git (label acme/shop). */
export function makeGraphFixture(): Fixture {
  const fixture = makeFixture(SHOP_FILES, { git: true });
  fixture.git('remote', 'add', 'origin', 'git@github.com:acme/shop.git');
  return fixture;
}

/** Directories of cairn's own source copied into a fixture: real code, about fifteen files. */
export const REAL_CODE_DIRS = ['contracts', 'server'];

/** A git repository of real code (cairn's own contracts/ and server/), label acme/real. */
export function makeRealCodeFixture(): Fixture {
  const fixture = makeFixture({}, {});
  for (const dir of REAL_CODE_DIRS) {
    cpSync(join(REPO, dir), join(fixture.root, dir), { recursive: true, filter: (src) => !src.includes('node_modules') });
  }
  fixture.git('init', '-q', '-b', 'main');
  fixture.commit('real code');
  fixture.git('remote', 'add', 'origin', 'https://github.com/acme/real.git');
  return fixture;
}

export function tsFilesIn(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.ts'))
    .map((p) => `${dir}/${p}`)
    .sort();
}
