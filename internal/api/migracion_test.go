package api

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"muelle/internal/demo"
	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// Moving an installation from SQLite to PostgreSQL (`muelle migrar`,
// store.CopiarInstalacion): the demo data and a day at the pier, made through
// the API on SQLite, copied into a migrated PostgreSQL schema.

// unDiaDeActividad is a day at the pier on top of the demo data, through the
// API: an SMTP password and a logo saved, four tickets sold, two more to a
// customer who earns points, one cancelled by its seller, one boarded into a departure that
// then sails, and the register closed. It answers the four tickets: the
// second and third are still to board.
func (e *env) unDiaDeActividad(t *testing.T) []pasajeJSON {
	t.Helper()
	e.correoActivo(1)
	e.subirLogo(e.token("admin"), "logo.png", pngDe(t, 8)).expect(t, http.StatusOK, "Logo subido exitosamente")
	e.configurarPuntos(nil)
	vendidos := e.vendidos(4)
	e.venderA("70111222", 2, "venta-puntos")
	e.do("PUT", fmt.Sprintf("/api/pasajes/%d/cancelar", vendidos[3].ID), e.token("vendedor"),
		map[string]any{"motivo": "Error de carga"}).expect(t, http.StatusOK, "")
	salida, _ := e.salidaDe(t, 10, "10:30", "")
	lancha := e.token("lancha")
	e.embarcarEn(lancha, vendidos[0].CodigoQR, salida).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
	e.do("PUT", fmt.Sprintf("/api/salidas/%d/estado", salida), lancha,
		map[string]any{"estado": domain.SalidaZarpo, "confirmar_anticipado": true}).expect(t, http.StatusOK, "")
	e.do("POST", "/api/caja/cerrar", e.token("vendedor"), map[string]any{"monto_cierre": 1000}).expect(t, http.StatusOK, "")
	// the day happened: otherwise the comparisons below would compare nothing
	for q, want := range map[string]int64{
		`SELECT COUNT(*) FROM pasajes WHERE estado = 'cancelado'`:                                   1,
		`SELECT COUNT(*) FROM salidas WHERE estado = 'zarpo'`:                                       1,
		`SELECT COUNT(*) FROM puntos_lotes WHERE puntos > 0`:                                        2,
		`SELECT COUNT(*) FROM configuracion_email WHERE activo`:                                     1,
		`SELECT COUNT(*) FROM cajas WHERE estado = 'abierta'`:                                       0,
		`SELECT COUNT(*) FROM empresa_logos WHERE empresa_id = 1`:                                   1,
		`SELECT COUNT(*) FROM pasajes WHERE estado = 'usado' AND salida_id = ` + fmt.Sprint(salida): 1,
	} {
		if got := e.count(q); got != want {
			t.Fatalf("%s: %d, se esperaba %d", q, got, want)
		}
	}
	return vendidos
}

// cifrasComparadas are queries whose answer the copy must keep: counts, sums
// of money and points, and the rows of the tickets with their instants.
var cifrasComparadas = []string{
	`SELECT COUNT(*) FROM pasajes`,
	`SELECT SUM(precio) FROM pasajes WHERE estado <> 'cancelado'`,
	`SELECT COUNT(*) FROM caja_movimientos`,
	`SELECT SUM(monto) FROM caja_movimientos`,
	`SELECT SUM(monto_cierre) FROM cajas WHERE estado = 'cerrada'`,
	`SELECT SUM(puntos) FROM puntos_movimientos`,
	`SELECT SUM(restante) FROM puntos_lotes`,
	`SELECT COUNT(*) FROM auditoria`,
	`SELECT COUNT(*) FROM eventos`,
	`SELECT COUNT(*) FROM usuarios WHERE activo`,
	`SELECT SUM(a_bordo) FROM salidas`,
	`SELECT MAX(valor) FROM secuencias`,
}

