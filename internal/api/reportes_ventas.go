package api

import (
	"cmp"
	"net/http"
	"slices"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// The sales figures of the reports (backoffice §2.15, §3 "Report data", §7):
// the KPI cards, the monthly income chart, the sales over the period and the
// statistics by section, trip type, seller and payment method. Every figure
// is read through the store's one figures reader (Store.Cifras); cancelled
// tickets never count in sales or income and are reported apart.

// Cancelados are the period's cancelled tickets and their amount, apart from
// the sales.
type Cancelados struct {
	Cantidad int64           `json:"cantidad"`
	Importe  domain.Centavos `json:"importe"`
}

// VentasMedioPago are the sales paid with one payment method.
type VentasMedioPago struct {
	MedioPagoID int64           `json:"medio_pago_id"`
	MedioPago   string          `json:"medio_pago"`
	Cantidad    int64           `json:"cantidad"`
	Total       domain.Centavos `json:"total"`
}

// VentasSeccion are the sales of one section.
type VentasSeccion struct {
	SeccionID int64           `json:"seccion_id"`
	Seccion   string          `json:"seccion"`
	Cantidad  int64           `json:"cantidad"`
	Total     domain.Centavos `json:"total"`
}

// VentasTipoViaje are the sales of one trip type.
type VentasTipoViaje struct {
	TipoViajeID int64           `json:"tipo_viaje_id"`
	TipoViaje   string          `json:"tipo_viaje"`
	Cantidad    int64           `json:"cantidad"`
	Total       domain.Centavos `json:"total"`
}

// VentasVendedor are the sales of one seller.
type VentasVendedor struct {
	UsuarioID int64           `json:"usuario_id"`
	Vendedor  string          `json:"vendedor"`
	Cantidad  int64           `json:"cantidad"`
	Total     domain.Centavos `json:"total"`
}

// MejorDia is the business day of the period with the highest income (ties:
// more tickets, then the earlier day).
type MejorDia struct {
	Fecha    string          `json:"fecha" format:"date"`
	Cantidad int64           `json:"cantidad"`
	Total    domain.Centavos `json:"total"`
}

// KPIsVentas are the KPI cards of a period: sales (tickets not cancelled),
// income, the average ticket, the boarding rate (% of the sales boarded),
// their variations against the previous equal period (percentages with one
// decimal, null when the previous period is zero; variacion_embarque in
// points), the cancelled apart, the income by payment method and the best day.
type KPIsVentas struct {
	Periodo           PeriodoReporte    `json:"periodo"`
	TotalVentas       int64             `json:"total_ventas"`
	TotalIngresos     domain.Centavos   `json:"total_ingresos"`
	TicketPromedio    domain.Centavos   `json:"ticket_promedio"`
	TasaEmbarque      float64           `json:"tasa_embarque"`
	VariacionVentas   *float64          `json:"variacion_ventas"`
	VariacionIngresos *float64          `json:"variacion_ingresos"`
	VariacionTicket   *float64          `json:"variacion_ticket"`
	VariacionEmbarque *float64          `json:"variacion_embarque"`
	Cancelados        Cancelados        `json:"cancelados"`
	PorMedioPago      []VentasMedioPago `json:"por_medio_pago"`
	MejorDia          *MejorDia         `json:"mejor_dia"`
}

// sumaVentas are the sales (non-cancelled tickets) of a set of figures, the
// boarded among them and the cancelled apart.
type sumaVentas struct {
	ventas     int64
	ingresos   domain.Centavos
	embarcados int64
	cancelados Cancelados
}

func sumarVentas(cifras []store.Cifra) sumaVentas {
	var s sumaVentas
	for _, c := range cifras {
		switch c.Estado {
		case domain.PasajeCancelado:
			s.cancelados.Cantidad += c.Cantidad
			s.cancelados.Importe += c.Importe
			continue
		case domain.PasajeUsado:
			s.embarcados += c.Cantidad
		}
		s.ventas += c.Cantidad
		s.ingresos += c.Importe
	}
	return s
}

func (v sumaVentas) tasaEmbarque() float64 { return domain.PorcentajeDecimal(v.embarcados, v.ventas) }

// cifrasDe reads the caller's company figures of p on basis base.
func (s *Server) cifrasDe(r *http.Request, p domain.Periodo, base string, por ...store.Dimension) ([]store.Cifra, error) {
	return s.Store.Cifras(r.Context(), store.ConsultaCifras{EmpresaID: actorFrom(r).EmpresaID(), Desde: p.Desde,
		Hasta: p.Hasta, Base: base, Por: por})
}

// vendidas are the figures of the tickets not cancelled.
func vendidas(cifras []store.Cifra) []store.Cifra {
	return slices.DeleteFunc(slices.Clone(cifras), func(c store.Cifra) bool { return c.Estado == domain.PasajeCancelado })
}

// comparacion is what the variations of the period p of zone loc compare
// with on the basis base, like with like: by the day of sale, a period under
// way with the period before up to the same point (domain.Periodo.Comparable);
// by travel date, the whole period before (a day's travellers are mostly sold
// ahead, and a past travel day is whole).
func (s *Server) comparacion(p domain.Periodo, loc *time.Location, base string) domain.Comparacion {
	if base == BaseViaje {
		return domain.Comparacion{Periodo: p.Anterior()}
	}
	return p.Comparable(s.Store.Now(), loc)
}

func (s *Server) kpisVentas(r *http.Request, c ConsultaPeriodo) (KPIsVentas, error) {
	p, loc, err := s.periodoReporte(r, c)
	if err != nil {
		return KPIsVentas{}, err
	}
	actuales, err := s.cifrasDe(r, p, c.Base, store.PorDia, store.PorMedioPago, store.PorEstado)
	if err != nil {
		return KPIsVentas{}, err
	}
	comp := s.comparacion(p, loc, c.Base)
	anteriores, err := s.Store.Cifras(r.Context(), store.ConsultaCifras{EmpresaID: actorFrom(r).EmpresaID(),
		Desde: comp.Periodo.Desde, Hasta: comp.Periodo.Hasta, Base: c.Base, Por: []store.Dimension{store.PorEstado},
		Vendidos: comp.Vendidos})
	if err != nil {
		return KPIsVentas{}, err
	}
	ahora, antes := sumarVentas(actuales), sumarVentas(anteriores)
	promedio, promedioAntes := domain.Promedio(ahora.ingresos, ahora.ventas), domain.Promedio(antes.ingresos, antes.ventas)
	out := KPIsVentas{Periodo: estePeriodo(p, c.Base), TotalVentas: ahora.ventas, TotalIngresos: ahora.ingresos,
		TicketPromedio: promedio, TasaEmbarque: ahora.tasaEmbarque(),
		VariacionVentas:   domain.Variacion(ahora.ventas, antes.ventas),
		VariacionIngresos: domain.Variacion(int64(ahora.ingresos), int64(antes.ingresos)),
		VariacionTicket:   domain.Variacion(int64(promedio), int64(promedioAntes)),
		VariacionEmbarque: domain.VariacionPuntos(ahora.tasaEmbarque(), antes.tasaEmbarque(), antes.ventas > 0),
		Cancelados:        ahora.cancelados}
	ventas := vendidas(actuales)
	out.PorMedioPago = porMedioPago(ventas)
	for _, d := range porDia(ventas) {
		if m := out.MejorDia; m == nil || d.Total > m.Total || d.Total == m.Total && d.Cantidad > m.Cantidad {
			out.MejorDia = &d
		}
	}
	return out, nil
}

// porDia adds up the figures of each day, oldest first (the figures come
// sorted by day).
func porDia(cifras []store.Cifra) []MejorDia {
	var out []MejorDia
	for _, c := range cifras {
		if n := len(out); n > 0 && out[n-1].Fecha == c.Dia {
			out[n-1].Cantidad += c.Cantidad
			out[n-1].Total += c.Importe
			continue
		}
		out = append(out, MejorDia{Fecha: c.Dia, Cantidad: c.Cantidad, Total: c.Importe})
	}
	return out
}

// grupoVentas are the sales of one section, trip type, seller or payment method.
type grupoVentas struct {
	id       int64
	nombre   string
	cantidad int64
	total    domain.Centavos
}

// sumarPor adds up the figures of each key (an id and its name), sorted by
// total and count, largest first, then by id.
func sumarPor(cifras []store.Cifra, clave func(store.Cifra) (int64, string)) []grupoVentas {
	var out []grupoVentas
	donde := map[int64]int{}
	for _, c := range cifras {
		id, nombre := clave(c)
		i, ok := donde[id]
		if !ok {
			i = len(out)
			donde[id] = i
			out = append(out, grupoVentas{id: id, nombre: nombre})
		}
		out[i].cantidad += c.Cantidad
		out[i].total += c.Importe
	}
	slices.SortStableFunc(out, func(a, b grupoVentas) int {
		return cmp.Or(cmp.Compare(b.total, a.total), cmp.Compare(b.cantidad, a.cantidad), cmp.Compare(a.id, b.id))
	})
	return out
}

func porMedioPago(ventas []store.Cifra) []VentasMedioPago {
	out := []VentasMedioPago{}
	for _, g := range sumarPor(ventas, func(c store.Cifra) (int64, string) { return c.MedioPagoID, c.MedioPago }) {
		out = append(out, VentasMedioPago{MedioPagoID: g.id, MedioPago: g.nombre, Cantidad: g.cantidad, Total: g.total})
	}
	return out
}

func porSeccion(ventas []store.Cifra) []VentasSeccion {
	out := []VentasSeccion{}
	for _, g := range sumarPor(ventas, func(c store.Cifra) (int64, string) { return c.SeccionID, c.Seccion }) {
		out = append(out, VentasSeccion{SeccionID: g.id, Seccion: g.nombre, Cantidad: g.cantidad, Total: g.total})
	}
	return out
}

func porTipoViaje(ventas []store.Cifra) []VentasTipoViaje {
	out := []VentasTipoViaje{}
	for _, g := range sumarPor(ventas, func(c store.Cifra) (int64, string) { return c.TipoViajeID, c.TipoViaje }) {
		out = append(out, VentasTipoViaje{TipoViajeID: g.id, TipoViaje: g.nombre, Cantidad: g.cantidad, Total: g.total})
	}
	return out
}

func porVendedor(ventas []store.Cifra) []VentasVendedor {
	out := []VentasVendedor{}
	for _, g := range sumarPor(ventas, func(c store.Cifra) (int64, string) { return c.UsuarioID, c.Vendedor }) {
		out = append(out, VentasVendedor{UsuarioID: g.id, Vendedor: g.nombre, Cantidad: g.cantidad, Total: g.total})
	}
	return out
}

// ConsultaIngresosMensuales asks for the monthly income chart: the last
// meses months up to the current one, on the basis base.
type ConsultaIngresosMensuales struct {
	Meses int64  `query:"meses" enum:"[3,6,12]" default:"6" description:"Cuántos meses, hasta el actual incluido: 3, 6 o 12"`
	Base  string `query:"base" enum:"venta,viaje" default:"venta" description:"Qué fecha ubica cada pasaje: la de venta o la de viaje"`
}

// IngresoMensual is one month of the chart: its income and tickets sold.
type IngresoMensual struct {
	Mes           string          `json:"mes" example:"2026-11"`
	TotalIngresos domain.Centavos `json:"total_ingresos"`
	Cantidad      int64           `json:"cantidad"`
}

// IngresosMensuales is the monthly income chart: every month of the window,
// oldest first (zeros included), and the sales by section over the window.
type IngresosMensuales struct {
	Periodo           PeriodoReporte   `json:"periodo"`
	Meses             int64            `json:"meses"`
	IngresosMensuales []IngresoMensual `json:"ingresos_mensuales"`
	PorSeccion        []VentasSeccion  `json:"por_seccion"`
}

func (s *Server) ingresosMensuales(r *http.Request, c ConsultaIngresosMensuales) (IngresosMensuales, error) {
	hoy, _, err := s.periodoReporte(r, ConsultaPeriodo{})
	if err != nil {
		return IngresosMensuales{}, err
	}
	dia, _ := time.Parse(time.DateOnly, hoy.Desde)
	primero := time.Date(dia.Year(), dia.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -int(c.Meses-1), 0)
	ultimo := time.Date(dia.Year(), dia.Month()+1, 0, 0, 0, 0, 0, time.UTC)
	p := domain.Periodo{Tipo: domain.PeriodoRango, Desde: primero.Format(time.DateOnly), Hasta: ultimo.Format(time.DateOnly)}
	cifras, err := s.cifrasDe(r, p, c.Base, store.PorMes, store.PorSeccion, store.PorEstado)
	if err != nil {
		return IngresosMensuales{}, err
	}
	ventas := vendidas(cifras)
	out := IngresosMensuales{Periodo: estePeriodo(p, c.Base), Meses: c.Meses}
	porMes := map[string]*IngresoMensual{}
	for m := primero; !m.After(ultimo); m = m.AddDate(0, 1, 0) {
		out.IngresosMensuales = append(out.IngresosMensuales, IngresoMensual{Mes: m.Format("2006-01")})
	}
	for i := range out.IngresosMensuales {
		porMes[out.IngresosMensuales[i].Mes] = &out.IngresosMensuales[i]
	}
	for _, v := range ventas {
		if m := porMes[v.Mes]; m != nil {
			m.Cantidad += v.Cantidad
			m.TotalIngresos += v.Importe
		}
	}
	out.PorSeccion = porSeccion(ventas)
	return out, nil
}

// The grouping of the sales over a period.
const (
	AgruparDia = "dia"
	AgruparMes = "mes"
)

// ConsultaVentasPeriodo asks for the sales over a period, by day or month.
type ConsultaVentasPeriodo struct {
	ConsultaPeriodo
	Agrupar string `query:"agrupar" enum:"dia,mes" default:"dia" description:"Un punto por día o por mes"`
}

// PuntoVentas is one day ("2026-11-25") or month ("2026-11") of the sales
// chart: the tickets sold and their income.
type PuntoVentas struct {
	Periodo         string          `json:"periodo" example:"2026-11-25"`
	CantidadPasajes int64           `json:"cantidad_pasajes"`
	IngresoTotal    domain.Centavos `json:"ingreso_total"`
}

// VentasPeriodo is the sales chart: every day (or month) of the period,
// oldest first, zeros included.
type VentasPeriodo struct {
	Periodo PeriodoReporte `json:"periodo"`
	Ventas  []PuntoVentas  `json:"ventas"`
}

func (s *Server) ventasPeriodo(r *http.Request, c ConsultaVentasPeriodo) (VentasPeriodo, error) {
	p, _, err := s.periodoReporte(r, c.ConsultaPeriodo)
	if err != nil {
		return VentasPeriodo{}, err
	}
	por, formato, paso := store.PorDia, time.DateOnly, func(t time.Time) time.Time { return t.AddDate(0, 0, 1) }
	if c.Agrupar == AgruparMes {
		por, formato, paso = store.PorMes, "2006-01", func(t time.Time) time.Time { return t.AddDate(0, 1, 0) }
	}
	cifras, err := s.cifrasDe(r, p, c.ConsultaPeriodo.Base, por, store.PorEstado)
	if err != nil {
		return VentasPeriodo{}, err
	}
	out := VentasPeriodo{Periodo: estePeriodo(p, c.ConsultaPeriodo.Base), Ventas: []PuntoVentas{}}
	desde, _ := time.Parse(time.DateOnly, p.Desde)
	hasta, _ := time.Parse(time.DateOnly, p.Hasta)
	if c.Agrupar == AgruparMes {
		desde = time.Date(desde.Year(), desde.Month(), 1, 0, 0, 0, 0, time.UTC)
	}
	donde := map[string]int{}
	for t := desde; !t.After(hasta); t = paso(t) {
		donde[t.Format(formato)] = len(out.Ventas)
		out.Ventas = append(out.Ventas, PuntoVentas{Periodo: t.Format(formato)})
	}
	for _, v := range vendidas(cifras) {
		clave := v.Dia
		if c.Agrupar == AgruparMes {
			clave = v.Mes
		}
		if i, ok := donde[clave]; ok {
			out.Ventas[i].CantidadPasajes += v.Cantidad
			out.Ventas[i].IngresoTotal += v.Importe
		}
	}
	return out, nil
}

// EstadisticasVentas are the period's sales (tickets not cancelled) and
// income, the cancelled apart, and the sales by section, trip type, seller
// and payment method, each list by total, largest first.
type EstadisticasVentas struct {
	Periodo       PeriodoReporte    `json:"periodo"`
	TotalVentas   int64             `json:"total_ventas"`
	TotalIngresos domain.Centavos   `json:"total_ingresos"`
	Cancelados    Cancelados        `json:"cancelados"`
	PorSeccion    []VentasSeccion   `json:"por_seccion"`
	PorTipoViaje  []VentasTipoViaje `json:"por_tipo_viaje"`
	PorVendedor   []VentasVendedor  `json:"por_vendedor"`
	PorMedioPago  []VentasMedioPago `json:"por_medio_pago"`
}

func (s *Server) estadisticasVentas(r *http.Request, c ConsultaPeriodo) (EstadisticasVentas, error) {
	p, _, err := s.periodoReporte(r, c)
	if err != nil {
		return EstadisticasVentas{}, err
	}
	cifras, err := s.cifrasDe(r, p, c.Base, store.PorSeccion, store.PorTipoViaje, store.PorVendedor,
		store.PorMedioPago, store.PorEstado)
	if err != nil {
		return EstadisticasVentas{}, err
	}
	suma, ventas := sumarVentas(cifras), vendidas(cifras)
	return EstadisticasVentas{Periodo: estePeriodo(p, c.Base), TotalVentas: suma.ventas, TotalIngresos: suma.ingresos,
		Cancelados: suma.cancelados, PorSeccion: porSeccion(ventas),
		PorTipoViaje: porTipoViaje(ventas), PorVendedor: porVendedor(ventas), PorMedioPago: porMedioPago(ventas),
	}, nil
}
