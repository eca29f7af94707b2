import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

const J = 'src/main/java/com/x';
const FILES = {
  [`${J}/util/Util.java`]: `package com.x.util;
public class Util {
  public static void run() {}
  public static String format(String s) { return s; }
  public static String format(String s, Object... args) { return s; }
  public static String pad(String s, int n) { return s; }
  public static String pad(String s, char c) { return s; }
}
`,
  [`${J}/app/Base.java`]: `package com.x.app;
public class Base {
  protected void inherited() {}
  void shared() {}
}
`,
  [`${J}/app/Repo.java`]: `package com.x.app;
public class Repo {
  public Repo() {}
  public Repo(String name) {}
  public void save(String s) {}
  public Repo self() { return this; }
  public java.util.List<String> names() { return null; }
}
`,
  [`${J}/app/Service.java`]: `package com.x.app;
import com.x.util.Util;
import static com.x.util.Util.run;
public class Service extends Base {
  private final Repo repo;
  Service(Repo repo) { this.repo = repo; }
  void shared() { super.shared(); }
  void work(String s) {
    repo.save(s);
    new Repo("a");
    new Repo();
    Util.format("x");
    Util.format("x", 1, 2);
    Util.pad("x", 1);
    run();
    this.inherited();
    inherited();
    s.trim();
    helper();
    new java.util.ArrayList<String>().clear();
    repo.self().save(s);
    new Repo().self().self().save(s);
    repo.names().size();
  }
  private void helper() {}
}
`,
};

