import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

describe('Lua resolution', () => {
  it('binds locals, required modules, tables of this file, self and constructed receivers, builtins and the rest by name', async () => {
    open = await indexFiles({
      'lua/pl/utils.lua': 'local utils = {}\nfunction utils.assert_arg(n, x) return x end\nreturn utils\n',
      'lua/shapes.lua': 'Shape = {}\nfunction Shape.area(s) return 0 end\nfunction everywhere() end\n',
      'lua/other.lua': 'local O = {}\nfunction O:log() end\nfunction O:render() end\nreturn O\n',
      'lua/more.lua': 'local P = {}\nfunction P:render() end\nreturn P\n',
      'lua/acct.lua': `local utils = require("pl.utils")
local json = require("cjson")
local Account = {}
Account.__index = Account
function Account.new(b) return setmetatable({ b = b }, Account) end
function Account:deposit(v) self:log(v) end
function Account:log(v) print(v) end
local function loc() end
function glob()
  loc()
  glob()
  everywhere()
  nowhere()
  utils.assert_arg(1, 2)
  json.encode({})
  Account.new(1)
  local a = Account.new(2)
  a:deposit(3)
  Shape.area(a)
  string.format("%d", 1)
  a.name:upper()
  thing:render()
  setmetatable({}, Account)
end
`,
    });
    const at = (spec: string) => describeAnswer(open!.answer('lua/acct.lua', spec));
    expect(at('loc')).toBe('lua/acct.lua::loc (exact)');
    expect(at('glob')).toBe('lua/acct.lua::glob (same_file)');
    expect(at('everywhere')).toBe('lua/shapes.lua::everywhere (name_only)');
    expect(at('nowhere')).toBe('missing_target');
    expect(at('utils.assert_arg')).toBe('lua/pl/utils.lua::utils.assert_arg (exact)');
    expect(at('json.encode')).toBe('external external:cjson');
    expect(at('Account.new')).toBe('lua/acct.lua::Account.new (exact)');
    expect(at('self:log')).toBe('lua/acct.lua::Account:log (receiver_type)');
    expect(at('a:deposit')).toBe('lua/acct.lua::Account:deposit (receiver_type)');
    expect(at('Shape.area')).toBe('lua/shapes.lua::Shape.area (name_only)');
    expect(at('string.format')).toBe('builtin');
    expect(at('a.name:upper')).toBe('builtin');
    expect(at('thing:render')).toBe('ambiguous_target');
    expect(at('setmetatable')).toBe('builtin');
  });

  it('binds local aliases of a required module\'s functions and of standard tables', async () => {
    open = await indexFiles({
      'pl/utils.lua': 'local utils = {}\nfunction utils.escape(s) return s end\nreturn utils\n',
      'pl/text.lua': `local utils = require 'pl.utils'
local escape, insert = utils.escape, table.insert
local missing = utils.nothing
local function run(t)
  local append = table.insert
  append(t, escape('x'))
  insert(t, 1)
  missing()
end
`,
    });
    const at = (spec: string) => describeAnswer(open!.answer('pl/text.lua', spec));
    expect(at('escape')).toBe('pl/utils.lua::utils.escape (exact)');
    expect(at('insert')).toBe('builtin');
    // A local alias inside a function is no call through a value.
    expect(at('append')).toBe('builtin');
    expect(at('missing')).toBe('missing_target');
  });

  it('makes busted tests callers of what they call', async () => {
    open = await indexFiles({
      'src/acct.lua': 'local M = {}\nfunction M.deposit(x) return x end\nreturn M\n',
      'spec/acct_spec.lua': 'local acct = require("acct")\ndescribe("acct", function()\n  it("deposits", function()\n    acct.deposit(1)\n  end)\nend)\n',
    });
    const edge = open.edges('calls').find((e) => e.specifier === 'acct.deposit')!;
    expect(edge).toMatchObject({ source: 'spec/acct_spec.lua::acct > deposits', target: 'src/acct.lua::M.deposit', resolution_kind: 'exact' });
  });
});
