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
  it('binds receivers, static calls, constructors and overloads by argument count', async () => {
    open = await indexFiles(FILES);
    const path = `${J}/app/Service.java`;
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer(path, spec, nth));
    expect(at('repo.save')).toBe(`${J}/app/Repo.java::Repo.save#save(String) (receiver_type)`);
    expect(at('new Repo', 0)).toBe(`${J}/app/Repo.java::Repo.Repo#Repo(String) (exact)`);
    expect(at('new Repo', 1)).toBe(`${J}/app/Repo.java::Repo.Repo#Repo() (exact)`);
    expect(at('Util.format', 0)).toBe(`${J}/util/Util.java::Util.format#format(String) (exact)`);
    expect(at('Util.format', 1)).toBe(`${J}/util/Util.java::Util.format#format(String,Object[]) (exact)`);
    const pad = open.answer(path, 'Util.pad');
    expect(describeAnswer(pad)).toBe('ambiguous_target');
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
});
