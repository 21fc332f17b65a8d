package kb

import (
	"fmt"
	"os"
	"testing"
)

func TestDbgCands(t *testing.T) {
	if os.Getenv("NOMEN_KB_CACHE") == "" {
		t.Skip()
	}
	k, err := Open(os.Getenv("NOMEN_KB_CACHE"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"United States", "Quebec", "Puerto Rico", "US", "London", "Canadian"} {
		for _, c := range k.Candidates(q, "en", 6) {
			fmt.Printf("%s\t%s\t%s\t%.3f\t%.3f\t%v\t%.3f\t%s\n", q, c.Entity.ID, c.Entity.Label("en"), c.Prior, c.Entity.Popularity, c.Exact, c.Score, c.Entity.Sources)
		}
	}
}
