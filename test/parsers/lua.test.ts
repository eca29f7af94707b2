import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { render } from './render.js';

const SOURCE = `local utils = require("pl.utils")
require "strict"
local M = {}
local Account = {}
Account.__index = Account

function Account.new(balance)
  return setmetatable({ balance = balance }, Account)
end

function Account:deposit(v)
  self.balance = self.balance + v
  self:log("deposit")
end

function M.helper(x, cb)
  cb(x)
  return utils.assert_arg(1, x)
end

local function loc(a) return a end

function glob(...)
  local acc = Account.new(1)
  acc:deposit(2)
  print(loc(M.helper))
  string.format("%d", 1)
  t[k]()
  f()()
end

M.f = function(y) return y end
return M
`;

describe('lua extraction', () => {
  it('names table functions as written, owns them by their table, and types self and constructed receivers', async () => {
    const facts = await extractFacts('lua/acct.lua', SOURCE, 'lua');
    expect(render(facts)).toMatchSnapshot();
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}${s.ownerType ? ` owner=${s.ownerType}` : ''}`)).toEqual([
      'function Account.new owner=Account',
      'method Account:deposit owner=Account',
      'function M.helper owner=M',
      'function loc',
      'function glob',
      'function M.f owner=M',
    ]);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('self:log')).toMatchObject({ receiver: 'self', receiverType: 'Account', calleeName: 'log' });
    expect(call('acc:deposit')).toMatchObject({ receiver: 'acc', receiverType: 'Account' });
    expect(call('utils.assert_arg')).toMatchObject({ receiver: 'utils', calleeName: 'assert_arg' });
    expect(call('cb')).toMatchObject({ indirect: true });
    expect(call('t[k]')).toMatchObject({ indirect: true });
    expect(call('f()')).toMatchObject({ indirect: true });
    expect(facts.callSites.some((c) => c.calleeName === 'require')).toBe(false);
    expect(facts.imports.map((i) => `${i.source} as ${i.local || '-'}`)).toEqual(['pl.utils as utils', 'strict as -']);
  });

  it('reads busted describe/it blocks as a module and tests named by their titles', async () => {
    const facts = await extractFacts(
      'spec/account_spec.lua',
      'local acct = require("acct")\ndescribe("account", function()\n  it("deposits", function()\n    acct.deposit(1)\n  end)\n  pending("later")\nend)\n',
      'lua',
    );
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName} ${s.isTest}`)).toEqual([
      'module account true',
      'test account > deposits true',
      'test account > later true',
    ]);
    expect(facts.callSites.map((c) => `${c.specifier} in ${c.caller === null ? '-' : facts.symbols[c.caller]!.name}`)).toEqual(['acct.deposit in deposits']);
  });

  it('still parses after another grammar is loaded', async () => {
    await extractFacts('a.sh', 'echo hi\n', 'bash');
    await extractFacts('a.py', 'print(1)\n', 'python');
    const facts = await extractFacts('a.lua', 'local utils = require("pl.utils")\nutils.f()\n', 'lua');
    expect(facts.syntaxErrors).toBeUndefined();
    expect(facts.imports.map((i) => i.local)).toEqual(['utils']);
  });
});
