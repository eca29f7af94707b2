import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { render } from './render.js';

const extract = (source: string, path = 'src/main/java/com/x/app/A.java') => extractFacts(path, source, 'java');

const SOURCE = `package com.x.app;

import java.util.List;
import java.util.*;
import static org.junit.Assert.assertEquals;

public class A<T> extends B implements C, D<T> {
  private final Repo repo;
  private Helper helper = new Helper();
  public A(Repo repo) { this.repo = repo; }
  public String format(String s, Object... args) {
    Repo r = new Repo();
    r.find(1);
    repo.save(s);
    this.repo.save(s);
    helper.help();
    this.go();
    go();
    Util.run();
    java.util.Objects.hash(s);
    super.m();
    var q = new Q<String>();
    q.z();
    new Outer.Inner().x();
    for (Item item : items()) { item.use(); }
    return s;
  }
  void format(int[] a, List<String> b) {}
  private void go() {}
  interface I { void m(); }
  enum En { X; void e() {} }
  record R(int a) { R { } }
}
`;

describe('java extraction', () => {
  it('extracts types, overloads, owners, imports and receiver types', async () => {
    const facts = await extract(SOURCE);
    expect(facts.module).toBe('com.x.app');
    expect(render(facts)).toMatchSnapshot();
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}${s.disambiguator ? `#${s.disambiguator}` : ''}`)).toEqual([
      'class A',
      'constructor A.A#A(Repo)',
      'method A.format#format(String,Object[])',
      'method A.format#format(int[],List)',
      'method A.go#go()',
      'interface A.I',
      'method A.I.m#m()',
      'enum A.En',
      'method A.En.e#e()',
      'record A.R',
      'constructor A.R.R#R(int)',
    ]);
    expect(facts.symbols[0].bases).toEqual(['B', 'C', 'D']);
    expect(facts.symbols[2].attributes).toMatchObject({ arity: '2', varargs: 'true' });
    expect(facts.symbols.find((s) => s.name === 'e')?.ownerType).toBe('En');
    expect(facts.imports.map((i) => `${i.source}|${i.imported}|${i.local}`)).toEqual([
      'java.util|List|List',
      'java.util|*|*',
      'org.junit.Assert|assertEquals|assertEquals',
    ]);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('r.find')).toMatchObject({ receiverType: 'Repo', argumentCount: 1 });
    expect(call('repo.save')).toMatchObject({ receiverType: 'Repo' });
    expect(call('this.repo.save')).toMatchObject({ receiverType: 'Repo' });
    expect(call('helper.help')).toMatchObject({ receiverType: 'Helper' });
    expect(call('this.go')).toMatchObject({ receiver: 'this', receiverType: 'A', argumentCount: 0 });
    expect(call('go').receiver).toBeUndefined();
    expect(call('Util.run')).toMatchObject({ qualifier: 'Util' });
    expect(call('Util.run').receiver).toBeUndefined();
    expect(call('java.util.Objects.hash')).toMatchObject({ qualifier: 'java.util.Objects' });
    expect(call('super.m')).toMatchObject({ receiver: 'super' });
    expect(call('q.z')).toMatchObject({ receiverType: 'Q' });
    expect(call('new Q')).toMatchObject({ kind: 'new', calleeName: 'Q' });
    expect(call('new Outer.Inner().x')).toMatchObject({ receiverType: 'Inner' });
    expect(call('item.use')).toMatchObject({ receiverType: 'Item' });
  });

  it('marks JUnit and TestNG tests and test trees', async () => {
    const facts = await extract(
      `package p;
class T {
  @Test void a() {}
  @org.junit.jupiter.api.ParameterizedTest void b(int x) {}
  @RepeatedTest(3) void c() {}
  void helper() {}
}
`,
      'lib/src/main/java/p/T.java',
    );
    expect(facts.symbols.map((s) => `${s.name}:${s.isTest}`)).toEqual(['T:false', 'a:true', 'b:true', 'c:true', 'helper:false']);
    const inTree = await extract('package p;\nclass U { void helper() {} }\n', 'lib/src/test/java/p/U.java');
    expect(inTree.symbols.every((s) => s.isTest)).toBe(true);
  });

  it('marks JUnit 3 test methods in TestCase subclasses only', async () => {
    const facts = await extract(
      `package com.google.common.base;
import junit.framework.TestCase;
public class PreconditionsTest extends TestCase {
  public void testCheckNotNull_simple() { Preconditions.checkNotNull("a"); }
  public void testWithArgument(int x) {}
  public void testVarargs(String... xs) {}
  void testPackagePrivate() {}
  public int testReturnsValue() { return 1; }
  public void helper() {}
  public void makesAnonymous() { new Runnable() { public void run() {} public void testInAnonymous() {} }; }
}
abstract class AbstractMapTest<K> extends junit.framework.TestCase {
  public void testInherited() {}
  public abstract void testDeclaredOnly();
}
class WidgetTest extends GWTTestCase {
  public void testWidget() {}
}
class Plain {
  public void testFoo() {}
}
class NotJUnit extends TestCaseFactory {
  public void testBuild() {}
}
class Modern {
  @Test public void a() {}
  public void testOldStyle() {}
}
`,
      'lib/src/main/java/com/google/common/base/PreconditionsTest.java',
    );
    expect(render(facts)).toMatchSnapshot();
    const tests = facts.symbols.filter((s) => s.isTest).map((s) => `${s.qualifiedName}=${s.attributes?.test ?? '(inherited)'}`);
    expect(tests).toEqual([
      'PreconditionsTest.testCheckNotNull_simple=junit3',
      'AbstractMapTest.testInherited=junit3',
      'WidgetTest.testWidget=junit3',
      'Modern.a=Test',
    ]);
  });

  it('treats test folders outside the Maven layout as test trees, for Java only', async () => {
    const source = 'package p;\nclass U { void helper() {} }\n';
    for (const path of [
      'guava-tests/test/com/google/common/base/U.java',
      'android/guava-tests/test/com/google/common/base/U.java',
      'tests/p/U.java',
      'core/test/p/U.java',
      'api_tests/p/U.java',
      'lib/src/test/java/p/U.java',
      'lib/src/integrationTest/java/p/U.java',
    ]) {
      expect((await extract(source, path)).symbols.every((s) => s.isTest), path).toBe(true);
    }
    for (const path of [
      'guava/src/com/google/common/base/U.java',
      'guava-testlib/src/com/google/common/testing/U.java',
      'lib/src/main/java/p/contest/U.java',
      'lib/src/main/java/p/tests-helper/U.java',
      'test.java',
      'lib/src/main/java/p/test.java',
    ]) {
      expect((await extract(source, path)).symbols.some((s) => s.isTest), path).toBe(false);
    }
    const ts = await extractFacts('app-tests/src/util.ts', 'export function helper() {}\n', 'typescript');
    expect(ts.symbols.some((s) => s.isTest)).toBe(false);
  });
});
