package events

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// evalCase is one line of the hand-written event cases.
type evalCase struct {
	Text   string `json:"text"`
	Lang   string `json:"lang"`
	Events []struct {
		Workspace string            `json:"workspace"`
		Key       string            `json:"key"`
		Negated   bool              `json:"negated"`
		Roles     map[string]string `json:"roles"`
	} `json:"events"`
}

// EntityFunc returns the entities of a text, as the service finds them.
type EntityFunc func(text, lang string) []Entity

// Eval runs the registry's workspaces over the cases in path (JSON lines: text, lang and the
// expected events with their key phrase and role texts) and writes event and role precision,
// recall and F1, and how many matched events got the right polarity. An event matches when
// its workspace and key-phrase text agree; a role counts when its text is the expected one.
func (r *Registry) Eval(path string, ents EntityFunc, w io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("events: eval: %w", err)
	}
	defer f.Close()
	var evTP, evFP, evFN, roTP, roFP, roFN, negOK, matched int
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		var c evalCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return fmt.Errorf("events: eval: %s:%d: %w", path, line, err)
		}
		d, err := NewDoc(c.Text, c.Lang, ents(c.Text, c.Lang))
		if err != nil {
			return err
		}
		var got []Event
		for _, ws := range r.Workspaces() {
			got = append(got, ws.Extract(d, NegBoth)...)
		}
		used := make([]bool, len(got))
		for _, g := range c.Events {
			found := -1
			for i, e := range got {
				if !used[i] && e.WorkspaceID == g.Workspace && e.Mention.Text == g.Key {
					found = i
					break
				}
			}
			if found < 0 {
				evFN++
				roFN += len(g.Roles)
				continue
			}
			used[found] = true
			evTP++
			matched++
			e := got[found]
			if e.Mention.Negated == g.Negated {
				negOK++
			}
			have := map[string]string{}
			for _, rm := range e.Mention.Roles {
				if !rm.Key {
					have[rm.Name] = rm.Text
				}
			}
			for name, text := range g.Roles {
				if have[name] == text {
					roTP++
				} else {
					roFN++
				}
			}
			for name, text := range have {
				if g.Roles[name] != text {
					roFP++
				}
			}
		}
		for i, e := range got {
			if !used[i] {
				evFP++
				roFP += len(e.Mention.Roles) - 1
			}
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("events: eval: %w", err)
	}
	prf := func(tp, fp, fn int) (float64, float64, float64) {
		p := float64(tp) / float64(max(tp+fp, 1))
		r := float64(tp) / float64(max(tp+fn, 1))
		f := 0.0
		if p+r > 0 {
			f = 2 * p * r / (p + r)
		}
		return p, r, f
	}
	p, rc, f1 := prf(evTP, evFP, evFN)
	fmt.Fprintf(w, "events: %d cases; event P %.3f R %.3f F1 %.3f (tp %d fp %d fn %d)\n", line, p, rc, f1, evTP, evFP, evFN)
	p, rc, f1 = prf(roTP, roFP, roFN)
	fmt.Fprintf(w, "roles:  P %.3f R %.3f F1 %.3f (tp %d fp %d fn %d)\n", p, rc, f1, roTP, roFP, roFN)
	fmt.Fprintf(w, "polarity right on %d of %d matched events\n", negOK, matched)
	return nil
}
