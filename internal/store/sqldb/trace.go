package sqldb

// Statement is a statement the DB ran: its SQL as sent to the engine
// (placeholders rebound), its arguments, and the transaction it ran in (0:
// none; each transaction has a number of its own).
type Statement struct {
	SQL  string
	Args []any
	Tx   int64
}

// Trace shows every statement run through a Conn to fn (nil stops it). It is
// for tests and the benchmark: set it while no request runs, fn must be safe
// for concurrent use, and it sees the arguments, secrets included.
func (db *DB) Trace(fn func(Statement)) {
	if fn == nil {
		db.trace.Store(nil)
		return
	}
	db.trace.Store(&fn)
}

// tracer is the statement hook in force, or nil.
func (db *DB) tracer() func(Statement) {
	if fn := db.trace.Load(); fn != nil {
		return *fn
	}
	return nil
}
