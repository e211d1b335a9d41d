// Package pubsub tells every instance of Muelle on one PostgreSQL database
// about the events the others committed: a Notifier announces their ids with
// NOTIFY, after the commit and in batches, and a Listener holds a connection
// of its own that LISTENs for them, reads the announced events and hands them
// on, reconnecting and catching up when the connection drops.
//
// Only ids travel (comma-separated, under PostgreSQL's 8000-byte payload
// limit): the events themselves are stored by the transaction that caused
// them, and the listener reads them back.
//
// The ids are announced after the commit, not in the transaction that stored
// them: a transaction that NOTIFYs takes a database-wide lock at commit and
// keeps it through the commit's WAL flush, so every sale and boarding would
// commit one at a time. After the commit the ids join a queue that one
// goroutine drains, one pg_notify for everything queued meanwhile, in a
// transaction of its own that writes no WAL.
//
// A process that dies between a commit and its announcement leaves those
// events stored but unannounced: the sockets that reconnect read them (they
// resume from the last id they saw), the live ones miss them. A failed
// announcement is not retried: the database was unreachable, so the
// listening connections drop too and catch up with what was stored meanwhile.
package pubsub

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxPayload bounds the payload of one NOTIFY (PostgreSQL's limit is 8000 bytes).
const MaxPayload = 7000

// Payloads are the NOTIFY payloads of a list of event ids, comma-separated,
// each under MaxPayload bytes.
func Payloads(ids []int64) []string {
	var (
		out     []string
		current strings.Builder
	)
	for _, n := range ids {
		id := strconv.FormatInt(n, 10)
		if current.Len()+len(id)+1 > MaxPayload {
			out = append(out, current.String())
			current.Reset()
		}
		if current.Len() > 0 {
			current.WriteByte(',')
		}
		current.WriteString(id)
	}
	return append(out, current.String())
}

// ParseIDs reads the event ids of a NOTIFY payload.
func ParseIDs(payload string) ([]int64, error) {
	parts := strings.Split(payload, ",")
	ids := make([]int64, 0, len(parts))
	for _, p := range parts {
		id, err := strconv.ParseInt(p, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("store: aviso de eventos inválido %q", payload)
		}
		ids = append(ids, id)
	}
	return ids, nil
}