describe('Java resolution', () => {
  it('binds receivers, static calls, constructors and overloads by argument count and type', async () => {
    open = await indexFiles(FILES);
    const path = `${J}/app/Service.java`;
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer(path, spec, nth));
    expect(at('repo.save')).toBe(`${J}/app/Repo.java::Repo.save#save(String) (receiver_type)`);
    expect(at('new Repo', 0)).toBe(`${J}/app/Repo.java::Repo.Repo#Repo(String) (exact)`);
    expect(at('new Repo', 1)).toBe(`${J}/app/Repo.java::Repo.Repo#Repo() (exact)`);
    expect(at('Util.format', 0)).toBe(`${J}/util/Util.java::Util.format#format(String) (exact)`);
    expect(at('Util.format', 1)).toBe(`${J}/util/Util.java::Util.format#format(String,Object[]) (exact)`);
    // `1` is an int: javac takes pad(String,int), never pad(String,char) (no narrowing in a call).
    expect(at('Util.pad')).toBe(`${J}/util/Util.java::Util.pad#pad(String,int) (exact)`);
    expect(at('run')).toBe(`${J}/util/Util.java::Util.run#run() (exact)`);
    expect(at('this.inherited')).toBe(`${J}/app/Base.java::Base.inherited#inherited() (receiver_type)`);
    expect(at('inherited')).toBe(`${J}/app/Base.java::Base.inherited#inherited() (receiver_type)`);
    expect(at('super.shared')).toBe(`${J}/app/Base.java::Base.shared#shared() (receiver_type)`);
    expect(at('helper')).toBe(`${path}::Service.helper#helper() (receiver_type)`);
    expect(at('new ArrayList')).toBe('external external:ArrayList');
    // Chains read each method's declared result.
    expect(at('repo.self().save')).toBe(`${J}/app/Repo.java::Repo.save#save(String) (receiver_type)`);
    expect(at('new Repo().self().self().save')).toBe(`${J}/app/Repo.java::Repo.save#save(String) (receiver_type)`);
    expect(at('repo.names().size')).toBe('external external:List');
  });
  it('a package shipped twice binds to the copy in the caller’s own top-level tree', async () => {
    const checks = `package com.g.base;
public final class Checks {
  public static <T> T checkNotNull(T ref) { return ref; }
}
`;
    const user = `package com.g.base;
public class ChecksTest {
  public void testNull() { Checks.checkNotNull("x"); }
}
`;
    open = await indexFiles({
      'android/lib/src/com/g/base/Checks.java': checks,
      'lib/src/com/g/base/Checks.java': checks,
      'android/lib-tests/test/com/g/base/ChecksTest.java': user,
      'lib-tests/test/com/g/base/ChecksTest.java': user,
    });
    expect(describeAnswer(open.answer('android/lib-tests/test/com/g/base/ChecksTest.java', 'Checks.checkNotNull'))).toBe(
      'android/lib/src/com/g/base/Checks.java::Checks.checkNotNull#checkNotNull(T) (exact)',
    );
    // Neither copy shares this caller's top-level tree: still ambiguous, never a guess.
    expect(describeAnswer(open.answer('lib-tests/test/com/g/base/ChecksTest.java', 'Checks.checkNotNull'))).toBe('ambiguous_target');
  });
  it('an overload of a base class fits where the class’s own do not, and no overload that cannot take the arguments is ever the target', async () => {
    open = await indexFiles({
      'src/t/Translator.java': `package t;
public abstract class Translator {
  public final String translate(CharSequence input) { return ""; }
  public abstract int translate(CharSequence input, int index, java.io.Writer out);
}
`,
      'src/t/Octal.java': `package t;
public class Octal extends Translator {
  @Override
  public int translate(CharSequence input, int index, java.io.Writer out) { return 0; }
  public static String one(String a) { return a; }
}
`,
      'src/t/OctalTest.java': `package t;
public class OctalTest {
  public void test() {
    Octal oue = new Octal();
    oue.translate("x");
    oue.translate("x", 0, null);
    Octal.one("a", "b");
  }
}
`,
    });
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer('src/t/OctalTest.java', spec, nth));
    expect(at('oue.translate')).toBe('src/t/Translator.java::Translator.translate#translate(CharSequence) (receiver_type)');
    expect(at('oue.translate', 1)).toBe('src/t/Octal.java::Octal.translate#translate(CharSequence,int,Writer) (receiver_type)');
    expect(at('Octal.one')).toBe('missing_target');
  });
  it('chooses among overloads of one arity by the argument types javac sees, and leaves the choice open where they do not decide', async () => {
    open = await indexFiles({
      'src/r/Reflect.java': `package r;
public class Reflect {
  public static Object invoke(Object target, String name, Object... args) { return null; }
  public static Object invoke(Object target, String name, Object[] args, Class<?>[] types) { return null; }
  public static boolean same(Object a, Object b, String... excluded) { return true; }
  public static boolean same(Object a, Object b, boolean transients, Class<?> upTo, String... excluded) { return true; }
  public static boolean assignable(java.lang.reflect.Type type, java.lang.reflect.Type to) { return true; }
  private static boolean assignable(java.lang.reflect.Type type, Class<?> to) { return true; }
  public static int hash(int initial, int multiplier, Object object) { return 0; }
  public static int hash(Object object, String... excluded) { return 0; }
  public static String name(Comparable<?> value) { return ""; }
  public static String name(String value) { return value; }
}
`,
      'src/r/Color.java': `package r;
public enum Color { RED, GREEN }
`,
      'src/r/Style.java': `package r;
public class Style {
  protected void detail(StringBuilder out, String field, Object value) {}
  protected void detail(StringBuilder out, String field, Object[] array) {}
}
`,
      'src/r/Recursive.java': `package r;
public class Recursive extends Style {
  @Override
  protected void detail(StringBuilder out, String field, Object value) {}
}
`,
      'src/r/Multiline.java': `package r;
public class Multiline extends Recursive {
  @Override
  protected void detail(StringBuilder out, String field, Object[] array) {
    super.detail(out, field, array);
  }
}
`,
      'src/r/ReflectTest.java': `package r;
public class ReflectTest {
  private Object bean;
  public void test(Object x) {
    Reflect.invoke(bean, "m", "a", "b");
    Reflect.invoke(bean, "m", new Object[] {"a"}, new Class<?>[] {String.class});
    Reflect.invoke(bean, "m", Integer.valueOf(1), Integer.valueOf(2));
    Reflect.same(x, x, "a", "b", "c");
    Reflect.same(x, x, false, null, "c");
    Reflect.assignable(char.class, double.class);
    Reflect.hash(x, "a", "b");
    Reflect.hash(17, 37, x);
    if (x != null) { int v = 1; Reflect.hash(v, 2, x); }
    else { String v = "s"; Reflect.hash(v, "a", "b"); }
    Color c = Color.RED;
    Reflect.name(c);
  }
}
`,
    });
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer('src/r/ReflectTest.java', spec, nth));
    // "a" is no Object[] and "b" no Class[]: javac goes on to the variable-arity overload.
    expect(at('Reflect.invoke', 0)).toBe('src/r/Reflect.java::Reflect.invoke#invoke(Object,String,Object[]) (exact)');
    expect(at('Reflect.invoke', 1)).toBe('src/r/Reflect.java::Reflect.invoke#invoke(Object,String,Object[],Class[]) (exact)');
    // Arguments of unknown type may fit the four-parameter overload or not: never a guess.
    expect(at('Reflect.invoke', 2)).toBe('ambiguous_target');
    expect(at('Reflect.same', 0)).toBe('src/r/Reflect.java::Reflect.same#same(Object,Object,String[]) (exact)');
    expect(at('Reflect.same', 1)).toBe('src/r/Reflect.java::Reflect.same#same(Object,Object,boolean,Class,String[]) (exact)');
    // The more specific overload is private to Reflect: the caller reaches the public one.
    expect(at('Reflect.assignable')).toBe('src/r/Reflect.java::Reflect.assignable#assignable(Type,Type) (exact)');
    expect(at('Reflect.hash', 0)).toBe('src/r/Reflect.java::Reflect.hash#hash(Object,String[]) (exact)');
    expect(at('Reflect.hash', 1)).toBe('src/r/Reflect.java::Reflect.hash#hash(int,int,Object) (exact)');
    // `v` is an int in one block and a String in the next: no one type (never the last one read).
    expect(at('Reflect.hash', 2)).toBe('src/r/Reflect.java::Reflect.hash#hash(int,int,Object) (exact)');
    // An enum is Comparable though it writes no base.
    expect(at('Reflect.name')).toBe('src/r/Reflect.java::Reflect.name#name(Comparable) (exact)');
    // An inherited overload counts beside the nearer class's own: Object[] is the more specific.
    expect(describeAnswer(open.answer('src/r/Multiline.java', 'super.detail'))).toBe('src/r/Style.java::Style.detail#detail(StringBuilder,String,Object[]) (receiver_type)');
  });
});
