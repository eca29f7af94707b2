import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

const FILES = {
  'go.mod': '',
  'root.go': `package shapes
func Root() {}
`,
  'geo/grid.go': `package geo
type Grid struct{}
func NewGrid() *Grid { return &Grid{} }
func (g *Grid) Cell() {}
func Area(x int) int { return x }
type Meters int
`,
  'geo/other.go': `package geo
func sibling(hook func(int)) { Area(1); helper(); hook(2); Meters(4) }
`,
  'geo/helper.go': `package geo
func helper() {}
`,
  'vendor/example.com/x/geo/grid.go': `package geo
func Area(x int) int { return x }
`,
  'app/main.go': `package main
import (
	"example.com/m/geo"
	shapes "example.com/shapes"
	"github.com/other/lib"
	. "example.com/m/util"
	v1 "k8s.io/api/core/v1"
)
type Local struct{}
type Wrapper struct {
	*geo.Grid
	name string
}
func NewLocal() Local { return Local{} }
func (l Local) Run() {}
func run(g *geo.Grid) {
	geo.Area(1)
	g.Cell()
	e := geo.NewGrid()
	e.Cell()
	l := NewLocal()
	l.Run()
	var v Local
	v.Run()
	var w Wrapper
	w.Cell()
	shapes.Root()
	lib.Do()
	len("x")
	geo.Meters(3)
	Dotted()
	v1.Staged()
	geo.NewGrid().Cell()
	lib.V(4).Infof("x")
	missing()
}
`,
  'util/u.go': `package util
func Dotted() {}
`,
  'staging/src/k8s.io/api/core/v1/types.go': `package v1
func Staged() {}
`,
};

describe('Go resolution', () => {
  it('binds package calls, receiver types, same-package and dot imports', async () => {
    open = await indexFiles(Object.fromEntries(Object.entries(FILES).filter(([p]) => p.endsWith('.go'))));
    const at = (spec: string, path = 'app/main.go') => describeAnswer(open!.answer(path, spec));
    expect(at('geo.Area')).toBe('geo/grid.go::Area (exact)');
    expect(at('g.Cell')).toBe('geo/grid.go::Grid::Cell (receiver_type)');
    expect(at('e.Cell')).toBe('geo/grid.go::Grid::Cell (receiver_type)');
    expect(at('l.Run')).toBe('app/main.go::Local::Run (receiver_type)');
    expect(at('v.Run')).toBe('app/main.go::Local::Run (receiver_type)');
    // Promoted through an embedded field.
    expect(at('w.Cell')).toBe('geo/grid.go::Grid::Cell (receiver_type)');
    expect(at('shapes.Root')).toBe('root.go::Root (exact)');
    expect(at('lib.Do')).toBe('external external:github.com/other/lib');
    expect(at('len')).toBe('builtin builtin');
    // A conversion calls nothing: a references edge to the type, never a missing call.
    expect(() => open!.answer('app/main.go', 'geo.Meters')).toThrow(/no answer/);
    expect(open.edges('references').filter((e) => e.specifier?.endsWith('Meters')).map((e) => `${e.file_path}:${e.specifier} -> ${e.target}`).sort()).toEqual([
      'app/main.go:geo.Meters -> geo/grid.go::Meters',
      'geo/other.go:Meters -> geo/grid.go::Meters',
    ]);
    expect(at('Dotted')).toBe('util/u.go::Dotted (package)');
    expect(at('missing')).toBe('missing_target');
    expect(at('geo.NewGrid().Cell')).toBe('geo/grid.go::Grid::Cell (receiver_type)');
    expect(at('lib.V(4).Infof')).toBe('external external:github.com/other/lib');
    expect(at('v1.Staged')).toBe('staging/src/k8s.io/api/core/v1/types.go::Staged (exact)');
    expect(at('NewLocal')).toBe('app/main.go::NewLocal (package)');
    expect(at('Area', 'geo/other.go')).toBe('geo/grid.go::Area (package)');
    expect(at('helper', 'geo/other.go')).toBe('geo/helper.go::helper (package)');
    // No function, type or builtin of the package is called `hook`: a function value.
    expect(at('hook', 'geo/other.go')).toBe('indirect_call');
  });
});

