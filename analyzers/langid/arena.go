package langid

import "unsafe"

// arena carves typed slices out of one mapAnon region.
type arena struct {
	buf []byte
	off int
}

func newArena(n int) (*arena, error) {
	b, err := mapAnon(n)
	if err != nil {
		return nil, err
	}
	return &arena{buf: b}, nil
}

// take returns the next n bytes, 8-byte aligned.
func (a *arena) take(n int) unsafe.Pointer {
	a.off = (a.off + 7) &^ 7
	if n == 0 {
		return nil
	}
	p := unsafe.Pointer(&a.buf[a.off])
	a.off += n
	return p
}

func arenaSize(sizes ...int) int {
	t := 0
	for _, s := range sizes {
		t += (s + 7) &^ 7
	}
	return t + 8
}

func takeU64(a *arena, n int) []uint64 {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*uint64)(a.take(8*n)), n)
}

func takeU32(a *arena, n int) []uint32 {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*uint32)(a.take(4*n)), n)
}

func takeU16(a *arena, n int) []uint16 {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*uint16)(a.take(2*n)), n)
}

func takeU8(a *arena, n int) []uint8 {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*uint8)(a.take(n)), n)
}
