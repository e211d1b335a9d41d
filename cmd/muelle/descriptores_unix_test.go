//go:build unix

package main

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"syscall"
	"testing"
)

// A soft limit of open files below the hard one is raised to it, and the
// figure is logged.
func TestServeRaisesItsOpenFileLimitAndLogsIt(t *testing.T) {
	var orig syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &orig); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &orig) })
	bajo := syscall.Rlimit{Cur: min(orig.Max/2, 1024), Max: orig.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &bajo); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	registrarDescriptores(slog.New(slog.NewTextHandler(&out, nil)))
	var ahora syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &ahora); err != nil || ahora.Cur != orig.Max {
		t.Fatalf("límite blando %d, esperaba %d (%v)", ahora.Cur, orig.Max, err)
	}
	if want := fmt.Sprintf("límite=%d", orig.Max); !strings.Contains(out.String(), want) {
		t.Fatalf("el registro %q no dice %s", out.String(), want)
	}
}
