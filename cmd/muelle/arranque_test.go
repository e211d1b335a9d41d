package main

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"sync"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/secretbox"
	"muelle/internal/store/storetest"
	"muelle/internal/whatsapp"
)

// Three instances started at the same moment on a fresh PostgreSQL database
// all come up: each one's schema changes (our migrations, whatsmeow's upgrade)
// wait for the others' under the schema lock, and each is applied once.
func TestThreeInstancesStartTogetherOnAFreshDatabase(t *testing.T) {
	url := storetest.PostgresSchema(t)
	t.Setenv("MUELLE_SECRET_KEY", secretbox.EncodeKey(secretbox.NewKey()))
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	salida := make(chan struct{})
	errs := make([]error, 3)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() {
			<-salida
			errs[i] = arrancar(context.Background(), url, log)
		})
	}
	close(salida)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("instancia %d: %v", i+1, err)
		}
	}
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for q, want := range map[string]int{
		`SELECT COUNT(*) - COUNT(DISTINCT version_id) FROM goose_db_version`: 0,
		`SELECT COUNT(*) FROM whatsmeow_version`:                             1,
		`SELECT COUNT(*) FROM roles WHERE empresa_id IS NULL`:                len(domain.RolesIntegrados),
	} {
		var got int
		if err := db.QueryRow(q).Scan(&got); err != nil || got != want {
			t.Errorf("%s: %d (esperaba %d) %v", q, got, want, err)
		}
	}
}

// arrancar is what `muelle serve` does to the schema as it starts: open and
// migrate the database, then open whatsmeow's device store.
func arrancar(ctx context.Context, url string, log *slog.Logger) error {
	st, err := openDB(ctx, url)
	if err != nil {
		return err
	}
	defer st.Close()
	_, err = whatsapp.AbrirDispositivos(ctx, st, st.SecretBox(), log)
	return err
}
