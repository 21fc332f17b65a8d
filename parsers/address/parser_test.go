package address

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nomenhq/nomen/internal/perceptron"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want map[Field]string
	}{
		{"us white house", "1600 Pennsylvania Ave NW, Washington, DC 20500",
			map[Field]string{HouseNumber: "1600", Road: "Pennsylvania Ave NW", City: "Washington", State: "DC", PostCode: "20500"}},
		{"us unit", "444 South 5th St Apt. 3A Brooklyn, N.Y. 11211",
			map[Field]string{HouseNumber: "444", Road: "South 5th St", Unit: "Apt. 3A", PostCode: "11211"}},
		{"us po box", "PO Box 1234, Springfield, IL 62704",
			map[Field]string{PoBox: "PO Box 1234", PostCode: "62704", State: "IL"}},
		{"de", "Triftstraße 67, 13353 Berlin, Deutschland",
			map[Field]string{Road: "Triftstraße", HouseNumber: "67", PostCode: "13353", City: "Berlin", Country: "Deutschland"}},
		{"fr", "12 rue de la Paix, 75002 Paris, France",
			map[Field]string{HouseNumber: "12", Road: "rue de la Paix", PostCode: "75002", City: "Paris", Country: "France"}},
		{"gb", "10 Downing Street, London SW1A 2AA, United Kingdom",
			map[Field]string{HouseNumber: "10", Road: "Downing Street", City: "London", PostCode: "SW1A 2AA"}},
		{"jp kanji", "〒113-0001東京都文京区4丁目3番2号",
			map[Field]string{PostCode: "〒113-0001", HouseNumber: "3番2号"}},
		{"cn", "山东省青岛市香港东路6号",
			map[Field]string{State: "山东省", City: "青岛市", HouseNumber: "6号"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			for f, w := range tt.want {
				if g := got.Get(f); g != w {
					t.Errorf("%s = %q, want %q (all: %+v)", f, g, w, got)
				}
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{"", "   ", ",,, ;", "\n\t", "---"} {
		if _, err := Parse(in); !errors.Is(err, ErrEmpty) {
			t.Errorf("Parse(%q) error = %v, want ErrEmpty", in, err)
		}
	}
}

func TestLoadRejectsGarbage(t *testing.T) {
	if _, err := Load([]byte("not a model"), []byte("x")); err == nil {
		t.Fatal("Load accepted garbage")
	}
}

func TestTokenize(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"1600 Pennsylvania Ave NW, Washington", "1600|Pennsylvania|Ave|NW|Washington"},
		{"Dhaka - 1205", "Dhaka|1205"},
		{"山东省青岛市香港东路6号", "山东省|青岛市|香港东路|6号"},
		{"〒601-8446京都市西九条高畠町25-1", "〒601-8446|京都|市|西九条高畠町|25-1"},
		{"4丁目3番2号3階323号室", "4丁目|3番|2号|3階|323号|室"},
		{"서울특별시 강남구 테헤란로 123", "서울특별시|강남구|테헤란로|123"},
	}
	for _, tt := range tests {
		var got []string
		for _, tk := range tokenize(tt.in) {
			got = append(got, tk.text)
		}
		if g := strings.Join(got, "|"); g != tt.want {
			t.Errorf("tokenize(%q) = %q, want %q", tt.in, g, tt.want)
		}
	}
}

func TestTokenizeBounded(t *testing.T) {
	long := strings.Repeat("a ", 10000)
	if n := len(tokenize(long)); n > maxTokens {
		t.Fatalf("%d tokens, want at most %d", n, maxTokens)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1600 Pennsylvania Ave NW, Washington, DC 20500", "〒113-0001東京都文京区4丁目3番2号",
		"Flat 14, Ziggurat Building, 60-66 Saffron Hill, London", "", "\xff\xfe", "ул. Ленина, д. 5, Москва"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrEmpty) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		for fd := Field(0); fd < NumFields; fd++ {
			v := got.Get(fd)
			if v == "" {
				continue
			}
			for _, part := range strings.Split(v, " ") {
				if !strings.Contains(s, part) {
					t.Fatalf("field %s = %q is not from the input %q", fd, v, s)
				}
			}
			if !utf8.ValidString(v) && utf8.ValidString(s) {
				t.Fatalf("field %s invalid UTF-8", fd)
			}
		}
	})
}

