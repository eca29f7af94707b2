// Incremental apply equals a fresh build for the Go, Python, Java (with Spring edges)
// and C binders: their lookups (package directories, module files, javac-like type
// lookup, reversed framework edges) must all be recorded as dependencies.
import { describe, expect, it } from 'vitest';
import { openStore } from '../../store/index.js';
import { dump, META, tempWorkspace } from './facts.js';
import { extractAll } from './resolve-languages.fixture.js';

async function expectIncrementalEqualsFresh(before: Record<string, string>, after: Record<string, string>) {
  const a = tempWorkspace();
  const b = tempWorkspace();
  const incremental = openStore(a.dir);
  const fresh = openStore(b.dir);
  try {
    await incremental.apply({ upserts: await extractAll(before), deletions: [], meta: META, unsupportedExtensions: {}, rebuild: true });
    const changed = Object.fromEntries(Object.entries(after).filter(([p, s]) => before[p] !== s));
    const deletions = Object.keys(before).filter((p) => !(p in after));
    await incremental.apply({ upserts: await extractAll(changed), deletions, meta: META, unsupportedExtensions: {} });
    await fresh.apply({ upserts: await extractAll(after), deletions: [], meta: META, unsupportedExtensions: {}, rebuild: true });
    expect(dump(incremental)).toEqual(dump(fresh));
    return dump(incremental);
  } finally {
    await incremental.close();
    await fresh.close();
    a.cleanup();
    b.cleanup();
  }
}

describe('incremental apply equals a fresh build (Go, Python, Java/Spring, C)', () => {
  it('Go: a function appears in the imported package directory', async () => {
    const user = 'package main\nimport "example.com/m/geo"\nfunc main() { geo.Area(); g := geo.NewGrid(); g.Cell() }\n';
    const after = await expectIncrementalEqualsFresh(
      { 'geo/a.go': 'package geo\n', 'app/main.go': user },
      { 'geo/a.go': 'package geo\ntype Grid struct{}\nfunc Area() {}\nfunc NewGrid() *Grid { return nil }\nfunc (g *Grid) Cell() {}\n', 'app/main.go': user },
    );
    expect(after.edges.filter((e) => e.relationship === 'calls').length).toBe(3);
  });

  it('Python: a base class gains the method self calls', async () => {
    const sub = 'from .base import Base\nclass Sub(Base):\n    def run(self):\n        self.helper()\n';
    await expectIncrementalEqualsFresh(
      { 'pkg/__init__.py': '', 'pkg/base.py': 'class Base:\n    pass\n', 'pkg/sub.py': sub },
      { 'pkg/__init__.py': '', 'pkg/base.py': 'class Base:\n    def helper(self):\n        pass\n', 'pkg/sub.py': sub },
    );
  });

  it('Java/Spring: the injected type and the event type come and go', async () => {
    const consumer = `package app;
@Service
public class Consumer {
  private final Repo repo;
  public Consumer(Repo repo) { this.repo = repo; }
  @EventListener
  public void on(Placed event) { repo.save(); }
}
`;
    const after = await expectIncrementalEqualsFresh(
      { 'src/main/java/app/Consumer.java': consumer, 'src/main/java/app/Placed.java': 'package app;\npublic class Placed {}\n' },
      { 'src/main/java/app/Consumer.java': consumer, 'src/main/java/app/Repo.java': 'package app;\npublic class Repo { void save() {} }\n' },
    );
    expect(after.edges.filter((e) => e.relationship === 'injected_into').map((e) => e.source)).toEqual(['src/main/java/app/Repo.java::Repo']);
  });

  it('C: a macro definition takes a call from a function', async () => {
    const main = 'int main(void) { return helper(1); }\n';
    await expectIncrementalEqualsFresh(
      { 'src/main.c': main, 'src/helper.c': 'int helper(int x) { return x; }\n' },
      { 'src/main.c': main, 'src/helper.c': 'int helper(int x) { return x; }\n', 'include/h.h': '#define helper(x) (x)\n' },
    );
  });
});