describe('Go import paths from go.mod', () => {
  const gomod = (path: string, name: string) => ({ path, kind: 'gomod' as const, hash: `hash-${path}`, aliases: [], name });
  const MODULE_FILES = {
    // A root package named unlike its import path's last segment.
    'root.go': `package shapes
func Root() {}
`,
    'geo/grid.go': `package geo
func Area(x int) int { return x }
`,
    // Test data that mimics the standard library: import path example.com/m/testdata/src/sort, never "sort".
    'testdata/src/sort/sort.go': `package sort
func Sort() {}
`,
    'staging/src/k8s.io/api/core/v1/types.go': `package v1
func Staged() {}
`,
    'app/main.go': `package main
import (
	"sort"
	"example.com/m/geo"
	shapes "example.com/m"
	v1 "k8s.io/api/core/v1"
)
func run() {
	sort.Sort()
	geo.Area(1)
	shapes.Root()
	v1.Staged()
}
`,
  };

  it('maps an import path onto the folders its module path names, and nothing else', async () => {
    open = await indexFiles(MODULE_FILES, [gomod('go.mod', 'example.com/m'), gomod('staging/src/k8s.io/api/go.mod', 'k8s.io/api')]);
    const at = (spec: string) => describeAnswer(open!.answer('app/main.go', spec));
    expect(at('sort.Sort')).toBe('external external:sort');
    expect(at('geo.Area')).toBe('geo/grid.go::Area (exact)');
    expect(at('shapes.Root')).toBe('root.go::Root (exact)');
    expect(at('v1.Staged')).toBe('staging/src/k8s.io/api/core/v1/types.go::Staged (exact)');
  });

  it('without a go.mod, still matches folders by the end of the import path', async () => {
    open = await indexFiles(MODULE_FILES);
    expect(describeAnswer(open!.answer('app/main.go', 'sort.Sort'))).toBe('testdata/src/sort/sort.go::Sort (exact)');
  });
});

