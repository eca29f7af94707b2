import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';

const extract = (source: string, path = 'src/Acme.App/Service.cs') => extractFacts(path, source, 'csharp');

const SOURCE = `using System;
using System.Collections.Generic;
using Store = Acme.Data.Repo;
using static System.Math;

namespace Acme.App;

public class Service : Base, IService
{
    private readonly Repo _repo;
    private Helper helper = new Helper();
    public Logger Log { get; }
    public Service(Repo repo) { _repo = repo; }
    public int Run(string s, params object[] args)
    {
        var r = new Repo();
        r.Find(1);
        _repo.Save(s);
        this._repo.Save(s);
        this.Go();
        Go();
        Log.Write(s);
        Util.Run<int>();
        System.Console.WriteLine(s);
        base.M();
        Func<int> f = () => 1;
        f();
        s?.Trim();
        var n = nameof(Run);
        new Repo().Self().Save(s);
        int Local(int x) => x;
        Local(1);
        return Max(1, 2);
    }
    private void Go() {}
    public static int Count(this string s) => s.Length;
    interface IInner { void M(); }
    struct Point { void Move() {} }
    record Pair(int A, int B);
}
`;

describe('C# extraction', () => {
  it('extracts types, members, namespaces, usings and receiver types', async () => {
    const facts = await extract(SOURCE);
    expect(facts.module).toBe('Acme.App');
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}${s.disambiguator ? `#${s.disambiguator}` : ''}`)).toEqual([
      'class Service',
      'constructor Service.Service#Service(Repo)',
      'method Service.Run#Run(string,object[])',
      'function Service.Run.Local#Local(int)',
      'method Service.Go#Go()',
      'method Service.Count#Count(string)',
      'interface Service.IInner',
      'method Service.IInner.M#M()',
      'struct Service.Point',
      'method Service.Point.Move#Move()',
      'record Service.Pair',
    ]);
    const service = facts.symbols[0];
    expect(service.bases).toEqual(['Base', 'IService']);
    expect(service.attributes).toMatchObject({ namespace: 'Acme.App' });
    expect(service.exported).toBe(true);
    expect(facts.symbols[2]).toMatchObject({ ownerType: 'Service', attributes: { arity: '2', varargs: 'true', returns: 'int' } });
    expect(facts.symbols.find((s) => s.name === 'Count')?.attributes).toMatchObject({ extends: 'string', static: 'true' });
    expect(facts.imports.map((i) => `${i.source}|${i.imported}|${i.local}`)).toEqual([
      'System|*|*',
      'System.Collections.Generic|*|*',
      'Acme.Data|Repo|Store',
      'System.Math|*|*',
    ]);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('new Helper')).toMatchObject({ kind: 'new', calleeName: 'Helper', caller: 0 });
    expect(call('r.Find')).toMatchObject({ receiverType: 'Repo', argumentCount: 1 });
    expect(call('_repo.Save')).toMatchObject({ receiverType: 'Repo' });
    expect(call('this._repo.Save')).toMatchObject({ receiverType: 'Repo' });
    expect(call('this.Go')).toMatchObject({ receiver: 'this', receiverType: 'Service' });
    expect(call('Go').receiver).toBeUndefined();
    // A property's declared type types its receiver; a type name is a path.
    expect(call('Log.Write')).toMatchObject({ receiverType: 'Logger' });
    expect(call('Util.Run<int>')).toMatchObject({ qualifier: 'Util', calleeName: 'Run' });
    expect(call('System.Console.WriteLine')).toMatchObject({ qualifier: 'System.Console' });
    expect(call('base.M')).toMatchObject({ receiver: 'base' });
    expect(call('f')).toMatchObject({ indirect: true });
    expect(call('s?.Trim')).toMatchObject({ receiverType: 'string' });
    expect(facts.callSites.some((c) => c.calleeName === 'nameof')).toBe(false);
    expect(call('new Repo().Self().Save')).toMatchObject({ receiverType: 'Repo.Self()' });
    expect(call('Local').indirect).toBeUndefined();
  });

  it('marks xUnit, NUnit and MSTest tests, and test projects', async () => {
    const facts = await extract(
      `namespace Acme.Tests {
  public class ServiceTests {
    [Fact] public void Runs() { new Service(null).Run("a"); }
    [Theory, InlineData(1)] public void Many(int x) {}
    [Xunit.FactAttribute] public void Qualified() {}
    void Helper() {}
  }
  [TestFixture] class Fixture { [Test] public void A() {} [TestCase(1)] public void B(int i) {} void Shared() {} }
  [TestClass] class Ms { [TestMethod] public void C() {} [DataTestMethod] public void D() {} }
}
`,
      'src/Acme/ServiceTests.cs',
    );
    expect(facts.symbols.map((s) => `${s.qualifiedName}:${s.isTest}`)).toEqual([
      'ServiceTests:false',
      'ServiceTests.Runs:true',
      'ServiceTests.Many:true',
      'ServiceTests.Qualified:true',
      'ServiceTests.Helper:false',
      'Fixture:true',
      'Fixture.A:true',
      'Fixture.B:true',
      'Fixture.Shared:true',
      'Ms:true',
      'Ms.C:true',
      'Ms.D:true',
    ]);
    for (const path of ['test/Acme.Tests/Util.cs', 'src/Acme.UnitTests/Util.cs', 'tests/Util.cs', 'Acme.Specs/Util.cs']) {
      expect((await extract('class Util { void H() {} }\n', path)).symbols.every((s) => s.isTest), path).toBe(true);
    }
    for (const path of ['src/Acme/Util.cs', 'src/Contest/Util.cs', 'src/Acme.Testing/Util.cs']) {
      expect((await extract('class Util { void H() {} }\n', path)).symbols.some((s) => s.isTest), path).toBe(false);
    }
  });

  it('reads a class with a primary constructor, which the grammar build does not know', async () => {
    const facts = await extract(`namespace N;
sealed class Sink(ILogEventSink inner,
    int size) : IDisposable
{
    public void Dispose() { Flush(); }
}
`);
    expect(facts.syntaxErrors ?? 0).toBe(0);
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName} ${s.startLine}`)).toEqual(['class Sink 2', 'method Sink.Dispose 5']);
    expect(facts.symbols[0].bases).toEqual(['IDisposable']);
  });

  it('reads conditional compilation as its first branch when directives split a declaration', async () => {
    const facts = await extract(`namespace N;
interface ILog {
    void Write(string m);
    void Warn(string m)
#if FEATURE_DEFAULT_INTERFACE
        => Write(m)
#endif
    ;
    ILog For(string name)
#if FEATURE_DEFAULT_INTERFACE
    {
        return this;
    }
#else
        ;
#endif
    void Error(string m);
}
`);
    expect(facts.syntaxErrors ?? 0).toBe(0);
    expect(facts.symbols.map((s) => s.qualifiedName)).toEqual(['ILog', 'ILog.Write', 'ILog.Warn', 'ILog.For', 'ILog.Error']);
    expect(facts.callSites.find((c) => c.calleeName === 'Write')).toMatchObject({ line: 6, caller: 2 });
  });
});
