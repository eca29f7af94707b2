// A small Swift package through the built CLI: its symbols, calls and XCTest and Swift
// Testing tests are indexed, and tests-for finds the tests that reach a method.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const FILES = {
  'Sources/Shapes/Circle.swift': `import Foundation

public struct Circle {
  public let radius: Double
  public init(radius: Double) { self.radius = radius }
  public func area() -> Double { return scale() * Double.pi }
  func scale() -> Double { radius * radius }
  public static func unit() -> Circle { Circle(radius: 1) }
}
`,
  'Tests/ShapesTests/CircleTests.swift': `import XCTest
@testable import Shapes

final class CircleTests: XCTestCase {
  func testArea() {
    let c = Circle(radius: 2)
    XCTAssertEqual(c.area(), 4 * Double.pi, accuracy: 0.001)
  }
  func testUnit() { XCTAssertEqual(Circle.unit().radius, 1) }
}
`,
  'Tests/ShapesTests/ScaleTests.swift': `import Testing
@testable import Shapes

@Test func scaleIsSquare() { #expect(Circle(radius: 3).scale() == 9) }
`,
};

describe('Swift through the CLI', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = makeFixture(FILES, { git: true });
    expect(cairn(['init', '-C', repo.root]).code).toBe(0);
  });
  afterAll(() => repo.remove());

  it('indexes symbols and calls, and finds the tests of a method', () => {
    const doctor = cairnJson(['doctor', '-C', repo.root]).body;
    expect(JSON.stringify(doctor.data)).not.toContain('.swift');
    const callees = cairnJson(['callees', 'Sources/Shapes/Circle.swift::Circle.area', '-C', repo.root]).body;
    expect(JSON.stringify(callees.data)).toContain('Circle.scale');
    const area = cairnJson(['tests-for', 'Sources/Shapes/Circle.swift::Circle.area', '-C', repo.root]).body;
    expect(area.data.tests.map((t: { test: { qualified_name: string } }) => t.test.qualified_name)).toEqual(['CircleTests.testArea']);
    const scale = cairnJson(['tests-for', 'Sources/Shapes/Circle.swift::Circle.scale', '-C', repo.root]).body;
    expect(scale.data.tests.map((t: { test: { qualified_name: string } }) => t.test.qualified_name).sort()).toEqual(['CircleTests.testArea', 'scaleIsSquare']);
  });
});
