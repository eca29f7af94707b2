import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

const FILES = {
  'src/Util/Util.cs': `namespace Acme.Util {
public static class Util {
  public static void Run() {}
  public static string Pad(string s, int n) => s;
  public static string Pad(string s, char c) => s;
  public static string Shout(this Repo r) => "";
}
}
`,
  'src/App/Base.cs': `namespace Acme.App;
public class Base : System.IDisposable {
  protected void Inherited() {}
  public virtual void Shared() {}
}
`,
  'src/App/Repo.cs': `namespace Acme.App;
public partial class Repo {
  public Repo() {}
  public Repo(string name) {}
  public void Save(string s) {}
  public Repo Self() => this;
}
`,
  'src/App/Repo.Query.cs': `namespace Acme.App;
public partial class Repo {
  public void Find(int id) {}
}
`,
  'src/App/Service.cs': `using Acme.Util;
using static Acme.Util.Util;
using Store = Acme.App.Repo;
namespace Acme.App;
public class Service : Base {
  private readonly Repo _repo;
  public Service(Repo repo) { _repo = repo; }
  public override void Shared() { base.Shared(); }
  void Work(string s) {
    _repo.Save(s);
    _repo.Find(1);
    new Repo("a");
    new Repo();
    Util.Run();
    Util.Pad("x", 1);
    Run();
    this.Inherited();
    Inherited();
    Dispose();
    s.Trim();
    Helper();
    new System.Text.StringBuilder().Append(s);
    _repo.Self().Save(s);
    _repo.Shout();
    new Store();
    Missing();
  }
  private void Helper() {}
}
`,
};

describe('C# resolution', () => {
  it('binds receivers, static calls, constructors, partial types and extension methods', async () => {
    open = await indexFiles(FILES);
    const path = 'src/App/Service.cs';
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer(path, spec, nth));
    expect(at('_repo.Save')).toBe('src/App/Repo.cs::Repo.Save#Save(string) (receiver_type)');
    // The other part of a partial class.
    expect(at('_repo.Find')).toBe('src/App/Repo.Query.cs::Repo.Find#Find(int) (receiver_type)');
    expect(at('new Repo', 0)).toBe('src/App/Repo.cs::Repo.Repo#Repo(string) (exact)');
    expect(at('new Repo', 1)).toBe('src/App/Repo.cs::Repo.Repo#Repo() (exact)');
    expect(at('Util.Run')).toBe('src/Util/Util.cs::Util.Run#Run() (exact)');
    expect(at('Util.Pad')).toBe('ambiguous_target');
    // `using static Acme.Util.Util;`
    expect(at('Run')).toBe('src/Util/Util.cs::Util.Run#Run() (exact)');
    expect(at('this.Inherited')).toBe('src/App/Base.cs::Base.Inherited#Inherited() (receiver_type)');
    expect(at('Inherited')).toBe('src/App/Base.cs::Base.Inherited#Inherited() (receiver_type)');
    expect(at('base.Shared')).toBe('src/App/Base.cs::Base.Shared#Shared() (receiver_type)');
    // Base implements System.IDisposable, which the workspace does not declare.
    expect(at('Dispose')).toBe('external external:base');
    expect(at('s.Trim')).toBe('external external:string');
    expect(at('Helper')).toBe(`${path}::Service.Helper#Helper() (receiver_type)`);
    expect(at('new System.Text.StringBuilder().Append')).toBe('external external:StringBuilder');
    expect(at('new StringBuilder')).toBe('external external:StringBuilder');
    expect(at('_repo.Self().Save')).toBe('src/App/Repo.cs::Repo.Save#Save(string) (receiver_type)');
    expect(at('_repo.Shout')).toBe('src/Util/Util.cs::Util.Shout#Shout(Repo) (receiver_type)');
    // `using Store = Acme.App.Repo;`
    expect(at('new Store')).toBe('src/App/Repo.cs::Repo.Repo#Repo() (exact)');
    expect(at('Missing')).toBe('external external:base');
  });

  it('leaves a call missing when the name is declared but not in scope, external when declared nowhere', async () => {
    open = await indexFiles({ 'A.cs': 'namespace N { class A { void F() { Elsewhere(); Nowhere(); } } class B { void Elsewhere() {} } }\n' });
    expect(describeAnswer(open.answer('A.cs', 'Elsewhere'))).toBe('missing_target');
    expect(describeAnswer(open.answer('A.cs', 'Nowhere'))).toBe('external external:not declared in the workspace');
  });

  it('types a local by its initializer through declared results, and leaves a params overload beside another ambiguous', async () => {
    open = await indexFiles({
      'src/Cfg.cs': `namespace N;
public class Cfg {
  public Log Create() => new Log();
  public void Render(string template, params object[] values) {}
  public void Render(System.IFormatProvider provider, string template, params object[] values) {}
  public void Pad(string s, int width = 2) {}
  public void Pad(string s, char fill) {}
}
public class Log { public void Error(string m) {} }
`,
      'src/Use.cs': `namespace N;
class Use {
  readonly Log[] _logs = [];
  void Run() {
    var cfg = new Cfg();
    var log = cfg.Create();
    log.Error("x");
    foreach (var each in _logs) each.Error("y");
    cfg.Render("{0} {1}", 1, 2);
    cfg.Pad("x");
    cfg.Pad("x", 3);
  }
}
`,
    });
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer('src/Use.cs', spec, nth));
    expect(at('log.Error')).toBe('src/Cfg.cs::Log.Error#Error(string) (receiver_type)');
    // `foreach (var each in _logs)` over a Log[] field.
    expect(at('each.Error')).toBe('src/Cfg.cs::Log.Error#Error(string) (receiver_type)');
    // Three arguments fit both `params` overloads (their expanded forms): the types decide.
    expect(at('cfg.Render')).toBe('ambiguous_target');
    expect(at('cfg.Pad')).toBe('src/Cfg.cs::Cfg.Pad#Pad(string,int) (receiver_type)');
    expect(at('cfg.Pad', 1)).toBe('ambiguous_target');
  });
});
