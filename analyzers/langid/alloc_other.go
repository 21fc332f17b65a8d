//go:build !unix

package langid

// mapAnon allocates on the Go heap where anonymous mappings are unavailable.
func mapAnon(n int) ([]byte, error) { return make([]byte, n), nil }

// unmap is a no-op: the garbage collector frees the memory.
func unmap(b []byte) {}

// cpuSeconds is unavailable here.
func cpuSeconds() float64 { return 0 }
