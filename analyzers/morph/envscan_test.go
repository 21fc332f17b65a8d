package morph

import (
	"fmt"
	"os"
)

// envScan reads the environment variable name, when it is set, into dst with
// fmt.Sscan (the overrides of the manual tuning tests) and reports whether it
// was set.
func envScan(name string, dst any) bool {
	v := os.Getenv(name)
	if v == "" {
		return false
	}
	fmt.Sscan(v, dst)
	return true
}