describe('Go receivers typed through fields, method results, closures and interfaces', () => {
  const CHAIN_FILES = {
    'rest/request.go': `package rest
import "k8s.io/apimachinery/runtime"
type Request struct{ codec runtime.Codec }
func (r *Request) Namespace(ns string) *Request { return r }
func (r *Request) Do() Result { return Result{} }
func (r *Request) Codec() { r.codec.Encode() }
type Result struct{}
func (Result) Into() {}
type Interface interface {
	Get() *Request
}
type Client struct{}
func (c *Client) Get() *Request { return &Request{} }
`,
    'typed/pods.go': `package typed
import "example.com/m/rest"
type pods struct {
	client rest.Interface
	impl   *rest.Client
	next   func()
}
func (c *pods) List() {
	c.client.Get().Namespace("x").Do().Into()
	c.impl.Get()
	req := c.impl.Get()
	req.Do()
	each(func(r *rest.Request) { r.Do() })
	var v interface{} = req
	v.(*rest.Request).Do()
	c.next()
	for _, q := range c.all() {
		q.Do()
	}
	c.all()[0].Namespace("y")
}
func (c *pods) all() []*rest.Request { return nil }
func each(f func(*rest.Request)) {}
`,
  };

  it('follows struct fields and declared results, and binds an interface call to the interface method', async () => {
    open = await indexFiles(CHAIN_FILES, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    const at = (spec: string, nth = 0, path = 'typed/pods.go') => describeAnswer(open!.answer(path, spec, nth));
    expect(at('c.client.Get')).toBe('rest/request.go::Interface::Get (receiver_type)');
    expect(at('c.client.Get().Namespace')).toBe('rest/request.go::Request::Namespace (receiver_type)');
    expect(at('c.client.Get().Namespace("x").Do')).toBe('rest/request.go::Request::Do (receiver_type)');
    expect(at('c.client.Get().Namespace("x").Do().Into')).toBe('rest/request.go::Result::Into (receiver_type)');
    expect(at('c.impl.Get', 0)).toBe('rest/request.go::Client::Get (receiver_type)');
    expect(at('req.Do')).toBe('rest/request.go::Request::Do (receiver_type)');
    // A closure's parameter, and a type assertion.
    expect(at('r.Do')).toBe('rest/request.go::Request::Do (receiver_type)');
    expect(at('v.(*rest.Request).Do')).toBe('rest/request.go::Request::Do (receiver_type)');
    expect(at('c.next')).toBe('indirect_call');
    // An element of a slice, ranged over or indexed.
    expect(at('q.Do')).toBe('rest/request.go::Request::Do (receiver_type)');
    expect(at('c.all()[0].Namespace')).toBe('rest/request.go::Request::Namespace (receiver_type)');
    // A field whose type lies outside the workspace: external, never a guess by name.
    expect(at('r.codec.Encode', 0, 'rest/request.go')).toBe('external external:k8s.io/apimachinery/runtime');
  });
});

describe('Go reasons the compiler would give', () => {
  const REASON_FILES = {
    'cmd/command.go': `package cmd
import (
	"time"
	flag "github.com/spf13/pflag"
)
type PositionalArgs func(cmd *Command, args []string) error
type Command struct {
	Args PositionalArgs
	flags *flag.FlagSet
}
func (c *Command) Flags() *flag.FlagSet { return c.flags }
func (c *Command) AddCommand(cmds ...*Command) {}
func (c *Command) validate(args []string) error {
	n := int64(len(args))
	_ = time.Duration(n) + time.Since(time.Time{})
	return c.Args(c, args)
}
`,
    'cmd/cmd_test.go': `package cmd
func init() {
	rootCmd.Flags().StringP("x", "x", "", "")
	rootCmd.AddCommand(printCmd)
}
var rootCmd = &Command{}
var (
	printCmd = &Command{}
)
func TestRoot() {
	rootCmd.Flags().Lookup("x")
	printCmd.AddCommand()
}
`,
  };

  it('types package-level variables, calls fields as function values, and records no conversion', async () => {
    open = await indexFiles(REASON_FILES, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    const at = (spec: string, path = 'cmd/cmd_test.go', nth = 0) => describeAnswer(open!.answer(path, spec, nth));
    // `var rootCmd = &Command{}` types rootCmd in init() and in the tests of the same file.
    expect(at('rootCmd.Flags')).toBe('cmd/command.go::Command::Flags (receiver_type)');
    expect(at('rootCmd.Flags().StringP')).toBe('external external:github.com/spf13/pflag');
    expect(at('rootCmd.AddCommand')).toBe('cmd/command.go::Command::AddCommand (receiver_type)');
    expect(at('rootCmd.Flags().Lookup')).toBe('external external:github.com/spf13/pflag');
    expect(at('printCmd.AddCommand')).toBe('cmd/command.go::Command::AddCommand (receiver_type)');
    // `Args PositionalArgs`: a field of a named function type holds a function value.
    expect(at('c.Args', 'cmd/command.go')).toBe('indirect_call');
    // `int64(...)` converts: no call site at all.
    expect(() => open!.answer('cmd/command.go', 'int64')).toThrow(/no answer/);
    // `time.Duration(...)` converts to a standard library type (the pinned catalog): no call either.
    expect(() => open!.answer('cmd/command.go', 'time.Duration')).toThrow(/no answer/);
    expect(at('time.Since', 'cmd/command.go')).toBe('external external:time');
    expect(at('len', 'cmd/command.go')).toBe('builtin builtin');
  });
});

describe('Go files no current toolchain builds', () => {
  // The shape of golang.org/x/tools' internal/typeparams: a stand-in for old releases beside
  // an alias to go/types, and a generator script kept out of every build.
  const SHIM_FILES = {
    'typeparams/old.go': `//go:build !go1.18

package typeparams
type TypeParamList struct{}
func (l *TypeParamList) Len() int { return 0 }
func NewTerm() *Term { return nil }
type Term struct{}
func legacyOnly() { NewTerm() }
`,
    'typeparams/new.go': `//go:build go1.18

package typeparams
import "go/types"
type TypeParamList = types.TypeParamList
type Term = types.Term
func NewTerm() *Term { return nil }
`,
    'typeparams/gen.go': `//go:build ignore

package main
func main() { generate() }
func generate() {}
`,
    'ssa/use.go': `package ssa
import "example.com/m/typeparams"
func count(list *typeparams.TypeParamList) int {
  typeparams.NewTerm()
  return list.Len()
}
`,
  };

  it('binds to what a current toolchain builds, through aliases to outside types; a shim still binds its own calls', async () => {
    open = await indexFiles(SHIM_FILES, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    const at = (spec: string, path = 'ssa/use.go') => describeAnswer(open!.answer(path, spec));
    expect(at('typeparams.NewTerm')).toBe('typeparams/new.go::NewTerm (exact)');
    expect(at('list.Len')).toBe('external external:go/types');
    expect(at('NewTerm', 'typeparams/old.go')).toBe('typeparams/old.go::NewTerm (package)');
    expect(at('generate', 'typeparams/gen.go')).toBe('typeparams/gen.go::generate (package)');
  });
});

describe('Go type switches', () => {
  it('type the name a switch binds by its case: one type, else the switched value', async () => {
    open = await indexFiles({
      'ssa/ssa.go': `package ssa
type Instruction interface{ Pos() int }
type Send struct{}
func (s *Send) Pos() int { return 1 }
type Call struct{}
func (c *Call) Pos() int { return 2 }
`,
      'ssa/use.go': `package ssa
func visit(instr Instruction) {
	switch instr := instr.(type) {
	case *Send:
		instr.Pos()
	case *Call, nil:
		instr.Pos()
	default:
		instr.Pos()
	}
	instr.Pos()
}
`,
    }, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    const at = (nth: number) => describeAnswer(open!.answer('ssa/use.go', 'instr.Pos', nth));
    expect(at(0)).toBe('ssa/ssa.go::Send::Pos (receiver_type)');
    expect(at(1)).toBe('ssa/ssa.go::Instruction::Pos (receiver_type)');
    expect(at(2)).toBe('ssa/ssa.go::Instruction::Pos (receiver_type)');
    expect(at(3)).toBe('ssa/ssa.go::Instruction::Pos (receiver_type)');
  });
});

describe('Go types own their methods, and uses of a type point at it', () => {
  const TYPE_FILES = {
    'cmd/command.go': `package cmd
import flag "github.com/spf13/pflag"
type Command struct{ flags *flag.FlagSet }
func (c *Command) Execute() error { return nil }
type byName []*Command
func (s byName) Len() int { return len(s) }
`,
    'cmd/completions.go': `package cmd
func (c *Command) initCompleteCmd() {}
func (s byName) Swap(i, j int) {}
`,
    'cmd/args.go': `package cmd
func NoArgs(cmd *Command, args []string) error { return nil }
func build() *Command { return &Command{} }
`,
    'doc/man.go': `package doc
import "example.com/m/cmd"
func GenMan(c *cmd.Command, out *flag.FlagSet) {}
`,
  };

  it('contains methods in and beyond their type\'s file, and gives the type its users as references', async () => {
    open = await indexFiles(TYPE_FILES, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    const contains = open.edges('contains').map((e) => `${e.source} -> ${e.target} (${e.resolution_kind})`).sort();
    expect(contains).toEqual([
      'cmd/command.go::Command -> cmd/command.go::Command::Execute (exact)',
      'cmd/command.go::Command -> cmd/completions.go::Command::initCompleteCmd (exact)',
      'cmd/command.go::byName -> cmd/command.go::byName::Len (exact)',
      'cmd/command.go::byName -> cmd/completions.go::byName::Swap (exact)',
    ]);
    expect(open.store.symbol('cmd/command.go::Command::Execute')?.parent_id).toBe('cmd/command.go::Command');
    expect(open.store.symbol('cmd/command.go::byName')?.kind).toBe('typedef');
    const users = open.edges('references').filter((e) => e.target === 'cmd/command.go::Command').map((e) => `${e.source} (${e.resolution_kind})`).sort();
    expect(users).toEqual(['cmd/args.go::NoArgs (package)', 'cmd/args.go::build (package)', 'doc/man.go::GenMan (exact)']);
    // A type outside the workspace (`*flag.FlagSet`) is no call: nothing unresolved is left for it.
    expect([...open.store.unresolved()].map((u) => u.specifier)).toEqual(['len']);
  });
});

describe('Go locals by block scope', () => {
  it('types a name by the declaration visible where it is used, not by a later one in the function', async () => {
    open = await indexFiles({
      'wire/wire.go': `package wire
type wireError struct{ Message string }
func (e *wireError) Error() string { return e.Message }
type Call struct{}
func (c *Call) Pos() int { return 1 }
type register struct{}
func (r *register) Name() string { return "" }
`,
      'wire/use.go': `package wire
func toWireError(err error) *wireError {
	if err, ok := err.(*wireError); ok {
		err.Error()
		return err
	}
	return &wireError{Message: err.Error()}
}
func build(vs []*register) {
	for _, v := range vs {
		v.Name()
	}
	if v := vs[0]; v != nil {
		v.Name()
	}
	v := &Call{}
	v.Pos()
	{
		v := &register{}
		v.Name()
	}
	v.Pos()
}
`,
    }, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer('wire/use.go', spec, nth));
    // Inside the if, err is the *wireError the assertion declares; after it, the error parameter.
    expect(at('err.Error', 0)).toBe('wire/wire.go::wireError::Error (receiver_type)');
    expect(at('err.Error', 1)).toBe('builtin');
    expect(at('v.Name', 0)).toBe('wire/wire.go::register::Name (receiver_type)');
    expect(at('v.Name', 1)).toBe('wire/wire.go::register::Name (receiver_type)');
    expect(at('v.Pos', 0)).toBe('wire/wire.go::Call::Pos (receiver_type)');
    expect(at('v.Name', 2)).toBe('wire/wire.go::register::Name (receiver_type)');
    expect(at('v.Pos', 1)).toBe('wire/wire.go::Call::Pos (receiver_type)');
  });

  it('calls a function, not the local of the same name, where the local is not yet declared', async () => {
    open = await indexFiles({
      'pkg/srcs.go': `package pkg
func srcs(p int) string { return "" }
func check(ps []int, hook func()) {
	if srcs := srcs(ps[0]); srcs != "" {
		hook()
	}
	for _, f := range []func(){hook} {
		f()
	}
	srcs(1)
}
`,
    }, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer('pkg/srcs.go', spec, nth));
    // The local srcs is visible only after its declaration: the call in its own initialiser is the function's.
    expect(at('srcs', 0)).toBe('pkg/srcs.go::srcs (package)');
    expect(at('srcs', 1)).toBe('pkg/srcs.go::srcs (package)');
    expect(at('hook')).toBe('indirect_call');
    expect(at('f')).toBe('indirect_call');
  });
});

describe('Go receivers from outside the workspace', () => {
  it('calls methods of standard library values, of unknown receivers no workspace method names, and of long chains', async () => {
    open = await indexFiles({
      'rest/request.go': `package rest
import "testing"
type Request struct{}
func (r *Request) Namespace(ns string) *Request { return r }
func (r *Request) Do() Result { return Result{} }
type Result struct{}
func (r Result) Error() error { return nil }
type Other struct{}
func (o Other) Error() string { return "" }
func (o Other) Errorf() {}
type fixture struct {
	*testing.T
}
`,
      'rest/use.go': `package rest
import "net/http"
func use(r *Request, f *fixture) {
	f.Errorf("x")
	http.DefaultClient.Do(nil)
	http.DefaultServeMux.Handler(nil).ServeHTTP(nil, nil)
	unknown().Anything()
	r.Namespace("a").Namespace("b").Namespace("c").Namespace("d").Namespace("e").Namespace("f").Namespace("g").Namespace("h").Namespace("i").Do().Error()
}
`,
    }, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    const at = (spec: string) => describeAnswer(open!.answer('rest/use.go', spec));
    // A value the standard library declares has a type from outside.
    expect(at('http.DefaultClient.Do')).toBe('external external:net/http');
    expect(at('http.DefaultServeMux.Handler(nil).ServeHTTP')).toBe('external external:net/http');
    // Errorf is promoted from the embedded *testing.T, though a workspace type declares one too.
    expect(at('f.Errorf')).toBe('external external:testing');
    // No workspace type has a method Anything: whatever the receiver is, its method is not here.
    expect(at('unknown().Anything')).toBe('external no workspace method of this name');
    // A chain of nine steps is followed to the end: Error is Result's, not the builtin interface's.
    expect(at('r.Namespace("a").Namespace("b").Namespace("c").Namespace("d").Namespace("e").Namespace("f").Namespace("g").Namespace("h").Namespace("i").Do().Error')).toBe(
      'rest/request.go::Result::Error (receiver_type)',
    );
  });
});

describe('Go function values the compiler would call indirectly', () => {
  it('calls a package variable of the own module and an unexported field name as function values, and reads fields through an alias', async () => {
    open = await indexFiles({
      'analysistest/analysistest.go': `package analysistest
import "example.com/m/checker"
var TestData = func() string { return "testdata" }
type Result = checker.TestAnalyzerResult
func Run() []*Result { return nil }
`,
      'checker/checker.go': `package checker
import (
	"go/types"
	"testing"
)
type Pass struct{}
func (p *Pass) Report() {}
func (p *Pass) Pos() int { return 0 }
type TestAnalyzerResult struct {
	Pass *Pass
}
type PackageInfo struct {
	types.Info
}
type modTest struct {
	*testing.T
	cleanup func()
}
func (m *modTest) run(info *PackageInfo) {
	m.cleanup()
	info.Uses[nil].Pos()
	for id, obj := range info.Defs {
		id.Pos()
		obj.Pos()
	}
	passes := make([]*Pass, 2)
	passes[0].Pos()
}
`,
      'passes/use_test.go': `package passes
import (
	"example.com/m/analysistest"
	"github.com/other/lib"
)
func TestX() {
	analysistest.TestData()
	lib.Helper()
	for _, r := range analysistest.Run() {
		r.Pass.Report()
	}
	for _, tc := range []struct{ check func() }{} {
		tc.check()
	}
}
`,
    }, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    const at = (spec: string) => describeAnswer(open!.answer('passes/use_test.go', spec));
    // No function or type TestData in a package of the own module: a variable holding a function.
    expect(at('analysistest.TestData')).toBe('indirect_call function value');
    expect(at('lib.Helper')).toBe('external external:github.com/other/lib');
    // Result is an alias: its fields are TestAnalyzerResult's.
    expect(at('r.Pass.Report')).toBe('checker/checker.go::Pass::Report (receiver_type)');
    // A field of function type of a struct written in place.
    expect(at('tc.check')).toBe('indirect_call');
    // A field of function type beside an embedded outside type: the field, not the outside type, is called.
    expect(describeAnswer(open!.answer('checker/checker.go', 'm.cleanup'))).toBe('indirect_call');
    // Uses is a field promoted from the embedded types.Info: what it holds is outside.
    expect(describeAnswer(open!.answer('checker/checker.go', 'info.Uses[nil].Pos'))).toBe('external external:go/types');
    // Keys and values of a map from outside are outside too.
    expect(describeAnswer(open!.answer('checker/checker.go', 'id.Pos'))).toBe('external external:go/types');
    expect(describeAnswer(open!.answer('checker/checker.go', 'obj.Pos'))).toBe('external external:go/types');
    // make([]*Pass, n) is a slice of Pass.
    expect(describeAnswer(open!.answer('checker/checker.go', 'passes[0].Pos'))).toBe('checker/checker.go::Pass::Pos (receiver_type)');
  });
});

describe('Go elements and keys of containers', () => {
  it('types map keys, elements of named slice and map types, and values read through a pointer', async () => {
    open = await indexFiles({
      'loader/loader.go': `package loader
import (
	"go/types"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
)
type Node struct{}
func (n *Node) Pos() int { return 0 }
func (n *Node) Path() string { return "" }
func (n *Node) List() {}
func (n *Node) DeepCopy() *Node { return n }
type Info struct{}
func (i *Info) Path() string { return "" }
func (i *Info) List() {}
func (i *Info) DeepCopy() *Info { return i }
type byPos []*Node
func (a byPos) Less(i, j int) bool { return a[i].Pos() < a[j].Pos() }
type Program struct {
	AllPackages map[*types.Package]*Info
	Seen        map[*Node]bool
	Stamp       *metav1.Time
	Extensions  map[string]*Node
}
type Index map[string]sets.String
type Indices map[string]Index
type store struct{ indices Indices }
func (s *store) list(name, value string) {
	index := s.indices[name]
	set := index[value]
	set.List()
}
func walk(p *Program) {
	for pkg, info := range p.AllPackages {
		pkg.Path()
		info.Path()
	}
	for n := range p.Seen {
		n.Pos()
	}
	in := &p.Stamp
	(*in).DeepCopy()
	ext := &p.Extensions
	for _, v := range *ext {
		v.DeepCopy()
	}
}
`,
    }, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    const at = (spec: string) => describeAnswer(open!.answer('loader/loader.go', spec));
    // The key of a map field: an outside type (both Path methods here are other types').
    expect(at('pkg.Path')).toBe('external external:go/types');
    expect(at('info.Path')).toBe('loader/loader.go::Info::Path (receiver_type)');
    expect(at('n.Pos')).toBe('loader/loader.go::Node::Pos (receiver_type)');
    // An element of a named slice type, in its own method.
    expect(at('a[i].Pos')).toBe('loader/loader.go::Node::Pos (receiver_type)');
    // Elements of named map types, two levels down, end in an outside type.
    expect(at('set.List')).toBe('external external:k8s.io/apimachinery/pkg/util/sets');
    // `*in` has in's type; ranging over `*ext` reads the map it points to.
    expect(at('(*in).DeepCopy')).toBe('external external:k8s.io/apimachinery/pkg/apis/meta/v1');
    expect(at('v.DeepCopy')).toBe('loader/loader.go::Node::DeepCopy (receiver_type)');
  });
});

describe('Go results after the first', () => {
  it('types the later names of a multi-value declaration and named results', async () => {
    open = await indexFiles({
      'rename/check.go': `package rename
import "go/types"
type Block struct{}
func (b *Block) Pos() int { return 0 }
func (b *Block) Scope() *Block { return b }
type Obj struct{}
func (o *Obj) Pos() int { return 0 }
func (o *Obj) Scope() *Block { return nil }
func lookup(name string) (*Block, *Obj) { return nil, nil }
func load() (n int, pkg *types.Package, err error) { return 0, nil, nil }
func check(from types.Object, scope *types.Scope) {
	_, to := scope.LookupParent("x", 0)
	to.Pos()
	b, obj := lookup("x")
	b.Pos()
	obj.Pos()
	var n, pkg, err = load()
	_, _ = n, err
	pkg.Scope()
}
func (b *Block) value() (typ types.Type, o *Obj) {
	typ.Underlying()
	o.Pos()
	return
}
`,
    }, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    const at = (spec: string) => describeAnswer(open!.answer('rename/check.go', spec));
    // The second result of an outside method is outside (both Pos methods here are other types').
    expect(at('to.Pos')).toBe('external external:go/types');
    expect(at('b.Pos')).toBe('rename/check.go::Block::Pos (receiver_type)');
    expect(at('obj.Pos')).toBe('rename/check.go::Obj::Pos (receiver_type)');
    // `var` with one call for three names: the second result of a workspace function.
    expect(at('pkg.Scope')).toBe('external external:go/types');
    // Named results are locals of the body.
    expect(at('o.Pos')).toBe('rename/check.go::Obj::Pos (receiver_type)');
  });
});

describe('Go structs written in place', () => {
  it('reads the fields of a table test\'s struct: a function field is called indirectly, a typed one finds its methods', async () => {
    open = await indexFiles({
      'rest/config.go': `package rest
type Config struct{}
func (c *Config) String() string { return "" }
type Other struct{}
func (o Other) ErrFn() {}
`,
      'rest/config_test.go': `package rest
func TestConfig() {
	tests := []struct {
		name  string
		c     *Config
		ErrFn func(error) bool
	}{}
	for _, tt := range tests {
		tt.c.String()
		tt.ErrFn(nil)
	}
	for _, tc := range []struct{ run func() }{} {
		tc.run()
	}
}
`,
    }, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    const at = (spec: string) => describeAnswer(open!.answer('rest/config_test.go', spec));
    // String of a field typed *Config, not the builtin interface method.
    expect(at('tt.c.String')).toBe('rest/config.go::Config::String (receiver_type)');
    // ErrFn is a field holding a function, though a workspace type has a method ErrFn.
    expect(at('tt.ErrFn')).toBe('indirect_call');
    expect(at('tc.run')).toBe('indirect_call');
  });
});

describe('Go import names', () => {
  it('binds an unaliased .../v1 import to v1 when another import of the file takes the name before it', async () => {
    open = await indexFiles({
      'testing/actions.go': `package testing
func NewCreateAction() {}
`,
      'fake/event.go': `package fake
import (
	"k8s.io/api/core/v1"
	core "example.com/m/testing"
)
func create(e *v1.Event) {
	core.NewCreateAction()
}
`,
    }, [{ path: 'go.mod', kind: 'gomod', hash: 'h', aliases: [], name: 'example.com/m' }]);
    expect(describeAnswer(open!.answer('fake/event.go', 'core.NewCreateAction'))).toBe('testing/actions.go::NewCreateAction (exact)');
  });
});
