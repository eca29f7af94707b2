// Copies declarative assets (tree-sitter queries, Ohm grammars, default rules) next to
// the compiled code, so dist/ is self-contained, and stamps the build: a running review
// server of another build hands over to a new one.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const dir of ['grammars', 'review/rules', 'cli/pictures/browser']) {
  const from = join(root, dir);
  if (!existsSync(from)) continue;
  const to = join(root, 'dist', dir);
  mkdirSync(to, { recursive: true });
  cpSync(from, to, { recursive: true });
}
writeFileSync(join(root, 'dist', 'build-id'), `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}\n`);
