package perceptron

import (
	"errors"
	"fmt"
	"sort"
)

// ErrClasses reports models that cannot be combined because their classes differ.
var ErrClasses = errors.New("perceptron: models have different classes")

// Average returns the model whose weights are the mean of the models' weights (a feature
// missing from a model counts as weight 0 there). Because scores are linear in the weights,
// it scores like the mean of the models' scores, at the cost of one model.
func Average(ms ...*Model) (*Model, error) {
	if len(ms) == 0 {
		return nil, fmt.Errorf("perceptron: average of no models")
	}
	nc := len(ms[0].Classes)
	for _, m := range ms[1:] {
		if len(m.Classes) != nc {
			return nil, ErrClasses
		}
		for i, c := range m.Classes {
			if c != ms[0].Classes[i] {
				return nil, ErrClasses
			}
		}
	}
	var keys []uint64
	seen := map[uint64]bool{}
	for _, m := range ms {
		for f := range m.index {
			if !seen[f] {
				seen[f] = true
				keys = append(keys, f)
			}
		}
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	out := &Model{Classes: append([]string(nil), ms[0].Classes...), index: make(map[uint64]int32, len(keys)),
		w: make([]float32, len(keys)*nc)}
	inv := 1 / float32(len(ms))
	for k, f := range keys {
		out.index[f] = int32(k * nc)
		row := out.w[k*nc : (k+1)*nc]
		for _, m := range ms {
			if off, ok := m.index[f]; ok {
				for i, v := range m.w[off : int(off)+nc] {
					row[i] += v * inv
				}
			}
		}
	}
	return out, nil
}
