package perceptron

import (
	"bytes"
	"math/rand"
	"testing"
)

// toy learns the class of a word from its last letter, a separable problem.
func toyData(n int, rng *rand.Rand) ([][]uint64, []int) {
	letters := "abc"
	var xs [][]uint64
	var ys []int
	for i := 0; i < n; i++ {
		c := rng.Intn(3)
		noise := string(rune('d' + rng.Intn(10)))
		xs = append(xs, []uint64{Hash2("last", letters[c:c+1]), Hash2("noise", noise), Hash("bias")})
		ys = append(ys, c)
	}
	return xs, ys
}

func TestLearnsAndRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	xs, ys := toyData(600, rng)
	tr := NewTrainer([]string{"A", "B", "C"})
	for epoch := 0; epoch < 3; epoch++ {
		for i := range xs {
			tr.Update(xs[i], ys[i], tr.Predict(xs[i], nil))
		}
	}
	m := tr.Model(0)
	testX, testY := toyData(200, rng)
	correct := 0
	for i := range testX {
		if m.Predict(testX[i], nil) == testY[i] {
			correct++
		}
	}
	if correct != len(testX) {
		t.Fatalf("accuracy %d/%d on a separable problem", correct, len(testX))
	}
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	first := append([]byte(nil), buf.Bytes()...)
	m2, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if m2.NumFeatures() != m.NumFeatures() || m2.Class("C") != 2 {
		t.Fatalf("round trip lost features: %d vs %d", m2.NumFeatures(), m.NumFeatures())
	}
	for i := range testX {
		if m2.Predict(testX[i], nil) != testY[i] {
			t.Fatalf("quantized model disagrees on example %d", i)
		}
	}
	var again bytes.Buffer
	m2.WriteTo(&again)
	if !bytes.Equal(first, again.Bytes()) {
		t.Fatal("serialisation is not stable")
	}
}

func TestReadRejectsGarbage(t *testing.T) {
	for _, in := range [][]byte{nil, []byte("NPCP1"), []byte("hello world"), append([]byte("NPCP1"), 0xff, 0xff, 0xff, 0xff)} {
		if _, err := Read(bytes.NewReader(in)); err == nil {
			t.Fatalf("Read(%q) succeeded", in)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte("NPCP1\x01\x00\x00\x00\x01\x00A"))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Read(bytes.NewReader(b))
		if err == nil {
			m.Predict([]uint64{1, 2, 3}, nil)
		}
	})
}

func BenchmarkPredict(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	xs, ys := toyData(1000, rng)
	tr := NewTrainer([]string{"A", "B", "C"})
	for i := range xs {
		tr.Update(xs[i], ys[i], tr.Predict(xs[i], nil))
	}
	m := tr.Model(0)
	scratch := make([]float32, 3)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		m.Predict(xs[i%len(xs)], scratch)
	}
}
