// A Go producer and consumer of cairn's graph server, built from the contract's
// structs with the standard library only. Subcommands:
//
//	push URL       marshal pushes and a bulk request from Go values (including the
//	               nil slices Go marshals as null) and POST them; print each status
//	decode STRUCT  read one JSON document on stdin into STRUCT (GraphPush or
//	               FileAnswer) refusing unknown fields and missing required ones
//	relay URL      decode a GraphPush on stdin as above, marshal it again and POST it
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"
	"strings"
)

func main() {
	if len(os.Args) < 3 {
		fail("usage: interop push URL | decode STRUCT | relay URL")
	}
	switch os.Args[1] {
	case "push":
		push(os.Args[2])
	case "decode":
		doc := readStdin()
		switch os.Args[2] {
		case "GraphPush":
			var p GraphPush
			strict(doc, &p)
			fmt.Printf("GraphPush %s: %d files, %d entities, %d edges, %d symbols, %d hyperedges\n", p.Repo, len(p.Files), len(p.Entities), len(p.Edges), len(p.Symbols), len(p.Hyperedges))
		case "FileAnswer":
			var a FileAnswer
			strict(doc, &a)
			fmt.Printf("FileAnswer %s %s: %d extractors, %d entities, %d edges, %d symbols, %d hyperedges\n", a.Repo, a.Path, len(a.Extractors), len(a.Entities), len(a.Edges), len(a.Symbols), len(a.Hyperedges))
		default:
			fail("no struct " + os.Args[2])
		}
	case "relay":
		var p GraphPush
		strict(readStdin(), &p)
		fmt.Println(post(os.Args[2]+"/v1/graph", p))
	default:
		fail("no subcommand " + os.Args[1])
	}
}

// push sends what a Go producer written against the contract would: a full push,
// a deletion-only push (nil Entities and Edges marshal as null), a semantic push
// and a reconcile-only bulk request (nil Items marshal as null).
func push(base string) {
	const repo = "go/producer"
	id := func(path, name string) string { return repo + "::" + path + "::" + name }
	full := GraphPush{
		Repo:   repo,
		Commit: "0123456789abcdef0123456789abcdef01234567",
		Files:  []string{"pkg/a.go", "pkg/b.go"},
		Entities: []Entity{
			{ID: id("pkg/a.go", "Server"), Name: "Server", Type: "struct", FilePath: "pkg/a.go", LineStart: 3, LineEnd: 9, Properties: map[string]string{"qualified_name": "pkg.Server"}},
			{ID: id("pkg/a.go", "Server.Start"), Name: "Start", Type: "method", FilePath: "pkg/a.go", LineStart: 11, LineEnd: 20},
			{ID: id("pkg/a.go", "Server.Stop"), Name: "Stop", Type: "method", FilePath: "pkg/a.go", LineStart: 22, LineEnd: 25},
			{ID: id("pkg/b.go", "main"), Name: "main", Type: "function", FilePath: "pkg/b.go", LineStart: 5, LineEnd: 8, CapturedAt: "2026-06-09T12:00:00Z"},
		},
		Edges: []Edge{
			{From: id("pkg/b.go", "main"), To: id("pkg/a.go", "Server.Start"), Relation: "calls", SrcFile: "pkg/b.go", ConfidenceScore: 0.9, ConfidenceTier: "INFERRED"},
			{From: id("pkg/b.go", "main"), To: "unresolved:log.Fatal", Relation: "calls", SrcFile: "pkg/b.go", ConfidenceTier: "AMBIGUOUS"},
			{From: id("pkg/a.go", "Server"), To: id("pkg/a.go", "Server.Stop"), Relation: "contains", SrcFile: "pkg/a.go"},
		},
		Symbols: []SymbolRow{{Name: "Server", QualifiedName: "pkg.Server", Kind: "struct", EntityID: id("pkg/a.go", "Server"), FilePath: "pkg/a.go", Line: 3}},
		Hyperedges: []Hyperedge{{ID: id("pkg/a.go", "Server#members"), Label: "Server and its members", Relation: "form", ConfidenceScore: 1, SrcFile: "pkg/a.go",
			Members: []string{id("pkg/a.go", "Server"), id("pkg/a.go", "Server.Start"), id("pkg/a.go", "Server.Stop")}}},
		FileSHAs: map[string]string{"pkg/a.go": "sha-a", "pkg/b.go": "sha-b"},
	}
	fmt.Println("full", post(base+"/v1/graph", full))
	fmt.Println("deletion", post(base+"/v1/graph", GraphPush{Repo: repo, Files: []string{"pkg/b.go"}}))
	semantic := GraphPush{Repo: repo, Extractor: "semantic", Files: []string{"pkg/a.go"},
		Entities: []Entity{{ID: id("pkg/a.go", "concept:lifecycle"), Name: "server lifecycle", Type: "concept", FilePath: "pkg/a.go"}},
		Edges:    []Edge{{From: id("pkg/a.go", "concept:lifecycle"), To: id("pkg/a.go", "Server"), Relation: "conceptually_related_to", SrcFile: "pkg/a.go", ConfidenceScore: 0.7, ConfidenceTier: "INFERRED"}},
		FileSHAs: map[string]string{"pkg/a.go": "sha-a"}}
	fmt.Println("semantic", post(base+"/v1/graph", semantic))
	fmt.Println("memories", post(base+"/v1/memories:bulk", map[string]interface{}{"repo": repo, "items": []IngestItem{{Content: "Start before Stop", Source: "pkg/a.go"}}}))
	// The contract's struct has no repo field: the query names it.
	fmt.Println("reconcile", post(base+"/v1/memories:bulk?repo="+repo, BulkMemoriesRequest{ReconcileFiles: []string{"pkg/a.go"}}))
}

