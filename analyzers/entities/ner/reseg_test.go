package ner

import (
	"reflect"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// TestResegmentWith checks the re-segmented copies: the words of the cut map where it has the
// sentence's text, cut again at the gold name boundaries so that every name keeps its extent
// and type.
func TestResegmentWith(t *testing.T) {
	s := corpus.Sentence{Lang: "zho", Words: []string{"他", "在", "北京", "大学", "工作"},
		Spans: []span.TokenSpan{{Start: 2, End: 4, Type: span.ORG}}}
	tests := []struct {
		name      string
		cut       map[string][]string
		wantWords []string
		wantSpans []span.TokenSpan
	}{
		{
			name:      "the cut's words",
			cut:       map[string][]string{"他在北京大学工作": {"他在", "北京大学", "工作"}},
			wantWords: []string{"他在", "北京大学", "工作"},
			wantSpans: []span.TokenSpan{{Start: 1, End: 2, Type: span.ORG, Confidence: 1}},
		},
		{
			name:      "a word across the name's start is cut there",
			cut:       map[string][]string{"他在北京大学工作": {"他", "在北", "京大学工作"}},
			wantWords: []string{"他", "在", "北", "京大学", "工作"},
			wantSpans: []span.TokenSpan{{Start: 2, End: 4, Type: span.ORG, Confidence: 1}},
		},
		{
			name:      "a word across the name's end is cut there",
			cut:       map[string][]string{"他在北京大学工作": {"他在", "北京", "大学工作"}},
			wantWords: []string{"他在", "北京", "大学", "工作"},
			wantSpans: []span.TokenSpan{{Start: 1, End: 3, Type: span.ORG, Confidence: 1}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := resegmentWith([]corpus.Sentence{s}, "zho", tc.cut)
			if len(got) != 1 {
				t.Fatalf("%d copies, want 1", len(got))
			}
			if !reflect.DeepEqual(got[0].Words, tc.wantWords) {
				t.Errorf("words %q, want %q", got[0].Words, tc.wantWords)
			}
			if !reflect.DeepEqual(got[0].Spans, tc.wantSpans) {
				t.Errorf("spans %+v, want %+v", got[0].Spans, tc.wantSpans)
			}
		})
	}
	// Without the sentence in the cut map, the copy is the tokenizer's (resegment).
	if a, b := resegmentWith([]corpus.Sentence{s}, "zho", map[string][]string{"其他": {"其他"}}), resegment([]corpus.Sentence{s}, "zho"); !reflect.DeepEqual(a, b) {
		t.Errorf("absent from the cut: %+v, want the tokenizer's %+v", a, b)
	}
}
