//go:build unix

package langid

import (
	"fmt"
	"syscall"
)

// mapAnon returns n zeroed bytes outside the Go heap (an anonymous private
// mapping), so the garbage collector neither scans the model nor counts it
// towards its heap goal; without this the model would double the heap target.
func mapAnon(n int) ([]byte, error) {
	if n == 0 {
		return nil, nil
	}
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, fmt.Errorf("langid: mmap %d bytes: %w", n, err)
	}
	return b, nil
}

// unmap releases a mapping made by mapAnon.
func unmap(b []byte) {
	if len(b) > 0 {
		_ = syscall.Munmap(b)
	}
}

// cpuSeconds returns the process's user+system CPU time (for the eval's
// throughput figures on a shared machine).
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
