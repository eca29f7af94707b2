// The Java oracle (javac's tree API). It needs a JDK, which CI does not install, so it
// is opt-in (CAIRN_JAVA_ORACLE_TESTS=1): two classes with an overload, an inherited
// method, a constructor, an implicit constructor, an anonymous class and a call into
// the JDK.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { runJavaOracle } from '../../scripts/accuracy/oracle-java.mjs';

const BASE = `package p;

public class Base {
    public Base(int n) {
    }

    public String hello() {
        return "hi";
    }
}
`;
const MAIN = `package p;

public class Main extends Base {
    Main() {
        super(1);
    }

    static int add(int a) { return a; }
    static int add(int a, int b) { return a + b; }

    static class Empty {
    }

    void run() {
        add(1, 2);
        new Main().hello();
        new Empty();
        new Base(2) {
        };
        String.valueOf(3);
    }
}
`;

describe.runIf(Boolean(process.env.CAIRN_JAVA_ORACLE_TESTS))('Java oracle (javac)', () => {
  let work = '';
  let sites: any[] = [];
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'cairn-oracle-java-'));
    mkdirSync(join(work, 'src', 'p'), { recursive: true });
    writeFileSync(join(work, 'src', 'p', 'Base.java'), BASE);
    writeFileSync(join(work, 'src', 'p', 'Main.java'), MAIN);
    const out = join(work, 'sites.jsonl');
    const summary = runJavaOracle(join(work, 'src'), out, { packages: [], jars: [] });
    expect(summary).toMatchObject({ files: 2, errors: 0 });
    sites = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  }, 180_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const at = (line: number, name: string) => sites.find((s) => s.file === 'p/Main.java' && s.line === line && s.calleeName === name);

  it('picks the overload javac picks, and the inherited method', () => {
    expect(at(15, 'add')).toMatchObject({ column: 8, status: 'in_repo', targets: [{ file: 'p/Main.java', line: 9, name: 'add', declKind: 'Method' }] });
    expect(at(16, 'hello').targets).toEqual([{ file: 'p/Base.java', line: 7, column: 18, name: 'hello', declKind: 'Method' }]);
  });

  it('answers new with the constructor (its class an alternative), the class for an implicit one', () => {
    expect(at(5, 'super').targets).toEqual([
      { file: 'p/Base.java', line: 4, column: 11, name: 'constructor', declKind: 'Constructor' },
      { file: 'p/Base.java', line: 3, column: 13, name: 'Base', declKind: 'Class', alternative: true },
    ]);
    expect(at(16, 'Main')).toMatchObject({ kind: 'new', callColumn: 8, column: 12 });
    expect(at(17, 'Empty').targets).toEqual([{ file: 'p/Main.java', line: 11, column: 17, name: 'Empty', declKind: 'Class' }]);
    expect(at(18, 'Base').targets[0]).toMatchObject({ file: 'p/Base.java', line: 4, name: 'constructor' });
  });

  it('classifies a call into the JDK as external', () => {
    expect(at(20, 'valueOf')).toMatchObject({ status: 'external', class: 'external', targets: [{ file: null, where: 'java.lang.String' }] });
  });
});
