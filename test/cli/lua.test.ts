// Lua end to end through the built CLI: a module, a script that requires it, and a
// busted spec; `tests-for` walks from a module function to the spec's test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const FILES = {
  'src/acct.lua': `local M = {}
local Account = {}
Account.__index = Account

function Account.new(balance) return setmetatable({ balance = balance }, Account) end

function Account:deposit(v)
  self.balance = self.balance + v
  return self:report()
end

function Account:report() return string.format("%d", self.balance) end

function M.open(balance) return Account.new(balance) end
return M
`,
  'bin/main.lua': 'local acct = require("acct")\nlocal a = acct.open(1)\nprint(a)\n',
  'spec/acct_spec.lua': `local acct = require("acct")
describe("accounts", function()
  it("opens with a balance", function()
    assert.are.equal(1, acct.open(1).balance)
  end)
end)
`,
};

describe('lua through the CLI', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = makeFixture(FILES, { git: true });
    expect(cairnJson(['init', '-C', repo.root]).code).toBe(0);
  });
  afterAll(() => repo.remove());

  it('indexes .lua files and leaves no unsupported extension', () => {
    const doctor = cairnJson(['doctor', '-C', repo.root]).body.data.graph_quality;
    expect(doctor.unsupported_extensions).toEqual([]);
    expect(cairnJson(['status', '-C', repo.root]).body.data.stats.files_by_language.lua).toBe(3);
  });

  it('answers callers through require and self', () => {
    const callers = (symbol: string) => cairnJson(['callers', symbol, '-C', repo.root]).body.data.neighbours.map((n: any) => `${n.symbol.id} ${n.resolution_kind}`);
    expect(callers('src/acct.lua::M.open')).toEqual(['bin/main.lua:: exact', 'spec/acct_spec.lua::accounts > opens with a balance exact']);
    expect(callers('src/acct.lua::Account:report')).toEqual(['src/acct.lua::Account:deposit receiver_type']);
  });

  it('finds the busted test of a module function, through the function it calls', () => {
    const tests = cairnJson(['tests-for', 'src/acct.lua::Account.new', '-C', repo.root]).body.data.tests;
    expect(tests.map((t: any) => `${t.test.qualified_name} ${t.test.kind} ${t.evidence}`)).toEqual(['accounts > opens with a balance test direct_call']);
  });
});
