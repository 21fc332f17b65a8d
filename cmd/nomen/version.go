package main

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/nomenhq/nomen/server"
)

// Set at link time by the Makefile (-ldflags "-X main.version=... -X main.buildNumber=...
// -X main.buildTime=...").
var (
	version     = "0.1.0-dev"
	buildNumber = ""
	buildTime   = ""
)

func buildInfo() server.BuildInfo {
	b := server.BuildInfo{Name: "nomen", Version: version, BuildNumber: buildNumber, BuildTime: buildTime}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			switch {
			case s.Key == "vcs.revision" && b.BuildNumber == "":
				b.BuildNumber = s.Value[:min(8, len(s.Value))]
			case s.Key == "vcs.time" && b.BuildTime == "":
				b.BuildTime = s.Value
			}
		}
	}
	if b.BuildNumber == "" {
		b.BuildNumber = "unknown"
	}
	if b.BuildTime == "" {
		b.BuildTime = "unknown"
	}
	return b
}

func runVersion(_ context.Context, _ []string, stdout, _ io.Writer) error {
	b := buildInfo()
	_, err := fmt.Fprintf(stdout, "%s %s (build %s, %s)\n", b.Name, b.Version, b.BuildNumber, b.BuildTime)
	return err
}
