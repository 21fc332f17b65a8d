package morph

import (
	"reflect"
	"testing"
)

func TestLooAmb(t *testing.T) {
	data := [][]word{
		{{Form: "Huis", UPOS: "NOUN"}, {Form: "loopt", UPOS: "VERB"}},
		{{Form: "huis", UPOS: "NOUN"}, {Form: "rood", UPOS: "ADJ"}},
	}
	amb := ambiguityClasses(data, 1)
	orig := map[string]string{}
	for k, v := range amb {
		orig[k] = v
	}
	l := newLooAmb(data, amb, 1)
	tests := []struct {
		name string
		si   int
		want map[string]string
	}{
		// Without sentence 0, "loopt" is unseen and "huis" seen once.
		{"first", 0, map[string]string{"huis": "NOUN", "rood": "ADJ"}},
		{"second", 1, map[string]string{"huis": "NOUN", "loopt": "VERB"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l.exclude(data[tt.si])
			if !reflect.DeepEqual(amb, tt.want) {
				t.Errorf("excluded: %v, want %v", amb, tt.want)
			}
			l.restore()
			if !reflect.DeepEqual(amb, orig) {
				t.Errorf("restored: %v, want %v", amb, orig)
			}
		})
	}
}
