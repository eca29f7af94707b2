// Why an inventory came out empty: which source files the ignore rules left out and
// the rules that took them, and how many sit in library or dot folders. Asked only
// when nothing was inventoried, so the ordinary run never pays for it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { childTextSync, GIT_WALK_MS, runChildSync } from '../gate/child.js';
import { Gate } from '../gate/gate.js';
import { gitEnv, isCandidate, isExcludedPath, MAX_IGNORE_FILE_BYTES } from './inventory.js';

export interface LeftOut {
  /** Source files the ignore rules (.gitignore, git's excludes) left out. */
  ignored: number;
  /** The rules that took them, most files first: the pattern and where it is written (`.gitignore:87`). */
  rules: Array<{ rule: string; source: string; files: number }>;
  /** Source files in library or dot folders, which only --include-library indexes. */
  library: number;
}

/** Bound on the entries looked at: the answer is a hint, not a second inventory. */
const MAX_ENTRIES = 1_000_000;

export function explainLeftOut(root: string, git: boolean, includeLibrary: boolean): LeftOut {
  const tally = new Map<string, { rule: string; source: string; files: number }>();
  const count = (rule: string, source: string) => {
    const key = `${source}\0${rule}`;
    const entry = tally.get(key) ?? { rule, source, files: 0 };
    entry.files++;
    tally.set(key, entry);
  };
  let library = 0;
  const paths = git ? ignoredByGit(root, count) : walkIgnored(root, count);
  for (const path of paths) if (isCandidate(path) && isExcludedPath(path, includeLibrary)) library++;
  const rules = [...tally.values()].sort((a, b) => b.files - a.files || (a.source < b.source ? -1 : 1));
  return { ignored: rules.reduce((n, r) => n + r.files, 0), rules, library };
}

/** Git's own answer: the untracked files it ignores, and the rule of each (`git check-ignore -v`). */
function ignoredByGit(root: string, count: (rule: string, source: string) => void): string[] {
  const options = { cwd: root, env: gitEnv(), timeoutMs: GIT_WALK_MS, maxStdoutBytes: 1 << 28 };
  const run = (args: string[]) => childTextSync('git', args, options);
  const ignored = run(['ls-files', '-oi', '--exclude-standard', '-z', '--', '.']).split('\0').filter(Boolean).slice(0, MAX_ENTRIES);
  const candidates = ignored.filter(isCandidate);
  if (candidates.length) {
    // -v -z: source, line, pattern, path, each ended by NUL.
    // Exit 1 means no path was ignored: still an answer.
    const asked = runChildSync('git', ['check-ignore', '-v', '-z', '--stdin'], { ...options, input: candidates.join('\0') + '\0' });
    const fields = asked.outcome === 'exited' ? asked.stdout.toString('utf8').split('\0') : [];
    for (let i = 0; i + 3 < fields.length; i += 4) count(fields[i + 2]!, `${fields[i]}:${fields[i + 1]}`);
  }
  // Tracked and untracked files git does not ignore, for the library count.
  return run(['ls-files', '-co', '--exclude-standard', '-z', '--', '.']).split('\0').filter(Boolean).slice(0, MAX_ENTRIES);
}

/** Outside git: the inventory's walk, asking each folder's .gitignore about every source file it drops. */
function walkIgnored(root: string, count: (rule: string, source: string) => void): string[] {
  const kept: string[] = [];
  let seen = 0;
  type Rules = { base: string; ig: Ignore };
  const visit = (dir: string, rules: Rules[], ignoredBy?: { rule: string; source: string }) => {
    const rel = dir === '' ? '' : `${dir}/`;
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    const own = ignoredBy ? undefined : readRules(root, `${rel}.gitignore`);
    const active = own ? [...rules, { base: rel, ig: own }] : rules;
    // As the inventory's walk: ignored when any folder's rules ignore it; the deepest such rule is named.
    const verdict = (path: string) => {
      for (let i = active.length - 1; i >= 0; i--) {
        const { base, ig } = active[i]!;
        const result = ig.test(path.slice(base.length));
        if (result.ignored) return { rule: result.rule!.pattern, source: result.rule!.mark ?? `${base}.gitignore` };
      }
      return undefined;
    };
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) return;
      const path = rel + entry.name;
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) {
        if (entry.name === '.git' || entry.name === '.cairn') continue;
        visit(path, active, ignoredBy ?? verdict(`${path}/`));
      } else if (entry.isFile() && isCandidate(path)) {
        const by = ignoredBy ?? verdict(path);
        if (by) count(by.rule, by.source);
        else kept.push(path);
      }
    }
  };
  visit('', []);
  return kept;
}

/** A .gitignore through the gate, each rule marked with where it is written (`src/.gitignore:3`). */
function readRules(root: string, path: string): Ignore | undefined {
  const read = new Gate(root).read(path, MAX_IGNORE_FILE_BYTES);
  if (!read.ok) return undefined;
  const rules = ignore();
  read.bytes
    .toString('utf8')
    .split('\n')
    .forEach((line, i) => rules.add({ pattern: line.replace(/\r$/, ''), mark: `${path}:${i + 1}` }));
  return rules;
}
