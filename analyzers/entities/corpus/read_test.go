package corpus

import (
	"reflect"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

func ts(start, end int, typ string) span.TokenSpan {
	return span.TokenSpan{Start: start, End: end, Type: typ, Confidence: 1}
}

func TestReadColumns(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		f       format
		mapType func(string) string
		words   [][]string
		spans   [][]span.TokenSpan
		docs    []string // nil: not checked
	}{
		{
			name: "uner",
			in: "# newdoc id = d1\n# sent_id = s1\n# text = Barack Obama visited New York.\n" +
				"1\tBarack\tB-PER\t-\tx\n2\tObama\tI-PER\t-\tx\n3\tvisited\tO\t-\t-\n4\tNew\tB-LOC\t-\tx\n5\tYork\tI-LOC\t-\tx\n6\t.\tO\t-\t-\n\n" +
				"# sent_id = s2\n1\tZagreb\tB-OTH\t-\t-\n2-3\tdu\tO\t-\t-\n2\tde\tO\t-\t-\n3\tle\tB-ORG\t-\t-\n",
			f: unerFormat, mapType: mapPLO,
			words: [][]string{{"Barack", "Obama", "visited", "New", "York", "."}, {"Zagreb", "de", "le"}},
			spans: [][]span.TokenSpan{{ts(0, 2, "PER"), ts(3, 5, "LOC")}, {ts(2, 3, "ORG")}},
			docs:  []string{"d1", "d1"},
		},
		{
			name: "germeval outer column, deriv and part dropped",
			in:   "1\tDie\tO\tO\n2\tdeutsche\tB-LOCderiv\tO\n3\tBahn\tB-ORG\tO\n4\tAG\tI-ORG\tO\n5\tTroia-Ausstellung\tB-LOCpart\tO\n\n1\tBerlin\tB-LOC\tO\n",
			f:    germevalFormat, mapType: mapPLO,
			words: [][]string{{"Die", "deutsche", "Bahn", "AG", "Troia-Ausstellung"}, {"Berlin"}},
			spans: [][]span.TokenSpan{{ts(2, 4, "ORG")}, {ts(0, 1, "LOC")}},
		},
		{
			name: "wikigold IOB1 with docstart and MISC",
			in:   "-DOCSTART- O\n\nJohn I-PER\nSmith I-PER\nB-PER B-PER\nof O\nJapanese I-MISC\nSony I-ORG\n\n-DOCSTART- O\n\nParis I-LOC\n",
			f:    spaceFormat, mapType: mapPLO,
			words: [][]string{{"John", "Smith", "B-PER", "of", "Japanese", "Sony"}, {"Paris"}},
			spans: [][]span.TokenSpan{{ts(0, 2, "PER"), ts(2, 3, "PER"), ts(5, 6, "ORG")}, {ts(0, 1, "LOC")}},
			docs:  []string{"doc-1", "doc-2"},
		},
		{
			name: "wnut hashtags are words, not comments",
			in:   "#apple\tB-corporation\nnew\tO\niPhone\tB-product\nX\tI-product\nin\tO\nTokyo\tB-location\nStar\tB-creative-work\n\t O\n",
			f:    tabFormat, mapType: mapWNUTType,
			words: [][]string{{"#apple", "new", "iPhone", "X", "in", "Tokyo", "Star"}},
			spans: [][]span.TokenSpan{{ts(0, 1, "ORG"), ts(2, 4, "PROD"), ts(5, 6, "LOC")}},
		},
		{
			name: "mobie docstart and four columns",
			in:   "-DOCSTART- -1- O O\n\nRT\tNN\tI-NN\tO\n@DB\tNN\tI-NN\tB-organization-company\nS1\tNE\tI-NE\tB-location-route\nMünchen\tNE\tI-NE\tB-location-city\n",
			f:    mobieFormat, mapType: mapMobIEType,
			words: [][]string{{"RT", "@DB", "S1", "München"}},
			spans: [][]span.TokenSpan{{ts(1, 2, "ORG"), ts(3, 4, "LOC")}},
		},
		{
			name: "multiconer comments and fine types",
			in:   "# id abc\tdomain=en\neli _ _ B-OtherPER\nlilly _ _ I-OtherPER\nsold _ _ O\naspirin _ _ B-Medication/Vaccine\nand _ _ O\ncoca _ _ B-Drink\ncola _ _ I-Drink\n\n\n# id def\tdomain=en\n# _ _ O\n",
			f:    multiconerFormat, mapType: mapMultiCoNERType,
			words: [][]string{{"eli", "lilly", "sold", "aspirin", "and", "coca", "cola"}, {"#"}},
			spans: [][]span.TokenSpan{{ts(0, 2, "PER"), ts(5, 7, "PROD")}, nil},
		},
		{
			name: "I after another type starts a span; BIOES closes",
			in:   "a\tI-PER\nb\tI-LOC\nc\tE-LOC\nd\tI-LOC\ne\tS-ORG\nf\tI-ORG\n",
			f:    tabFormat, mapType: mapPLO,
			words: [][]string{{"a", "b", "c", "d", "e", "f"}},
			spans: [][]span.TokenSpan{{ts(0, 1, "PER"), ts(1, 3, "LOC"), ts(3, 4, "LOC"), ts(4, 5, "ORG"), ts(5, 6, "ORG")}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readColumns(strings.NewReader(tt.in), "xxx", tt.f, tt.mapType)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.words) {
				t.Fatalf("got %d sentences, want %d: %+v", len(got), len(tt.words), got)
			}
			for i, s := range got {
				if s.Lang != "xxx" {
					t.Errorf("lang %q", s.Lang)
				}
				if !reflect.DeepEqual(s.Words, tt.words[i]) {
					t.Errorf("sentence %d words %q, want %q", i, s.Words, tt.words[i])
				}
				if !reflect.DeepEqual(s.Spans, tt.spans[i]) {
					t.Errorf("sentence %d spans %v, want %v", i, s.Spans, tt.spans[i])
				}
				if tt.docs != nil && s.Doc != tt.docs[i] {
					t.Errorf("sentence %d document %q, want %q", i, s.Doc, tt.docs[i])
				}
			}
		})
	}
}

func TestReadColumnsErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		f    format
	}{
		{"uner missing tag column", "1\tword\n", unerFormat},
		{"mobie short line", "word\tNN\tO\n", mobieFormat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := readColumns(strings.NewReader(tt.in), "eng", tt.f, mapPLO); err == nil {
				t.Fatal("want an error")
			}
		})
	}
}

func TestReadEuropeana(t *testing.T) {
	in := "# file:\t\tF_1\n# sbb url:\thttp://x\nAm O\n1 O\n. O\nMai O\nkam O\nKaiser B-PER\nWilhelm I-PEr\nnach O\nWien B_LOC\n. O\nDie Böhminger O\nZeitung O\nder I-ORG\nStadt I-ORG\nParis I-LOC\n! O\n"
	tests := []struct {
		name   string
		lo, hi float64
		words  [][]string
		spans  [][]span.TokenSpan
	}{
		{"all", 0, 1,
			[][]string{{"Am", "1", "."}, {"Mai", "kam", "Kaiser", "Wilhelm", "nach", "Wien", "."}, {"Die", "Böhminger", "Zeitung", "der", "Stadt", "Paris", "!"}},
			[][]span.TokenSpan{nil, {ts(2, 4, "PER"), ts(5, 6, "LOC")}, {ts(3, 5, "ORG"), ts(5, 6, "LOC")}}},
		{"last part", 0.5, 1,
			[][]string{{"Die", "Böhminger", "Zeitung", "der", "Stadt", "Paris", "!"}},
			[][]span.TokenSpan{{ts(3, 5, "ORG"), ts(5, 6, "LOC")}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readEuropeana(strings.NewReader(in), "deu", tt.lo, tt.hi)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.words) {
				t.Fatalf("got %d chunks, want %d: %+v", len(got), len(tt.words), got)
			}
			for i, s := range got {
				if !reflect.DeepEqual(s.Words, tt.words[i]) || !reflect.DeepEqual(s.Spans, tt.spans[i]) {
					t.Errorf("chunk %d = %q %v, want %q %v", i, s.Words, s.Spans, tt.words[i], tt.spans[i])
				}
			}
		})
	}
}

