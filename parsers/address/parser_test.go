package address

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
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
