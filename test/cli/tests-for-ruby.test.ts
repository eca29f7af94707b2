// Ruby end to end through the built CLI: a small gem with RSpec and minitest tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const GEM = {
  'lib/shop.rb': "require_relative 'shop/cart'\n",
  Rakefile: "require_relative 'lib/shop'\n\ntask :total do\n  puts Shop::Cart.new.total\nend\n",
  'lib/shop/cart.rb': `module Shop
  class Cart
    attr_reader :items

    def initialize
      @items = []
    end

    def add(item)
      items.push(item)
      recount
    end

    def total
      items.sum(&:price)
    end

    private

    def recount
      @count = items.size
    end
  end
end
`,
  'spec/shop/cart_spec.rb': `require 'shop'

RSpec.describe Shop::Cart do
  it 'adds an item' do
    cart = Shop::Cart.new
    cart.add(1)
    expect(cart.items).to eq([1])
  end
end
`,
  'test/cart_test.rb': `require 'minitest/autorun'

class CartTest < Minitest::Test
  def test_total_of_an_empty_cart
    assert_equal 0, Shop::Cart.new.total
  end
end
`,
};

describe('ruby through the CLI', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = makeFixture(GEM, { git: true });
    expect(cairn(['init', '-C', repo.root]).code).toBe(0);
  });
  afterAll(() => repo.remove());

  it('tests-for finds the RSpec example and the minitest method through the calls they make', () => {
    const add = cairnJson(['tests-for', 'Shop::Cart.add', '-C', repo.root]).body;
    expect(add.data.tests.map((t: any) => t.test.id)).toContain('spec/shop/cart_spec.rb::Shop::Cart > adds an item');
    // recount is reached through add: a path of two calls.
    const recount = cairnJson(['tests-for', 'Shop::Cart.recount', '-C', repo.root]).body;
    expect(recount.data.tests.map((t: any) => t.test.id)).toContain('spec/shop/cart_spec.rb::Shop::Cart > adds an item');
    const total = cairnJson(['tests-for', 'Shop::Cart.total', '-C', repo.root]).body;
    expect(total.data.tests.map((t: any) => t.test.id)).toContain('test/cart_test.rb::CartTest.test_total_of_an_empty_cart');
  });

  it('callers and callees follow the class chain', () => {
    const callers = cairnJson(['callers', 'Shop::Cart.recount', '-C', repo.root]).body;
    expect(callers.data.neighbours.map((n: any) => `${n.symbol.id} ${n.resolution_kind}`)).toEqual(['lib/shop/cart.rb::Shop::Cart.add receiver_type']);
  });

  it('reads a Rakefile as Ruby', () => {
    const callers = cairnJson(['callers', 'Shop::Cart.total', '-C', repo.root]).body;
    expect(callers.data.neighbours.map((n: any) => n.symbol.id)).toContain('Rakefile::');
  });

  it('doctor counts no Ruby file as unsupported', () => {
    const doctor = cairnJson(['doctor', '-C', repo.root]).body;
    expect(doctor.data.graph_quality.unsupported_extensions).toEqual([]);
  });
});
