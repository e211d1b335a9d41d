package bench

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"muelle/internal/api"
	"muelle/internal/auth"
	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/secretbox"
	"muelle/internal/store"
)

// usuario is a seeded seller or crew member with its token.
type usuario struct {
	actor store.Actor
	token string
}

// Entorno is a seeded database behind the real HTTP server, listening on the
// loopback, and the clients that drive it.
type Entorno struct {
	St         *store.Store
	auth       *auth.Service
	url        string
	srv        *http.Server
	cliente    *http.Client
	vendedores []usuario
	escaneres  []usuario
	venta      store.Venta // what every sale sells (the lines vary)
	cerrar     []func()
}

// Abrir opens dbURL ("sqlite:" in a temporary directory, or a PostgreSQL URL
// on which it creates a schema of its own), seeds the demo company with
// vendedores sellers (each with its register open) and escaneres crew
// members, and starts the server on 127.0.0.1 with the production limits;
// opciones adjust the store (its pool).
func Abrir(ctx context.Context, dbURL string, vendedores, escaneres int, opciones ...store.Option) (*Entorno, error) {
	e := &Entorno{}
	url, err := e.base(dbURL)
	if err != nil {
		return nil, err
	}
	box, err := secretbox.New(secretbox.NewKey())
	if err != nil {
		return nil, err
	}
	if e.St, err = store.Open(url, append(opciones, store.WithSecretBox(box))...); err != nil {
		e.Cerrar()
		return nil, err
	}
	e.cerrar = append(e.cerrar, func() { e.St.Close() })
	if err := e.sembrar(ctx, vendedores, escaneres); err != nil {
		e.Cerrar()
		return nil, err
	}
	if err := e.servir(ctx); err != nil {
		e.Cerrar()
		return nil, err
	}
	return e, nil
}

// base prepares an empty database: a temporary file, or a new PostgreSQL
// schema dropped on Cerrar.
func (e *Entorno) base(dbURL string) (string, error) {
	if dbURL == "sqlite:" {
		dir, err := os.MkdirTemp("", "muellebench")
		if err != nil {
			return "", err
		}
		e.cerrar = append(e.cerrar, func() { os.RemoveAll(dir) })
		return "sqlite:" + filepath.Join(dir, "muelle.db"), nil
	}
	admin, err := sql.Open("pgx", dbURL)
	if err != nil {
		return "", err
	}
	schema := fmt.Sprintf("bench_%d_%d", os.Getpid(), time.Now().UnixNano())
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		admin.Close()
		return "", fmt.Errorf("crear esquema: %w", err)
	}
	e.cerrar = append(e.cerrar, func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	})
	sep := "?"
	if strings.Contains(dbURL, "?") {
		sep = "&"
	}
	return dbURL + sep + "search_path=" + schema, nil
}

// sembrar migrates, loads the demo data and adds the sellers and crew.
func (e *Entorno) sembrar(ctx context.Context, vendedores, escaneres int) error {
	if err := e.St.Migrate(ctx); err != nil {
		return err
	}
	if err := e.St.EnsureRolesIntegrados(ctx); err != nil {
		return err
	}
	h := auth.Hasher{Cost: bcrypt.MinCost}
	if err := demo.Seed(ctx, e.St, h); err != nil {
		return err
	}
	var err error
	if e.auth, err = auth.NewService(ctx, e.St, 8*time.Hour, bcrypt.MinCost); err != nil {
		return err
	}
	jefe, _, err := e.St.UsuarioPorNombre(ctx, "vendedor")
	if err != nil {
		return err
	}
	for i := range vendedores {
		u, err := e.usuario(ctx, jefe.EmpresaID, domain.RolVendedor, fmt.Sprintf("bench_vendedor_%03d", i))
		if err != nil {
			return err
		}
		if _, err := e.St.AbrirCaja(ctx, u.actor, 0, ""); err != nil {
			return err
		}
		e.vendedores = append(e.vendedores, u)
	}
	for i := range escaneres {
		u, err := e.usuario(ctx, jefe.EmpresaID, domain.RolLancha, fmt.Sprintf("bench_lancha_%03d", i))
		if err != nil {
			return err
		}
		e.escaneres = append(e.escaneres, u)
	}
	return e.catalogo(ctx, jefe.EmpresaID)
}

