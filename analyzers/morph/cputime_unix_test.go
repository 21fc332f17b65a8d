//go:build unix

package morph

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user + system) the process has used; the
// benchmarks report throughput per CPU second because the shared machines
// they run on are oversubscribed.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
