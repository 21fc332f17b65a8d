package kb

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// records returns a record file of n entities Q1..Qn; line bad (1-based
// over the entity lines, 0 for none) has an invalid type.
func records(n, bad int) string {
	var b strings.Builder
	b.WriteString("{\"nomenKB\":1}\n")
	for i := 1; i <= n; i++ {
		typ := "PER"
		if i == bad {
			typ = "XYZ"
		}
		fmt.Fprintf(&b, "{\"id\":\"Q%d\",\"type\":%q,\"labels\":{\"en\":\"n%d\"}}\n", i, typ, i)
		if i%97 == 0 {
			b.WriteString("\n") // blank lines are skipped
		}
	}
	return b.String()
}

// TestReadRecordsOrder checks that the concurrent decoder delivers every
// entity in file order, and on a bad line the entities before it and an
// error naming its line.
func TestReadRecordsOrder(t *testing.T) {
	tests := []struct {
		name    string
		n, bad  int
		stopAt  int // fn fails at this entity (0: never)
		wantN   int
		wantErr string
	}{
		{"small", 3, 0, 0, 3, ""},
		{"many batches", 5000, 0, 0, 5000, ""},
		{"bad line in a later batch", 2000, 1234, 0, 1233, "XYZ"},
		{"bad first line", 10, 1, 0, 0, "XYZ"},
		{"callback error stops", 3000, 0, 700, 700, "stop"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := 0
			_, err := ReadRecords(context.Background(), strings.NewReader(records(tc.n, tc.bad)), func(e *Entity) error {
				got++
				if e.ID != fmt.Sprintf("Q%d", got) {
					return fmt.Errorf("entity %d is %s", got, e.ID)
				}
				if got == tc.stopAt {
					return errors.New("stop")
				}
				return nil
			})
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("err = %v, want %q", err, tc.wantErr)
			}
			if got != tc.wantN {
				t.Fatalf("delivered %d entities, want %d", got, tc.wantN)
			}
		})
	}
	// A cancelled context ends the read with its error.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReadRecords(ctx, strings.NewReader(records(5000, 0)), func(*Entity) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: err = %v", err)
	}
}
