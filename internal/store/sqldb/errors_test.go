package sqldb_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"

	"muelle/internal/store/sqldb"
)

// rehusa is a server that answers every connection's startup with a FATAL
// error of SQLSTATE code, as a PostgreSQL that refuses connections does
// (55000: the database does not accept connections now; 57P03: starting up
// or shutting down; 53300: too many connections).
func rehusa(t *testing.T, code string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				b := pgproto3.NewBackend(c, c)
				m, err := b.ReceiveStartupMessage()
				if _, ssl := m.(*pgproto3.SSLRequest); err == nil && ssl {
					c.Write([]byte("N"))
					_, err = b.ReceiveStartupMessage()
				}
				if err != nil {
					return
				}
				b.Send(&pgproto3.ErrorResponse{Severity: "FATAL", Code: code, Message: "no acepta conexiones"})
				b.Flush()
			}()
		}
	}()
	return ln.Addr().String()
}

// conectar is the error of connecting to addr.
func conectar(t *testing.T, addr string) error {
	t.Helper()
	c, err := pgconn.Connect(context.Background(), fmt.Sprintf("postgres://u@%s/db?sslmode=disable&connect_timeout=5", addr))
	if err == nil {
		c.Close(context.Background())
		t.Fatal("se conectó")
	}
	return err
}

// TestIsUnavailable: a PostgreSQL that refuses connections, whatever its
// SQLSTATE, or that is down is unavailable (503), not a fault of the request
// (issue 36 item 17); the same SQLSTATE answered to a query by a server that
// is up is no outage.
func TestIsUnavailable(t *testing.T) {
	cerrado, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	abajo := cerrado.Addr().String()
	cerrado.Close()
	cases := []struct {
		name string
		err  func(t *testing.T) error
		want bool
	}{
		{"rehúsa con 55000", func(t *testing.T) error { return conectar(t, rehusa(t, "55000")) }, true},
		{"rehúsa con 57P03", func(t *testing.T) error { return conectar(t, rehusa(t, "57P03")) }, true},
		{"rehúsa con 53300", func(t *testing.T) error { return conectar(t, rehusa(t, "53300")) }, true},
		{"rehúsa con 28000", func(t *testing.T) error { return conectar(t, rehusa(t, "28000")) }, true},
		{"servidor caído", func(t *testing.T) error { return conectar(t, abajo) }, true},
		{"envuelto", func(t *testing.T) error {
			return fmt.Errorf("store: leer: %w", conectar(t, rehusa(t, "55000")))
		}, true},
		{"57P03 a una consulta", func(*testing.T) error { return &pgconn.PgError{Code: "57P03"} }, true},
		{"55000 a una consulta", func(*testing.T) error { return &pgconn.PgError{Code: "55000"} }, false},
		{"clave repetida", func(*testing.T) error { return &pgconn.PgError{Code: "23505"} }, false},
		{"otro error", func(*testing.T) error { return errors.New("x") }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.err(t)
			if got := sqldb.IsUnavailable(err); got != tc.want {
				t.Fatalf("IsUnavailable(%v) = %v, quería %v", err, got, tc.want)
			}
		})
	}
}
