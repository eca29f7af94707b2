// Opt-in (CAIRN_CORPUS_TESTS=1): the review commands on real corpora. Each corpus
// is copied into a temp dir, made a git repository and indexed there; the
// installed copy is never written. Slow by nature (full indexes).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupSymbol } from '../../graph/lookup.js';
import { testsFor } from '../../graph/tests-for.js';
import { openStore } from '../../store/index.js';
import { cairnJson } from '../helpers/cli.js';

const enabled = Boolean(process.env.CAIRN_CORPUS_TESTS);
const installer = process.env.CAIRN_CORPORA_INSTALL ?? '../shared/corpora/install.sh';
const INDEX_TIMEOUT = 30 * 60_000;

function corpus(name: string): string {
  const out = execFileSync('bash', [installer, name], { encoding: 'utf8' }).trim().split('\n').pop()!;
  return out.split('\t')[1] ?? out;
}

/** A git copy of a corpus with an index; removed by the returned function. */
function indexedCopy(name: string): { root: string; remove: () => void } {
  const work = mkdtempSync(join(tmpdir(), `cairn-corpus-${name}-`));
  const root = join(work, 'repo');
  cpSync(corpus(name), root, { recursive: true });
  const ignore = join(root, '.gitignore');
  if (existsSync(ignore)) writeFileSync(ignore, readFileSync(ignore, 'utf8').split('\n').filter((l) => l.trim() !== '/*').join('\n'));
  const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' };
  for (const args of [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '--no-gpg-sign', '-m', 'corpus']]) execFileSync('git', args, { cwd: root, env });
  const init = cairnJson(['init', '-C', root]);
  if (init.code !== 0) throw new Error(`init failed: ${init.stderr}`);
  return { root, remove: () => rmSync(work, { recursive: true, force: true }) };
}

describe.runIf(enabled)('review commands on go-kubernetes', () => {
  let copy: ReturnType<typeof indexedCopy>;
  beforeAll(() => {
    copy = indexedCopy('go-kubernetes');
  }, INDEX_TIMEOUT);
  afterAll(() => copy?.remove());

  // doctor's time is measured by the review-command benchmark, not asserted here.
  it('doctor is bounded', () => {
    const { body } = cairnJson(['doctor', '-C', copy.root]);
    expect(body.data.freshness).toBe('fresh');
    expect(JSON.stringify(body).length).toBeLessThan(256 * 1024);
  });

  it('impact of a common method name is refused as ambiguous; a qualified one reaches tests', () => {
    const common = cairnJson(['impact', 'GetList', '-C', copy.root]);
    expect(common.body).toMatchObject({ ok: false, next_action: 'narrow the query' });
    expect(common.body.warnings[0].code).toBe('ambiguous_symbol');
    const candidates: { id: string }[] = common.body.data.candidates;
    const reaching = candidates.find((c) => {
      const run = cairnJson(['impact', c.id, '--direction', 'callers', '--depth', '3', '-C', copy.root]);
      return run.body.ok && run.body.data.affected_tests.length > 0;
    });
    expect(reaching).toBeDefined();
  });
});

describe.runIf(enabled)('review commands on c-linux', () => {
  let copy: ReturnType<typeof indexedCopy>;
  beforeAll(() => {
    copy = indexedCopy('c-linux');
  }, INDEX_TIMEOUT);
  afterAll(() => copy?.remove());

  it('search strncpy finds definitions only where the code defines them', () => {
    const { body } = cairnJson(['search', 'strncpy', '-C', copy.root]);
    expect(body.ok).toBe(true);
    const exact = (body.data.results ?? body.data.symbols ?? []).filter((s: { name: string }) => s.name === 'strncpy');
    expect(exact.length).toBeGreaterThan(0);
    for (const s of exact) {
      const text = readFileSync(join(copy.root, s.file_path), 'utf8').split('\n').slice(s.start_line - 1, s.end_line).join('\n');
      expect(text).toMatch(/strncpy/);
    }
  });
});

describe.runIf(enabled)('review commands on java-guava', () => {
  let copy: ReturnType<typeof indexedCopy>;
  beforeAll(() => {
    copy = indexedCopy('java-guava');
  }, INDEX_TIMEOUT);
  afterAll(() => copy?.remove());

  // The query's speed is measured by the review-command benchmark, not asserted here.
  it('tests-for of a widely used method returns multi-hop tests', async () => {
    const store = openStore(copy.root, { readOnly: true });
    try {
      const found = lookupSymbol(store, 'Preconditions.checkNotNull');
      const target = found.kind === 'found' ? found.symbol : found.kind === 'ambiguous' ? found.candidates[0]! : undefined;
      expect(target).toBeDefined();
      const result = testsFor(store, target!, { limit: 100, includeTests: true });
      expect(result.tests.some((t) => t.evidence === 'direct_call' && t.path.length > 1)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
