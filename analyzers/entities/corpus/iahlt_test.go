package corpus

import (
	"reflect"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// iahltSample is made up in the shape of UD Hebrew IAHLTwiki: multiword tokens, a one-word
// entity inside one, a nested FAC(GPE), an ORG with a PER inside, and a WOA (dropped).
const iahltSample = `# newdoc id = a
# sent_id = a-1
# text = שער שכם בירושלים.
1	שער	שער	NOUN	_	_	0	root	_	Entity=(FAC
2	שכם	שכם	PROPN	_	_	1	compound	_	Entity=(GPE)FAC)
3-4	בירושלים	_	_	_	_	_	_	_	SpaceAfter=No
3	ב	ב	ADP	_	_	4	case	_	_
4	ירושלים	ירושלים	PROPN	_	_	1	nmod	_	Entity=(GPE)
5	.	.	PUNCT	_	_	1	punct	_	_

# sent_id = a-2
1	ועדת	ועדה	NOUN	_	_	0	root	_	Entity=(ORG
2	טרכטנברג	טרכטנברג	PROPN	_	_	1	compound	_	Entity=(PER)ORG)
3	ספר	ספר	NOUN	_	_	1	nmod	_	Entity=(WOA
4	דוד	דוד	PROPN	_	_	3	compound	_	Entity=(PER)WOA)

# sent_id = a-3
1	קיסריה	קיסריה	PROPN	_	_	0	root	_	Entity=(GPE

`

func TestReadIAHLT(t *testing.T) {
	got, err := readIAHLT(strings.NewReader(iahltSample))
	if err != nil {
		t.Fatal(err)
	}
	want := []Sentence{
		{Lang: "heb", Words: []string{"שער", "שכם", "בירושלים", "."}, Spans: []span.TokenSpan{
			{Start: 0, End: 2, Type: span.LOC, Confidence: 1}, {Start: 2, End: 3, Type: span.LOC, Confidence: 1}}, Doc: "a"},
		{Lang: "heb", Words: []string{"ועדת", "טרכטנברג", "ספר", "דוד"}, Spans: []span.TokenSpan{
			{Start: 0, End: 2, Type: span.ORG, Confidence: 1}}, Doc: "a"},
		{Lang: "heb", Words: []string{"קיסריה"}, Doc: "a"}, // left open: dropped
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestReadIAHLTErrors(t *testing.T) {
	for _, in := range []string{
		"1\tא\tא\tNOUN\t_\t_\t0\troot\t_\tEntity=()\n\n", // no type
		"1\tא\tא\tNOUN\n\n",                              // columns
		"2-1\tאב\t_\t_\t_\t_\t_\t_\t_\t_\n\n",            // range
		"x\tא\tא\tNOUN\t_\t_\t0\troot\t_\t_\n\n",         // id
	} {
		if _, err := readIAHLT(strings.NewReader(in)); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

func FuzzReadIAHLT(f *testing.F) {
	f.Add(iahltSample)
	f.Fuzz(func(t *testing.T, in string) {
		sents, err := readIAHLT(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, s := range sents {
			end := 0
			for _, sp := range s.Spans {
				if sp.Start < end || sp.End <= sp.Start || sp.End > len(s.Words) {
					t.Fatalf("bad span %+v in %q", sp, s.Words)
				}
				end = sp.End
			}
		}
	})
}
