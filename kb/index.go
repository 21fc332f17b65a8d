package kb

import "strings"

// eachName calls fn for every name of e, in no particular order.
func (e *Entity) eachName(fn func(name string)) {
	for _, l := range e.Labels {
		fn(l)
	}
	for _, m := range []map[string][]string{e.Aliases, e.WeakAliases} {
		for _, as := range m {
			for _, a := range as {
				fn(a)
			}
		}
	}
}

// phoneticKey is a coarse sound key for one Latin-script token: vowels after
// the first letter dropped, letters that sound alike merged, repeats
// collapsed ("einstien" and "einstein" both give "enstn"). Tokens of other
// scripts, and tokens under three letters, give "".
func phoneticKey(tok string) string {
	rs := []rune(tok)
	if len(rs) < 3 {
		return ""
	}
	for _, r := range rs {
		if r > 0x24F || !(r >= 'a' && r <= 'z') {
			return ""
		}
	}
	var b strings.Builder
	b.WriteString("~")
	var prev byte
	for i := 0; i < len(rs); i++ {
		c := byte(rs[i])
		next := byte(0)
		if i+1 < len(rs) {
			next = byte(rs[i+1])
		}
		var k byte
		switch c {
		case 'a', 'e', 'i', 'o', 'u', 'y':
			if i == 0 {
				k = 'a'
			}
		case 'h', 'w':
			k = 0
		case 'b', 'p':
			if c == 'p' && next == 'h' {
				k = 'f'
			} else {
				k = 'p'
			}
		case 'f', 'v':
			k = 'f'
		case 'c':
			if next == 'e' || next == 'i' || next == 'y' {
				k = 's'
			} else if next == 'h' {
				k = 'x'
			} else {
				k = 'k'
			}
		case 'k', 'q', 'g':
			k = 'k'
		case 'x':
			k = 'k'
		case 's', 'z':
			if c == 's' && next == 'h' {
				k = 'x'
			} else {
				k = 's'
			}
		case 'j':
			k = 'x'
		case 'd', 't':
			k = 't'
		case 'l', 'r', 'm', 'n':
			k = c
		}
		if k != 0 && k != prev {
			b.WriteByte(k)
		}
		if k != 0 || (c != 'h' && c != 'w') {
			prev = k
		}
	}
	if b.Len() < 3 {
		return ""
	}
	return b.String()
}
