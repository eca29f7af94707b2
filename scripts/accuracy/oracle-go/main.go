// The Go oracle: the compiler's own answer (go/types) to "which declaration does
// this call reach?" for every call expression of a corpus's Go packages, one JSON
// site per line in the shape of the TypeScript oracle (oracle-ts.mjs), so the same
// join and metrics judge cairn.
//
// GOPATH mode, no network: the corpus root must sit at $GOPATH/src/<import path>
// (the harness copies it there, the module path read from its go.mod), and the
// packages it imports are found in the other GOPATH entries (Debian's Go sources).
// Each directory is checked as Go would build it for this platform: its package
// with the in-package tests, then its external test package. Type errors are
// tolerated: a call the checker cannot answer is reported with status "unknown".
//
//	GO111MODULE=off GOPATH=<copy gopath>:<deps> go run main.go <root> <out.jsonl>
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// target is one declaration answering a call (OracleTarget in oracle-ts.mjs).
type target struct {
	File     *string `json:"file"`
	Line     int     `json:"line"`
	Column   int     `json:"column"`
	Name     string  `json:"name"`
	DeclKind string  `json:"declKind"`
	Where    string  `json:"where,omitempty"`
}

// site is one call expression (OracleSite in oracle-ts.mjs).
type site struct {
	File       string   `json:"file"`
	Line       int      `json:"line"`
	Column     int      `json:"column"`
	CallLine   int      `json:"callLine"`
	CallColumn int      `json:"callColumn"`
	CalleeName *string  `json:"calleeName"`
	Specifier  string   `json:"specifier"`
	Kind       string   `json:"kind"`
	Status     string   `json:"status"`
	Targets    []target `json:"targets"`
	// ConversionTo is the type a conversion `T(x)` names (status "indirect"): where
	// it is declared decides whether cairn, reading the workspace alone, can know it.
	ConversionTo *target `json:"conversionTo,omitempty"`
}

type oracle struct {
	root  string
	fset  *token.FileSet
	imp   types.ImporterFrom
	out   *bufio.Writer
	files int
	sites int
	src   map[string][]byte
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: oracle-go <root> <out.jsonl>")
		os.Exit(2)
	}
	// go/build must not ask the go command about modules.
	os.Setenv("GO111MODULE", "off")
	build.Default.GOPATH = os.Getenv("GOPATH")
	root, err := filepath.Abs(os.Args[1])
	if err != nil {
		fail(err)
	}
	f, err := os.Create(os.Args[2])
	if err != nil {
		fail(err)
	}
	start := time.Now()
	fset := token.NewFileSet()
	o := &oracle{
		root: root,
		fset: fset,
		imp:  importer.ForCompiler(fset, "source", nil).(types.ImporterFrom),
		out:  bufio.NewWriter(f),
		src:  map[string][]byte{},
	}
	for _, dir := range packageDirs(root) {
		o.checkDir(dir)
	}
	if err := o.out.Flush(); err != nil {
		fail(err)
	}
	f.Close()
	summary, _ := json.Marshal(map[string]any{"files": o.files, "sites": o.sites, "config": "go/types, GOPATH mode", "ms": time.Since(start).Milliseconds()})
	fmt.Println(string(summary))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "oracle-go:", err)
	os.Exit(1)
}

// packageDirs lists the directories under root the go command would build: not
// hidden, not `_`-prefixed, not testdata, not vendored.
func packageDirs(root string) []string {
	var dirs []string
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor") {
			return filepath.SkipDir
		}
		dirs = append(dirs, path)
		return nil
	})
	sort.Strings(dirs)
	return dirs
}

func (o *oracle) checkDir(dir string) {
	pkg, err := build.Default.ImportDir(dir, 0)
	var noGo *build.NoGoError
	if errors.As(err, &noGo) || pkg == nil {
		return
	}
	var multi *build.MultiplePackageError
	if errors.As(err, &multi) {
		fmt.Fprintf(os.Stderr, "oracle-go: %s: %v (skipped)\n", dir, err)
		return
	}
	inPackage := append(append(append([]string{}, pkg.GoFiles...), pkg.CgoFiles...), pkg.TestGoFiles...)
	o.checkFiles(dir, pkg.ImportPath, inPackage)
	o.checkFiles(dir, pkg.ImportPath+"_test", pkg.XTestGoFiles)
}

func (o *oracle) checkFiles(dir, path string, names []string) {
	if len(names) == 0 {
		return
	}
	var files []*ast.File
	for _, name := range names {
		full := filepath.Join(dir, name)
		text, err := os.ReadFile(full)
		if err != nil {
			continue
		}
		file, err := parser.ParseFile(o.fset, full, text, parser.ParseComments)
		if file == nil {
			continue
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "oracle-go: %s: parse error (kept what parsed)\n", full)
		}
		o.src[full] = text
		files = append(files, file)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	conf := types.Config{Importer: o.imp, Error: func(error) {}, FakeImportC: true}
	conf.Check(path, o.fset, files, info)
	for _, file := range files {
		o.files++
		o.walk(file, info)
		delete(o.src, o.fset.File(file.Pos()).Name())
	}
}