// post marshals v with encoding/json and answers "STATUS BODY".
func post(url string, v interface{}) string {
	body, err := json.Marshal(v)
	if err != nil {
		fail(err.Error())
	}
	res, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		fail(err.Error())
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(res.Body)
	return fmt.Sprintf("%d %s", res.StatusCode, strings.TrimSpace(string(answer)))
}

// strict decodes doc into v refusing unknown fields, then checks that every field
// without omitempty was present in the document, at every depth.
func strict(doc []byte, v interface{}) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		fail("decode: " + err.Error())
	}
	if err := present(doc, reflect.TypeOf(v).Elem(), "$"); err != nil {
		fail(err.Error())
	}
}

func present(doc json.RawMessage, t reflect.Type, where string) error {
	if string(doc) == "null" {
		return nil
	}
	switch t.Kind() {
	case reflect.Ptr:
		return present(doc, t.Elem(), where)
	case reflect.Slice:
		var items []json.RawMessage
		if err := json.Unmarshal(doc, &items); err != nil {
			return err
		}
		for i, item := range items {
			if err := present(item, t.Elem(), fmt.Sprintf("%s[%d]", where, i)); err != nil {
				return err
			}
		}
	case reflect.Struct:
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(doc, &fields); err != nil {
			return err
		}
		return structFields(fields, t, where)
	}
	return nil
}

func structFields(fields map[string]json.RawMessage, t reflect.Type, where string) error {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			if err := structFields(fields, f.Type, where); err != nil {
				return err
			}
			continue
		}
		tag := strings.Split(f.Tag.Get("json"), ",")
		value, ok := fields[tag[0]]
		if !ok {
			if len(tag) > 1 && tag[1] == "omitempty" {
				continue
			}
			return fmt.Errorf("missing field: %s.%s", where, tag[0])
		}
		if err := present(value, f.Type, where+"."+tag[0]); err != nil {
			return err
		}
	}
	return nil
}

func readStdin() []byte {
	doc, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail(err.Error())
	}
	return doc
}

func fail(message string) {
	fmt.Fprintln(os.Stderr, "interop:", message)
	os.Exit(1)
}
