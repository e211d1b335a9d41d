package api

import (
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// AbrirCaja is the body of POST /caja/abrir.
type AbrirCaja struct {
	MontoApertura *domain.Centavos `json:"monto_apertura"`
	Observaciones string           `json:"observaciones,omitempty" maxLength:"500" multilinea:"true"`
}

// RegistrarMovimiento is the body of POST /caja/movimiento: monto > 0, tipo
// ingreso_extra or egreso_gasto.
type RegistrarMovimiento struct {
	Tipo        string          `json:"tipo" maxLength:"20" enum:"ingreso_extra,egreso_gasto"`
	Monto       domain.Centavos `json:"monto"`
	Descripcion string          `json:"descripcion" maxLength:"255" multilinea:"true"`
	MedioPagoID int64           `json:"medio_pago_id,omitempty"`
}

// CerrarCaja is the body of POST /caja/cerrar.
type CerrarCaja struct {
	MontoCierre    *domain.Centavos `json:"monto_cierre"`
	Observaciones  string           `json:"observaciones,omitempty" maxLength:"500" multilinea:"true"`
	GenerarReporte bool             `json:"generar_reporte,omitempty"`
}

// CuadrarCaja is the body of POST /caja/cuadre: the cash counted, if any.
type CuadrarCaja struct {
	MontoContado *domain.Centavos `json:"monto_contado,omitempty"`
}

// Caja is a cash register with its figures (docs/api.md).
type Caja struct {
	ID            int64            `json:"id"`
	Estado        string           `json:"estado" enum:"abierta,cerrada"`
	MontoApertura domain.Centavos  `json:"monto_apertura"`
	FechaApertura time.Time        `json:"fecha_apertura"`
	Observaciones string           `json:"observaciones"`
	UsuarioID     int64            `json:"usuario_id"`
	UsuarioNombre string           `json:"usuario_nombre"`
	Usuario       UsuarioRef       `json:"usuario"`
	MontoCierre   *domain.Centavos `json:"monto_cierre"`
	Diferencia    *domain.Centavos `json:"diferencia"`
	FechaCierre   *time.Time       `json:"fecha_cierre"`
	TotalesCaja
	// VentasOfflineRechazadas are the seller's offline sales the sync refused
	// and no supervisor resolved yet: their money was taken and is in no
	// register, flagged for the close (only on the open register's state).
	VentasOfflineRechazadas *store.RechazadasOffline `json:"ventas_offline_rechazadas,omitempty"`
}

// UsuarioRef names a user by login (the spec's usuario: {nombre_usuario}).
type UsuarioRef struct {
	NombreUsuario string `json:"nombre_usuario"`
}

// TotalesCaja are a register's running figures.
type TotalesCaja struct {
	Ingresos    domain.Centavos `json:"total_ingresos"`
	Egresos     domain.Centavos `json:"total_egresos"`
	Saldo       domain.Centavos `json:"monto_actual"`
	TotalVentas domain.Centavos `json:"total_ventas"`
	// EfectivoEsperado is apertura + cash movements: what the drawer should hold.
	EfectivoEsperado domain.Centavos `json:"efectivo_esperado"`
	PorMedio         []PorMedio      `json:"por_medio"`
}

// PorMedio is what a register should hold for one payment method.
type PorMedio struct {
	MedioPagoID int64           `json:"medio_pago_id"`
	Nombre      string          `json:"nombre"`
	Efectivo    bool            `json:"efectivo"`
	Esperado    domain.Centavos `json:"esperado"`
}

// Movimiento is a register movement; monto is always positive, sentido (the
// direction of its tipo, domain.Sentido) gives its sign.
type Movimiento struct {
	ID              int64           `json:"id"`
	Tipo            string          `json:"tipo" enum:"venta_pasaje,ingreso_extra,egreso_gasto,devolucion_pasaje,reactivacion_pasaje"`
	Sentido         string          `json:"sentido" enum:"ingreso,egreso"`
	Monto           domain.Centavos `json:"monto"`
	Descripcion     string          `json:"descripcion"`
	MedioPagoID     *int64          `json:"medio_pago_id"`
	MedioPagoNombre *string         `json:"medio_pago_nombre"`
	CreatedAt       time.Time       `json:"created_at"`
}

// EstadoCaja is the caller's register, if open, with its movements.
type EstadoCaja struct {
	CajaAbierta bool         `json:"cajaAbierta"`
	Caja        *Caja        `json:"caja"`
	Movimientos []Movimiento `json:"movimientos"`
}

// CajaHistorial is one of the caller's past registers with its close figures.
type CajaHistorial struct {
	ID               int64           `json:"id"`
	FechaApertura    time.Time       `json:"fecha_apertura"`
	FechaCierre      time.Time       `json:"fecha_cierre"`
	MontoApertura    domain.Centavos `json:"monto_apertura"`
	TotalVentas      domain.Centavos `json:"total_ventas"`
	EfectivoEsperado domain.Centavos `json:"efectivo_esperado"`
	MontoCierre      domain.Centavos `json:"monto_cierre"`
	Diferencia       domain.Centavos `json:"diferencia"`
}

// HistorialCajas is one page of the caller's closed registers and how many there are.
type HistorialCajas struct {
	Cajas []CajaHistorial `json:"cajas"`
	Total int64           `json:"total"`
}

// CierreCaja is the close summary: the closed register (whose monto_cierre,
// diferencia, total_ventas and efectivo_esperado are the close figures) and
// the final balance.
type CierreCaja struct {
	Caja
	MontoFinal domain.Centavos `json:"montoFinal"`
}

// CuadreCaja compares the cash expected with the cash counted, and lists what
// each payment method should add up to.
type CuadreCaja struct {
	CajaID   int64          `json:"caja_id"`
	Efectivo CuadreEfectivo `json:"efectivo"`
	PorMedio []PorMedio     `json:"por_medio"`
}

// CuadreEfectivo is the cash part of a cuadre; contado and diferencia are
// null until the seller counts.
type CuadreEfectivo struct {
	Esperado   domain.Centavos  `json:"esperado"`
	Contado    *domain.Centavos `json:"contado"`
	Diferencia *domain.Centavos `json:"diferencia"`
}

func cajaDe(c store.Caja) Caja {
	return Caja{ID: c.ID, Estado: c.Estado, MontoApertura: c.MontoApertura, FechaApertura: c.FechaApertura,
		Observaciones: c.Observaciones, UsuarioID: c.UsuarioID, UsuarioNombre: c.UsuarioNombre,
		Usuario: UsuarioRef{c.NombreUsuario}, MontoCierre: c.MontoCierre, Diferencia: c.Diferencia,
		FechaCierre: c.FechaCierre, TotalesCaja: totalesDe(c.TotalesCaja)}
}

func totalesDe(t domain.TotalesCaja) TotalesCaja {
	return TotalesCaja{Ingresos: t.Ingresos, Egresos: t.Egresos, Saldo: t.Saldo, TotalVentas: t.TotalVentas,
		EfectivoEsperado: t.EfectivoEsperado, PorMedio: mapRows(t.PorMedio, porMedioDe)}
}

func porMedioDe(p domain.PorMedio) PorMedio {
	return PorMedio{MedioPagoID: p.MedioPagoID, Nombre: p.Nombre, Efectivo: p.Efectivo, Esperado: p.Esperado}
}

func movimientoDe(m store.Movimiento) Movimiento {
	return Movimiento{ID: m.ID, Tipo: m.Tipo, Sentido: domain.Sentido(m.Tipo), Monto: m.Monto, Descripcion: m.Descripcion,
		MedioPagoID: m.MedioPagoID, MedioPagoNombre: m.MedioPagoNombre, CreatedAt: m.CreatedAt}
}

// cierreDe is the closed register with the close figures in its own fields.
func cierreDe(c store.CierreCaja) CierreCaja {
	out := CierreCaja{Caja: cajaDe(c.Caja), MontoFinal: c.MontoFinal}
	out.MontoCierre, out.Diferencia = &c.MontoCierre, &c.Diferencia
	out.TotalVentas, out.EfectivoEsperado = c.TotalVentas, c.EfectivoEsperado
	return out
}

func (s *Server) abrirCaja(r *http.Request, body AbrirCaja) (createdReply[Caja], error) {
	if body.MontoApertura == nil {
		return createdReply[Caja]{}, domain.Invalid(domain.MsgMontoNoNegativo)
	}
	a, err := writeActor(r)
	if err != nil {
		return createdReply[Caja]{}, err
	}
	caja, err := s.Store.AbrirCaja(r.Context(), a, *body.MontoApertura, body.Observaciones)
	return created(cajaDe(caja), "Caja abierta exitosamente"), err
}

// estadoCaja answers {cajaAbierta, caja, movimientos} for the caller's register.
func (s *Server) estadoCaja(r *http.Request) (EstadoCaja, error) {
	a := actorFrom(r)
	caja, ok, err := s.Store.CajaAbierta(r.Context(), a.EmpresaID(), a.Usuario.ID)
	if err != nil || !ok {
		return EstadoCaja{Movimientos: []Movimiento{}}, err
	}
	movs, err := s.Store.Movimientos(r.Context(), a.EmpresaID(), caja.ID)
	if err != nil {
		return EstadoCaja{}, err
	}
	abierta := cajaDe(caja)
	rechazadas, err := s.Store.VentasOfflineRechazadas(r.Context(), a.EmpresaID(), a.Usuario.ID)
	abierta.VentasOfflineRechazadas = &rechazadas
	return EstadoCaja{CajaAbierta: true, Caja: &abierta, Movimientos: mapRows(movs, movimientoDe)}, err
}

// cajaAbiertaDe returns the caller's open register or a 400.
func (s *Server) cajaAbiertaDe(r *http.Request) (store.Caja, error) {
	a := actorFrom(r)
	caja, ok, err := s.Store.CajaAbierta(r.Context(), a.EmpresaID(), a.Usuario.ID)
	if err == nil && !ok {
		err = domain.Invalid(domain.MsgSinCajaAbierta)
	}
	return caja, err
}

// resumenCaja is the open register's figures, with the totals per payment method.
func (s *Server) resumenCaja(r *http.Request) (Caja, error) {
	caja, err := s.cajaAbiertaDe(r)
	return cajaDe(caja), err
}

func (s *Server) movimientosCaja(r *http.Request) ([]Movimiento, error) {
	caja, err := s.cajaAbiertaDe(r)
	if err != nil {
		return nil, err
	}
	movs, err := s.Store.Movimientos(r.Context(), actorFrom(r).EmpresaID(), caja.ID)
	return mapRows(movs, movimientoDe), err
}

func (s *Server) movimientoCaja(r *http.Request, body RegistrarMovimiento) (createdReply[Movimiento], error) {
	a, err := writeActor(r)
	if err != nil {
		return createdReply[Movimiento]{}, err
	}
	mov, err := s.Store.RegistrarMovimiento(r.Context(), a, store.NuevoMovimiento(body))
	return created(movimientoDe(mov), "Movimiento registrado exitosamente"), err
}

func (s *Server) cerrarCaja(r *http.Request, body CerrarCaja) (reply[CierreCaja], error) {
	if body.MontoCierre == nil {
		return reply[CierreCaja]{}, domain.Invalid("Ingresa el efectivo contado (monto_cierre)")
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[CierreCaja]{}, err
	}
	cierre, err := s.Store.CerrarCaja(r.Context(), a, *body.MontoCierre, body.Observaciones)
	return withMessage(cierreDe(cierre), "Caja cerrada exitosamente"), err
}

// cuadreCaja compares, without closing, the cash the drawer should hold with
// what the seller counted, and lists what each payment method should add up to.
func (s *Server) cuadreCaja(r *http.Request, body CuadrarCaja) (CuadreCaja, error) {
	caja, err := s.cajaAbiertaDe(r)
	if err != nil {
		return CuadreCaja{}, err
	}
	efectivo := CuadreEfectivo{Esperado: caja.EfectivoEsperado}
	if body.MontoContado != nil {
		dif := domain.Diferencia(*body.MontoContado, caja.EfectivoEsperado)
		efectivo.Contado, efectivo.Diferencia = body.MontoContado, &dif
	}
	return CuadreCaja{CajaID: caja.ID, Efectivo: efectivo, PorMedio: mapRows(caja.PorMedio, porMedioDe)}, nil
}

func cajaHistorialDe(k store.CajaCerrada) CajaHistorial {
	return CajaHistorial{ID: k.ID, FechaApertura: k.FechaApertura, FechaCierre: k.FechaCierre,
		MontoApertura: k.MontoApertura, TotalVentas: k.TotalVentas, EfectivoEsperado: k.EfectivoEsperado,
		MontoCierre: k.MontoCierre, Diferencia: k.Diferencia}
}

// ConsultaHistorialCajas is the page of the register history: pagina (from
// 1) of limite registers (20 when absent).
type ConsultaHistorialCajas struct {
	Pagina int64 `query:"pagina" minimum:"1" maximum:"1000000" description:"Número de página, desde 1"`
	Limite int64 `query:"limite" minimum:"1" maximum:"500" default:"20" description:"Cajas por página"`
}

// historialCajas lists the caller's own closed registers, newest first.
func (s *Server) historialCajas(r *http.Request, c ConsultaHistorialCajas) (HistorialCajas, error) {
	a := actorFrom(r)
	list, total, err := s.Store.HistorialCajas(r.Context(), a.EmpresaID(),
		store.FiltroHistorialCajas{UsuarioID: a.Usuario.ID, Pagina: paginaDe(c.Pagina, c.Limite)})
	return HistorialCajas{Cajas: mapRows(list, cajaHistorialDe), Total: total}, err
}
