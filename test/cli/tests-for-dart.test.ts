// A small Dart package through the built CLI: its symbols, calls and package:test tests
// are indexed, and tests-for finds the tests that reach a method.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const FILES = {
  'pubspec.yaml': 'name: shapes\nenvironment:\n  sdk: ">=3.0.0 <4.0.0"\n',
  'lib/shapes.dart': `export 'src/circle.dart';\n`,
  'lib/src/circle.dart': `class Circle {
  final double radius;
  Circle(this.radius);
  factory Circle.unit() => Circle(1);
  double area() => scale() * 3.14159;
  double scale() => radius * radius;
}
`,
  'test/circle_test.dart': `import 'package:shapes/shapes.dart';
import 'package:test/test.dart';

void main() {
  group('Circle', () {
    test('has an area', () {
      final c = Circle(2);
      expect(c.area(), closeTo(12.57, 0.01));
    });
    test('has a unit', () => expect(Circle.unit().radius, 1));
  });
  test('scale is a square', () => expect(Circle(3).scale(), 9));
}
`,
};

const names = (body: { data: { tests: Array<{ test: { qualified_name: string } }> } }) => body.data.tests.map((t) => t.test.qualified_name).sort();

describe('Dart through the CLI', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = makeFixture(FILES, { git: true });
    expect(cairn(['init', '-C', repo.root]).code).toBe(0);
  });
  afterAll(() => repo.remove());

  it('indexes symbols and calls, and finds the tests of a method', () => {
    const doctor = cairnJson(['doctor', '-C', repo.root]).body;
    expect(JSON.stringify(doctor.data)).not.toContain('.dart');
    const callees = cairnJson(['callees', 'lib/src/circle.dart::Circle.area', '-C', repo.root]).body;
    expect(JSON.stringify(callees.data)).toContain('Circle.scale');
    expect(names(cairnJson(['tests-for', 'lib/src/circle.dart::Circle.area', '-C', repo.root]).body)).toEqual(['main.Circle > has an area']);
    expect(names(cairnJson(['tests-for', 'lib/src/circle.dart::Circle.scale', '-C', repo.root]).body)).toEqual(['main.Circle > has an area', 'main.scale is a square']);
  });
});
