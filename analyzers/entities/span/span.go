// Package span holds the types shared by nomen's entity extractors (statistical and neural
// taggers, patterns, gazetteers, coreference) and the entities orchestrator that combines them.
//
// Invariants: character offsets are in Unicode code points of the document (the unit of
// package tokenize), Start < End, End exclusive. Token offsets index a sentence's words, End
// exclusive.
package span

// Entity type codes of the interface (spec "Entity types").
const (
	PER   = "PER"
	LOC   = "LOC"
	ORG   = "ORG"
	PROD  = "PROD"
	TTL   = "TTL"
	NAT   = "NAT"
	REL   = "REL"
	CC    = "CC#"
	Dist  = "Dist"
	EM    = "EM"
	LATLN = "LATLNG"
	MONEY = "MONEY"
	PERID = "PERS ID"
	TEL   = "TEL#"
	URL   = "URL"
	UTM   = "UTM"
	DATE  = "DATE"
	TIME  = "TIME"
)

// Sources of an entity span.
const (
	SourceStatistical = "statistical"
	SourceDNN         = "dnn"
	SourcePattern     = "pattern"
	SourceGazetteer   = "gazetteer"
	SourceCoref       = "coref"
	// SourceKB marks knowledge-base names found in a language without a tagger.
	SourceKB = "knowledgeBase"
	// SourceNameRuns marks the runs of proper nouns, capitalised words or known person names
	// found in a language without a tagger.
	SourceNameRuns = "nameRuns"
	// SourceOrgPhrases marks the organisation names of a language without a tagger found by
	// their head noun ("Министерство иностранных дел").
	SourceOrgPhrases = "orgPhrases"
	// SourceDefinitions marks the subjects of English defining sentences ("Kalvøya is a small
	// island"), typed by the definition's head noun.
	SourceDefinitions = "definitions"
	// SourceAcronym marks a word in capitals that spells the initials of a name of the
	// document ("CPA" after "the Coalition Provisional Authority").
	SourceAcronym = "acronym"
)

// Span is one entity mention found in a document.
type Span struct {
	// Start and End are code-point offsets, End exclusive.
	Start, End int
	// Type is an entity type code (PER, LOC, ..., EM, URL, ...).
	Type string
	// Confidence is the extractor's probability that the span and type are right, in [0,1].
	Confidence float64
	// Source names the extractor (SourceStatistical, ...).
	Source string
	// Lookup, when set, is the form under which the knowledge base knows the name, where it
	// differs from the text: Arabic "للمغرب" (to Morocco) is المغرب, Russian "Казани" Казань.
	// Grouping and linking use it.
	Lookup string
}

// TokenSpan is an entity over the words of one sentence.
type TokenSpan struct {
	// Start and End index words, End exclusive.
	Start, End int
	Type       string
	Confidence float64
}

// Tagger finds entities in one pre-tokenized sentence. Implementations are safe for
// concurrent use and return spans in increasing, non-overlapping order.
type Tagger interface {
	TagWords(words []string) []TokenSpan
}
