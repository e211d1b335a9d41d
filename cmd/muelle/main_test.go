package main

import (
	"bufio"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// serveTest runs newHTTPServer on a free loopback port and returns its address.
func serveTest(t *testing.T, to timeouts) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newHTTPServer(ln.Addr().String(), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			return
		}
		fmt.Fprint(w, "ok")
	}), to)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// closedWithin reports whether the server closes conn (or answers and closes)
// before the deadline, reading whatever it sends.
func closedWithin(t *testing.T, conn net.Conn, d time.Duration) bool {
	t.Helper()
	_ = conn.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, conn)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		return false
	}
	return true
}

func TestASlowBodyConnectionIsClosedByTheTimeout(t *testing.T) {
	addr := serveTest(t, timeouts{readHeader: time.Second, read: 300 * time.Millisecond, write: time.Second,
		idle: time.Second})
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprint(conn, "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
		"Content-Length: 1000\r\n\r\n{\"nombre_usuario\":")
	if !closedWithin(t, conn, 5*time.Second) {
		t.Fatal("la conexión con el cuerpo lento siguió abierta")
	}
}

func TestASlowHeaderConnectionIsClosedByTheTimeout(t *testing.T) {
	addr := serveTest(t, timeouts{readHeader: 300 * time.Millisecond, read: time.Second, write: time.Second,
		idle: time.Second})
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprint(conn, "GET / HTTP/1.1\r\nHost: x\r\n")
	if !closedWithin(t, conn, 5*time.Second) {
		t.Fatal("la conexión con cabeceras lentas siguió abierta")
	}
}

func TestAFastRequestIsServed(t *testing.T) {
	addr := serveTest(t, defaultTimeouts)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprint(conn, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), "ok") {
		t.Fatalf("%d %s", resp.StatusCode, b)
	}
}

// A trusted-proxy entry that is no address stops `muelle serve` before it
// opens the database, naming the entry.
func TestServeStopsOnAnInvalidTrustedProxy(t *testing.T) {
	t.Setenv("MUELLE_PROXIES_CONFIABLES", "127.0.0.1, muelle.lan")
	db := filepath.Join(t.TempDir(), "muelle.db")
	err := run([]string{"serve", "--addr", "127.0.0.1:0", "--db", "sqlite:" + db}, slog.New(slog.DiscardHandler))
	want := `MUELLE_PROXIES_CONFIABLES: "muelle.lan" no es una dirección IP ni una red CIDR (por ejemplo 10.0.0.2, 10.0.0.0/8 o fd00::/8)`
	if err == nil || err.Error() != want {
		t.Fatalf("error %v, esperaba %q", err, want)
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Fatalf("se abrió la base de datos: %v", err)
	}
}
