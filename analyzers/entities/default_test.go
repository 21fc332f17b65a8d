package entities

import (
	"fmt"
	"strings"
	"testing"
)

// TestDefaultModules runs the shipped modules end to end (no knowledge base).
func TestDefaultModules(t *testing.T) {
	m, err := Default("", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := New(m)
	text := "President Barack Obama met Angela Merkel in Berlin on March 5, 2015. He wrote to info@example.org. The American delegation was Catholic."
	tests := []struct {
		o    Options
		want []string
		not  []string
	}{
		{Options{}, []string{"PER:Barack Obama", "PER:Angela Merkel", "LOC:Berlin", "TTL:President", "NAT:American", "REL:Catholic"}, []string{"EM:", "DATE:"}},
		{Options{Patterns: true}, []string{"EM:info@example.org", "DATE:March 5, 2015"}, nil},
		{Options{Coref: true}, []string{"PER:Barack Obama:2"}, nil},
		{Options{Model: ModelDNN}, []string{"PER:Barack Obama", "LOC:Berlin"}, nil},
	}
	for _, tc := range tests {
		res, err := p.Extract(text, "eng", tc.o)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range res.Entities {
			got = append(got, fmt.Sprintf("%s:%s", e.Type, e.Mention), fmt.Sprintf("%s:%s:%d", e.Type, e.Mention, len(e.Mentions)))
		}
		all := strings.Join(got, "|") + "|"
		for _, w := range tc.want {
			if !strings.Contains(all, w+"|") && !strings.Contains(all, w+":") {
				t.Errorf("%+v: missing %s in %v", tc.o, w, got)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(all, n) {
				t.Errorf("%+v: unexpected %s in %v", tc.o, n, got)
			}
		}
	}
	if _, err := p.Extract("x", "eng", Options{Model: ModelDNN, Link: true}); err == nil {
		t.Error("linking without a KB accepted")
	}
	if len(Languages()) < 22 {
		t.Errorf("languages: %v", Languages())
	}
}
