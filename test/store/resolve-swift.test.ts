import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

const FILES = {
  'Sources/Geometry/Point.swift': `public struct Point {
  public let x: Double
  public func moved(by d: Double) -> Point { self }
  public static func origin() -> Point { Point(x: 0) }
}
public func distance(_ a: Point, _ b: Point) -> Double { 0 }
public enum Shapes { public struct Square { public init(side: Double) {} } }
extension Array {
  func second() -> Element? { nil }
  mutating func append(optional e: Element?) {}
}
`,
  'Sources/Shapes/Base.swift': `import Foundation
open class Base: NSObject {
  func inherited() {}
  func shared() {}
}
protocol Named {}
extension Named { func title() -> String { "" } }
`,
  'Sources/Shapes/Circle.swift': `import Geometry
final class Circle: Base, Named {
  let center: Point
  var repo = Repo()
  init(center: Point) { self.center = center }
  init(x: Double, y: Double, z: Double = 0) { self.center = Point(x: x) }
  init(name: String) { self.center = Point(x: 0) }
  override func shared() { super.shared() }
  func work(_ other: Circle) {
    center.moved(by: 1)
    repo.save()
    other.work(self)
    self.inherited()
    inherited()
    title()
    helper()
    distance(center, center)
    Point.origin().moved(by: 2)
    let p = Point.origin()
    p.moved(by: 3)
    Circle(center: center)
    Circle(x: 1, y: 2)
    Circle(x: 1, y: 2, z: 3)
    print("x")
    UUID()
    names.map { $0 }
    self.missing()
    center.length()
    Shapes.Square(side: 1)
    let xs: [Int] = []
    xs.second()
    var ys: [Int] = []
    ys.append(1)
    ys.append(optional: 2)
  }
}
extension Circle { func helper() {} }
struct Repo { func save() {} }
`,
};

describe('Swift resolution', () => {
  it('binds receivers, extensions, initialisers by argument labels, module functions and outside names', async () => {
    open = await indexFiles(FILES);
    const path = 'Sources/Shapes/Circle.swift';
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer(path, spec, nth));
    const G = 'Sources/Geometry/Point.swift';
    expect(at('center.moved')).toBe(`${G}::Point.moved#moved(by:) (receiver_type)`);
    expect(at('repo.save')).toBe(`${path}::Repo.save#save() (receiver_type)`);
    expect(at('other.work')).toBe(`${path}::Circle.work#work(_:) (receiver_type)`);
    expect(at('self.inherited')).toBe('Sources/Shapes/Base.swift::Base.inherited#inherited() (receiver_type)');
    expect(at('inherited')).toBe('Sources/Shapes/Base.swift::Base.inherited#inherited() (receiver_type)');
    expect(at('super.shared')).toBe('Sources/Shapes/Base.swift::Base.shared#shared() (receiver_type)');
    // A protocol extension's default implementation, through the conformance.
    expect(at('title')).toBe('Sources/Shapes/Base.swift::Named.title#title() (receiver_type)');
    expect(at('helper')).toBe(`${path}::Circle.helper#helper() (receiver_type)`);
    expect(at('distance')).toBe(`${G}::distance#distance(_:_:) (package)`);
    expect(at('Point.origin')).toBe(`${G}::Point.origin#origin() (exact)`);
    expect(at('Point.origin().moved')).toBe(`${G}::Point.moved#moved(by:) (receiver_type)`);
    expect(at('p.moved')).toBe(`${G}::Point.moved#moved(by:) (receiver_type)`);
    // Initialisers are chosen by their labels (a defaulted parameter may be left out).
    expect(at('Circle', 0)).toBe(`${path}::Circle.init#init(center:) (exact)`);
    expect(at('Circle', 1)).toBe(`${path}::Circle.init#init(x:y:z:) (exact)`);
    expect(at('Circle', 2)).toBe(`${path}::Circle.init#init(x:y:z:) (exact)`);
    expect(at('Point')).toBe(`${G}::Point (exact)`);
    expect(at('print')).toBe('builtin');
    expect(at('UUID')).toBe('external');
    expect(at('names.map')).toBe('builtin');
    // Base's own base (NSObject) lies outside the workspace: it may declare what is missing.
    expect(at('self.missing')).toBe('external');
    expect(at('center.length')).toBe('missing_target');
    // A type nested in another, and an extension of a standard type.
    expect(at('Shapes.Square')).toBe(`${G}::Shapes.Square.init#init(side:) (exact)`);
    expect(at('xs.second')).toBe(`${G}::Array.second#second() (receiver_type)`);
    // The extension's append(optional:) does not take an unlabelled argument: Array's own does.
    expect(at('ys.append', 0)).toBe('external external:Array');
    expect(at('ys.append', 1)).toBe(`${G}::Array.append#append(optional:) (receiver_type)`);
  });
});
