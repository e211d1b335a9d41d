package store_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// ahora is the tests' clock: 12:00 in Buenos Aires, business day 2026-11-20.
var ahora = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

const (
	hoy    = "2026-11-20"
	manana = "2026-11-21"
)

// empresaDePrueba is a company with one seller, two sections, two trip types,
// cash and card, and every price set; events go to rec.
type empresaDePrueba struct {
	st                *store.Store
	rec               *events.Recorder
	empresaID         int64
	vendedor          store.Actor
	norte, sur        int64 // sections
	general, jubilado int64 // trip types
	efectivo, tarjeta int64 // payment methods
}

// nuevaEmpresa seeds a company named nombre in st with a seller called usuario.
func nuevaEmpresa(t *testing.T, st *store.Store, nombre, usuario string) *empresaDePrueba {
	t.Helper()
	e := empresaConVendedor(t, st, nombre, usuario)
	e.norte = e.item(t, domain.CatSecciones, "Norte")
	e.sur = e.item(t, domain.CatSecciones, "Sur")
	e.general = e.item(t, domain.CatTiposViaje, "General")
	e.jubilado = e.item(t, domain.CatTiposViaje, "Jubilado")
	e.efectivo = e.item(t, domain.CatMediosPago, "Efectivo")
	e.tarjeta = e.item(t, domain.CatMediosPago, "Tarjeta")
	err := e.guardarPrecios(
		store.Precio{SeccionID: e.norte, TipoViajeID: e.general, Precio: 150000},
		store.Precio{SeccionID: e.norte, TipoViajeID: e.jubilado, Precio: 75000},
		store.Precio{SeccionID: e.sur, TipoViajeID: e.general, Precio: 200000},
		store.Precio{SeccionID: e.sur, TipoViajeID: e.jubilado, Precio: 100000},
	)
	if err != nil {
		t.Fatal(err)
	}
	toleranciaAmplia(t, st, e.empresaID)
	return e
}

// toleranciaAmplia sets a company's close tolerance to the maximum: the tests
// that close with a difference close at once; the blind-close tests set their own.
func toleranciaAmplia(t testing.TB, st *store.Store, empresaID int64) {
	t.Helper()
	_, err := st.GuardarConfiguracion(context.Background(), store.Actor{EmpresaID: empresaID}, empresaID,
		store.Configuracion{Clave: domain.ClaveToleranciaCierre, Valor: "10000000000", Descripcion: "Tolerancia de las pruebas"})
	if err != nil {
		t.Fatal(err)
	}
}

// empresaConVendedor seeds a company named nombre in st with a seller called
// usuario and nothing else: no catalog, so no audited write.
func empresaConVendedor(t *testing.T, st *store.Store, nombre, usuario string) *empresaDePrueba {
	t.Helper()
	ctx := context.Background()
	st.Now = func() time.Time { return ahora }
	e := &empresaDePrueba{st: st, rec: &events.Recorder{}}
	local := &events.Local{}
	local.Subscribe(e.rec.Record)
	st.Events = local
	var err error
	if e.empresaID, err = st.EnsureEmpresa(ctx, store.Empresa{Nombre: nombre}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.EnsureUsuario(ctx, store.NuevoUsuario{EmpresaID: e.empresaID, Rol: domain.RolVendedor,
		NombreUsuario: usuario, Nombre: "Ana", Apellido: "Paz", PasswordHash: "x", Activo: true}); err != nil {
		t.Fatal(err)
	}
	u, _, err := st.UsuarioPorNombre(ctx, usuario)
	if err != nil {
		t.Fatal(err)
	}
	e.vendedor = store.Actor{UsuarioID: u.ID, EmpresaID: e.empresaID, IP: "10.0.0.1"}
	return e
}

// item adds an active catalog entry and returns its id.
func (e *empresaDePrueba) item(t *testing.T, cat domain.Catalogo, nombre string) int64 {
	t.Helper()
	it, err := e.st.CrearItem(context.Background(), e.admin(), cat, domain.ItemCatalogo{Nombre: nombre, Activo: true,
		Capacidad: new(int64(40))})
	if err != nil {
		t.Fatal(err)
	}
	return it.ID
}

// admin is a writer of the company's configuration (catalogs, prices) with no
// user of its own: the store does not check permissions, the API does.
func (e *empresaDePrueba) admin() store.Actor { return store.Actor{EmpresaID: e.empresaID} }

// guardarPrecios sets prices and returns only the error.
func (e *empresaDePrueba) guardarPrecios(precios ...store.Precio) error {
	_, err := e.st.GuardarPrecios(context.Background(), e.admin(), precios)
	return err
}

// abrir opens the seller's register with monto.
func (e *empresaDePrueba) abrir(t *testing.T, monto domain.Centavos) store.Caja {
	t.Helper()
	caja, err := e.st.AbrirCaja(context.Background(), e.vendedor, monto, "")
	if err != nil {
		t.Fatal(err)
	}
	return caja
}

// venta is a sale of n general tickets of section seccion for fecha, paid with medio.
func (e *empresaDePrueba) venta(seccion, medio int64, fecha string, n int) store.Venta {
	return store.Venta{SeccionID: seccion, MedioPagoID: medio, FechaViaje: fecha, ClienteNombre: "Juan Pérez",
		Lineas: []domain.LineaVenta{{TipoViajeID: e.general, Cantidad: n}}}
}

// vender sells v and fails the test on error.
func (e *empresaDePrueba) vender(t *testing.T, v store.Venta) []store.Pasaje {
	t.Helper()
	ps, err := e.st.Vender(context.Background(), e.vendedor, v)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// eachEmpresa runs fn once per database with a fresh seeded company, in
// parallel with the other tests that do (each has databases of its own).
func eachEmpresa(t *testing.T, fn func(t *testing.T, e *empresaDePrueba)) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		fn(t, nuevaEmpresa(t, st, "Lanchas del Delta", "ana"))
	})
}

// wantError fails unless err is the business error of kind with message msg.
func wantError(t *testing.T, err error, kind domain.Kind, msg string) {
	t.Helper()
	e, ok := domain.AsError(err)
	if !ok || e.Kind != kind || e.Message != msg {
		t.Fatalf("error = %v, se esperaba %q (tipo %d)", err, msg, kind)
	}
}

// mapear applies f to every element of xs (an empty slice, never nil).
func mapear[T, U any](xs []T, f func(T) U) []U {
	out := []U{}
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// nombres lists the names of a set of events.
func nombres(evs []events.Event) []string {
	return mapear(evs, func(ev events.Event) string { return ev.Nombre })
}

// jsonOf is v as JSON, to compare results the way clients see them.
func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// deltaYTokio are two companies whose business days differ: one in Buenos
// Aires (the default zone), one in Tokyo.
func deltaYTokio(t *testing.T, st *store.Store) (delta, tokio *empresaDePrueba) {
	t.Helper()
	delta = nuevaEmpresa(t, st, "Lanchas del Delta", "ana")
	tokio = nuevaEmpresa(t, st, "Lanchas de Tokio", "kenji")
	if _, err := st.DB().Exec(st.Rebind(`UPDATE empresas SET timezone = ? WHERE id = ?`), "Asia/Tokyo", tokio.empresaID); err != nil {
		t.Fatal(err)
	}
	return delta, tokio
}
