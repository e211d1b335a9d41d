package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// cerrojoEsquema is the first key of the PostgreSQL advisory lock that start-up
// schema changes take; the second is the hash of the schema, so that the
// schemas of one database (one per test) do not wait for each other.
const cerrojoEsquema = 0x4d75656c // "Muel"

// WithSchemaLock runs fn holding the schema lock of the database. Every schema
// change at start-up (our migrations, whatsmeow's upgrade) runs under it, so
// instances started together on one PostgreSQL database change the schema one
// at a time. On PostgreSQL it is a session advisory lock on a connection of its
// own, outside the pool (fn may use the whole pool), released when that
// connection closes; SQLite has one process and needs none.
func (s *Store) WithSchemaLock(ctx context.Context, fn func(ctx context.Context) error) error {
	if s.url == "" {
		return fn(ctx)
	}
	pg, err := pgx.Connect(ctx, s.url)
	if err != nil {
		return fmt.Errorf("store: conectar para el cerrojo del esquema: %w", err)
	}
	defer pg.Close(context.Background())
	if _, err := pg.Exec(ctx, `SELECT pg_advisory_lock($1, hashtext(current_schema()))`, cerrojoEsquema); err != nil {
		return fmt.Errorf("store: tomar el cerrojo del esquema: %w", err)
	}
	return fn(ctx)
}
