import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { render } from './render.js';

const extract = (source: string, path = 'lib/src/shapes.dart') => extractFacts(path, source, 'dart');

const SOURCE = `import 'package:meta/meta.dart';
import 'package:shapes/src/util.dart' as util;
import '../model.dart' show Box, Point;
export 'src/circle.dart';
part 'shapes_part.dart';

abstract class Shape { double area(); }
mixin Scaled on Shape { double scale() => 2; }
class Circle extends Shape with Scaled implements Comparable<Circle> {
  final double r;
  final Helper helper = Helper();
  Circle(this.r);
  Circle.unit() : this(1);
  factory Circle.make() => Circle(1);
  @override
  double area() { helper.help(1); this.scale(); return r * r; }
  double get diameter => r * 2;
  static Circle create() => new Circle(2);
}
enum Color { red, green; String label() => 'r'; }
extension CircleX on Circle {
  void grow(void Function() done) { print('x'); util.run(); Circle.create().area(); list.map((e) => e + 1); done(); f()(); obj?.m(); sink..add(1)..close(); }
}
int top(int a) { var k = Circle(2); Circle c = Circle.make(); c.area(); return k.area().toInt(); }
typedef F = int Function(int);
`;

describe('dart extraction', () => {
  it('extracts classes, mixins, constructors, extensions, imports and receiver types', async () => {
    const facts = await extract(SOURCE);
    expect(render(facts)).toMatchSnapshot();
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}`)).toEqual([
      'class Shape',
      'method Shape.area',
      'class Scaled',
      'method Scaled.scale',
      'class Circle',
      'constructor Circle.Circle',
      'constructor Circle.unit',
      'constructor Circle.make',
      'method Circle.area',
      'method Circle.diameter',
      'method Circle.create',
      'enum Color',
      'method Color.label',
      'method Circle.grow',
      'function top',
      'type_alias F',
    ]);
    const symbol = (qn: string) => facts.symbols.find((s) => s.qualifiedName === qn)!;
    expect(symbol('Circle').bases).toEqual(['Shape', 'Scaled', 'Comparable']);
    expect(symbol('Scaled').attributes).toMatchObject({ mixin: 'true' });
    expect(symbol('Circle.make').attributes).toMatchObject({ factory: 'true', returns: 'Circle' });
    expect(symbol('Circle.create').attributes).toMatchObject({ static: 'true', returns: 'Circle' });
    expect(symbol('Circle.area').attributes).toMatchObject({ annotations: ['override'] });
    expect(symbol('Circle.diameter').attributes).toMatchObject({ getter: 'true' });
    // The definition spans its body, which follows the signature.
    expect(symbol('Circle.area')).toMatchObject({ startLine: 16, endLine: 16, endColumn: 63 });
    expect(symbol('top')).toMatchObject({ startLine: 24, endLine: 24 });
    // An extension's members are the extended type's.
    expect(symbol('Circle.grow')).toMatchObject({ ownerType: 'Circle', attributes: expect.objectContaining({ extension: 'CircleX' }) });
    expect(facts.imports.map((i) => `${i.source}|${i.imported}|${i.local}${i.reexport ? '|reexport' : ''}`)).toEqual([
      'package:meta/meta.dart|*|*',
      'package:shapes/src/util.dart|*|util',
      '../model.dart|Box|Box',
      '../model.dart|Point|Point',
      'src/circle.dart|*||reexport',
      'shapes_part.dart|*|*',
    ]);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('helper.help')).toMatchObject({ receiverType: 'Helper', argumentCount: 1 });
    expect(call('this.scale')).toMatchObject({ receiver: 'this', receiverType: 'Circle' });
    expect(call('Helper')).toMatchObject({ kind: 'new' });
    expect(call('new Circle')).toMatchObject({ kind: 'new', calleeName: 'Circle' });
    expect(call('util.run')).toMatchObject({ qualifier: 'util' });
    expect(call('Circle.create')).toMatchObject({ qualifier: 'Circle' });
    expect(call('Circle.create().area')).toMatchObject({ receiverType: 'Circle.create()' });
    expect(call('c.area')).toMatchObject({ receiverType: 'Circle' });
    expect(call('k.area')).toMatchObject({ receiverType: 'Circle' });
    expect(call('k.area().toInt')).toMatchObject({ receiverType: 'Circle.area()' });
    expect(call('done')).toMatchObject({ indirect: true });
    expect(call('f()')).toMatchObject({ indirect: true });
    expect(call('obj.m')).toMatchObject({ receiver: 'obj' });
    expect(call('sink..add')).toMatchObject({ receiver: 'sink' });
    expect(call('sink..close')).toMatchObject({ receiver: 'sink' });
    // Positions are the called name's, not the argument list's.
    expect(call('helper.help')).toMatchObject({ line: 16, column: 25 });
  });

  it('makes package:test blocks tests named by their titles, and marks test files', async () => {
    const facts = await extract(
      `import 'package:test/test.dart';
void main() {
  group('circle', () {
    setUp(() {});
    test('has an area', () { expect(Circle(1).area(), 3.14); });
  });
  testWidgets('renders', (tester) async { await tester.pump(); });
  test("top", () => top(1));
}
`,
      'lib/checks.dart',
    );
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}:${s.isTest}`)).toEqual([
      'function main:false',
      'module main.circle:true',
      'test main.circle > has an area:true',
      'test main.renders:true',
      'test main.top:true',
    ]);
    expect(facts.callSites.map((c) => c.calleeName)).not.toContain('test');
    const area = facts.callSites.find((c) => c.calleeName === 'area')!;
    expect(facts.symbols[area.caller!].qualifiedName).toBe('main.circle > has an area');
    const inTests = await extract('void helper() {}\n', 'test/helpers.dart');
    expect(inTests.symbols.every((s) => s.isTest)).toBe(true);
    const suffixed = await extract('void main() {}\n', 'lib/circle_test.dart');
    expect(suffixed.symbols.every((s) => s.isTest)).toBe(true);
  });
});
