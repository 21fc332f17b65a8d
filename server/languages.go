package server

import "fmt"

// LangScript is one entry of a shape-A supported-languages list.
type LangScript struct {
	Language string `json:"language"`
	Script   string `json:"script"`
}

// PairSide is one side of a shape-B language pair.
type PairSide struct {
	Language              string `json:"language"`
	Script                string `json:"script"`
	TransliterationScheme string `json:"transliterationScheme,omitempty"`
}

// LangPair is one entry of a shape-B supported-languages list.
type LangPair struct {
	Source PairSide `json:"source"`
	Target PairSide `json:"target"`
}

// The operations that have a supported-languages list.
const (
	OpEntities          = "entities"
	OpEntitiesCoref     = "entities/indoc-coref-server"
	OpSemanticsSimilar  = "semantics/similar"
	OpSemanticsVector   = "semantics/vector"
	OpMorphology        = "morphology"
	OpLanguage          = "language"
	OpSentiment         = "sentiment"
	OpTopics            = "topics"
	OpNameTranslation   = "name-translation"
	OpRecordSimilarity  = "record-similarity"
	OpAddressSimilarity = "address-similarity"
	OpNameSimilarity    = "name-similarity"
	OpNameDedup         = "name-deduplication"
)

var shapeA = []string{OpEntities, OpEntitiesCoref, OpSemanticsSimilar, OpSemanticsVector, OpMorphology, OpLanguage, OpSentiment, OpTopics}
var shapeB = []string{OpNameTranslation, OpRecordSimilarity, OpAddressSimilarity, OpNameSimilarity, OpNameDedup}

// Languages is the registry the supported-languages endpoints read. Each module fills in
// what it really supports when it is wired in (cmd/nomen does this from the modules' own
// SupportedLanguages functions); an operation nobody filled in lists no languages.
type Languages struct {
	single map[string][]LangScript
	pairs  map[string][]LangPair
}

// NewLanguages returns an empty registry.
func NewLanguages() *Languages {
	return &Languages{single: map[string][]LangScript{}, pairs: map[string][]LangPair{}}
}

// Add registers the languages of a shape-A operation. Registering an operation twice or an
// operation of the other shape panics: it is a wiring bug found at start-up.
func (l *Languages) Add(op string, ls []LangScript) {
	if !contains(shapeA, op) {
		panic(fmt.Sprintf("server: %q has no shape-A language list", op))
	}
	if _, dup := l.single[op]; dup {
		panic(fmt.Sprintf("server: languages of %q registered twice", op))
	}
	l.single[op] = append([]LangScript(nil), ls...)
}

// AddPairs registers the language pairs of a shape-B operation, with the same rules as Add.
func (l *Languages) AddPairs(op string, ps []LangPair) {
	if !contains(shapeB, op) {
		panic(fmt.Sprintf("server: %q has no shape-B language list", op))
	}
	if _, dup := l.pairs[op]; dup {
		panic(fmt.Sprintf("server: language pairs of %q registered twice", op))
	}
	l.pairs[op] = append([]LangPair(nil), ps...)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

type langAnswer struct {
	LangScript
	Licensed bool `json:"licensed"`
}

type pairAnswer struct {
	LangPair
	Licensed bool `json:"licensed"`
}

func (l *Languages) shapeA(op string, key *keyEntry) map[string]any {
	out := []langAnswer{}
	for _, e := range l.single[op] {
		out = append(out, langAnswer{e, key.licensed(e.Language)})
	}
	return map[string]any{"supportedLanguages": out}
}

func (l *Languages) shapeB(op string, key *keyEntry) map[string]any {
	out := []pairAnswer{}
	for _, p := range l.pairs[op] {
		out = append(out, pairAnswer{p, key.licensed(p.Source.Language) && key.licensed(p.Target.Language)})
	}
	return map[string]any{"supportedLanguagePairs": out}
}
