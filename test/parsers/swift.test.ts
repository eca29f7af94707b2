import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { render } from './render.js';

const extract = (source: string, path = 'Sources/Shapes/Circle.swift') => extractFacts(path, source, 'swift');

const SOURCE = `import Foundation
import struct Geometry.Point

protocol Shape { func area() -> Double }
public struct Circle: Shape {
  let r: Double
  var helper = Helper()
  init(r: Double, label: String = "") { self.r = r }
  func area() -> Double { return self.scale() }
  private func scale() -> Double { helper.help(1); return r * r }
  static func make() -> Circle { Circle(r: 1) }
}
class Box<T>: Base, Shape {
  override func area() -> Double { super.area(); let c = Circle.make(); c.area(); return 0 }
  func run(_ handler: () -> Void) { handler(); Foo.Bar.baz(); list.map { $0 + 1 }; f()() }
}
enum Color { case red; func name() -> String { "r" } }
extension Circle { func grow(by amount: Double) { print("x"); area() } }
func free(a: Int) -> Int { let k: Circle = Circle(r: 2); return Int(k.area()) }
actor Worker { func run() async {} }
typealias Size = Int
`;

describe('swift extraction', () => {
  it('extracts types, members by argument labels, extensions, imports and receiver types', async () => {
    const facts = await extract(SOURCE);
    expect(facts.module).toBe('Shapes');
    expect(render(facts)).toMatchSnapshot();
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}${s.disambiguator ? `#${s.disambiguator}` : ''}`)).toEqual([
      'interface Shape',
      'method Shape.area#area()',
      'struct Circle',
      'constructor Circle.init#init(r:label:)',
      'method Circle.area#area()',
      'method Circle.scale#scale()',
      'method Circle.make#make()',
      'class Box',
      'method Box.area#area()',
      'method Box.run#run(_:)',
      'enum Color',
      'method Color.name#name()',
      'method Circle.grow#grow(by:)',
      'function free#free(a:)',
      'class Worker',
      'method Worker.run#run()',
      'type_alias Size',
    ]);
    const symbol = (qn: string) => facts.symbols.find((s) => s.qualifiedName === qn)!;
    expect(symbol('Circle').bases).toEqual(['Shape']);
    expect(symbol('Circle').exported).toBe(true);
    expect(symbol('Box').bases).toEqual(['Base', 'Shape']);
    expect(symbol('Circle.init').attributes).toMatchObject({ arity: '2', required: '1' });
    expect(symbol('Circle.make').attributes).toMatchObject({ static: 'true', returns: 'Circle' });
    // An extension's members are the extended type's; in the type's own file they hang under it.
    expect(symbol('Circle.grow')).toMatchObject({ ownerType: 'Circle', parent: facts.symbols.indexOf(symbol('Circle')) });
    expect(symbol('Color.name').ownerType).toBe('Color');
    expect(facts.imports.map((i) => `${i.source}|${i.imported}|${i.local}`)).toEqual(['Foundation|*|*', 'Geometry|Point|Point']);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('self.scale')).toMatchObject({ receiver: 'self', receiverType: 'Circle' });
    expect(call('helper.help')).toMatchObject({ receiverType: 'Helper', argumentCount: 1 });
    expect(call('Helper')).toMatchObject({ kind: 'new' });
    expect(call('Circle.make')).toMatchObject({ qualifier: 'Circle' });
    expect(call('Circle.make').receiver).toBeUndefined();
    expect(call('c.area')).toMatchObject({ receiverType: 'Circle.make()' });
    expect(call('k.area')).toMatchObject({ receiverType: 'Circle' });
    expect(call('super.area')).toMatchObject({ receiver: 'super' });
    expect(call('Foo.Bar.baz')).toMatchObject({ qualifier: 'Foo.Bar' });
    expect(call('handler')).toMatchObject({ indirect: true });
    expect(call('f()')).toMatchObject({ indirect: true });
    expect(call('list.map')).toMatchObject({ receiver: 'list', argumentCount: 1 });
    expect(call('print').kind).toBe('call');
    // Labels tell overloads apart; a trailing closure is `{}`.
    expect(facts.callSites.find((c) => c.specifier === 'Circle' && c.line === 19)).toMatchObject({ argumentLabels: ['r'], argumentCount: 1 });
    expect(call('list.map').argumentLabels).toEqual(['{}']);
    expect(call('helper.help').argumentLabels).toBeUndefined();
  });

  it('marks XCTest methods, Swift Testing functions and suites, and test targets', async () => {
    const facts = await extract(
      `import XCTest
import Testing
final class CircleTests: XCTestCase {
  func testArea() { XCTAssertEqual(Circle(r: 1).area(), 3.14) }
  func testWith(_ x: Int) {}
  func helper() {}
}
@Test func computesArea() { #expect(true) }
@Suite struct Geometry { @Test("grows") func grows() {} }
func notATest() {}
`,
      'Sources/Shapes/Checks.swift',
    );
    expect(facts.symbols.map((s) => `${s.name}:${s.isTest}`)).toEqual([
      'CircleTests:false', 'testArea:true', 'testWith:false', 'helper:false', 'computesArea:true', 'Geometry:true', 'grows:true', 'notATest:false',
    ]);
    expect(facts.callSites.find((c) => c.calleeName === 'XCTAssertEqual')?.kind).toBe('call');
    const inTarget = await extract('func helper() {}\n', 'Tests/ShapesTests/Helpers.swift');
    expect(inTarget.symbols.every((s) => s.isTest)).toBe(true);
    expect(inTarget.module).toBe('ShapesTests');
  });

  it('parses freestanding macros, typed throws and empty attribute arguments the grammar predates, at their own offsets', async () => {
    const source = `import Testing
enum ParserError: Error { case bad }
func parse(_ s: String, at: SourceLocation = #_sourceLocation) throws(ParserError) -> Int { try check(s); return 1 }
func check(_ s: String) throws(ParserError) {}
@Test func parses() throws {
  #expect(try parse("1") == 1)
  let n = try #require(Int("2"))
  #if DEBUG
  print(#file, #line)
  #endif
}
struct Options { @Option() var name: String; @Flag(
) var verbose: Bool }
`;
    const facts = await extract(source, 'Tests/ParserTests/ParseTests.swift');
    expect(facts.syntaxErrors).toBeUndefined();
    expect(facts.symbols.map((s) => s.qualifiedName)).toEqual(['ParserError', 'parse', 'check', 'parses', 'Options']);
    // Each call keeps the line and (0-based) column of the source as written.
    const at = (line: number, text: string) => `${text.replace(/\W.*/, '')}@${line}:${source.split('\n')[line - 1].indexOf(text)}`;
    expect(facts.callSites.map((c) => `${c.calleeName}@${c.line}:${c.column}`)).toEqual([
      at(3, 'check(s)'), at(6, 'expect('), at(6, 'parse("1")'), at(7, 'require('), at(7, 'Int("2")'), at(9, 'print('),
    ]);
  });
});
