import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { render } from './render.js';

const extract = (source: string, path = 'lib/shop/cart.rb') => extractFacts(path, source, 'ruby');

const SOURCE = `require 'json'
require_relative 'pricing'
require "#{dir}/dynamic"

module Shop
  class Cart < Base::Thing
    include Comparable
    extend Finders
    attr_reader :items, :owner
    attr_writer :note

    def initialize(owner, total = 0, &blk)
      @ledger = Ledger.new
      setup
      self.recount
      Shop::Audit.log(owner)
      note = Ledger.new
      note.record(total)
      @ledger.flush
      blk.call
      send(:recount)
      items.each { |item| item.weigh }
      puts JSON.generate(total)
    end

    def self.build; new(nil); end

    class << self
      def registry; end
    end

    private def recount = items.size
  end
end

def top_level(x)
  x
end
`;

describe('ruby extraction', () => {
  it('extracts modules, classes, methods, attribute readers, requires and call shapes', async () => {
    const facts = await extract(SOURCE);
    expect(render(facts)).toMatchSnapshot();
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}`)).toEqual([
      'module Shop',
      'class Shop::Cart',
      'method Shop::Cart.items',
      'method Shop::Cart.owner',
      'method Shop::Cart.note=',
      'constructor Shop::Cart.initialize',
      'method Shop::Cart.build',
      'method Shop::Cart.registry',
      'method Shop::Cart.recount',
      'function top_level',
    ]);
    const cart = facts.symbols[1];
    expect(cart.bases).toEqual(['Base::Thing', 'Comparable']);
    expect(cart.attributes).toMatchObject({ superclass: 'Base::Thing', extends: ['Finders'] });
    expect(facts.symbols.filter((s) => s.attributes?.singleton === 'true').map((s) => s.name)).toEqual(['build', 'registry']);
    expect(facts.symbols[5].ownerType).toBe('Cart');
    // Requires with a literal path are imports (a relative one starts with ./), not call sites.
    expect(facts.imports.map((i) => `${i.source}|${i.imported}`)).toEqual(['json|*', './pricing|*']);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(facts.callSites.some((c) => c.calleeName.startsWith('require'))).toBe(false);
    expect(call('Ledger.new')).toMatchObject({ kind: 'new', calleeName: 'Ledger', qualifier: 'Ledger' });
    expect(call('Shop::Audit.log')).toMatchObject({ calleeName: 'log', qualifier: 'Shop::Audit' });
    expect(call('self.recount')).toMatchObject({ receiver: 'self', receiverType: 'Cart' });
    expect(call('note.record')).toMatchObject({ receiver: 'note', receiverType: 'Ledger' });
    expect(call('@ledger.flush')).toMatchObject({ receiver: '@ledger', receiverType: 'Ledger' });
    expect(call('blk.call')).toMatchObject({ indirect: true });
    expect(call('send')).toMatchObject({ calleeName: 'send', indirect: true });
    // Bare identifiers: a method call unless the scope declares a local of that name.
    expect(call('setup')).toMatchObject({ calleeName: 'setup' });
    expect(call('items')).toMatchObject({ calleeName: 'items' });
    expect(facts.callSites.filter((c) => ['owner', 'total', 'note', 'item', 'x'].includes(c.specifier))).toEqual([]);
    expect(call('new')).toMatchObject({ caller: 6 });
    const chained = await extract('Ledger.new.record(1)\n');
    expect(chained.callSites.find((c) => c.calleeName === 'record')).toMatchObject({ receiver: 'Ledger.new', receiverType: 'Ledger' });
  });

  it('marks RSpec blocks, minitest classes and test files as tests', async () => {
    const spec = await extract(
      `RSpec.describe Shop::Cart do
  let(:cart) { described_class.new }
  context 'when empty' do
    it 'has no items' do
      expect(cart.items).to be_empty
    end
    specify { expect(1).to eq(1) }
  end
end
`,
      'spec/shop/cart_spec.rb',
    );
    expect(spec.symbols.map((s) => `${s.kind} ${s.qualifiedName} ${s.isTest}`)).toEqual([
      'module Shop::Cart true',
      'function Shop::Cart.cart true',
      'module Shop::Cart > when empty true',
      'test Shop::Cart > when empty > has no items true',
      'test Shop::Cart > when empty > example at line 7 true',
    ]);
    // The DSL calls that make the blocks are not call sites; the calls inside belong to the tests.
    expect(spec.callSites.map((c) => c.specifier)).not.toContain('it');
    expect(spec.callSites.find((c) => c.specifier === 'cart.items')?.caller).toBe(3);
    // `cart` is a bare call of the `let` helper.
    expect(spec.callSites.find((c) => c.specifier === 'cart')).toMatchObject({ caller: 3 });

    const minitest = await extract(
      `class CartTest < Minitest::Test
  def test_total
    assert_equal 0, Cart.new.total
  end

  test "adds items" do
    Cart.new.add(1)
  end

  def helper; end
end
`,
      'test/cart_test.rb',
    );
    expect(minitest.symbols.map((s) => `${s.kind} ${s.qualifiedName} ${s.attributes?.test ?? ''}`)).toEqual([
      'class CartTest minitest',
      'method CartTest.test_total minitest',
      'test CartTest.adds items test',
      'method CartTest.helper ',
    ]);
    expect(minitest.symbols.every((s) => s.isTest)).toBe(true);

    const library = await extract('class Cart\n  def test_mode; end\nend\ndescribe("x") { }\n', 'lib/cart.rb');
    expect(library.symbols.map((s) => `${s.qualifiedName} ${s.isTest}`)).toEqual(['Cart false', 'Cart.test_mode false']);
  });
});
