package morph

import "testing"

func TestHebFinal(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"דרכ", "דרך"},
		{"לשונ", "לשון"},
		{"אמ", "אם"},
		{"כספ", "כסף"},
		{"ארצ", "ארץ"},
		{"בית", "בית"},
		{"", ""},
		{"abc", "abc"},
	} {
		if got := hebFinal(c.in); got != c.want {
			t.Errorf("hebFinal(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestHebGapFeatures(t *testing.T) {
	freq := map[string]int{"בבורסה": 3, "לבורסה": 2, "דרך": 100}
	for _, c := range []struct {
		pre, post, tok string
		n              int
	}{
		{"ה", "בורסה", "הבורסה", 5},
		{"דרכ", "ו", "דרכו", 7}, // a short last part: the stem features too
	} {
		if got := hebGapFeatures(nil, c.pre, c.post, c.tok, freq, nil, nil, &hebTokCache{}); len(got) != c.n {
			t.Errorf("hebGapFeatures(%q, %q): %d features, want %d", c.pre, c.post, len(got), c.n)
		}
	}
	// The features depend on what is known.
	a := hebGapFeatures(nil, "ה", "בורסה", "הבורסה", nil, freq, nil, &hebTokCache{})
	b := hebGapFeatures(nil, "ה", "בורסה", "הבורסה", nil, freq, freq, &hebTokCache{})
	if a[0] == b[0] {
		t.Error("hebGapFeatures: the prefix-variant count does not change the feature")
	}
}

func TestHebrewLemma(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"נמוכ", "נמוך"},
		{"נמוך", "נמוך"},
		{"כ", "כ"},
		{"abc", "abc"},
		{"", ""},
	} {
		if got := hebrewLemma(c.in); got != c.want {
			t.Errorf("hebrewLemma(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
