import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

const FILES = {
  'src/pkg/__init__.py': 'from .models import Model\n',
  'src/pkg/models.py': `from .base import Base
class Model(Base):
    def save(self):
        self.validate()
        self.persist()
        super().save()
    def validate(self):
        pass
`,
  'src/pkg/base.py': `class Base:
    def persist(self):
        pass
    def save(self):
        pass
def helper():
    pass
`,
  'src/pkg/util.py': `from .base import *
import pkg.base as b
from pkg import Model
import requests
def run():
    helper()
    b.helper()
    Model()
    requests.get("x")
    requests.adapters.HTTPAdapter()
    len([])
    local()
    nowhere()
def local():
    def inner():
        pass
    inner()
`,
};

describe('Python resolution', () => {
  it('binds imports, relative imports, self and super through bases, star imports', async () => {
    open = await indexFiles(FILES);
    const at = (spec: string, path = 'src/pkg/util.py') => describeAnswer(open!.answer(path, spec));
    expect(at('self.validate', 'src/pkg/models.py')).toBe('src/pkg/models.py::Model.validate (receiver_type)');
    expect(at('self.persist', 'src/pkg/models.py')).toBe('src/pkg/base.py::Base.persist (receiver_type)');
    expect(at('super().save', 'src/pkg/models.py')).toBe('src/pkg/base.py::Base.save (receiver_type)');
    expect(at('helper')).toBe('src/pkg/base.py::helper (package)');
    expect(at('b.helper')).toBe('src/pkg/base.py::helper (exact)');
    expect(at('Model')).toBe('src/pkg/models.py::Model (exact)');
    expect(at('requests.get')).toBe('external external:requests');
    expect(at('len')).toBe('builtin builtin');
    expect(at('requests.adapters.HTTPAdapter')).toBe('external external:requests');
    expect(at('local')).toBe('src/pkg/util.py::local (same_file)');
    expect(at('inner')).toBe('src/pkg/util.py::local.inner (same_file)');
    expect(at('nowhere')).toBe('missing_target');
  });

  it('calls on names imported from outside, and methods of bases outside, are external', async () => {
    open = await indexFiles({
      'adapters.py': `from urllib3.util.retry import Retry
from urllib3.response import HTTPResponse
from .compat import json as complexjson
import http.cookiejar as cookielib
class Adapter:
    def __init__(self):
        super().__init__()
        Retry.from_int(3)
        HTTPResponse.from_httplib(None)
        complexjson.dumps({})
class Jar(cookielib.CookieJar):
    def __init__(self):
        super().__init__()
        self.set_cookie(None)
        self.own()
    def own(self):
        self.missing()
class Mapping(dict):
    def look(self):
        return self.setdefault_all()
`,
      'compat.py': 'import json\n',
    });
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer('adapters.py', spec, nth));
    expect(at('super().__init__')).toBe('builtin builtin:object');
    expect(at('Retry.from_int')).toBe('external external:urllib3.util.retry');
    expect(at('HTTPResponse.from_httplib')).toBe('external external:urllib3.response');
    expect(at('complexjson.dumps')).toBe('external external:.compat');
    expect(at('super().__init__', 1)).toBe('external external:http.cookiejar');
    expect(at('self.set_cookie')).toBe('external external:http.cookiejar');
    expect(at('self.own')).toBe('adapters.py::Jar.own (receiver_type)');
    expect(at('self.setdefault_all')).toBe('builtin builtin');
  });

  it('types receivers by constructor assignments, annotations, attributes set in methods and declared results', async () => {
    open = await indexFiles({
      'shop/engine.py': `class Engine:
    def start(self):
        pass
    def copy(self):
        pass
class Turbo(Engine):
    pass
def build() -> Engine:
    return Engine()
`,
      'shop/car.py': `from typing import Optional
from .engine import Engine, Turbo, build
import shop.engine as eng
class Car:
    spare: Engine
    def __init__(self):
        self.engine = Turbo()
        self.backup = None
        self.maybe = None
    def go(self, fuel: "Engine", other, later: Optional[Engine] = None):
        self.engine.start()
        self.spare.start()
        fuel.start()
        later.start()
        other.start()
        self.backup.start()
        self.maybe.copy()
        local = Engine()
        local.copy()
        made = build()
        made.start()
        eng.build().start()
        self.fresh().start()
        again = Engine()
        again = other
        again.start()
    def fresh(self) -> "Turbo":
        return Turbo()
    def swap(self):
        self.maybe = make_any()
`,
    });
    const at = (spec: string) => describeAnswer(open!.answer('shop/car.py', spec));
    expect(at('self.engine.start')).toBe('shop/engine.py::Engine.start (receiver_type)');
    expect(at('self.spare.start')).toBe('shop/engine.py::Engine.start (receiver_type)');
    expect(at('fuel.start')).toBe('shop/engine.py::Engine.start (receiver_type)');
    expect(at('later.start')).toBe('shop/engine.py::Engine.start (receiver_type)');
    // `local = Engine()`: a method named like a standard one (`copy`) is the class's, not builtin.
    expect(at('local.copy')).toBe('shop/engine.py::Engine.copy (receiver_type)');
    expect(at('made.start')).toBe('shop/engine.py::Engine.start (receiver_type)');
    expect(at('eng.build().start')).toBe('shop/engine.py::Engine.start (receiver_type)');
    expect(at('self.fresh().start')).toBe('shop/engine.py::Engine.start (receiver_type)');
    // No type to read: an untyped parameter, an attribute only ever None, bindings that disagree.
    expect(at('other.start')).not.toContain('receiver_type');
    expect(at('self.backup.start')).not.toContain('receiver_type');
    expect(at('self.maybe.copy')).not.toContain('receiver_type');
    expect(at('again.start')).not.toContain('receiver_type');
  });

  it('methods called on values made by a class or function from outside are external', async () => {
    open = await indexFiles({
      'utils.py': `import zipfile
from .compat import urlparse
from .cookies import Jar
def extract(archive, url):
    zip_file = zipfile.ZipFile(archive)
    zip_file.namelist()
    parsed = urlparse(url)
    parsed.geturl()
    jar = Jar()
    jar.set_policy(None)
    jar.own()
    again = Jar()
    again = make()
    again.unknown_method()
def make():
    pass
`,
      'compat.py': 'from urllib.parse import urlparse\n',
      'cookies.py': `import http.cookiejar as cookielib
class Jar(cookielib.CookieJar):
    def own(self):
        pass
`,
    });
    const at = (spec: string) => describeAnswer(open!.answer('utils.py', spec));
    expect(at('zip_file.namelist')).toBe('external external:zipfile');
    expect(at('parsed.geturl')).toBe('external external:.compat');
    // A class of the workspace: its own method, else the base outside it that has the rest.
    expect(at('jar.own')).toBe('cookies.py::Jar.own (receiver_type)');
    expect(at('jar.set_policy')).toBe('external external:http.cookiejar');
    // Assigned twice: not typed, and not guessed.
    expect(at('again.unknown_method')).toBe('missing_target');
  });

  it('calls through names bound to values are indirect: unpacked, looped, with, walrus, *args, and data attributes of a class', async () => {
    open = await indexFiles({
      'query.py': `from .where import WhereNode
class Query:
    where_class = WhereNode
    def __init__(self, quote_name):
        self.quote_name = quote_name
    def build(self, parts, *hooks, **named):
        setup, transform = self.split(parts)
        for each in parts:
            each()
        with self.opened() as handle:
            handle()
        if (picked := self.pick()):
            picked()
        transform(setup)
        self.quote_name(setup)
        self.where_class()
        hooks()
        named()
        self.split(parts)
    def split(self, parts):
        pass
class SubQuery(Query):
    def run(self):
        self.where_class()
        self.missing()
`,
      'where.py': 'class WhereNode:\n    pass\n',
    });
    const at = (spec: string) => describeAnswer(open!.answer('query.py', spec));
    for (const spec of ['each', 'handle', 'picked', 'transform', 'hooks', 'named']) expect(at(spec), spec).toBe('indirect_call');
    expect(at('self.quote_name')).toBe('indirect_call attribute');
    expect(at('self.where_class')).toBe('indirect_call attribute');
    expect(at('self.split')).toBe('query.py::Query.split (receiver_type)');
    // Bound in a base class of the workspace: still a value, not a method.
    expect(describeAnswer(open!.answer('query.py', 'self.where_class', 1))).toBe('indirect_call attribute');
    expect(at('self.missing')).toBe('missing_target');
  });
});
