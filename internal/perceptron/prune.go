package perceptron

import "sort"

// PruneTo returns a copy of m keeping at most max features: those whose largest absolute
// weight is largest (ties broken by hash order, so the result is deterministic). It prunes a
// model that no Trainer produced, such as the mean of several runs (Average).
func (m *Model) PruneTo(max int) *Model {
	nc := len(m.Classes)
	type kv struct {
		f   uint64
		off int32
		a   float32
	}
	all := make([]kv, 0, len(m.index))
	for f, off := range m.index {
		var a float32
		for _, v := range m.w[off : int(off)+nc] {
			if v < 0 {
				v = -v
			}
			a = max32(a, v)
		}
		if a > 0 {
			all = append(all, kv{f, off, a})
		}
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].a != all[j].a {
			return all[i].a > all[j].a
		}
		return all[i].f < all[j].f
	})
	if len(all) > max {
		all = all[:max]
	}
	sort.Slice(all, func(i, j int) bool { return all[i].f < all[j].f })
	out := &Model{Classes: append([]string(nil), m.Classes...), index: make(map[uint64]int32, len(all)),
		w: make([]float32, 0, len(all)*nc)}
	for _, e := range all {
		out.index[e.f] = int32(len(out.w))
		out.w = append(out.w, m.w[e.off:int(e.off)+nc]...)
	}
	return out
}

func max32(a, b float32) float32 {
	if a > b {
		return a
	}
	return b
}
