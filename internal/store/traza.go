package store

import "database/sql"

// Sentencia is a statement the store ran: its SQL as sent to the engine
// (placeholders rebound), its arguments, and the transaction it ran in (0:
// none; each transaction has a number of its own).
type Sentencia struct {
	SQL         string
	Args        []any
	Transaccion int64
}

// Trazar shows every statement the store runs to fn (nil stops it). It is for
// tests and the benchmark: set it while no request runs, fn must be safe for
// concurrent use, and it sees the arguments, secrets included.
func (s *Store) Trazar(fn func(Sentencia)) {
	if fn == nil {
		s.traza.Store(nil)
		return
	}
	s.traza.Store(&fn)
}

// trazador is the statement hook in force, or nil.
func (s *Store) trazador() func(Sentencia) {
	if fn := s.traza.Load(); fn != nil {
		return *fn
	}
	return nil
}

// Lector is the pool the plain reads go to: its own on SQLite, the same as
// DB on PostgreSQL.
func (s *Store) Lector() *sql.DB { return s.read }
