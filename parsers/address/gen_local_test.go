package address

import "testing"

func TestSpelling(t *testing.T) {
	alts := []string{"Monaco di Baviera", "Muenchen", "München", "Munchen", "Munich", "Tórínó", "Torino", "munchen"}
	tests := []struct{ cand, want string }{
		{"Munchen", "Munchen"}, // written as given when GeoNames has it
		{"Torino", "Torino"},
		{"Munich", "Munich"},
		{"Muenchen", "Muenchen"},
		{"Roma", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := spelling(tt.cand, alts); got != tt.want {
			t.Errorf("spelling(%q) = %q, want %q", tt.cand, got, tt.want)
		}
	}
	if got := spelling("Munchen", []string{"München", "Münchén"}); got != "München" {
		t.Errorf("spelling(Munchen) without the ASCII form = %q, want München", got)
	}
}
