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
});
