// Opt-in (CAIRN_CORPUS_TESTS=1): extraction over real corpora installed by the shared
// corpus script. Reads the installed copies; writes nothing.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';

const enabled = Boolean(process.env.CAIRN_CORPUS_TESTS);
const installer = process.env.CAIRN_CORPORA_INSTALL ?? '../shared/corpora/install.sh';

function corpus(name: string): string {
  const out = execFileSync('bash', [installer, name], { encoding: 'utf8' }).trim().split('\n').pop()!;
  return out.split('\t')[1] ?? out;
}

describe.runIf(enabled)('extraction on real corpora', () => {
  it('rust-tokio: spawn in src/task/spawn.rs is recovered from cfg_rt!', async () => {
    const root = corpus('rust-tokio');
    const path = 'src/task/spawn.rs';
    const source = readFileSync(join(root, path), 'utf8');
    const facts = await extractFacts(path, source, 'rust');
    const spawn = facts.symbols.find((s) => s.qualifiedName === 'spawn');
    expect(spawn).toMatchObject({ kind: 'function', wrappingMacro: 'cfg_rt', exported: true });
    expect(Buffer.from(source).subarray(spawn!.startByte, spawn!.endByte).toString()).toMatch(/^pub fn spawn<T>\(/);
    expect(facts.module).toBe('crate::task::spawn');
    expect(facts.callSites.some((c) => c.caller === spawn!.local)).toBe(true);
  });

  it('ts-zod: known exported functions and classes', async () => {
    const root = corpus('ts-zod');
    const v3 = 'v3/types.ts';
    const v3Facts = await extractFacts(v3, readFileSync(join(root, v3), 'utf8'), 'typescript');
    const exported = new Set(v3Facts.symbols.filter((s) => s.exported).map((s) => s.qualifiedName));
    for (const name of ['ZodType', 'ZodString', 'ZodObject']) expect(exported.has(name), name).toBe(true);
    expect(v3Facts.symbols.some((s) => s.qualifiedName === 'ZodType.safeParse' && s.kind === 'method')).toBe(true);

    const v4 = 'v4/classic/schemas.ts';
    const v4Facts = await extractFacts(v4, readFileSync(join(root, v4), 'utf8'), 'typescript');
    // `string` has two overload signatures and one implementation: one symbol.
    const string = v4Facts.symbols.filter((s) => s.qualifiedName === 'string');
    expect(string).toHaveLength(1);
    expect(string[0]).toMatchObject({ kind: 'function', exported: true, attributes: { overloads: '2' } });
    for (const name of ['email', 'uuid', 'url']) expect(v4Facts.symbols.some((s) => s.qualifiedName === name && s.exported), name).toBe(true);
  });
});
