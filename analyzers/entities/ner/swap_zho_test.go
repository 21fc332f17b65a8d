package ner

import (
	"reflect"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
)

func TestSwapMentions(t *testing.T) {
	sents := []corpus.Sentence{
		{Words: []string{"张", "三", "在", "北京", "。"}, Spans: []span.TokenSpan{{Start: 0, End: 2, Type: "PER"}, {Start: 3, End: 4, Type: "LOC"}}},
		{Words: []string{"没有", "名字", "。"}},
		{Words: []string{"李四", "去", "上海", "大学", "。"}, Spans: []span.TokenSpan{{Start: 0, End: 1, Type: "PER"}, {Start: 2, End: 4, Type: "ORG"}}},
		{Words: []string{"他", "住", "在", "南京", "市"}, Spans: []span.TokenSpan{{Start: 3, End: 5, Type: "LOC"}}},
	}
	names := map[string]map[string]bool{}
	for _, s := range sents {
		for _, sp := range s.Spans {
			if names[sp.Type] == nil {
				names[sp.Type] = map[string]bool{}
			}
			names[sp.Type][strings.Join(s.Words[sp.Start:sp.End], "|")] = true
		}
	}
	for seed := uint64(0); seed < 4; seed++ {
		got := swapMentions(sents, seed)
		if len(got) != 3 {
			t.Fatalf("seed %d: %d copies, want 3 (one per sentence with entities)", seed, len(got))
		}
		if again := swapMentions(sents, seed); !reflect.DeepEqual(got, again) {
			t.Fatalf("seed %d: not deterministic", seed)
		}
		src := []corpus.Sentence{sents[0], sents[2], sents[3]}
		for k, s := range got {
			if len(s.Spans) != len(src[k].Spans) {
				t.Fatalf("seed %d copy %d: %d spans, want %d", seed, k, len(s.Spans), len(src[k].Spans))
			}
			prev := 0
			var context []string
			for i, sp := range s.Spans {
				if sp.Start < prev || sp.End <= sp.Start || sp.End > len(s.Words) || sp.Type != src[k].Spans[i].Type {
					t.Fatalf("seed %d copy %d: bad span %+v in %q", seed, k, sp, s.Words)
				}
				if !names[sp.Type][strings.Join(s.Words[sp.Start:sp.End], "|")] {
					t.Errorf("seed %d copy %d: %q is no %s name of the corpus", seed, k, s.Words[sp.Start:sp.End], sp.Type)
				}
				context = append(context, s.Words[prev:sp.Start]...)
				prev = sp.End
			}
			context = append(context, s.Words[prev:]...)
			var want []string
			p := 0
			for _, sp := range src[k].Spans {
				want = append(want, src[k].Words[p:sp.Start]...)
				p = sp.End
			}
			want = append(want, src[k].Words[p:]...)
			if !reflect.DeepEqual(context, want) {
				t.Errorf("seed %d copy %d: context %q, want %q", seed, k, context, want)
			}
		}
	}
}
