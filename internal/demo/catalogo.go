package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

func capacidad(n int64) *int64 { return &n }

// seccion is a demo section and the General fare in pesos.
type seccion struct {
	item    domain.ItemCatalogo
	general int64
}

var secciones = []seccion{
	{domain.ItemCatalogo{Nombre: "Tigre – Tres Bocas", Descripcion: "Estación Fluvial de Tigre a Tres Bocas por el río Tigre y el Sarmiento", Capacidad: capacidad(60)}, 4500},
	{domain.ItemCatalogo{Nombre: "Tigre – Arroyo Abra Vieja", Descripcion: "Muelles del Abra Vieja y Espera, recreos y casas isleñas", Capacidad: capacidad(55)}, 6200},
	{domain.ItemCatalogo{Nombre: "Tigre – Río Capitán", Descripcion: "Río Capitán hasta el Arroyo Felicaria", Capacidad: capacidad(50)}, 7800},
	{domain.ItemCatalogo{Nombre: "Tigre – Río San Antonio", Descripcion: "San Antonio y Arroyo Gelves, escuelas y almacenes isleños", Capacidad: capacidad(45)}, 8900},
	{domain.ItemCatalogo{Nombre: "Tigre – Paraná de las Palmas", Descripcion: "Tercera sección: Paraná de las Palmas y Arroyo Las Cañas", Capacidad: capacidad(40)}, 12500},
}

// porcentajes are each trip type's share of the General fare (percent); the
// trip types and payment methods are those every new company starts with.
var porcentajes = map[string]int64{"General": 100, "Jubilado": 50, "Estudiante": 60, "Menor": 50,
	"Residente isleño": 40}

// ensureItems creates the catalog entries that are missing and returns the ids by name.
func ensureItems(ctx context.Context, st *store.Store, empresaID int64, cat domain.Catalogo, items []domain.ItemCatalogo) (map[string]int64, error) {
	existing, err := st.ListarCatalogo(ctx, empresaID, cat, false)
	if err != nil {
		return nil, err
	}
	ids := map[string]int64{}
	for _, it := range existing {
		ids[it.Nombre] = it.ID
	}
	for _, it := range items {
		if _, ok := ids[it.Nombre]; ok {
			continue
		}
		it.Activo = true
		created, err := st.CrearItem(ctx, store.Actor{EmpresaID: empresaID}, cat, it)
		if err != nil {
			return nil, err
		}
		ids[it.Nombre] = created.ID
	}
	return ids, nil
}

// catalogo is a company's seeded catalog ids.
type catalogo struct {
	secciones, tipos, medios map[string]int64
}

func seedCatalogo(ctx context.Context, st *store.Store, empresaID int64) (catalogo, error) {
	var (
		c   catalogo
		err error
	)
	items := make([]domain.ItemCatalogo, len(secciones))
	for i, s := range secciones {
		items[i] = s.item
	}
	if c.secciones, err = ensureItems(ctx, st, empresaID, domain.CatSecciones, items); err != nil {
		return c, err
	}
	if c.tipos, err = ensureItems(ctx, st, empresaID, domain.CatTiposViaje, domain.TiposViajeIniciales()); err != nil {
		return c, err
	}
	if c.medios, err = ensureItems(ctx, st, empresaID, domain.CatMediosPago, domain.MediosPagoIniciales()); err != nil {
		return c, err
	}
	return c, seedPrecios(ctx, st, empresaID, c)
}

// seedPrecios sets a price for every section × trip type that has none.
func seedPrecios(ctx context.Context, st *store.Store, empresaID int64, c catalogo) error {
	existing, err := st.ListarPrecios(ctx, empresaID)
	if err != nil {
		return err
	}
	have := map[[2]int64]bool{}
	for _, p := range existing {
		have[[2]int64{p.SeccionID, p.TipoViajeID}] = true
	}
	var nuevos []store.Precio
	for _, s := range secciones {
		for _, t := range domain.TiposViajeIniciales() {
			sid, tid := c.secciones[s.item.Nombre], c.tipos[t.Nombre]
			if have[[2]int64{sid, tid}] {
				continue
			}
			pesos := s.general * porcentajes[t.Nombre] / 100
			nuevos = append(nuevos, store.Precio{SeccionID: sid, TipoViajeID: tid, Precio: domain.Centavos(pesos * 100)})
		}
	}
	if len(nuevos) == 0 {
		return nil
	}
	_, err = st.GuardarPrecios(ctx, store.Actor{EmpresaID: empresaID}, nuevos)
	return err
}