// TestAccuracyFloor checks the held-out usaddress token accuracy stays above a floor.
func TestAccuracyFloor(t *testing.T) {
	dir := testDataDir(t)
	p, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.evalUSAddress(dir)
	if err != nil {
		t.Fatal(err)
	}
	if acc := s.TokenAccuracy(); acc < 0.97 {
		t.Fatalf("usaddress test token accuracy %.4f < 0.97", acc)
	}
}

var benchAddrs = []string{
	"1600 Pennsylvania Ave NW, Washington, DC 20500",
	"Flat 14, Ziggurat Building, 60-66 Saffron Hill, London, EC1N 8QX, United Kingdom",
	"Triftstraße 67, 13353 Berlin, Deutschland",
	"〒113-0001東京都文京区4丁目3番2号",
	"Paseo de la Castellana, 185 - 5º, 28046 Madrid",
}

func BenchmarkParse(b *testing.B) {
	p, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := p.Parse(benchAddrs[i%len(benchAddrs)]); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFeatureHashes checks that the precomputed feature-name seeds hash as perceptron.Hash2,
// which training and the committed model use.
func TestFeatureHashes(t *testing.T) {
	for _, p := range []string{"w", "s", "nw2", "pww", ""} {
		for _, v := range []string{"", "main", "straße", "北京"} {
			if got, want := hv(seed(p), v), perceptron.Hash2(p, v); got != want {
				t.Errorf("hv(seed(%q), %q) = %x, want %x", p, v, got, want)
			}
		}
	}
}

// TestScorerMatchesModel checks that the parse-time weight table picks the class the
// perceptron model picks, for a model with a feature hash 0 and colliding home slots.
func TestScorerMatchesModel(t *testing.T) {
	classes := classNames()
	tr := perceptron.NewTrainer(classes)
	feats := make([]uint64, 0, 8)
	for i := 0; i < 3000; i++ {
		feats = append(feats[:0], uint64(i%97), uint64(i*7919), 0, uint64(i)<<40)
		tr.Update(feats, i%len(classes), (i+1)%len(classes))
	}
	m := tr.Model(0)
	var buf strings.Builder
	if _, err := m.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	sc, got, err := newScorer([]byte(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, ",") != strings.Join(classes, ",") {
		t.Fatalf("classes %v", got)
	}
	acc := make([]int32, len(classes))
	scores := make([]float32, len(classes))
	for i := 0; i < 500; i++ {
		feats = append(feats[:0], uint64(i%97), uint64(i*7919), uint64(i*31)<<40, 12345678901)
		if i%2 == 0 {
			feats = append(feats, 0)
		}
		if a, b := sc.predict(feats, acc), m.Predict(feats, scores); a != b {
			// Equal float scores may break a tie differently; the int sums must then tie too.
			if acc[a] != acc[b] {
				t.Fatalf("features %v: scorer %d, model %d", feats, a, b)
			}
		}
	}
	for _, bad := range []string{"", "NPCP1", "XXXXX\x01\x00\x00\x00", buf.String()[:buf.Len()-3]} {
		if _, _, err := newScorer([]byte(bad)); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

// TestBeamWidthOne checks that a beam of one tags as the greedy tagger does.
func TestBeamWidthOne(t *testing.T) {
	p, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range benchAddrs {
		sc := p.pool.Get().(*scratch)
		sc.toks = appendTokens(sc.toks[:0], s, p.lex.cjkCountries)
		greedy := append([]int(nil), p.tagGreedy(sc)...)
		beam := p.tagBeam(sc, 1)
		for i := range greedy {
			if greedy[i] != beam[i] {
				t.Fatalf("%q: greedy %v, beam of one %v", s, greedy, beam)
			}
		}
		p.pool.Put(sc)
	}
}
