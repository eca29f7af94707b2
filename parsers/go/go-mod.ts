// Module identity from the text of a go.mod: exactly one ordinary, unquoted `module`
// line. Block comments and replace directives are outside this profile (they could
// change what an import path means), so they yield no module path. Pure; never throws.

export type GoModule = { ok: true; path: string } | { ok: false; reason: 'no-module-line' | 'several-module-lines' | 'quoted-module-path' | 'block-comment' | 'replace-directive' };

export function readGoMod(text: string): GoModule {
  if (text.includes('/*')) return { ok: false, reason: 'block-comment' };
  const paths: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (/^replace(\s|\(|$)/.test(line)) return { ok: false, reason: 'replace-directive' };
    const m = /^module(\s+(.*))?$/.exec(line);
    if (!m) continue;
    const path = (m[2] ?? '').trim();
    if (path.startsWith('"') || path.startsWith('`')) return { ok: false, reason: 'quoted-module-path' };
    if (path === '' || /\s/.test(path)) return { ok: false, reason: 'no-module-line' };
    paths.push(path);
  }
  if (paths.length === 0) return { ok: false, reason: 'no-module-line' };
  if (paths.length > 1) return { ok: false, reason: 'several-module-lines' };
  return { ok: true, path: paths[0] };
}
