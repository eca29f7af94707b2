import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { render } from './render.js';

const extract = (source: string, path = 'core/src/main/scala/com/x/app/Shapes.scala') => extractFacts(path, source, 'scala');

const SOURCE = `package com.x
package app

import scala.collection.mutable
import com.x.util.{Util, Helper => H}
import com.x.model._

trait Shape { def area(): Double }
case class Circle(r: Double) extends Shape with Ordered[Circle] {
  private val helper = new Helper()
  def area(): Double = scale() * 3.14 + this.scale()
  private def scale(): Double = { helper.help(1); r * r }
  def format(s: String, args: Any*): String = s
}
object Circle {
  def make(): Circle = Circle(1)
}
class Box[T](items: List[T]) extends Base {
  override def area(): Double = {
    super.area()
    val c = Circle.make()
    c.area()
    items.map(_.toString)
    Util.run()
    xs.foldLeft(0)(_ + _)
    val g = (x: Int) => x + 1
    g(2)
    0
  }
}
enum Color { case Red; def name(): String = "r" }
extension (c: Circle) def grow(): Circle = c
`;

describe('scala extraction', () => {
  it('extracts templates, companions, owners, imports and receiver types', async () => {
    const facts = await extract(SOURCE);
    expect(facts.module).toBe('com.x.app');
    expect(render(facts)).toMatchSnapshot();
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}${s.disambiguator ? `#${s.disambiguator}` : ''}`)).toEqual([
      'trait Shape',
      'method Shape.area#area()',
      'class Circle',
      'method Circle.area#area()',
      'method Circle.scale#scale()',
      'method Circle.format#format(String,Any*)',
      'module Circle',
      'method Circle.make#make()',
      'class Box',
      'method Box.area#area()',
      'enum Color',
      'method Color.name#name()',
      'method grow#grow()',
    ]);
    const symbol = (qn: string, kind?: string) => facts.symbols.find((s) => s.qualifiedName === qn && (!kind || s.kind === kind))!;
    expect(symbol('Circle', 'class').bases).toEqual(['Shape', 'Ordered']);
    expect(symbol('Circle', 'class').attributes).toMatchObject({ case: 'true' });
    expect(symbol('Circle.make').attributes).toMatchObject({ static: 'true', returns: 'Circle' });
    expect(symbol('Circle.format').attributes).toMatchObject({ arity: '2', varargs: 'true' });
    expect(symbol('grow')).toMatchObject({ ownerType: 'Circle', attributes: expect.objectContaining({ extension: 'true' }) });
    expect(facts.imports.map((i) => `${i.source}|${i.imported}|${i.local}`)).toEqual([
      'scala.collection|mutable|mutable',
      'com.x.util|Util|Util',
      'com.x.util|Helper|H',
      'com.x.model|*|*',
    ]);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('this.scale')).toMatchObject({ receiver: 'this', receiverType: 'Circle' });
    expect(call('helper.help')).toMatchObject({ receiverType: 'Helper', argumentCount: 1 });
    expect(call('new Helper')).toMatchObject({ kind: 'new', calleeName: 'Helper' });
    expect(call('Circle')).toMatchObject({ kind: 'new' });
    expect(call('Circle.make')).toMatchObject({ qualifier: 'Circle' });
    expect(call('c.area')).toMatchObject({ receiverType: 'Circle.make()' });
    expect(call('items.map')).toMatchObject({ receiverType: 'List' });
    expect(call('super.area')).toMatchObject({ receiver: 'super' });
    expect(call('g')).toMatchObject({ indirect: true });
    // Two argument lists are one call.
    expect(facts.callSites.filter((c) => c.calleeName === 'foldLeft')).toHaveLength(1);
  });

  it('makes ScalaTest and MUnit blocks tests named by their titles, and marks test trees', async () => {
    const facts = await extract(
      `package p
class CircleSpec extends AnyFlatSpec {
  "A circle" should "have area" in { assert(Circle(1).area() == 3.14) }
  it should "grow" in { Circle.make() }
}
class AreaSuite extends munit.FunSuite { test("area works") { Circle.make() } }
class BoxSpec extends AnyWordSpec { "A Box" when { "empty" should { "be empty" in { Box.empty() } } } }
class DescribeSpec extends AnyFunSpec { describe("Circle") { it("grows") { Circle.make() } } }
class JUnitStyle { @Test def checksIt(): Unit = Circle.make(); def helper(): Unit = () }
`,
      'core/src/main/scala/p/Checks.scala',
    );
    expect(facts.symbols.filter((s) => s.isTest).map((s) => `${s.kind} ${s.qualifiedName}`)).toEqual([
      'test CircleSpec.A circle should have area',
      'test CircleSpec.it should grow',
      'test AreaSuite.area works',
      'module BoxSpec.A Box',
      'module BoxSpec.A Box > empty',
      'test BoxSpec.A Box > empty > be empty',
      'module DescribeSpec.Circle',
      'test DescribeSpec.Circle > grows',
      'method JUnitStyle.checksIt',
    ]);
    // The block's own calls are no call sites; the calls inside belong to the test.
    expect(facts.callSites.map((c) => c.calleeName)).not.toContain('test');
    const make = facts.callSites.find((c) => c.line === 6 && c.calleeName === 'make')!;
    expect(facts.symbols[make.caller!].qualifiedName).toBe('AreaSuite.area works');
    const inTree = await extract('package p\nclass U { def helper() = 1 }\n', 'core/src/test/scala/p/U.scala');
    expect(inTree.symbols.every((s) => s.isTest)).toBe(true);
  });
});
