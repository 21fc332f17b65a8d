//go:build !unix

package dnn

func cpuSeconds() float64 { return 0 }