func TestReadEuropeanaLongChunks(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 200; i++ {
		b.WriteString("wort O\n")
	}
	got, err := readEuropeana(strings.NewReader(b.String()), "deu", 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range got {
		if len(s.Words) > europeanaMaxChunk {
			t.Errorf("chunk of %d words", len(s.Words))
		}
		n += len(s.Words)
	}
	if n != 200 {
		t.Errorf("chunks hold %d words, want 200", n)
	}
}

func TestReadStockmark(t *testing.T) {
	in := `[{"curid":"19","text":"東京都に本社を置くトヨタ自動車。","entities":[{"name":"東京都","span":[0,3],"type":"地名"},{"name":"トヨタ自動車","span":[9,15],"type":"法人名"}]},
{"curid":"20","text":"山田太郎は日本人。","entities":[{"name":"山田太郎","span":[0,4],"type":"人名"},{"name":"日本","span":[5,7],"type":"地名"},{"name":"x","span":[7,99],"type":"地名"}]}]`
	for _, heldOut := range []bool{true, false} {
		got, err := readStockmark(strings.NewReader(in), heldOut)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 {
			t.Fatalf("heldOut=%v: %d sentences, want 1", heldOut, len(got))
		}
		s := got[0]
		var text []string
		for _, sp := range s.Spans {
			text = append(text, strings.Join(s.Words[sp.Start:sp.End], "")+"/"+sp.Type)
		}
		want := []string{"東京都/LOC", "トヨタ自動車/ORG"}
		if !heldOut {
			want = []string{"山田太郎/PER", "日本/LOC"}
		}
		if !reflect.DeepEqual(text, want) {
			t.Errorf("heldOut=%v: spans %q (words %q), want %q", heldOut, text, s.Words, want)
		}
	}
	if _, err := readStockmark(strings.NewReader(`[{"curid":"x","text":"a"}]`), false); err == nil {
		t.Error("bad curid: want an error")
	}
}

func FuzzReadColumns(f *testing.F) {
	f.Add("1\tBarack\tB-PER\t-\n2\tObama\tI-PER\t-\n\n# c\n1\tx\tO\n", 0)
	f.Add("a\tI-PER\nb\tE-LOC\n\n-DOCSTART-\tO\n", 1)
	f.Add("eli _ _ B-OtherPER\n", 2)
	formats := []format{unerFormat, tabFormat, multiconerFormat, mobieFormat, spaceFormat}
	f.Fuzz(func(t *testing.T, in string, fi int) {
		if fi < 0 {
			fi = -fi
		}
		sents, err := readColumns(strings.NewReader(in), "eng", formats[fi%len(formats)], mapPLO)
		if err != nil {
			return
		}
		checkSentences(t, sents)
	})
}

func FuzzReadEuropeana(f *testing.F) {
	f.Add("Kaiser B-PER\nWilhelm I-PER\n. O\n# file: x\nDie Stadt O\n", 0.0, 1.0)
	f.Fuzz(func(t *testing.T, in string, lo, hi float64) {
		sents, err := readEuropeana(strings.NewReader(in), "deu", lo, hi)
		if err != nil {
			return
		}
		checkSentences(t, sents)
	})
}

func checkSentences(t *testing.T, sents []Sentence) {
	t.Helper()
	for _, s := range sents {
		if len(s.Words) == 0 {
			t.Fatal("empty sentence")
		}
		prev := 0
		for _, sp := range s.Spans {
			if sp.Start < prev || sp.Start >= sp.End || sp.End > len(s.Words) {
				t.Fatalf("bad span %v in %d words", sp, len(s.Words))
			}
			prev = sp.End
		}
	}
}

func TestReadGUM(t *testing.T) {
	conllu := "# newdoc id = d\n# sent_id = d-1\n# text = x\n" +
		"1\tThe\tthe\tDET\n2\tgrammarian\tg\tNOUN\n3\tAelius\tA\tPROPN\n4\tDonatus\tD\tPROPN\n5\tvisited\tv\tVERB\n6\tthe\tthe\tDET\n7\tBank\tB\tPROPN\n8\tof\tof\tADP\n9\tAmerica\tA\tPROPN\n10\tin\tin\tADP\n11\tRome\tR\tPROPN\n12\t.\t.\tPUNCT\n\n" +
		"# sent_id = d-2\n1\tHe\the\tPRON\n2-3\tdon't\t_\t_\n2\tdo\tdo\tAUX\n3\tn't\tnot\tPART\n4\tlike\tlike\tVERB\n5\tIt\tit\tPRON\n"
	mentions := "split\tdoc\tsent_id\tstart\tend\tetype\twikipedia\tminspan_upos\ttext\n" +
		"train\td\td-1\t1\t4\tperson\tAelius_Donatus\tPROPN\tThe grammarian Aelius Donatus\n" +
		"train\td\td-1\t6\t11\torganization\tBank_of_America\tPROPN\tthe Bank of America in Rome\n" +
		"train\td\td-1\t11\t11\tplace\tRome\tPROPN\tRome\n" +
		"train\td\td-2\t1\t1\tperson\tX\tPRON\tHe\n" +
		"train\td\td-2\t5\t5\tobject\t_\tPROPN\tIt\n" +
		"dev\td\td-1\t11\t11\tplace\tRome\tPROPN\tRome\n"
	got, err := readGUM(strings.NewReader(conllu), strings.NewReader(mentions), "train")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d sentences", len(got))
	}
	want := []span.TokenSpan{ts(2, 4, "PER"), ts(6, 9, "ORG"), ts(10, 11, "LOC")}
	if !reflect.DeepEqual(got[0].Spans, want) {
		t.Errorf("spans %v, want %v", got[0].Spans, want)
	}
	if got[0].Doc != "d" || got[1].Doc != "d" {
		t.Errorf("documents %q %q, want d", got[0].Doc, got[1].Doc)
	}
	if len(got[1].Words) != 5 || len(got[1].Spans) != 0 {
		t.Errorf("sentence 2: %q %v", got[1].Words, got[1].Spans)
	}
}

