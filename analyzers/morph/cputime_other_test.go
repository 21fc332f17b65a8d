//go:build !unix

package morph

import "time"

func cpuTime() time.Duration { return 0 }
