package entities

import (
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// TestKBExtensions checks that tagged names are extended to the knowledge-base names that hold
// them, written exactly so, and only there.
func TestKBExtensions(t *testing.T) {
	k := recordsKB(t,
		`{"id": "Q714491", "labels": {"en": "Marks & Spencer"}, "type": "ORG", "popularity": 0.8}`,
		`{"id": "Q629269", "labels": {"en": "Macy's"}, "type": "ORG", "popularity": 0.7}`,
		`{"id": "Q640789", "labels": {"en": "Lloyd's of London"}, "type": "ORG", "popularity": 0.6}`,
		`{"id": "Q170148", "labels": {"en": "Tom Jones"}, "type": "PER", "popularity": 0.6}`,
		`{"id": "Q1", "labels": {"en": "The Hague Group"}, "type": "ORG", "popularity": 0.6}`,
	)
	tests := []struct {
		text   string
		tagged []string // "TYPE:words" the tagger found
		want   []string // "TYPE:words" the extensions add
	}{
		{"Marks & Spencer raised prices.", []string{"PER:Marks", "PER:Spencer"}, []string{"ORG:Marks & Spencer"}},
		{"Marks & Spencer raised prices.", []string{"PER:Marks"}, []string{"ORG:Marks & Spencer"}},
		{"Macy's will close 30 stores.", []string{"PER:Macy"}, []string{"ORG:Macy's"}},
		{"Macy 's will close 30 stores.", []string{"PER:Macy"}, []string{"ORG:Macy's"}}, // written apart, as corpora tokenize it
		{"Lloyd's of London insured it.", []string{"PER:Lloyd", "LOC:London"}, []string{"ORG:Lloyd's of London"}},
		{"Lloyd's of London insured it.", []string{"LOC:London"}, []string{"ORG:Lloyd's of London"}},
		{"marks & spencer raised prices.", []string{"PER:marks"}, nil},           // not written so
		{"Marks & Spencer raised prices.", []string{"ORG:Marks & Spencer"}, nil}, // nothing to extend
		{"Tom Jones sang.", []string{"PER:Tom Jones"}, nil},
		{"Tom and Tom Jones sang.", []string{"PER:Tom", "PER:Tom Jones"}, nil},            // would cross "Tom Jones"
		{"The Hague Group met.", []string{"LOC:Hague"}, nil},                              // never from "The"
		{"Mr Macy's dog barked.", []string{"TTL:Mr", "PER:Macy"}, []string{"ORG:Macy's"}}, // (a known limit)
	}
	for _, tc := range tests {
		toks, _ := tokenize.Segment(tc.text, "eng")
		runes := []rune(tc.text)
		got := spanTexts(tc.text, kbExtensions(k, runes, toks, taggedSpans(t, tc.text, tc.tagged)))
		want := strings.Join(tc.want, "|")
		if want != "" && strings.Contains(want, "Macy's") && strings.Contains(tc.text, "Macy 's") {
			want = strings.ReplaceAll(want, "Macy's", "Macy 's")
		}
		if g := got; g != want {
			t.Errorf("%q %v: got %q, want %q", tc.text, tc.tagged, g, want)
		}
	}
}

// TestKBExtensionsPipeline checks the extensions on the service's path: the English tagger
// and the knowledge base.
func TestKBExtensionsPipeline(t *testing.T) {
	k := recordsKB(t,
		`{"id": "Q714491", "labels": {"en": "Marks & Spencer"}, "type": "ORG", "popularity": 0.8}`,
		`{"id": "Q629269", "labels": {"en": "Macy's"}, "type": "ORG", "popularity": 0.7}`,
	)
	p := kbPipeline(t, k, false)
	got := mentions(t, p, "eng", "Marks & Spencer and Macy's raised prices again.")
	checkMentions(t, "eng", got, []string{"ORG:Marks & Spencer", "ORG:Macy's"}, []string{"Marks", "Spencer", "Macy"})
	was := kbExtend["eng"]
	kbExtend["eng"] = false
	defer func() { kbExtend["eng"] = was }()
	got = mentions(t, p, "eng", "Marks & Spencer and Macy's raised prices again.")
	checkMentions(t, "eng", got, nil, []string{"Marks & Spencer"}) // the tagger alone splits it
}

// TestNoPunctuationNames checks that a span of punctuation alone never becomes an entity (the
// English tagger marks the "@" of e-mail signatures as an organisation).
func TestNoPunctuationNames(t *testing.T) {
	p := kbPipeline(t, recordsKB(t, `{"id": "Q1", "labels": {"en": "Nobody"}, "type": "PER", "popularity": 0.1}`), false)
	got := mentions(t, p, "eng", "Traci Warner@ENRON COMMUNICATIONS on 08/16/2000 03:14:14 PM")
	checkMentions(t, "eng", got, []string{"PER:Traci Warner"}, []string{"@"})
}

// taggedSpans turns "TYPE:words" into the spans of those words in text, each found after the
// one before it.
func taggedSpans(t *testing.T, text string, tagged []string) []span.Span {
	t.Helper()
	var out []span.Span
	from := 0
	for _, tg := range tagged {
		typ, words, _ := strings.Cut(tg, ":")
		at := strings.Index(text[from:], words)
		if at < 0 {
			t.Fatalf("%q: no %q", text, words)
		}
		at += from
		from = at + len(words)
		a := len([]rune(text[:at]))
		out = append(out, span.Span{Start: a, End: a + len([]rune(words)), Type: typ})
	}
	return out
}