// TestReadGUMNameWords checks that capitalised non-PROPN words stay inside names ("the United
// States", "New York") but not a sentence's first word or a lower-case adjective.
func TestReadGUMNameWords(t *testing.T) {
	conllu := "# sent_id = d-1\n" +
		"1\tThey\tthey\tPRON\n2\tleft\tleave\tVERB\n3\tthe\tthe\tDET\n4\tUnited\tunite\tVERB\n5\tStates\tState\tPROPN\n" +
		"6\tfor\tfor\tADP\n7\tNew\tnew\tADJ\n8\tYork\tYork\tPROPN\n9\tand\tand\tCCONJ\n10\tbeautiful\tbeautiful\tADJ\n11\tParis\tParis\tPROPN\n12\t.\t.\tPUNCT\n\n" +
		"# sent_id = d-2\n1\tFormer\tformer\tADJ\n2\tObama\tObama\tPROPN\n3\tspoke\tspeak\tVERB\n\n"
	mentions := "split\tdoc\tsent_id\tstart\tend\tetype\twikipedia\tminspan_upos\ttext\n" +
		"train\td\td-1\t3\t5\tplace\tUS\tPROPN\tthe United States\n" +
		"train\td\td-1\t7\t8\tplace\tNYC\tPROPN\tNew York\n" +
		"train\td\td-1\t10\t11\tplace\tParis\tPROPN\tbeautiful Paris\n" +
		"train\td\td-2\t1\t2\tperson\tObama\tPROPN\tFormer Obama\n"
	got, err := readGUM(strings.NewReader(conllu), strings.NewReader(mentions), "train")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d sentences", len(got))
	}
	if want := []span.TokenSpan{ts(3, 5, "LOC"), ts(6, 8, "LOC"), ts(10, 11, "LOC")}; !reflect.DeepEqual(got[0].Spans, want) {
		t.Errorf("spans %v, want %v", got[0].Spans, want)
	}
	if want := []span.TokenSpan{ts(1, 2, "PER")}; !reflect.DeepEqual(got[1].Spans, want) {
		t.Errorf("sentence 2 spans %v, want %v", got[1].Spans, want)
	}
}

// TestWithoutBareAt checks that names made of a bare "@" are left out and the others kept.
func TestWithoutBareAt(t *testing.T) {
	read := func(string, []string) ([]Sentence, error) {
		return []Sentence{{Words: []string{"@", "Theory_Versa", "met", "@", "Bob"}, Spans: []span.TokenSpan{
			{Start: 0, End: 1, Type: "PER"}, {Start: 1, End: 2, Type: "PER"}, {Start: 3, End: 5, Type: "PER"}}}}, nil
	}
	sents, err := withoutBareAt(read)("", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := sents[0].Spans
	if len(got) != 2 || got[0].Start != 1 || got[1].Start != 3 {
		t.Errorf("spans %v, want Theory_Versa and \"@ Bob\"", got)
	}
}
