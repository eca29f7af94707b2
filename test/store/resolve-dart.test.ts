import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

const FILES = {
  'lib/shapes.dart': `library shapes;
export 'src/circle.dart';
export 'src/util.dart' show shout;
`,
  'lib/src/util.dart': `String shout(String s) => s;
void run() {}
class Repo {
  void save(String s) {}
  Repo self() => this;
}
`,
  'lib/src/base.dart': `import 'package:flutter/widgets.dart';
abstract class Base extends StatelessWidget {
  void inherited() {}
  void shared() {}
}
class Plain { void shared() {} }
`,
  'lib/src/circle.dart': `import 'base.dart';
import 'util.dart' as util;
import 'util.dart' show Repo;
class Circle extends Plain {
  final Repo repo = Repo();
  Circle(this.r);
  Circle.unit() : this(1);
  final double r;
  double area() => r * r;
  @override
  void shared() { super.shared(); }
  void work(Circle other) {
    repo.save('x');
    other.area();
    this.area();
    area();
    helper();
    util.run();
    Circle.unit();
    Circle(2);
    repo.self().save('y');
    print('x');
    names.map((n) => n);
    this.missing();
    repo.gone();
  }
}
extension CircleX on Circle { void helper() {} }
`,
  'test/circle_test.dart': `import 'package:shapes/shapes.dart';
import 'package:test/test.dart';
void main() {
  test('area', () { expect(Circle(2).area(), 4); });
  test('shout', () => shout('a'));
}
`,
};

describe('Dart resolution', () => {
  it('binds through imports, prefixes, exports, receivers, constructors and extensions', async () => {
    open = await indexFiles(FILES);
    const path = 'lib/src/circle.dart';
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer(path, spec, nth));
    expect(at('repo.save')).toBe('lib/src/util.dart::Repo.save (receiver_type)');
    expect(at('other.area')).toBe(`${path}::Circle.area (receiver_type)`);
    expect(at('this.area')).toBe(`${path}::Circle.area (receiver_type)`);
    expect(at('area')).toBe(`${path}::Circle.area (receiver_type)`);
    expect(at('super.shared')).toBe('lib/src/base.dart::Plain.shared (receiver_type)');
    // An extension's member, on the type it extends.
    expect(at('helper')).toBe(`${path}::Circle.helper (receiver_type)`);
    expect(at('util.run')).toBe('lib/src/util.dart::run (exact)');
    expect(at('Circle.unit')).toBe(`${path}::Circle.unit (exact)`);
    expect(at('Circle')).toBe(`${path}::Circle.Circle (exact)`);
    expect(at('Repo')).toBe('lib/src/util.dart::Repo (exact)');
    expect(at('repo.self().save')).toBe('lib/src/util.dart::Repo.save (receiver_type)');
    expect(at('print')).toBe('builtin');
    expect(at('names.map')).toBe('builtin');
    // Plain, the base, lies in the workspace and has no such member.
    expect(at('this.missing')).toBe('missing_target');
    expect(at('repo.gone')).toBe('missing_target');
    // A test reaches the library through package:shapes and its exports.
    const test = (spec: string) => describeAnswer(open!.answer('test/circle_test.dart', spec));
    expect(test('Circle')).toBe(`${path}::Circle.Circle (exact)`);
    expect(test('Circle(2).area')).toBe(`${path}::Circle.area (receiver_type)`);
    expect(test('shout')).toBe('lib/src/util.dart::shout (package)');
    expect(test('expect')).toBe('external');
  });
});
