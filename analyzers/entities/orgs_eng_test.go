package entities

import (
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// TestEngOrgPhrases checks English organisation names marked by a head noun, with the tagger.
func TestEngOrgPhrases(t *testing.T) {
	k := recordsKB(t, `{"id": "Q16556", "labels": {"en": "El Paso"}, "type": "LOC", "popularity": 0.9}`)
	p := kbPipeline(t, k, false)
	tests := []struct {
		name      string
		text      string
		want, not []string
	}{
		{"a place inside gives way", "Shareholders of El Paso Energy approved the merger .", []string{"ORG:El Paso Energy"}, []string{"El Paso"}},
		{"a head before of", "Officials from the Housing Authority of New Orleans met residents .", []string{"ORG:Housing Authority of New Orleans"}, nil},
		{"a club prefix", "He played for FC Zenit Saint Petersburg last year .", []string{"ORG:FC Zenit Saint Petersburg"}, nil},
		{"no leading The", "The band signed with The Rough Trade Records label .", []string{"ORG:Rough Trade Records"}, nil},
		{"the sentence's first word stays out", "Members of the National Rifle Association gathered .", []string{"ORG:National Rifle Association"}, []string{"Members of the National Rifle Association"}},
		{"a club suffix with dots", "For the 1989 season , Carlisle United F.C. competed in Division Four .", []string{"ORG:Carlisle United F.C."}, nil},
		{"a plural head", "Via inherited locomotives from the Canadian Pacific Railways .", []string{"ORG:Canadian Pacific Railways"}, nil},
		{"a head before on", "The album was released by Relapse Records on October 5 .", []string{"ORG:Relapse Records"}, nil},
		{"a club suffix", "He signed with Levante UD and later joined Valencia CF .", []string{"ORG:Levante UD", "ORG:Valencia CF"}, nil},
		{"a club prefix retypes the tagger's name", "He then played for AD Alcorcón .", []string{"ORG:AD Alcorcón"}, nil},
		{"title case is left alone", "Great Service And Friendly Staff", nil, []string{"Great Service"}},
		{"names alone make no title", "The band Radiohead released OK Computer in 1997 on Parlophone Records .", []string{"ORG:Parlophone Records"}, nil},
		{"a weak head keeps the tagger's place", "He lives in the West Bank now .", nil, []string{"ORG:West Bank"}},
		{"one word is no name", "The Senate voted .", nil, []string{"ORG:Senate voted"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkMentions(t, "eng", mentions(t, p, "eng", tc.text), tc.want, tc.not)
		})
	}
}

// TestEngOrgRetry checks the second look inside a run that is no organisation name: the name
// after an inner word of the run is still found.
func TestEngOrgRetry(t *testing.T) {
	text := "It was the last album by Elton John on DJM Records before he left."
	toks, sents := tokenize.Segment(text, "eng")
	at := len([]rune(text[:strings.Index(text, "Elton John")]))
	tagged := []span.Span{{Start: at, End: at + len("Elton John"), Type: span.PER}}
	runes := []rune(text)
	find := func() bool {
		for _, s := range engOrgPhrases(toks, sents, tagged) {
			if s.Type == span.ORG && string(runes[s.Start:s.End]) == "DJM Records" {
				return true
			}
		}
		return false
	}
	if !find() {
		t.Errorf("%q: no ORG DJM Records", text)
	}
	engOrgRetry = false
	defer func() { engOrgRetry = true }()
	if find() {
		t.Errorf("%q: DJM Records found without the second look; the test no longer tests it", text)
	}
}

// TestEngCallSigns checks North American call signs with their band.
func TestEngCallSigns(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"WFGI-FM has a strong signal.", "WFGI-FM"},
		{"In an interview for KIIS-FM he admitted it.", "KIIS-FM"},
		{"He watched WNBC-TV last night.", "WNBC-TV"},
		{"The WFGI - FM signal is weak.", ""}, // spaced: not one call sign
		{"The ABCD-FM station.", ""},
	}
	for _, tc := range tests {
		toks, _ := tokenize.Segment(tc.text, "eng")
		runes := []rune(tc.text)
		var got []string
		for _, s := range engCallSigns(toks, nil) {
			got = append(got, string(runes[s.Start:s.End]))
		}
		if g := strings.Join(got, "|"); g != tc.want {
			t.Errorf("%q: got %q, want %q", tc.text, g, tc.want)
		}
	}
}