var clientes = []string{"María González", "Juan Pérez", "Ana Rodríguez", "Carlos López", "Sofía Fernández",
	"Pedro Martínez", "Laura Gómez", "Jorge Díaz", "", "", ""}

// seedHistorial replays a few past business days of one seller: the register
// opens in the morning, sales happen, one expense, and it closes in the evening
// with the cash counted. It runs only on a company without registers, and the
// store's clock is moved to each moment and restored afterwards.
func seedHistorial(ctx context.Context, st *store.Store, empresaID, vendedorID int64, c catalogo, dias int) error {
	hoy, err := st.Hoy(ctx, empresaID)
	if err != nil {
		return err
	}
	realNow := st.Now
	defer func() { st.Now = realNow }()
	rng := rand.New(rand.NewPCG(uint64(empresaID), 2026))
	a := store.Actor{UsuarioID: vendedorID, EmpresaID: empresaID, IP: "127.0.0.1"}
	for d := dias; d >= 1; d-- {
		apertura := hoy.Desde.AddDate(0, 0, -d).Add(8 * time.Hour)
		if err := seedDia(ctx, st, a, c, apertura, rng); err != nil {
			return err
		}
	}
	return nil
}

func seedDia(ctx context.Context, st *store.Store, a store.Actor, c catalogo, apertura time.Time, rng *rand.Rand) error {
	at := func(t time.Time) { st.Now = func() time.Time { return t } }
	at(apertura)
	if _, err := st.AbrirCaja(ctx, a, 1000000, "Apertura del día"); err != nil {
		return err
	}
	fecha := apertura.Format(time.DateOnly)
	t := apertura
	for i := 0; i < 8+rng.IntN(8); i++ {
		t = t.Add(time.Duration(20+rng.IntN(40)) * time.Minute)
		at(t)
		v := store.Venta{SeccionID: c.secciones[secciones[rng.IntN(len(secciones))].item.Nombre], FechaViaje: fecha,
			MedioPagoID: c.medios[domain.MediosPagoIniciales()[pick(rng)].Nombre], ClienteNombre: clientes[rng.IntN(len(clientes))],
			Lineas: []domain.LineaVenta{{TipoViajeID: c.tipos["General"], Cantidad: 1 + rng.IntN(3)}}}
		if rng.IntN(3) == 0 {
			v.Lineas = append(v.Lineas, domain.LineaVenta{TipoViajeID: c.tipos[domain.TiposViajeIniciales()[1+rng.IntN(4)].Nombre], Cantidad: 1})
		}
		if _, err := st.Vender(ctx, a, v); err != nil {
			return fmt.Errorf("demo: venta: %w", err)
		}
	}
	at(t.Add(15 * time.Minute))
	_, err := st.RegistrarMovimiento(ctx, a, store.NuevoMovimiento{Tipo: domain.MovEgresoGasto, Monto: 350000,
		Descripcion: "Compra de insumos de limpieza"})
	if err != nil {
		return err
	}
	at(apertura.Add(10 * time.Hour))
	caja, _, err := st.CajaAbierta(ctx, a.EmpresaID, a.UsuarioID)
	if err != nil {
		return err
	}
	_, err = st.CerrarCaja(ctx, a, store.Contado{Efectivo: caja.EfectivoEsperado, Observaciones: "Cierre sin novedades"})
	return err
}

// pick chooses a payment method index, cash most of the time.
func pick(rng *rand.Rand) int {
	if rng.IntN(2) == 0 {
		return 0
	}
	return rng.IntN(len(domain.MediosPagoIniciales()))
}
