// Kotlin end to end through the built CLI: a small Gradle layout with a JUnit test and a
// Kotest spec is indexed, its symbols and calls are answered, and tests-for finds both tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let repo: Fixture;

beforeAll(() => {
  repo = makeFixture({
    'build.gradle.kts': 'plugins { kotlin("jvm") }\n',
    'src/main/kotlin/shop/Cart.kt': `package shop
class Cart(private val pricing: Pricing) {
    fun total(items: Int): Int = pricing.price(items)
}
`,
    'src/main/kotlin/shop/Pricing.kt': `package shop
class Pricing {
    fun price(items: Int): Int = items * 2
}
`,
    'src/test/kotlin/shop/CartTest.kt': `package shop
import org.junit.jupiter.api.Test
class CartTest {
    @Test
    fun totalPricesEveryItem() {
        check(Cart(Pricing()).total(2) == 4)
    }
}
`,
    'src/test/kotlin/shop/PricingSpec.kt': `package shop
import io.kotest.core.spec.style.FunSpec
class PricingSpec : FunSpec({
    test("two per item") { Pricing().price(3) }
})
`,
  });
  const init = cairnJson(['init', '-C', repo.root]);
  expect(init.code, init.stderr).toBe(0);
});

afterAll(() => repo.remove());

describe('Kotlin through the CLI', () => {
  it('indexes .kt and .kts files, their symbols and calls', () => {
    const status = cairnJson(['status', '-C', repo.root]).body.data;
    expect(status.stats.files_by_language.kotlin).toBe(5);
    expect(status.stats.unsupported_extensions).toEqual({});
    const callees = cairnJson(['callees', 'src/main/kotlin/shop/Cart.kt::Cart.total', '-C', repo.root]).body.data.neighbours;
    expect(callees.map((n: any) => `${n.symbol.qualified_name} ${n.resolution_kind}`)).toEqual(['Pricing.price receiver_type']);
  });

  it('tests-for finds the JUnit test and the Kotest block', () => {
    const { code, body } = cairnJson(['tests-for', 'src/main/kotlin/shop/Pricing.kt::Pricing.price', '-C', repo.root]);
    expect(code).toBe(0);
    const tests = body.data.tests.map((t: any) => `${t.test.qualified_name} ${t.evidence}`).sort();
    expect(tests).toEqual(['CartTest.totalPricesEveryItem direct_call', 'PricingSpec.two per item direct_call']);
  });
});
