import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

const S = 'core/src/main/scala/com/x';
const FILES = {
  [`${S}/util/Util.scala`]: `package com.x.util
object Util {
  def run(): Unit = ()
  def format(s: String): String = s
  def format(s: String, args: Any*): String = s
}
class Helper { def help(n: Int): Unit = () }
`,
  [`${S}/app/package.scala`]: `package com.x
package object app { def shout(s: String): String = s }
`,
  [`${S}/app/Base.scala`]: `package com.x.app
abstract class Base extends munit.FunSuite {
  def inherited(): Unit = ()
  def shared(): Unit = ()
}
`,
  [`${S}/app/Repo.scala`]: `package com.x.app
case class Repo(name: String) {
  def save(s: String): Unit = ()
  def self(): Repo = this
}
object Repo {
  def apply(): Repo = new Repo("default")
  def open(): Repo = Repo()
}
`,
  [`${S}/app/Service.scala`]: `package com.x.app
import com.x.util.{Util, Helper => H}
import com.x.util.Util._
class Service(repo: Repo) extends Base {
  private val helper = new H()
  override def shared(): Unit = super.shared()
  def work(s: String): Unit = {
    repo.save(s)
    new Repo("a")
    Repo()
    Repo.open()
    Util.format("x")
    Util.format("x", 1, 2)
    run()
    this.inherited()
    inherited()
    helper.help(1)
    shout(s)
    repo.self().save(s)
    Repo.open().save(s)
    s.trim()
    println(s)
    assertEquals(1, 1)
    List(1).map(_ + 1)
    new java.util.ArrayList[String]()
    local()
  }
  private def local(): Unit = ()
  val parser = new Parser("x") {
    head("x")
    opt("a").text("b")
  }
}
`,
  [`${S}/app/Parser.scala`]: `package com.x.app
abstract class Parser(name: String) {
  def head(s: String): Unit = ()
  def opt(s: String): Opt = new Opt
}
class Opt { def text(s: String): Opt = this }
`,
};

describe('Scala resolution', () => {
  it('binds receivers, companions, object members, imports, package objects and bases', async () => {
    open = await indexFiles(FILES);
    const path = `${S}/app/Service.scala`;
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer(path, spec, nth));
    const R = `${S}/app/Repo.scala`;
    const U = `${S}/util/Util.scala`;
    expect(at('repo.save')).toBe(`${R}::Repo.save#save(String) (receiver_type)`);
    expect(at('new Repo')).toBe(`${R}::Repo (exact)`);
    // Without new: the companion's apply.
    expect(at('Repo')).toBe(`${R}::Repo.apply#apply() (exact)`);
    expect(at('Repo.open')).toBe(`${R}::Repo.open#open() (exact)`);
    expect(at('Util.format', 0)).toBe(`${U}::Util.format#format(String) (exact)`);
    expect(at('Util.format', 1)).toBe(`${U}::Util.format#format(String,Any*) (exact)`);
    expect(at('run')).toBe(`${U}::Util.run#run() (exact)`);
    expect(at('this.inherited')).toBe(`${S}/app/Base.scala::Base.inherited#inherited() (receiver_type)`);
    expect(at('inherited')).toBe(`${S}/app/Base.scala::Base.inherited#inherited() (receiver_type)`);
    expect(at('super.shared')).toBe(`${S}/app/Base.scala::Base.shared#shared() (receiver_type)`);
    // A renamed import: `H` is Helper.
    expect(at('helper.help')).toBe(`${U}::Helper.help#help(Int) (receiver_type)`);
    expect(at('shout')).toBe(`${S}/app/package.scala::app.shout#shout(String) (package)`);
    expect(at('repo.self().save')).toBe(`${R}::Repo.save#save(String) (receiver_type)`);
    expect(at('Repo.open().save')).toBe(`${R}::Repo.save#save(String) (receiver_type)`);
    expect(at('local')).toBe(`${path}::Service.local#local() (receiver_type)`);
    expect(at('s.trim')).toBe('external external:String');
    expect(at('println')).toBe('builtin');
    // munit.FunSuite, a base outside the workspace, declares it.
    expect(at('assertEquals')).toBe('external');
    expect(at('List')).toBe('builtin external:List');
    expect(at('new ArrayList')).toBe('external external:ArrayList');
    // In an anonymous class's body, bare names are its parent's members, and so are their results.
    expect(at('head')).toBe(`${S}/app/Parser.scala::Parser.head#head(String) (receiver_type)`);
    expect(at('opt("a").text')).toBe(`${S}/app/Parser.scala::Opt.text#text(String) (receiver_type)`);
  });
});
