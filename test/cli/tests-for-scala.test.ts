// A small sbt project through the built CLI: its symbols, calls and ScalaTest and MUnit
// tests are indexed, and tests-for finds the tests that reach a method.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const FILES = {
  'build.sbt': 'scalaVersion := "3.3.1"\n',
  'src/main/scala/shapes/Circle.scala': `package shapes

case class Circle(radius: Double) {
  def area(): Double = scale() * math.Pi
  def scale(): Double = radius * radius
}
object Circle {
  def unit(): Circle = Circle(1)
}
`,
  'src/test/scala/shapes/CircleSpec.scala': `package shapes
import org.scalatest.flatspec.AnyFlatSpec

class CircleSpec extends AnyFlatSpec {
  "A circle" should "have an area" in {
    val c = Circle(2)
    assert(c.area() > 12)
  }
  it should "have a unit" in { assert(Circle.unit().radius == 1) }
}
`,
  'src/test/scala/shapes/ScaleSuite.scala': `package shapes

class ScaleSuite extends munit.FunSuite {
  test("scale is a square") { assertEquals(Circle(3).scale(), 9.0) }
}
`,
};

const names = (body: { data: { tests: Array<{ test: { qualified_name: string } }> } }) => body.data.tests.map((t) => t.test.qualified_name).sort();

describe('Scala through the CLI', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = makeFixture(FILES, { git: true });
    expect(cairn(['init', '-C', repo.root]).code).toBe(0);
  });
  afterAll(() => repo.remove());

  it('indexes symbols and calls, and finds the tests of a method', () => {
    const doctor = cairnJson(['doctor', '-C', repo.root]).body;
    expect(JSON.stringify(doctor.data)).not.toContain('.scala');
    const callees = cairnJson(['callees', 'src/main/scala/shapes/Circle.scala::Circle.area', '-C', repo.root]).body;
    expect(JSON.stringify(callees.data)).toContain('Circle.scale');
    expect(names(cairnJson(['tests-for', 'src/main/scala/shapes/Circle.scala::Circle.area', '-C', repo.root]).body)).toEqual(['CircleSpec.A circle should have an area']);
    expect(names(cairnJson(['tests-for', 'src/main/scala/shapes/Circle.scala::Circle.scale', '-C', repo.root]).body)).toEqual([
      'CircleSpec.A circle should have an area',
      'ScaleSuite.scale is a square',
    ]);
  });
});
