import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

describe('Ruby resolution', () => {
  it('binds constants lexically, self and bare calls through the class chain, typed receivers, and says what is outside', async () => {
    open = await indexFiles({
      'lib/shop/cart.rb': `require 'json'
require_relative 'pricing'

module Shop
  class Cart < Base
    include Pricing
    extend Finders
    attr_reader :items

    def initialize(owner)
      @owner = owner
      @ledger = Ledger.new
      setup
    end

    def add(item)
      items.push(item)
      self.recount
      total(item)
      @ledger.record(item)
      note = Ledger.new
      note.record(item)
      note.vanish
      puts JSON.generate(item)
      File.read('x')
      recount
      unknown_helper
      owner.cb.call
      item.weigh
      item.each { |x| x }
    end

    def recount; end

    def self.build
      new(nil)
      find_all
      Cart.build
    end
  end
end
`,
      'lib/shop/base.rb': `module Shop
  class Base
    def setup; end
  end
end
`,
      'lib/shop/pricing.rb': `module Shop
  module Pricing
    def total(item); end
  end
end
`,
      'lib/shop/finders.rb': `module Shop
  module Finders
    def find_all; end
  end
end
`,
      'lib/shop/ledger.rb': `module Shop
  class Ledger
    def record(item); end
  end
end
`,
      'lib/shop/request.rb': `module Shop
  class Request
    module Env
      def get_header(name); end
    end

    module Helpers
      def host
        get_header('HOST')
        vanished
      end
    end

    include Env
    include Helpers
  end
end
`,
      'lib/shop/item.rb': `module Shop
  class Item
    def weigh; end
  end
end
`,
      'lib/model.rb': `class Model < ActiveRecord::Base
  has_many :things
  def save_all
    save!
  end
end
`,
      'lib/util.rb': `module Util
  module_function
  def slug(x); x; end
end
def top_helper; end
top_helper
Util.slug('a')
Shop::Cart.new(1)
Shop::Cart.build
Nope::Gone.run
task :default do
  top_helper
end
`,
      'spec/cart_spec.rb': `RSpec.describe Shop::Cart do
  let(:cart) { Shop::Cart.new(nil) }
  it 'adds' do
    cart.add(1)
    expect(cart.items).to eq([1])
  end
end
`,
    });
    const at = (spec: string, path = 'lib/shop/cart.rb') => describeAnswer(open!.answer(path, spec));
    expect(at('Ledger.new')).toBe('lib/shop/ledger.rb::Shop::Ledger (namespace)');
    expect(at('setup')).toBe('lib/shop/base.rb::Shop::Base.setup (receiver_type)');
    expect(at('items.push')).toBe('builtin');
    expect(at('self.recount')).toBe('lib/shop/cart.rb::Shop::Cart.recount (receiver_type)');
    expect(at('recount')).toBe('lib/shop/cart.rb::Shop::Cart.recount (receiver_type)');
    expect(at('total')).toBe('lib/shop/pricing.rb::Shop::Pricing.total (receiver_type)');
    expect(at('@ledger.record')).toBe('lib/shop/ledger.rb::Shop::Ledger.record (receiver_type)');
    expect(at('note.record')).toBe('lib/shop/ledger.rb::Shop::Ledger.record (receiver_type)');
    expect(at('note.vanish')).toBe('missing_target');
    expect(at('puts')).toBe('builtin builtin:Kernel');
    expect(at('JSON.generate')).toBe('external external:JSON');
    expect(at('File.read')).toBe('builtin builtin:File');
    expect(at('unknown_helper')).toBe('missing_target');
    expect(at('owner.cb.call')).toBe('indirect_call');
    expect(at('item.weigh')).toBe('lib/shop/item.rb::Shop::Item.weigh (name_only)');
    expect(at('item.each')).toBe('builtin');
    // Class methods: `new` of self, an extended module's methods, the class's own.
    expect(at('new')).toBe('lib/shop/cart.rb::Shop::Cart.initialize (receiver_type)');
    expect(at('find_all')).toBe('lib/shop/finders.rb::Shop::Finders.find_all (receiver_type)');
    expect(at('Cart.build')).toBe('lib/shop/cart.rb::Shop::Cart.build (namespace)');
    // A module's bare call of what its enclosing class gets from a sibling module.
    expect(at('get_header', 'lib/shop/request.rb')).toBe('lib/shop/request.rb::Shop::Request::Env.get_header (namespace)');
    expect(at('vanished', 'lib/shop/request.rb')).toBe('missing_target');
    // A base outside the workspace: its methods are external; the class body's DSL too.
    expect(at('save!', 'lib/model.rb')).toBe('external external:ActiveRecord::Base');
    expect(at('has_many', 'lib/model.rb')).toBe('external external:ActiveRecord::Base');
    // File scope: top-level defs, module functions, constant paths.
    expect(at('top_helper', 'lib/util.rb')).toBe('lib/util.rb::top_helper (same_file)');
    expect(at('Util.slug', 'lib/util.rb')).toBe('lib/util.rb::Util.slug (namespace)');
    expect(at('Shop::Cart.new', 'lib/util.rb')).toBe('lib/shop/cart.rb::Shop::Cart.initialize (namespace)');
    expect(at('Shop::Cart.build', 'lib/util.rb')).toBe('lib/shop/cart.rb::Shop::Cart.build (namespace)');
    expect(at('Nope::Gone.run', 'lib/util.rb')).toBe('external external:Nope::Gone');
    // A DSL nothing in the workspace defines (Rake's task) is outside it.
    expect(at('task', 'lib/util.rb')).toBe('external external:no workspace method');
    // RSpec: a let helper called bare, matchers from the framework.
    expect(at('cart', 'spec/cart_spec.rb')).toBe('spec/cart_spec.rb::Shop::Cart.cart (same_file)');
    expect(at('expect', 'spec/cart_spec.rb')).toBe('external external:test framework');
  });
});
