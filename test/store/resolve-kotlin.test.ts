import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

const K = 'src/main/kotlin/com/acme';
const FILES = {
  [`${K}/util/Util.kt`]: `package com.acme.util
object Util {
  fun run() {}
  fun pad(s: String, n: Int) = s
  fun pad(s: String, c: Char) = s
}
fun topHelper(x: Int) = x
fun Repo.shout(): String = ""
`,
  [`${K}/app/Base.kt`]: `package com.acme.app
open class Base : java.io.Closeable {
  protected fun inherited() {}
  open fun shared() {}
}
`,
  [`${K}/app/Repo.kt`]: `package com.acme.app
class Repo(val name: String) {
  constructor() : this("default")
  fun save(s: String) {}
  fun self(): Repo = this
  companion object { fun create(): Repo = Repo() }
}
fun packageLevel() {}
`,
  [`${K}/app/Service.kt`]: `package com.acme.app
import com.acme.util.Util
import com.acme.util.topHelper
import com.acme.util.shout
import kotlinx.coroutines.launch
class Service(private val repo: Repo) : Base() {
  override fun shared() { super.shared() }
  fun work(s: String) {
    repo.save(s)
    Repo("a")
    Repo()
    Repo.create()
    Util.run()
    Util.pad("x", 1)
    topHelper(1)
    packageLevel()
    this.inherited()
    inherited()
    close()
    s.trim()
    helper()
    println(s)
    launch()
    repo.self().save(s)
    repo.shout()
    listOf(1).map { it }
  }
  private fun helper() {}
}
`,
};

describe('Kotlin resolution', () => {
  it('binds receivers, constructors, companions, objects, imports and extension functions', async () => {
    open = await indexFiles(FILES);
    const path = `${K}/app/Service.kt`;
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer(path, spec, nth));
    expect(at('repo.save')).toBe(`${K}/app/Repo.kt::Repo.save#save(String) (receiver_type)`);
    // The primary constructor is the class; a secondary one fits by argument count.
    expect(at('Repo', 0)).toBe(`${K}/app/Repo.kt::Repo (exact)`);
    expect(at('Repo', 1)).toBe(`${K}/app/Repo.kt::Repo.Repo#Repo() (exact)`);
    expect(at('Repo.create')).toBe(`${K}/app/Repo.kt::Repo.Companion.create#create() (exact)`);
    expect(at('Util.run')).toBe(`${K}/util/Util.kt::Util.run#run() (exact)`);
    expect(at('Util.pad')).toBe('ambiguous_target');
    expect(at('topHelper')).toBe(`${K}/util/Util.kt::topHelper#topHelper(Int) (exact)`);
    expect(at('packageLevel')).toBe(`${K}/app/Repo.kt::packageLevel#packageLevel() (package)`);
    expect(at('this.inherited')).toBe(`${K}/app/Base.kt::Base.inherited#inherited() (receiver_type)`);
    expect(at('inherited')).toBe(`${K}/app/Base.kt::Base.inherited#inherited() (receiver_type)`);
    expect(at('super.shared')).toBe(`${K}/app/Base.kt::Base.shared#shared() (receiver_type)`);
    // Base implements java.io.Closeable, outside the workspace.
    expect(at('close')).toBe('external external:base');
    expect(at('s.trim')).toBe('external external:String');
    expect(at('helper')).toBe(`${path}::Service.helper#helper() (receiver_type)`);
    expect(at('println')).toBe('builtin');
    expect(at('launch')).toBe('external external:launch');
    expect(at('repo.self().save')).toBe(`${K}/app/Repo.kt::Repo.save#save(String) (receiver_type)`);
    expect(at('repo.shout')).toBe(`${K}/util/Util.kt::shout#shout() (receiver_type)`);
    expect(at('listOf(1).map')).toBe('builtin');
  });

  it('binds same-file functions at same_file; a name declared out of scope is missing, one declared nowhere external', async () => {
    open = await indexFiles({
      'a/A.kt': 'package a\nfun f() { g(); elsewhere(); nowhere() }\nfun g() {}\nfun String.shout() { length(); g() }\ninterface Inspector\nfun Inspector.use() { require(true) }\n',
      'b/B.kt': 'package b\nclass B { fun elsewhere() {} }\n',
    });
    expect(describeAnswer(open.answer('a/A.kt', 'g'))).toBe('a/A.kt::g#g() (same_file)');
    expect(describeAnswer(open.answer('a/A.kt', 'elsewhere'))).toBe('missing_target');
    expect(describeAnswer(open.answer('a/A.kt', 'nowhere'))).toBe('external external:not declared in the workspace');
    // In an extension function, `this` is the extended (here: outside) type.
    expect(describeAnswer(open.answer('a/A.kt', 'length'))).toBe('external external:String');
    expect(describeAnswer(open.answer('a/A.kt', 'g', 1))).toBe('a/A.kt::g#g() (same_file)');
    // Not a member of the workspace's Inspector: the standard library's.
    expect(describeAnswer(open.answer('a/A.kt', 'require'))).toBe('builtin');
  });

  it('types a value by its initializer through declared results, and leaves overloads that only types tell apart ambiguous', async () => {
    open = await indexFiles({
      'k/Spec.kt': `package k
class Spec {
  fun render(): String = ""
  class Builder {
    fun name(n: String): Builder = this
    fun build(): Spec = Spec()
  }
  companion object {
    fun builder(name: String): Builder = Builder()
    fun builder(id: Int): Builder = Builder()
  }
}
fun Spec.Builder.tagged(): Spec.Builder = this
fun pad(s: String, width: Int = 2): String = s
fun pad(s: String, fill: Char): String = s
`,
      'k/Use.kt': `package k
fun use(specs: List<Spec>) {
  val spec = Spec.Builder().name("a").build()
  spec.render()
  for (each in specs) each.render()
  Spec.Builder().tagged()
  Spec.builder("a")
  pad("x")
  pad("x", 3)
}
`,
    });
    const at = (spec: string) => describeAnswer(open!.answer('k/Use.kt', spec));
    // spec = Spec.Builder().name().build(): Builder.name returns Builder, build returns Spec.
    expect(at('spec.render')).toBe('k/Spec.kt::Spec.render#render() (receiver_type)');
    // `for (each in specs)` over a List<Spec> parameter.
    expect(at('each.render')).toBe('k/Spec.kt::Spec.render#render() (receiver_type)');
    expect(at('Spec.Builder().tagged')).toBe('k/Spec.kt::tagged#tagged() (receiver_type)');
    expect(at('Spec.builder')).toBe('ambiguous_target');
    // One argument: only the overload whose second parameter has a default.
    expect(at('pad')).toBe('k/Spec.kt::pad#pad(String,Int) (package)');
    expect(describeAnswer(open.answer('k/Use.kt', 'pad', 1))).toBe('ambiguous_target');
  });
});
