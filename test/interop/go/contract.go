// The graph wire contract's Go structs, verbatim in field names, types and tags
// (test/graph-push/contract-structs.go.txt holds the contract's copy; the drift test
// compares the two), and the shapes the contract leaves to cairn: SymbolRow,
// IngestItem and the answers of GET /v1/file.
package main

type Entity struct {
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	Type        string            `json:"type"`
	Description string            `json:"description,omitempty"`
	FilePath    string            `json:"file_path"`
	LineStart   int               `json:"line_start,omitempty"`
	LineEnd     int               `json:"line_end,omitempty"`
	SourceURL   string            `json:"source_url,omitempty"`
	Author      string            `json:"author,omitempty"`
	CapturedAt  string            `json:"captured_at,omitempty"`
	Properties  map[string]string `json:"properties,omitempty"`
}

type Edge struct {
	From            string            `json:"from"`
	To              string            `json:"to"`
	Relation        string            `json:"relation"`
	SrcFile         string            `json:"src_file"`
	ConfidenceScore float64           `json:"confidence_score,omitempty"`
	ConfidenceTier  string            `json:"confidence_tier,omitempty"`
	Properties      map[string]string `json:"properties,omitempty"`
}

type Hyperedge struct {
	ID              string            `json:"id"`
	Label           string            `json:"label"`
	Relation        string            `json:"relation"`
	ConfidenceScore float64           `json:"confidence_score,omitempty"`
	SrcFile         string            `json:"src_file"`
	Members         []string          `json:"members"`
	Properties      map[string]string `json:"properties,omitempty"`
}

type GraphPush struct {
	Repo       string            `json:"repo"`
	Commit     string            `json:"commit,omitempty"`
	Extractor  string            `json:"extractor,omitempty"`
	Files      []string          `json:"files"`
	Entities   []Entity          `json:"entities"`
	Edges      []Edge            `json:"edges"`
	Symbols    []SymbolRow       `json:"symbols,omitempty"`
	Hyperedges []Hyperedge       `json:"hyperedges,omitempty"`
	FileSHAs   map[string]string `json:"file_shas,omitempty"`
}

type BulkMemoriesRequest struct {
	ReconcileFiles []string     `json:"reconcile_files,omitempty"`
	Items          []IngestItem `json:"items"`
}

// The contract names SymbolRow without defining it; this is cairn's row.
type SymbolRow struct {
	Name          string `json:"name"`
	QualifiedName string `json:"qualified_name"`
	Kind          string `json:"kind"`
	EntityID      string `json:"entity_id"`
	FilePath      string `json:"file_path"`
	Line          int    `json:"line"`
}

// One memory item: the contract leaves its shape to the consumer; this is cairn's.
type IngestItem struct {
	Content  string            `json:"content"`
	Source   string            `json:"source,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// GET /v1/file: one file's rows, each tagged with the extractor that pushed it.
type FileAnswer struct {
	Repo       string            `json:"repo"`
	Path       string            `json:"path"`
	Extractors []FileExtractor   `json:"extractors"`
	Entities   []StoredEntity    `json:"entities"`
	Edges      []StoredEdge      `json:"edges"`
	Hyperedges []StoredHyperedge `json:"hyperedges"`
	Symbols    []StoredSymbolRow `json:"symbols"`
}

type FileExtractor struct {
	Extractor string  `json:"extractor"`
	SHA       *string `json:"sha"`
}

type StoredEntity struct {
	Entity
	Extractor string `json:"extractor"`
}

type StoredEdge struct {
	Edge
	Extractor string `json:"extractor"`
}

type StoredHyperedge struct {
	Hyperedge
	Extractor string `json:"extractor"`
}

type StoredSymbolRow struct {
	SymbolRow
	Extractor string `json:"extractor"`
}