// pasajesDe lists the tickets as both engines read them, one line each:
// id, number, state, travel date, price, and the instants of sale and boarding.
func pasajesDe(t *testing.T, st *store.Store) []string {
	t.Helper()
	rows, err := st.DB().Query(`SELECT id, numero_pasaje, estado, CAST(fecha_viaje AS TEXT), precio, created_at,
		fecha_embarque, ida_y_vuelta FROM pasajes ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var (
			id, precio                 int64
			numero, estado, fechaViaje string
			creado                     time.Time
			embarcado                  sql.NullTime
			idaYVuelta                 bool
		)
		if err := rows.Scan(&id, &numero, &estado, &fechaViaje, &precio, &creado, &embarcado, &idaYVuelta); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprint(id, numero, estado, fechaViaje, precio, creado.UTC().Format(time.RFC3339Nano),
			embarcado.Time.UTC().Format(time.RFC3339Nano), idaYVuelta))
	}
	return out
}

// destinoDePrueba is a migrated PostgreSQL schema sealed with box: the
// installation key the server on it would be given.
func destinoDePrueba(t *testing.T, box store.Option) *store.Store {
	t.Helper()
	if storetest.PostgresURL() == "" {
		t.Skip("MUELLE_TEST_POSTGRES no está definido: la migración necesita PostgreSQL")
	}
	return storetest.Postgres(t, box)
}

func TestUnaInstalacionPasaDeSQLiteAPostgreSQL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clave := store.WithSecretBox(storetest.Box(t))
	destino := destinoDePrueba(t, clave)
	e := newEnv(t, storetest.SQLite(t, clave))
	vendidos := e.unDiaDeActividad(t)
	sesion := e.login("supervisor")

	inf, err := store.CopiarInstalacion(ctx, e.st, destino)
	if err != nil {
		t.Fatal(err)
	}
	// the planner knows the copied tables (ANALYZE): the tickets' estimate is theirs, not an empty table's
	if n := storetest.Int(t, destino, `SELECT CAST(reltuples AS BIGINT) FROM pg_class
		WHERE oid = to_regclass(current_schema() || '.pasajes')`); n != e.count(`SELECT COUNT(*) FROM pasajes`) {
		t.Fatalf("estadísticas de pasajes: %d filas estimadas", n)
	}
	// every table but goose's is in the verification, rows and sums equal
	tablas := storetest.Filas(t, destino)
	if len(inf.Tablas) != len(tablas)-1 || inf.Version == 0 || inf.Secretos < 4 {
		t.Fatalf("informe: %d tablas de %d, versión %d, %d secretos", len(inf.Tablas), len(tablas)-1, inf.Version, inf.Secretos)
	}
	for _, tc := range inf.Tablas {
		if tc.Origen.Filas != tc.Destino.Filas || tc.Destino.Filas != tablas[tc.Nombre] ||
			fmt.Sprint(tc.Origen.Sumas) != fmt.Sprint(tc.Destino.Sumas) {
			t.Fatalf("%s: %+v", tc.Nombre, tc)
		}
		if tc.Nombre == "cajas" && strings.Join(tc.Sumadas, ",") !=
			"monto_apertura,monto_cierre,efectivo_esperado,diferencia,total_ventas" {
			t.Fatalf("sumas de cajas: %v", tc.Sumadas)
		}
	}
	for _, q := range cifrasComparadas {
		if a, b := storetest.Int(t, e.st, q), storetest.Int(t, destino, q); a != b || a == 0 {
			t.Fatalf("%s: %d en SQLite, %d en PostgreSQL", q, a, b)
		}
	}
	if a, b := pasajesDe(t, e.st), pasajesDe(t, destino); fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("pasajes distintos:\nsqlite:   %v\npostgres: %v", a, b)
	}

	copia := envSobre(t, destino)
	copia.now = e.now
	// the demo users log in with their passwords; a session of SQLite goes on
	for _, l := range demo.Logins() {
		if _, err := copia.svc.Login(ctx, l.Usuario, demo.Password, "10.0.0.9"); err != nil {
			t.Fatalf("%s no entra en la copia: %v", l.Usuario, err)
		}
	}
	copia.do("GET", "/api/caja/estado", sesion, nil).expect(t, http.StatusOK, "")
	// the logo is the one uploaded; a ticket sold on SQLite boards (its company's signing key opened)
	var logoURL string
	if err := destino.DB().QueryRow(`SELECT logo_url FROM empresas WHERE id = 1`).Scan(&logoURL); err != nil {
		t.Fatal(err)
	}
	if r := copia.do("GET", logoURL, "", nil); r.Status != http.StatusOK || !bytes.Equal(r.Body, pngDe(t, 8)) {
		t.Fatalf("logo: %d, %d bytes", r.Status, len(r.Body))
	}
	copia.validarQR(copia.token("lancha"), vendidos[1].CodigoQR).expect(t, http.StatusOK, domain.MsgEmbarqueValidado)
	cfg, _, err := destino.ConfiguracionEmail(ctx, 1)
	if err != nil || cfg.Password != "secreta" {
		t.Fatalf("contraseña SMTP: %q %v", cfg.Password, err)
	}

	// a new sale takes the next number and ids after the copied ones
	ultimo := storetest.Int(t, e.st, `SELECT valor FROM secuencias WHERE empresa_id = 1 AND nombre = 'pasajes'`)
	maxPasaje := storetest.Int(t, e.st, `SELECT MAX(id) FROM pasajes`)
	maxMovimiento := storetest.Int(t, e.st, `SELECT MAX(id) FROM caja_movimientos`)
	nuevo := copia.vendidos(1)[0]
	if !strings.HasSuffix(nuevo.NumeroPasaje, fmt.Sprintf("-%06d", ultimo+1)) || nuevo.ID != maxPasaje+1 {
		t.Fatalf("venta en la copia: %s id %d (último número %d, último id %d)", nuevo.NumeroPasaje, nuevo.ID, ultimo, maxPasaje)
	}
	if n := copia.count(`SELECT COUNT(*) FROM caja_movimientos WHERE id > ?`, maxMovimiento); n < 1 {
		t.Fatal("la venta no tomó un movimiento nuevo")
	}

	// a second run finds data and changes nothing
	antes := storetest.Filas(t, destino)
	_, err = store.CopiarInstalacion(ctx, e.st, destino)
	if !errors.Is(err, store.ErrDestinoConDatos) || !strings.Contains(err.Error(), "la migración solo copia en una base vacía") {
		t.Fatalf("segunda copia: %v", err)
	}
	if despues := storetest.Filas(t, destino); fmt.Sprint(antes) != fmt.Sprint(despues) {
		t.Fatalf("la segunda copia cambió el destino:\nantes:   %v\ndespués: %v", antes, despues)
	}
}

func TestUnaMigracionQueFallaNoDejaNadaEnPostgreSQL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clave := store.WithSecretBox(storetest.Box(t))
	destino := destinoDePrueba(t, clave)
	e := newEnv(t, storetest.SQLite(t, clave))
	e.unDiaDeActividad(t)
	vacio := storetest.Filas(t, destino) // as migrated: the module catalogue and the built-in roles
	// a constraint the last ticket breaks: the copy fails after copying
	// companies, users, registers and movements in its transaction
	ultimo := storetest.Int(t, e.st, `SELECT MAX(id) FROM pasajes`)
	if _, err := destino.DB().Exec(fmt.Sprintf(`ALTER TABLE pasajes ADD CONSTRAINT prueba_falla CHECK (id < %d)`, ultimo)); err != nil {
		t.Fatal(err)
	}
	_, err := store.CopiarInstalacion(ctx, e.st, destino)
	if err == nil || !strings.Contains(err.Error(), "no se pudo copiar la tabla pasajes") {
		t.Fatalf("la copia no falló en pasajes: %v", err)
	}
	if despues := storetest.Filas(t, destino); fmt.Sprint(vacio) != fmt.Sprint(despues) {
		t.Fatalf("la copia fallida dejó filas:\nantes:   %v\ndespués: %v", vacio, despues)
	}
	if vacio["modulos"] == 0 || vacio["roles"] == 0 || vacio["empresas"] != 0 {
		t.Fatalf("el destino no estaba como recién migrado: %v", vacio)
	}
	// nothing half-written is in the way: without the constraint it copies
	if _, err := destino.DB().Exec(`ALTER TABLE pasajes DROP CONSTRAINT prueba_falla`); err != nil {
		t.Fatal(err)
	}
	if _, err := store.CopiarInstalacion(ctx, e.st, destino); err != nil {
		t.Fatal(err)
	}
}
