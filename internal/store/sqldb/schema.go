package sqldb

import (
	"context"
	"fmt"
	"io/fs"

	"github.com/jackc/pgx/v5"
	"github.com/pressly/goose/v3"
)

// schemaLockKey is the first key of the PostgreSQL advisory lock that
// start-up schema changes take; the second is the hash of the schema, so that
// the schemas of one database (one per test) do not wait for each other.
const schemaLockKey = 0x4d75656c // "Muel"

// WithSchemaLock runs fn holding the schema lock of the database. Every schema
// change at start-up (our migrations, whatsmeow's upgrade) runs under it, so
// instances started together on one PostgreSQL database change the schema one
// at a time. On PostgreSQL it is a session advisory lock on a connection of its
// own, outside the pool (fn may use the whole pool), released when that
// connection closes; SQLite has one process and needs none.
func (db *DB) WithSchemaLock(ctx context.Context, fn func(ctx context.Context) error) error {
	if db.url == "" {
		return fn(ctx)
	}
	pg, err := pgx.Connect(ctx, db.url)
	if err != nil {
		return fmt.Errorf("store: conectar para el cerrojo del esquema: %w", err)
	}
	defer pg.Close(context.Background())
	if _, err := pg.Exec(ctx, `SELECT pg_advisory_lock($1, hashtext(current_schema()))`, schemaLockKey); err != nil {
		return fmt.Errorf("store: tomar el cerrojo del esquema: %w", err)
	}
	return fn(ctx)
}

// Migrate applies every pending migration of migrations, a directory per
// dialect (migrations/sqlite, migrations/postgres), under the schema lock.
func (db *DB) Migrate(ctx context.Context, migrations fs.FS) error {
	return db.WithSchemaLock(ctx, func(ctx context.Context) error {
		sub, err := fs.Sub(migrations, "migrations/"+db.dialect.Name())
		if err != nil {
			return err
		}
		gooseDialect := goose.DialectSQLite3
		if db.dialect.Postgres() {
			gooseDialect = goose.DialectPostgres
		}
		p, err := goose.NewProvider(gooseDialect, db.writer, sub)
		if err != nil {
			return fmt.Errorf("store: preparar migraciones: %w", err)
		}
		if _, err := p.Up(ctx); err != nil {
			return fmt.Errorf("store: aplicar migraciones: %w", err)
		}
		return nil
	})
}
