package api

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// unprivileged runs the calling test in a child process as the user nobody
// when the suite runs as root (root writes read-only files anyway). It
// reports whether the caller should go on in this process.
func unprivileged(t *testing.T) bool {
	t.Helper()
	if os.Getuid() != 0 {
		return true
	}
	dir := t.TempDir()
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "api.test")
	b, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run", "^"+t.Name()+"$", "-test.count=1")
	cmd.Dir = dir
	cmd.Env = []string{"TMPDIR=/tmp", "PATH=" + os.Getenv("PATH")}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "PASS") {
		t.Fatalf("como nobody: %v\n%s", err, out)
	}
	return false
}

func TestAReadOnlyDatabaseAnswers503AndTheServerRecoversByItself(t *testing.T) {
	if !unprivileged(t) {
		return
	}
	st := storetest.SQLite(t)
	e := newEnv(t, st)
	path := sqlitePath(t, st)
	tok := e.token("vendedor")
	cajas := e.count(`SELECT COUNT(*) FROM cajas`)
	// the pool holds no connection opened before the file turned read-only
	st.DropIdleConns()
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	e.abrir(tok, 1000).expect(t, http.StatusServiceUnavailable, domain.MsgBaseNoDisponible)
	e.do("GET", "/api/health", "", nil).expect(t, http.StatusServiceUnavailable, domain.MsgBaseNoDisponible)
	e.do("GET", "/api/caja/estado", tok, nil).expect(t, http.StatusOK, "") // reads still work

	// the operator makes the database writable again (SQLite created its
	// shared-memory file read-only meanwhile)
	files, _ := filepath.Glob(path + "*")
	for _, f := range files {
		if err := os.Chmod(f, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e.do("GET", "/api/health", "", nil).expect(t, http.StatusOK, "")
	e.abrir(tok, 1000).expect(t, http.StatusCreated, "")
	if got := e.count(`SELECT COUNT(*) FROM cajas`); got != cajas+1 {
		t.Fatalf("cajas = %d, esperaba %d", got, cajas+1)
	}
}

// sqlitePath is the file of a SQLite store.
func sqlitePath(t *testing.T, st *store.Store) string {
	t.Helper()
	var seq int
	var name, file string
	if err := st.DB().QueryRow(`PRAGMA database_list`).Scan(&seq, &name, &file); err != nil {
		t.Fatal(err)
	}
	return file
}

func TestAReadOnlyPostgreSQLTransactionIsUnavailable(t *testing.T) {
	if storetest.PostgresURL() == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido")
	}
	st := storetest.Postgres(t)
	tx, err := st.DB().Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`SET TRANSACTION READ ONLY`); err != nil {
		t.Fatal(err)
	}
	_, err = tx.Exec(`INSERT INTO salud (id, comprobado_en) VALUES (1, now())`)
	if !store.IsUnavailable(err) {
		t.Fatalf("una escritura en una transacción de solo lectura no se reconoce como no disponible: %v", err)
	}
}

// Many concurrent clients on a tiny pool all get an answer: requests wait
// for a connection instead of failing, and SQLite writers queue in the process.
func TestManyConcurrentClientsOnASmallPoolAreAllAnswered(t *testing.T) {
	t.Parallel()
	stores := map[string]func(testing.TB, ...store.Option) *store.Store{"sqlite": storetest.SQLite}
	if storetest.PostgresURL() != "" {
		stores["postgres"] = storetest.Postgres
	}
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, open(t, store.WithMaxConns(2)))
			tok := e.token("admin")
			var (
				wg     sync.WaitGroup
				mu     sync.Mutex
				status = map[int]int{}
			)
			for i := 0; i < 300; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					code := e.quiet("GET", "/api/config/secciones", tok, "", "127.0.0.9")
					if i%5 == 0 { // a write: a failed login is a transaction (one address each, none locked)
						code = e.quiet("POST", "/api/auth/login", "", `{"nombre_usuario":"nadie","password":"x"}`,
							fmt.Sprintf("10.0.%d.%d", i/256, i%256))
					}
					mu.Lock()
					status[code]++
					mu.Unlock()
				}()
			}
			wg.Wait()
			if status[http.StatusOK] != 240 || status[http.StatusUnauthorized] != 60 {
				t.Fatalf("respuestas por estado: %v", status)
			}
		})
	}
}

// quiet sends a request from any goroutine and returns only the status.
func (e *env) quiet(method, path, token, body, ip string) int {
	req, _ := http.NewRequest(method, path, strings.NewReader(body))
	req.RemoteAddr = ip + ":1"
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := &statusOnly{header: http.Header{}}
	e.srv.Handler().ServeHTTP(rec, req)
	return rec.code
}

type statusOnly struct {
	header http.Header
	code   int
}

func (s *statusOnly) Header() http.Header { return s.header }
func (s *statusOnly) Write(b []byte) (int, error) {
	if s.code == 0 {
		s.code = http.StatusOK
	}
	return io.Discard.Write(b)
}
func (s *statusOnly) WriteHeader(code int) { s.code = code }

// A pooled PostgreSQL connection whose server turned read-only (here its
// session, as after a failover to a standby) is dropped instead of reused.
func TestAPostgreSQLConnectionThatTurnedReadOnlyIsNotReused(t *testing.T) {
	if storetest.PostgresURL() == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido")
	}
	e := newEnv(t, storetest.Postgres(t, store.WithMaxConns(1)))
	if _, err := e.st.DB().Exec(`SET default_transaction_read_only = on`); err != nil {
		t.Fatal(err)
	}
	e.abrir(e.token("vendedor"), 1000).expect(t, http.StatusCreated, "")
	e.do("GET", "/api/health", "", nil).expect(t, http.StatusOK, "")
}