// usuario creates an active user of the company and issues its token.
func (e *Entorno) usuario(ctx context.Context, empresaID int64, rol, nombre string) (usuario, error) {
	if _, err := e.St.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: empresaID, Rol: rol, NombreUsuario: nombre,
		Nombre: "Bench", PasswordHash: "-", Activo: true}); err != nil {
		return usuario{}, err
	}
	u, _, err := e.St.UsuarioPorNombre(ctx, nombre)
	if err != nil {
		return usuario{}, err
	}
	tok, _, err := e.auth.Tokens.Issue(auth.ClaimsFor(u), e.St.Now())
	if err != nil {
		return usuario{}, err
	}
	return usuario{actor: store.Actor{UsuarioID: u.ID, EmpresaID: empresaID, IP: "127.0.0.1"}, token: tok}, nil
}

// catalogo picks the section (its seat limit lifted), payment method and
// trip type every sale uses.
func (e *Entorno) catalogo(ctx context.Context, empresaID int64) error {
	primero := func(cat domain.Catalogo) (int64, error) {
		items, err := e.St.ListarCatalogo(ctx, empresaID, cat, true)
		if err != nil || len(items) == 0 {
			return 0, errors.Join(err, errors.New("catálogo vacío"))
		}
		return items[0].ID, nil
	}
	var err error
	var tipo int64
	if e.venta.SeccionID, err = primero(domain.CatSecciones); err != nil {
		return err
	}
	// the load sells thousands of tickets for today: a section without a seat limit (no oversale refusals)
	if _, err = e.St.DB().ExecContext(ctx, e.St.Rebind(`UPDATE secciones SET capacidad = 0 WHERE id = ?`), e.venta.SeccionID); err != nil {
		return err
	}
	if e.venta.MedioPagoID, err = primero(domain.CatMediosPago); err != nil {
		return err
	}
	if tipo, err = primero(domain.CatTiposViaje); err != nil {
		return err
	}
	hoy, err := e.St.Hoy(ctx, empresaID)
	e.venta.FechaViaje, e.venta.ClienteNombre = hoy.Fecha, "Pasajero de prueba"
	e.venta.Lineas = []domain.LineaVenta{{TipoViajeID: tipo, Cantidad: 1}}
	return err
}

// servir starts the API on a loopback port with the limits and timeouts of
// `muelle serve` (requests are logged, to nowhere).
func (e *Entorno) servir(ctx context.Context) error {
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	app := &api.Server{Store: e.St, Auth: e.auth, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Limits: api.Limits{MaxConcurrent: 256, Wait: 2 * time.Second}}
	e.srv = &http.Server{Handler: app.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
	go e.srv.Serve(ln) //nolint:errcheck // ends with ErrServerClosed on Cerrar
	e.cerrar = append(e.cerrar, func() { e.srv.Close() })
	e.url = "http://" + ln.Addr().String()
	e.cliente = &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConns: 512,
		MaxIdleConnsPerHost: 512, IdleConnTimeout: time.Minute}}
	return nil
}

// Cerrar stops the server and drops what Abrir created.
func (e *Entorno) Cerrar() {
	for i := len(e.cerrar) - 1; i >= 0; i-- {
		e.cerrar[i]()
	}
	e.cerrar = nil
}

// Analizar refreshes the planner's statistics after the seeding, as
// autovacuum does over a real day's slower growth: a plan chosen over the
// empty tables' statistics would read the whole ticket table on each boarding.
func (e *Entorno) Analizar(ctx context.Context) error {
	if e.St.Dialect() != "postgres" {
		return nil
	}
	_, err := e.St.DB().ExecContext(ctx, `ANALYZE`)
	return err
}
