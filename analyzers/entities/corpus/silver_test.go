package corpus

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

const silverCoNLLU = `# sent_id = 1
1	Marie	Marie	PROPN	_	_	0	root	_	_
2-3	du	_	_	_	_	_	_	_	_
2	de	de	ADP	_	_	1	case	_	_
3	le	le	DET	_	_	1	det	_	_
4	Louvre	Louvre	PROPN	_	_	1	nmod	_	_
4.1	x	x	X	_	_	_	_	_	_

1	Il	il	PRON	_	_	0	root	_	_
2	pleut	pleuvoir	VERB	_	_	1	root	_	_
`

func TestReadSurfaceUPOS(t *testing.T) {
	got, err := readSurfaceUPOS(strings.NewReader(silverCoNLLU))
	if err != nil {
		t.Fatal(err)
	}
	want := []surfaceSentence{
		{words: []string{"Marie", "du", "Louvre"}, upos: []string{"PROPN", "ADP", "PROPN"}},
		{words: []string{"Il", "pleut"}, upos: []string{"PRON", "VERB"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if _, err := readSurfaceUPOS(strings.NewReader("1\tx\n")); err == nil {
		t.Error("a short line: want an error")
	}
}

func TestCoversProperNouns(t *testing.T) {
	upos := []string{"PROPN", "ADP", "PROPN"}
	if coversProperNouns([]span.TokenSpan{{Start: 0, End: 1, Type: span.PER}}, upos) {
		t.Error("Louvre is uncovered")
	}
	if !coversProperNouns([]span.TokenSpan{{Start: 0, End: 1, Type: span.PER}, {Start: 2, End: 3, Type: span.LOC}}, upos) {
		t.Error("both proper nouns are covered")
	}
}

func TestSilverNeedsLabeler(t *testing.T) {
	SetSilverLabeler(nil)
	if _, err := silverReader("fra")("testdata", []string{"none.conllu"}); !errors.Is(err, ErrNoSilverLabeler) {
		t.Errorf("err = %v, want ErrNoSilverLabeler", err)
	}
}
