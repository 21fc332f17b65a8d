package address

import "testing"

func TestJapanesePostcode(t *testing.T) {
	tests := []struct {
		in   string
		want string // the houseNumber field ("" for none)
		post string // the postCode field
	}{
		{"京都府京都市東山区祇園町南側570-120", "570-120", ""},
		{"〒100-0005東京都千代田区丸の内1丁目9-1", "9-1", "〒100-0005"},
	}
	p, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		f, err := p.Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if f.Get(HouseNumber) != tc.want || f.Get(PostCode) != tc.post {
			t.Errorf("%s: houseNumber %q postCode %q, want %q and %q", tc.in, f.Get(HouseNumber), f.Get(PostCode), tc.want, tc.post)
		}
	}
	for s, want := range map[string]bool{"〒100-0005": true, "1000005": true, "１００－０００５": true, "570-120": false, "12345": false, "100-00051": false} {
		if got := jpPostcodeShape(s); got != want {
			t.Errorf("jpPostcodeShape(%q) = %v", s, got)
		}
	}
}
