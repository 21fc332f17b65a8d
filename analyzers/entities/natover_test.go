package entities

import (
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

func TestNatOverTagger(t *testing.T) {
	text := "the Israeli strikes and Americans in Israel"
	runes := []rune(text)
	at := func(w string) (int, int) {
		i := len([]rune(text[:strings.Index(text, w)]))
		return i, i + len([]rune(w))
	}
	mk := func(w, typ string, prec int) cand {
		a, b := at(w)
		return cand{Span: span.Span{Start: a, End: b, Type: typ}, prec: prec}
	}
	cs := []cand{
		mk("Israeli", span.LOC, precTagger), mk("Israeli", span.NAT, precGazetteer),
		mk("Americans", span.PER, precTagger), mk("Americans", span.NAT, precGazetteer),
		mk("Israel", span.LOC, precTagger),
	}
	var got []string
	for _, c := range natOverTagger(cs, runes) {
		got = append(got, c.Type+":"+string(runes[c.Start:c.End]))
	}
	// The adjective is a nationality; the plural noun and the country stay the tagger's.
	if want := "NAT:Israeli|PER:Americans|NAT:Americans|LOC:Israel"; strings.Join(got, "|") != want {
		t.Errorf("got %v, want %s", got, want)
	}
}

func TestTrimLeadingThe(t *testing.T) {
	text := "in the Netherlands and The Hague and the"
	spans := taggedSpans(t, text, []string{"LOC:the Netherlands", "LOC:The Hague", "LOC:the"})
	trimLeadingThe(spans, []rune(text))
	if got, want := spanTexts(text, spans), "LOC:Netherlands|LOC:The Hague|LOC:the"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
