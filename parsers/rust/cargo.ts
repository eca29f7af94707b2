// The Cargo module-authority probe: what one Cargo.toml says about the crate roots of
// its package, from the manifest text alone. Forms the review profile does not model
// are named, so the binding policy can omit with a reason instead of guessing.
import { parse } from 'smol-toml';

export type CargoManifest =
  | {
      ok: true;
      edition: '2018' | '2021' | '2024';
      /** Library root, relative to the manifest's folder: explicit `[lib] path`, else null (default `src/lib.rs` if it exists). */
      lib: string | null;
      /** Explicit `[[bin]]` name/path pairs; when there are any, no binary is inferred. */
      bins: Array<{ name: string; path: string }>;
    }
  | { ok: false; reason: string };

const EDITIONS = ['2018', '2021', '2024'] as const;
const isTable = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function readCargoManifest(text: string): CargoManifest {
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'manifest-syntax' };
  }
  const pkg = doc.package;
  if (!isTable(pkg)) return { ok: false, reason: 'manifest-no-package' };
  const edition = pkg.edition;
  if (typeof edition !== 'string') return { ok: false, reason: isTable(edition) ? 'manifest-inherited-edition' : 'manifest-no-edition' };
  if (!(EDITIONS as readonly string[]).includes(edition)) return { ok: false, reason: 'manifest-edition' };
  if (pkg.build !== undefined && pkg.build !== false) return { ok: false, reason: 'manifest-build-script' };
  for (const table of ['test', 'example', 'bench']) if (doc[table] !== undefined) return { ok: false, reason: `manifest-${table}-target` };
  let lib: string | null = null;
  if (doc.lib !== undefined) {
    if (!isTable(doc.lib)) return { ok: false, reason: 'manifest-lib' };
    if (doc.lib.edition !== undefined) return { ok: false, reason: 'manifest-target-edition' };
    if (doc.lib.path !== undefined) {
      if (typeof doc.lib.path !== 'string' || !relativePath(doc.lib.path)) return { ok: false, reason: 'manifest-lib' };
      lib = normal(doc.lib.path);
    }
  }
  const bins: Array<{ name: string; path: string }> = [];
  if (doc.bin !== undefined) {
    if (!Array.isArray(doc.bin)) return { ok: false, reason: 'manifest-bin' };
    for (const bin of doc.bin) {
      if (!isTable(bin) || typeof bin.name !== 'string' || typeof bin.path !== 'string' || !relativePath(bin.path)) return { ok: false, reason: 'manifest-bin' };
      if (bin.edition !== undefined) return { ok: false, reason: 'manifest-target-edition' };
      bins.push({ name: bin.name, path: normal(bin.path) });
    }
  }
  return { ok: true, edition: edition as '2018' | '2021' | '2024', lib, bins };
}

const normal = (p: string) => p.replace(/^\.\//, '');
const relativePath = (p: string) => p.endsWith('.rs') && !p.startsWith('/') && !p.split('/').includes('..');
