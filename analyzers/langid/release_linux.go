//go:build linux

package langid

import (
	"io/fs"
	"reflect"
	"syscall"
	"unsafe"
)

// releaseEmbedded tells the kernel that the pages of an embedded model file
// (part of the executable's read-only data) are no longer needed, so they
// stop counting towards resident memory once the tables are built; they are
// re-read from the executable if ever touched again. It reaches the file's
// bytes through embed's unexported fields by reflection and does nothing
// if their layout differs.
func releaseEmbedded(f fs.File) {
	defer func() { _ = recover() }()
	v := reflect.ValueOf(f)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return
	}
	fv := v.Elem().FieldByName("f")
	if !fv.IsValid() || fv.Kind() != reflect.Pointer || fv.IsNil() {
		return
	}
	dv := fv.Elem().FieldByName("data")
	if !dv.IsValid() || dv.Kind() != reflect.String {
		return
	}
	s := dv.String()
	if len(s) == 0 {
		return
	}
	page := uintptr(syscall.Getpagesize())
	base := unsafe.Pointer(unsafe.StringData(s))
	start := uintptr(base)
	end := start + uintptr(len(s))
	lo := (start + page - 1) &^ (page - 1)
	hi := end &^ (page - 1)
	if hi <= lo {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(base, lo-start)), hi-lo)
	_ = syscall.Madvise(b, syscall.MADV_DONTNEED)
}
