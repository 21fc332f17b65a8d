package entities

import (
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

func TestEngPlaces(t *testing.T) {
	var tests []spanRuleCase
	for _, tc := range []struct {
		text   string
		tagged []string // TYPE:name, in order
		want   []string // TYPE:name of the result
	}{
		{"The Salakanagara Kingdom was replaced.", []string{"PER:Salakanagara Kingdom"}, []string{"LOC:Salakanagara Kingdom"}},
		{"She met Albert Square.", []string{"PER:Albert Square"}, []string{"LOC:Albert Square"}},
		// A one-word person is no place by its word alone.
		{"Ask Street.", []string{"PER:Street"}, []string{"PER:Street"}},
		{"in the communities of Scarborough , Whitby and Oshawa .", []string{"LOC:Scarborough", "PER:Whitby", "LOC:Oshawa"},
			[]string{"LOC:Scarborough", "LOC:Whitby", "LOC:Oshawa"}},
		{"Tullamore , Kilbeggan and Moate", []string{"LOC:Tullamore", "LOC:Moate"}, []string{"LOC:Tullamore", "LOC:Kilbeggan", "LOC:Moate"}},
		// Not a list: no final "and"; two items; an organisation among them; persons.
		{"Born in Hanks , North Dakota , Shaw served.", []string{"LOC:Hanks", "LOC:North Dakota", "PER:Shaw"}, []string{"LOC:Hanks", "LOC:North Dakota", "PER:Shaw"}},
		{"Paris and Smith", []string{"LOC:Paris", "PER:Smith"}, []string{"LOC:Paris", "PER:Smith"}},
		{"Paris , Siemens and London", []string{"LOC:Paris", "ORG:Siemens", "LOC:London"}, []string{"LOC:Paris", "ORG:Siemens", "LOC:London"}},
		{"Kowalski , Novak and Horvat won.", []string{"PER:Kowalski", "PER:Novak", "PER:Horvat"}, []string{"PER:Kowalski", "PER:Novak", "PER:Horvat"}},
		{"Chandangaon is 4 km from Chhindwara .", []string{"PER:Chandangaon"}, []string{"LOC:Chandangaon", "LOC:Chhindwara"}},
		{"Karadeniz lies about 12 km north of the Trabzon airport.", nil, []string{"LOC:Karadeniz", "LOC:Trabzon"}},
		{"It is 4 km from here.", nil, nil},
		{"polluting the Tagus river .", nil, []string{"LOC:Tagus"}},
		{"those of the Melfa and Mollarino rivers in Frosinone", []string{"PER:Mollarino"}, []string{"LOC:Melfa", "LOC:Mollarino"}},
		{"the Ford plant and the River Plate", nil, nil},
	} {
		tests = append(tests, spanRuleCase{tc.text, tc.tagged, strings.Join(tc.want, "|")})
	}
	checkSpanRule(t, tests, func(toks, _ []tokenize.Token, spans []span.Span) []span.Span { return engPlaces(toks, spans) })
}
