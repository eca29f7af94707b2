// PHP end to end through the built CLI: a small package with PHPUnit and Pest tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const PACKAGE = {
  'src/Cart.php': `<?php
namespace Shop;

final class Cart
{
    private array $items = [];

    public function add(Item $item): void
    {
        $this->items[] = $item;
        $this->recount();
    }

    public function total(): int
    {
        return array_sum(array_map(fn (Item $i) => $i->price(), $this->items));
    }

    private function recount(): void {}
}
`,
  'src/Item.php': `<?php
namespace Shop;

final class Item
{
    public function __construct(private int $price) {}
    public function price(): int { return $this->price; }
}
`,
  'tests/CartTest.php': `<?php
namespace Shop\\Tests;

use PHPUnit\\Framework\\TestCase;
use Shop\\Cart;
use Shop\\Item;

final class CartTest extends TestCase
{
    public function testAddingAnItem(): void
    {
        $cart = new Cart();
        $cart->add(new Item(3));
        $this->assertSame(3, $cart->total());
    }
}
`,
  'tests/Feature/TotalTest.php': `<?php
use Shop\\Cart;

it('is zero when empty', function () {
    $cart = new Cart();
    expect($cart->total())->toBe(0);
});
`,
};

describe('php through the CLI', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = makeFixture(PACKAGE, { git: true });
    expect(cairn(['init', '-C', repo.root]).code).toBe(0);
  });
  afterAll(() => repo.remove());

  it('tests-for finds the PHPUnit method and the Pest test through the calls they make', () => {
    const add = cairnJson(['tests-for', 'Cart::add', '-C', repo.root]).body;
    expect(add.data.tests.map((t: any) => t.test.id)).toContain('tests/CartTest.php::CartTest::testAddingAnItem');
    const recount = cairnJson(['tests-for', 'Cart::recount', '-C', repo.root]).body;
    expect(recount.data.tests.map((t: any) => t.test.id)).toContain('tests/CartTest.php::CartTest::testAddingAnItem');
    const total = cairnJson(['tests-for', 'Cart::total', '-C', repo.root]).body;
    expect(total.data.tests.map((t: any) => t.test.id)).toEqual(expect.arrayContaining(['tests/CartTest.php::CartTest::testAddingAnItem', 'tests/Feature/TotalTest.php::is zero when empty']));
  });

  it('callers follow $this and typed receivers', () => {
    const callers = cairnJson(['callers', 'Cart::recount', '-C', repo.root]).body;
    expect(callers.data.neighbours.map((n: any) => `${n.symbol.id} ${n.resolution_kind}`)).toEqual(['src/Cart.php::Cart::add receiver_type']);
    const price = cairnJson(['callers', 'Item::price', '-C', repo.root]).body;
    expect(price.data.neighbours.map((n: any) => `${n.symbol.id} ${n.resolution_kind}`)).toEqual(['src/Cart.php::Cart::total receiver_type']);
  });

  it('doctor counts no PHP file as unsupported', () => {
    const doctor = cairnJson(['doctor', '-C', repo.root]).body;
    expect(doctor.data.graph_quality.unsupported_extensions).toEqual([]);
  });
});
