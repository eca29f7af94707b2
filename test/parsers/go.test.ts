import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { render } from './render.js';

const extract = (source: string, path = 'pkg/a.go') => extractFacts(path, source, 'go');

const SOURCE = `// Package shapes draws.
package shapes

import (
	f "fmt"
	. "strings"
	_ "embed"
	"example.com/m/geo"
	yaml "gopkg.in/yaml.v3"
)

type Point struct {
	X int
	*geo.Grid
	Base
}
type Drawer interface {
	Draw() error
}
type ID = string
type Points []Point

const Limit = 3

func NewPoint() *Point { return &Point{} }

func (p *Point) Move(dx int) { p.X += dx }
func (p Point) Draw() error { return nil }

func use(d Drawer, g *geo.Grid) {
	var a Point
	b := &Point{}
	c := NewPoint()
	e := geo.NewGrid()
	a.Move(1)
	b.Move(2)
	c.Draw()
	d.Draw()
	g.Cell()
	e.Cell()
	geo.Area(1)
	f.Println(ToUpper("x"))
	cb := func() {}
	cb()
	func() {}()
	_ = yaml.Marshal
	len(Limit)
}
`;

describe('go extraction', () => {
  it('extracts definitions, receivers, imports and call shapes', async () => {
    const facts = await extract(SOURCE);
    expect(facts.module).toBe('shapes');
    expect(render(facts)).toMatchSnapshot();
    const names = facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}${s.ownerType ? ` owner=${s.ownerType}` : ''}`);
    expect(names).toEqual([
      'struct Point',
      'interface Drawer',
      'method Drawer::Draw owner=Drawer',
      'type_alias ID',
      'typedef Points',
      'constant Limit',
      'function NewPoint',
      'method Point::Move owner=Point',
      'method Point::Draw owner=Point',
      'function use',
    ]);
    expect(facts.symbols.find((s) => s.name === 'NewPoint')?.returnType).toBe('Point');
    expect(facts.symbols[0].bases).toEqual(['geo.Grid', 'Base']);
    expect(facts.symbols.find((s) => s.name === 'NewPoint')?.exported).toBe(true);
    expect(facts.symbols.find((s) => s.name === 'use')?.exported).toBeUndefined();
    expect(facts.imports.map((i) => `${i.source} ${i.imported} ${i.local}`)).toEqual([
      'fmt * f',
      'strings * *',
      'embed _ ',
      'example.com/m/geo * geo',
      'gopkg.in/yaml.v3 * yaml',
    ]);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('a.Move')).toMatchObject({ receiver: 'a', receiverType: 'Point', calleeName: 'Move' });
    expect(call('b.Move')).toMatchObject({ receiver: 'b', receiverType: 'Point' });
    expect(call('c.Draw')).toMatchObject({ receiver: 'c', receiverType: 'NewPoint()' });
    expect(call('d.Draw')).toMatchObject({ receiver: 'd', receiverType: 'Drawer' });
    expect(call('g.Cell')).toMatchObject({ receiver: 'g', receiverType: 'geo.Grid' });
    expect(call('e.Cell')).toMatchObject({ receiver: 'e', receiverType: 'geo.NewGrid()' });
    expect(call('geo.Area')).toMatchObject({ qualifier: 'geo', calleeName: 'Area' });
    expect(call('geo.Area').receiver).toBeUndefined();
    expect(call('f.Println')).toMatchObject({ qualifier: 'f' });
    expect(call('cb')).toMatchObject({ indirect: true });
    expect(call('func() {}')).toMatchObject({ indirect: true });
  });

  it('marks Test, Benchmark, Example and Fuzz functions in _test.go files', async () => {
    const facts = await extract(
      `package shapes_test
import "testing"
func TestMove(t *testing.T) { helper() }
func BenchmarkMove(b *testing.B) {}
func ExampleMove() {}
func FuzzMove(f *testing.F) {}
func Testify() {}
func helper() {}
`,
      'pkg/a_test.go',
    );
    expect(facts.module).toBe('shapes_test');
    const tests = facts.symbols.filter((s) => s.attributes?.test).map((s) => `${s.name}:${s.attributes!.test}`);
    expect(tests).toEqual(['TestMove:Test', 'BenchmarkMove:Benchmark', 'ExampleMove:Example', 'FuzzMove:Fuzz']);
    expect(facts.symbols.every((s) => s.isTest)).toBe(true);
    const plain = await extract('package x\nfunc TestMove(t int) {}\n', 'pkg/a.go');
    expect(plain.symbols[0].isTest).toBe(false);
  });
});
