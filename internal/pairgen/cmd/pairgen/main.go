// Command pairgen regenerates the labelled name-pair sets in testdata/names
// (run from the repository root):
//
//	go run ./internal/pairgen/cmd/pairgen [--data ../shared/data] [--out testdata/names]
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/nomenhq/nomen/internal/pairgen"
)

func main() {
	if err := pairgen.RunGenerate(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
