//go:build !linux

package langid

import "io/fs"

// releaseEmbedded is a no-op outside Linux.
func releaseEmbedded(fs.File) {}
