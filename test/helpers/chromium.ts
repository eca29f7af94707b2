// The browser the page tests drive: the Chromium build that @sparticuz/chromium ships
// inside its npm package (brotli-compressed, so `npm ci` brings it and nothing is
// downloaded). It is unpacked once per package version into a temp dir beside its
// fonts and the NSS libraries it links against (the package's al2023 set), so a
// machine with Node alone runs it; the launch flags are ours, not the package's
// serverless ones (those turn web security off).
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import tar from 'tar-fs';

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Unpacked {
  executable: string;
  env: Record<string, string>;
}

async function unpack(): Promise<Unpacked> {
  // The package exports only its code: walk up from its entry to its own manifest.
  const manifest = (dir: string) => join(dir, 'package.json');
  let root = dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium'));
  while (!(existsSync(manifest(root)) && JSON.parse(readFileSync(manifest(root), 'utf8')).name === '@sparticuz/chromium')) {
    if (dirname(root) === root) throw new Error('@sparticuz/chromium did not come with npm ci');
    root = dirname(root);
  }
  const version = JSON.parse(readFileSync(manifest(root), 'utf8')).version as string;
  const packed = join(root, 'bin');
  const home = join(tmpdir(), `cairn-chromium-${version}`);
  const found: Unpacked = {
    executable: join(home, 'chromium'),
    env: { LD_LIBRARY_PATH: join(home, 'al2023', 'lib'), FONTCONFIG_PATH: join(home, 'fontconfig') },
  };
  if (existsSync(found.executable)) return found;
  // Unpack beside it, then rename into place: test files in other workers may race here.
  const staging = `${home}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  await pipeline(createReadStream(join(packed, 'chromium.br')), createBrotliDecompress(), createWriteStream(join(staging, 'chromium'), { mode: 0o755 }));
  for (const archive of ['fonts', 'al2023']) {
    await pipeline(createReadStream(join(packed, `${archive}.tar.br`)), createBrotliDecompress(), tar.extract(join(staging, archive)));
  }
  // The shipped fonts.conf names serverless paths; ours names the fonts unpacked here, and only them.
  mkdirSync(join(staging, 'fontconfig'));
  writeFileSync(join(staging, 'fontconfig', 'fonts.conf'), `<?xml version="1.0"?>\n<fontconfig><dir>${join(home, 'fonts')}</dir><cachedir>${join(home, 'fonts-cache')}</cachedir></fontconfig>\n`);
  try {
    renameSync(staging, home);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(found.executable)) throw error;
  }
  return found;
}

export async function launchChromium(): Promise<Browser> {
  const { executable, env } = await unpack();
  return chromium.launch({ executablePath: executable, args: FLAGS, env: { ...process.env, ...env } as Record<string, string> });
}
