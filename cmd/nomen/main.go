// Command nomen is the one binary of nomen: the REST service and the tools that train,
// evaluate and tune its models and build its knowledge base.
//
// Usage: nomen <command> [flags]. Run "nomen help" for the list of commands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// command is one subcommand: its one-line summary and its entry point.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

// commands is the dispatch table of subcommands.
func commands() map[string]command {
	return map[string]command{
		"serve":   {"run the REST service", runServe},
		"kb":      {"build, reindex, prepare or search the knowledge base", runKB},
		"train":   {"regenerate committed models and tables from ../shared/data", runTrain},
		"eval":    {"evaluate models and matching on labelled or held-out data", runEval},
		"version": {"print the version", runVersion},
		"tune":    {"compare and tune parameter universes on labelled pairs", runTune},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	err := dispatch(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "nomen:", err)
		}
		os.Exit(2)
	}
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmds := commands()
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout, cmds)
		if len(args) == 0 {
			return errors.New("no command given")
		}
		return nil
	}
	c, ok := cmds[args[0]]
	if !ok {
		usage(stderr, cmds)
		return fmt.Errorf("unknown command %q", args[0])
	}
	return c.run(ctx, args[1:], stdout, stderr)
}

func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "Usage: nomen <command> [flags]\n\nCommands:")
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(w, "\nRun \"nomen <command> -h\" for the flags of a command.")
}

// envDefault returns the environment variable's value, or def when it is unset.
func envDefault(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}
