package entities

import (
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// spanRuleCase is a case of a rule over the tagger's English spans: the text, the "TYPE:words"
// the tagger found and the spans after the rule ("TYPE:words|...").
type spanRuleCase struct {
	text   string
	tagged []string
	want   string
}

// checkSpanRule runs rule on each case's tokens, sentences and tagged spans.
func checkSpanRule(t *testing.T, tests []spanRuleCase, rule func(toks, sents []tokenize.Token, spans []span.Span) []span.Span) {
	t.Helper()
	for _, tc := range tests {
		toks, sents := tokenize.Segment(tc.text, "eng")
		if g := spanTexts(tc.text, rule(toks, sents, taggedSpans(t, tc.text, tc.tagged))); g != tc.want {
			t.Errorf("%q %v: got %q, want %q", tc.text, tc.tagged, g, tc.want)
		}
	}
}

// TestEngDefinitions checks that the subjects of English defining sentences take the type of
// the definition's head noun, and that other sentences are left alone.
func TestEngDefinitions(t *testing.T) {
	tests := []spanRuleCase{
		{"Chandangaon is a village in the Chhindwara district.", []string{"PER:Chandangaon", "LOC:Chhindwara"}, "LOC:Chandangaon|LOC:Chhindwara"},
		{"Store Egholm is a small Danish island.", nil, "LOC:Store Egholm"},
		{"Store Egholm is a small Danish island.", []string{"LOC:Egholm"}, "LOC:Store Egholm"},
		{"Henrik Aalto ( 1902 – 1961 ) was a Finnish composer and organist.", []string{"LOC:Henrik Aalto"}, "PER:Henrik Aalto"},
		{"Quiet Harbour are an English indie rock band.", []string{"LOC:Quiet Harbour"}, "ORG:Quiet Harbour"},
		{"Lycaena vernalis is a species of butterfly.", nil, ""},                                                     // no head before "of"
		{"The Silent Orchard is a 2009 novel by Agnes Whitlow.", []string{"PER:Agnes Whitlow"}, "PER:Agnes Whitlow"}, // "The" opens no subject
		{"Poland was a part of the force.", []string{"LOC:Poland"}, "LOC:Poland"},
		{"New York Times is a newspaper.", []string{"LOC:New York"}, "ORG:New York Times"},
		{"Paris Hilton is an American model.", []string{"PER:Paris Hilton"}, "PER:Paris Hilton"},
		{"He is a Norwegian footballer.", nil, ""},
	}
	checkSpanRule(t, tests, engDefinitions)
}

// TestEngNamedBy checks the names announced by a head noun before them.
func TestEngNamedBy(t *testing.T) {
	tests := []spanRuleCase{
		{"It borders the towns of Tayum and Lagangilang in the north.", []string{"PER:Tayum"}, "LOC:Tayum|LOC:Lagangilang"},
		{"She grew up in the village of Baraut Khurd near Delhi.", []string{"LOC:Delhi"}, "LOC:Baraut Khurd|LOC:Delhi"},
		{"He sang for the band Radiohead in 1999.", []string{"PER:Radiohead"}, "ORG:Radiohead"},
		{"They swam in the river Volga.", nil, "LOC:Volga"},
		{"We hope to start a stream of DH activities.", nil, ""}, // not a place noun before "of"
		{"It is the city of the future.", nil, ""},               // no name
	}
	checkSpanRule(t, tests, func(toks, _ []tokenize.Token, spans []span.Span) []span.Span { return engNamedBy(toks, spans) })
}

// TestEngHyphenNames checks that the pieces of hyphenated single names are joined and that
// two names joined by a hyphen stay apart.
func TestEngHyphenNames(t *testing.T) {
	tests := []spanRuleCase{
		{"Born in Saint-Gabriel-de-Kamouraska, she moved.", []string{"LOC:Saint", "PER:Gabriel", "LOC:Kamouraska"}, "LOC:Saint-Gabriel-de-Kamouraska"},
		{"He lives in Stratford-upon-Avon now.", []string{"LOC:Avon"}, "LOC:Stratford-upon-Avon"},
		{"The Bush-Cheney campaign raised money.", []string{"PER:Bush", "PER:Cheney"}, "PER:Bush|PER:Cheney"},
		{"The Paris - London train left.", []string{"LOC:Paris", "LOC:London"}, "LOC:Paris|LOC:London"},           // spaces: a dash
		{"Louis IX of Hesse-Darmstadt-de-Foo ruled.", []string{"PER:Louis IX of Hesse"}, "PER:Louis IX of Hesse"}, // crossed
	}
	checkSpanRule(t, tests, func(toks, _ []tokenize.Token, spans []span.Span) []span.Span { return engHyphenNames(toks, spans) })
}
