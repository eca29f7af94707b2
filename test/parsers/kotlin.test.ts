import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';

const extract = (source: string, path = 'app/src/main/kotlin/com/acme/Service.kt') => extractFacts(path, source, 'kotlin');

const SOURCE = `package com.acme.app

import java.util.UUID
import com.acme.repo.Repo as Store
import kotlinx.coroutines.*

class Service(private val repo: Repo) : Base(), IService {
    private val helper = Helper()
    constructor(x: Int) : this(Repo())
    fun run(s: String, vararg args: Any): Int {
        val r = Repo()
        r.find(1)
        repo.save(s)
        this.repo.save(s)
        this.go()
        go()
        Util.run()
        println(s)
        super.m()
        val f = { 1 }
        f()
        s?.trim()
        items.forEach { it.use() }
        list.fold(0) { a, b -> a + b }
        Service.create().run("a")
        return 1
    }
    private fun go() {}
    interface Listener { fun changed() }
    enum class Mode { ON, OFF; fun flip() {} }
    object Registry { fun add() {} }
    companion object { fun create(): Service = Service(1) }
}
fun String.shout(): String = uppercase()
typealias Name = String
`;

describe('Kotlin extraction', () => {
  it('extracts classes, objects, companions, extensions, imports and receiver types', async () => {
    const facts = await extract(SOURCE);
    expect(facts.module).toBe('com.acme.app');
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}`)).toEqual([
      'class Service',
      'constructor Service.Service',
      'method Service.run',
      'method Service.go',
      'interface Service.Listener',
      'method Service.Listener.changed',
      'enum Service.Mode',
      'method Service.Mode.flip',
      'class Service.Registry',
      'method Service.Registry.add',
      'method Service.Companion.create',
      'function shout',
      'type_alias Name',
    ]);
    expect(facts.symbols[0].bases).toEqual(['Base', 'IService']);
    expect(facts.symbols[2].attributes).toMatchObject({ arity: '2', varargs: 'true', returns: 'Int' });
    // A companion's members belong to the class around it.
    const create = facts.symbols.find((s) => s.name === 'create')!;
    expect(create.ownerType).toBe('Service');
    expect(facts.symbols[create.parent!].name).toBe('Service');
    expect(facts.symbols.find((s) => s.name === 'Registry')?.attributes).toMatchObject({ object: 'true' });
    expect(facts.symbols.find((s) => s.name === 'shout')?.attributes).toMatchObject({ extends: 'String' });
    expect(facts.imports.map((i) => `${i.source}|${i.imported}|${i.local}`)).toEqual(['java.util|UUID|UUID', 'com.acme.repo|Repo|Store', 'kotlinx.coroutines|*|*']);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('Helper')).toMatchObject({ kind: 'new', caller: 0 });
    expect(call('r.find')).toMatchObject({ receiverType: 'Repo', argumentCount: 1 });
    expect(call('repo.save')).toMatchObject({ receiverType: 'Repo' });
    expect(call('this.repo.save')).toMatchObject({ receiverType: 'Repo' });
    expect(call('this.go')).toMatchObject({ receiver: 'this', receiverType: 'Service' });
    expect(call('go').receiver).toBeUndefined();
    expect(call('Util.run')).toMatchObject({ qualifier: 'Util' });
    expect(call('super.m')).toMatchObject({ receiver: 'super' });
    expect(call('f')).toMatchObject({ indirect: true });
    expect(call('s?.trim')).toMatchObject({ receiverType: 'String' });
    // A trailing lambda is an argument of the call it follows, not a second call.
    expect(call('list.fold')).toMatchObject({ argumentCount: 2 });
    expect(facts.callSites.filter((c) => c.calleeName === 'fold')).toHaveLength(1);
    expect(call('Service.create().run')).toMatchObject({ receiverType: 'Service.create()' });
  });

  it('marks JUnit tests, Kotest blocks and test source sets', async () => {
    const facts = await extract(
      `package com.acme
class ServiceTest {
    @Test fun runs() { Service(1).run("a") }
    @org.junit.jupiter.api.Test
    fun \`spaced name\`() {}
    fun helper() {}
}
class MathSpec : FunSpec({
    test("adds") { add(1, 2) }
    context("group") { test("inner") { go() } }
})
`,
      'app/src/main/kotlin/com/acme/ServiceTest.kt',
    );
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}:${s.isTest}`)).toEqual([
      'class ServiceTest:false',
      'method ServiceTest.runs:true',
      'method ServiceTest.spaced name:true',
      'method ServiceTest.helper:false',
      'class MathSpec:false',
      'test MathSpec.adds:true',
      'module MathSpec.group:true',
      'test MathSpec.group > inner:true',
    ]);
    // The calls inside a block belong to it; the block's own call is no call site.
    const add = facts.callSites.find((c) => c.calleeName === 'add')!;
    expect(facts.symbols[add.caller!].name).toBe('adds');
    expect(facts.callSites.some((c) => c.calleeName === 'test' || c.calleeName === 'context')).toBe(false);
    for (const path of ['lib/src/test/kotlin/U.kt', 'lib/src/jvmTest/kotlin/U.kt', 'lib/src/androidTest/java/U.kt', 'tests/U.kt']) {
      expect((await extract('class U { fun h() {} }\n', path)).symbols.every((s) => s.isTest), path).toBe(true);
    }
    for (const path of ['lib/src/main/kotlin/U.kt', 'lib/src/commonMain/kotlin/contest/U.kt']) {
      expect((await extract('class U { fun h() {} }\n', path)).symbols.some((s) => s.isTest), path).toBe(false);
    }
  });

  it('reads around grammar gaps: a constructor on the line after the class name, `..<`, binary literals', async () => {
    const facts = await extract(`package p
public class Import
internal constructor(val name: String) : Comparable<Import> {
  fun f() { for (i in 0..<3) g(0b0101) }
}
`);
    expect(facts.syntaxErrors ?? 0).toBe(0);
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName} ${s.startLine}`)).toEqual(['class Import 2', 'method Import.f 4']);
    expect(facts.callSites.find((c) => c.calleeName === 'g')).toMatchObject({ line: 4, caller: 1 });
  });
});