func (o *oracle) walk(file *ast.File, info *types.Info) {
	ast.Inspect(file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			o.emit(o.describe(call, info))
		}
		return true
	})
}

func (o *oracle) emit(s site) {
	line, _ := json.Marshal(s)
	o.out.Write(line)
	o.out.WriteByte('\n')
	o.sites++
}

// calleeIdent is the identifier naming the callee: `f`, `x.M`, `pkg.F`, `F[T]`;
// nil for a callee without a name (a function literal, `f()()`, `fns[i]()`).
func calleeIdent(fun ast.Expr) *ast.Ident {
	for {
		switch e := fun.(type) {
		case *ast.ParenExpr:
			fun = e.X
		case *ast.IndexExpr:
			fun = e.X
		case *ast.IndexListExpr:
			fun = e.X
		case *ast.Ident:
			return e
		case *ast.SelectorExpr:
			return e.Sel
		default:
			return nil
		}
	}
}

func (o *oracle) describe(call *ast.CallExpr, info *types.Info) site {
	ident := calleeIdent(call.Fun)
	start := o.fset.Position(call.Pos())
	namePos := o.fset.Position(call.Lparen)
	s := site{
		File:       o.rel(start.Filename),
		CallLine:   start.Line,
		CallColumn: start.Column - 1,
		Specifier:  o.specifier(call.Fun),
		Kind:       "call",
		Targets:    []target{},
	}
	if ident != nil {
		namePos = o.fset.Position(ident.Pos())
		name := ident.Name
		s.CalleeName = &name
	}
	s.Line, s.Column = namePos.Line, namePos.Column-1
	if ident == nil {
		s.Status = "unknown"
		return s
	}
	// A conversion `T(x)` calls nothing: any edge there is wrong.
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		s.Status = "indirect"
		if tn, ok := info.Uses[ident].(*types.TypeName); ok {
			t := o.targetOf(tn)
			s.ConversionTo = &t
		}
		return s
	}
	var obj types.Object
	if sel, ok := unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
		obj = info.Selections[sel].Obj()
	} else {
		obj = info.Uses[ident]
	}
	if obj == nil {
		s.Status = "unknown"
		return s
	}
	t := o.targetOf(obj)
	s.Targets = append(s.Targets, t)
	if t.File != nil {
		s.Status = "in_repo"
	} else {
		s.Status = "external"
	}
	return s
}

func unparen(e ast.Expr) ast.Expr {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		default:
			return e
		}
	}
}

func (o *oracle) targetOf(obj types.Object) target {
	if fn, ok := obj.(*types.Func); ok {
		obj = fn.Origin()
	}
	t := target{Name: obj.Name(), DeclKind: declKind(obj)}
	if _, ok := obj.(*types.Builtin); ok || !obj.Pos().IsValid() {
		t.Where = "builtin"
		return t
	}
	pos := o.fset.Position(obj.Pos())
	t.Line, t.Column = pos.Line, pos.Column-1
	if rel := o.rel(pos.Filename); rel != "" && !strings.HasPrefix(rel, "../") && !strings.Contains("/"+rel, "/vendor/") {
		t.File = &rel
	} else if obj.Pkg() != nil {
		t.Where = obj.Pkg().Path()
	}
	return t
}

// declKind names what declares the target, as the report groups them.
func declKind(obj types.Object) string {
	switch x := obj.(type) {
	case *types.Builtin:
		return "Builtin"
	case *types.Func:
		sig := x.Type().(*types.Signature)
		if sig.Recv() == nil {
			return "FuncDecl"
		}
		if types.IsInterface(sig.Recv().Type()) {
			return "InterfaceMethod"
		}
		return "MethodDecl"
	case *types.TypeName:
		return "TypeName"
	case *types.Var:
		if x.IsField() {
			return "FuncField"
		}
		return "FuncVar"
	default:
		return fmt.Sprintf("%T", obj)
	}
}

func (o *oracle) rel(filename string) string {
	rel, err := filepath.Rel(o.root, filename)
	if err != nil {
		return ""
	}
	return filepath.ToSlash(rel)
}

// specifier is the callee as written, on one line, at most 120 characters.
func (o *oracle) specifier(fun ast.Expr) string {
	start, end := o.fset.Position(fun.Pos()), o.fset.Position(fun.End())
	text := o.src[start.Filename]
	if text == nil || end.Offset > len(text) {
		return ""
	}
	flat := strings.Join(strings.Fields(string(text[start.Offset:end.Offset])), " ")
	if len(flat) > 120 {
		flat = flat[:117] + "..."
	}
	return flat
}
