// Package archtest holds a test that keeps nomen's dependencies pointing one way:
// cmd → server → engine → matchers → parsers → analyzers, analyzers → linking → kb.
package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

const mod = "github.com/nomenhq/nomen/"

// forbidden maps a package prefix to imports it must not have (direct imports).
var forbidden = []struct {
	pkg     string
	imports []string
	why     string
	except  []string // packages under pkg the rule does not cover, each with its reason below
}{
	{"", []string{mod + "cmd"}, "nothing imports the binary", nil},
	{mod + "engine", []string{mod + "server"}, "engine sits below the server", nil},
	{mod + "engine", []string{mod + "kb", mod + "linking"}, "the engine reaches the knowledge base only through its EntityResolver interface", nil},
	{mod + "matchers", []string{mod + "engine", mod + "server"}, "matchers declare parameters; the engine assembles them", nil},
	{mod + "parsers", []string{mod + "engine", mod + "server", mod + "matchers"}, "parsers sit below matchers", nil},
	{mod + "analyzers", []string{mod + "engine", mod + "server", mod + "matchers", mod + "parsers"}, "analyzers sit below matchers and parsers", nil},
	{mod + "linking", []string{mod + "engine", mod + "server", mod + "matchers", mod + "analyzers"}, "linking sits below analyzers", nil},
	{mod + "kb", []string{mod + "engine", mod + "server", mod + "matchers", mod + "analyzers", mod + "linking"}, "kb is the bottom of the linking stack", nil},
	{mod + "internal", []string{mod + "engine", mod + "server", mod + "matchers", mod + "parsers", mod + "analyzers", mod + "linking", mod + "kb"}, "internal helpers depend on nothing of nomen's",
		// pairgen generates the labelled name pairs and must draw its Chinese dev
		// pairs from exactly the rows the transliteration model leaves out
		// (translit.DevHeldOut); it is a data generator, not a shared helper.
		[]string{mod + "internal/pairgen"}},
}

// owners maps a third-party import to the only package tree allowed to import it.
var owners = map[string]string{
	"github.com/gin-gonic/gin":        mod + "server",
	"github.com/blevesearch/bleve/v2": mod + "kb",
}

func TestImportDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-e", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "github.com/nomenhq/nomen/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, imports := fields[0], fields[1:]
		for _, imp := range imports {
			for _, rule := range forbidden {
				if !strings.HasPrefix(pkg, rule.pkg) || exempt(pkg, rule.except) {
					continue
				}
				for _, bad := range rule.imports {
					if imp == bad || strings.HasPrefix(imp, bad+"/") {
						t.Errorf("%s imports %s: %s", pkg, imp, rule.why)
					}
				}
			}
			for lib, owner := range owners {
				if (imp == lib || strings.HasPrefix(imp, lib+"/")) && !strings.HasPrefix(pkg, owner) {
					t.Errorf("%s imports %s: only %s may", pkg, imp, owner)
				}
			}
		}
	}
}

// exempt reports whether pkg is one of the packages (or below one) in except.
func exempt(pkg string, except []string) bool {
	for _, e := range except {
		if pkg == e || strings.HasPrefix(pkg, e+"/") {
			return true
		}
	}
	return false
}
