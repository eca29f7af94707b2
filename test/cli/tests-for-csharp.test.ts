// C# end to end through the built CLI: a small solution with an xUnit test project is
// indexed, its symbols and calls are answered, and tests-for finds the tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let repo: Fixture;

beforeAll(() => {
  repo = makeFixture({
    'src/Shop/Cart.cs': `namespace Shop;
public class Cart {
  private readonly Pricing _pricing = new Pricing();
  public decimal Total(int items) => _pricing.Price(items);
}
`,
    'src/Shop/Pricing.cs': `namespace Shop;
public class Pricing {
  public decimal Price(int items) => items * 2m;
}
`,
    'test/Shop.Tests/CartTests.cs': `using Shop;
using Xunit;
namespace Shop.Tests;
public class CartTests {
  [Fact]
  public void TotalPricesEveryItem() {
    var cart = new Cart();
    Assert.Equal(4m, cart.Total(2));
  }
}
`,
  });
  const init = cairnJson(['init', '-C', repo.root]);
  expect(init.code, init.stderr).toBe(0);
});

afterAll(() => repo.remove());

describe('C# through the CLI', () => {
  it('indexes C# files, their symbols and calls', () => {
    const status = cairnJson(['status', '-C', repo.root]).body.data;
    expect(status.stats.files_by_language.csharp).toBe(3);
    expect(status.stats.unsupported_extensions).toEqual({});
    const callees = cairnJson(['callees', 'src/Shop/Cart.cs::Cart.Total', '-C', repo.root]).body.data.neighbours;
    expect(callees.map((n: any) => `${n.symbol.qualified_name} ${n.resolution_kind}`)).toEqual(['Pricing.Price receiver_type']);
  });

  it('tests-for reaches the xUnit test through the call chain', () => {
    const { code, body } = cairnJson(['tests-for', 'src/Shop/Pricing.cs::Pricing.Price', '-C', repo.root]);
    expect(code).toBe(0);
    const tests = body.data.tests.map((t: any) => `${t.test.qualified_name} ${t.evidence}`);
    expect(tests).toEqual(['CartTests.TotalPricesEveryItem direct_call']);
  });
});
