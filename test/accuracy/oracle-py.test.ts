// The Python oracle (Jedi). It needs Debian's python3-jedi, which CI does not install,
// so it is opt-in (CAIRN_PY_ORACLE_TESTS=1): a tiny package with a class imported
// relatively and absolutely, a method through an attribute typed in __init__, a
// call through a parameter, a builtin, a standard-library function and super().
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { runPyOracle } from '../../scripts/accuracy/oracle-py.mjs';

const MODELS = `class Base:
    def __init__(self, name):
        self.name = name

    def hello(self):
        return self.name


class Engine:
    def start(self):
        return 1


class Car(Base):
    def __init__(self, name):
        super().__init__(name)
        self.engine = Engine()

    def go(self):
        return self.engine.start()
`;
const MAIN = `import os
from .models import Car
from tiny.models import Base


def run(callback):
    car = Car("x")
    car.go()
    Base("y").hello()
    callback()
    len("abc")
    os.getcwd()
`;

describe.runIf(Boolean(process.env.CAIRN_PY_ORACLE_TESTS))('Python oracle (Jedi)', () => {
  let work = '';
  let sites: any[] = [];
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'cairn-oracle-py-'));
    const root = join(work, 'py');
    mkdirSync(join(root, 'tiny'), { recursive: true });
    writeFileSync(join(root, 'tiny', '__init__.py'), '');
    writeFileSync(join(root, 'tiny', 'models.py'), MODELS);
    writeFileSync(join(root, 'tiny', 'main.py'), MAIN);
    const out = join(work, 'sites.jsonl');
    const summary = runPyOracle(root, out, { sysPath: [root], only: ['tiny'] });
    expect(summary.files).toBe(3);
    sites = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const at = (file: string, line: number, name: string) => sites.find((s) => s.file === `tiny/${file}` && s.line === line && s.calleeName === name);

  it('follows relative and absolute imports to the class, its __init__ an alternative', () => {
    expect(at('main.py', 7, 'Car')).toMatchObject({ column: 10, callColumn: 10, specifier: 'Car', status: 'in_repo', class: 'in_repo' });
    expect(at('main.py', 7, 'Car').targets).toEqual([
      { file: 'tiny/models.py', line: 14, column: 6, name: 'Car', declKind: 'PyClass' },
      { file: 'tiny/models.py', line: 15, column: 8, name: '__init__', declKind: 'PyFunction', alternative: true },
    ]);
    expect(at('main.py', 9, 'Base').targets[0]).toMatchObject({ file: 'tiny/models.py', line: 1, name: 'Base' });
    expect(at('main.py', 9, 'hello')).toMatchObject({ column: 14, callColumn: 4, specifier: 'Base("y").hello', class: 'in_repo' });
  });

  it('answers a method through an attribute typed in __init__, and super()', () => {
    expect(at('models.py', 20, 'start').targets).toEqual([{ file: 'tiny/models.py', line: 10, column: 8, name: 'start', declKind: 'PyFunction' }]);
    expect(at('models.py', 16, '__init__').targets).toEqual([{ file: 'tiny/models.py', line: 2, column: 8, name: '__init__', declKind: 'PyFunction' }]);
  });

  it('classifies a call through a parameter as indirect, and builtin and library calls as outside', () => {
    expect(at('main.py', 10, 'callback')).toMatchObject({ class: 'indirect', targets: [{ file: 'tiny/main.py', declKind: 'PyParam' }] });
    expect(at('main.py', 11, 'len')).toMatchObject({ status: 'external', class: 'builtin', targets: [{ file: null, name: 'len', where: 'builtin' }] });
    expect(at('main.py', 12, 'getcwd')).toMatchObject({ status: 'external', class: 'external' });
    expect(at('main.py', 12, 'getcwd').targets[0].where).not.toBe('builtin');
  });
});
