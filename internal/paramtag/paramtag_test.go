package paramtag

import (
	"errors"
	"testing"
)

type opts struct {
	A float64 `param:"alpha" def:"0.5" min:"0" max:"1" applies:"PERSON" help:"a float"`
	N int     `param:"count" def:"3" min:"1" max:"10" static:"true" help:"an int"`
	B bool    `param:"flag" def:"true" help:"a bool"`
	S string  `param:"mode" def:"x" enum:"x|y" help:"an enum"`
}

func TestDefaultsAndSpecs(t *testing.T) {
	o := MustDefaults[opts]()
	if o.A != 0.5 || o.N != 3 || !o.B || o.S != "x" {
		t.Fatalf("defaults = %+v", o)
	}
	specs, err := Specs(o)
	if err != nil || len(specs) != 4 {
		t.Fatalf("specs = %v, %v", specs, err)
	}
	if !specs[1].Static || specs[0].Applies[0] != "PERSON" || specs[0].Range() != "[0, 1]" {
		t.Fatalf("bad spec: %+v", specs)
	}
}

func TestSet(t *testing.T) {
	specs, _ := Specs(opts{})
	good := []struct {
		name  string
		spec  int
		value string
		want  string
	}{
		{"float", 0, "0.25", "0.25"},
		{"float bound", 0, "1", "1"},
		{"int", 1, "7", "7"},
		{"int as float", 1, "7.0", "7"},
		{"bool", 2, "false", "false"},
		{"enum", 3, "y", "y"},
	}
	for _, tc := range good {
		t.Run(tc.name, func(t *testing.T) {
			o := MustDefaults[opts]()
			if err := Set(&o, specs[tc.spec], tc.value); err != nil {
				t.Fatal(err)
			}
			if got := Get(o, specs[tc.spec]); got != tc.want {
				t.Fatalf("got %s want %s", got, tc.want)
			}
		})
	}
	bad := []struct {
		name  string
		spec  int
		value string
	}{
		{"float above", 0, "1.5"},
		{"float NaN", 0, "NaN"},
		{"float text", 0, "abc"},
		{"int below", 1, "0"},
		{"int fraction", 1, "2.5"},
		{"bool", 2, "maybe"},
		{"enum", 3, "z"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			o := MustDefaults[opts]()
			err := Set(&o, specs[tc.spec], tc.value)
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("err = %v, want ErrInvalid", err)
			}
		})
	}
}

type badDefault struct {
	A float64 `param:"a" def:"2" min:"0" max:"1" help:"x"`
}

type noHelp struct {
	A float64 `param:"a" def:"0"`
}

func TestBadDeclarations(t *testing.T) {
	if _, err := Specs(badDefault{}); err == nil {
		t.Fatal("default out of range accepted")
	}
	if _, err := Specs(noHelp{}); err == nil {
		t.Fatal("missing help accepted")
	}
	if _, err := Specs(3); err == nil {
		t.Fatal("non-struct accepted")
	}
}
