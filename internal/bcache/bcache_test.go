package bcache

import (
	"strconv"
	"sync"
	"testing"
)

func TestGetPut(t *testing.T) {
	c := New[int](4)
	if _, ok := c.Get("a"); ok {
		t.Fatal("empty cache has a")
	}
	c.Put("a", 1)
	c.Put("b", 2)
	for k, want := range map[string]int{"a": 1, "b": 2} {
		if v, ok := c.Get(k); !ok || v != want {
			t.Errorf("Get(%q) = %v, %v", k, v, ok)
		}
	}
	c.Put("a", 3)
	if v, _ := c.Get("a"); v != 3 {
		t.Errorf("overwrite: %v", v)
	}
}

func TestBounded(t *testing.T) {
	c := New[int](8)
	for i := 0; i < 10000; i++ {
		c.Put(strconv.Itoa(i), i)
	}
	if n := c.Len(); n > shards*8 || n == 0 {
		t.Errorf("Len = %d, want 1..%d", n, shards*8)
	}
}

func TestConcurrent(t *testing.T) {
	c := New[string](64)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 2000; i++ {
				k := strconv.Itoa(i % 300)
				if v, ok := c.Get(k); ok && v != k {
					t.Errorf("Get(%q) = %q", k, v)
					return
				}
				c.Put(k, k)
			}
		}(g)
	}
	wg.Wait()
}

func BenchmarkGet(b *testing.B) {
	c := New[int](4096)
	for i := 0; i < 1000; i++ {
		c.Put(strconv.Itoa(i), i)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c.Get(strconv.Itoa(i % 1000))
	}
}
