package api

import (
	"fmt"
	"net/http"
	"strings"
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
	Monto       domain.Centavos `json:"monto" exclusiveMinimum:"0"`
	Descripcion string          `json:"descripcion" maxLength:"255" multilinea:"true"`
	MedioPagoID int64           `json:"medio_pago_id,omitempty"`
	// CajaCorregidaID names the caller's closed register this movement corrects.
	CajaCorregidaID int64 `json:"caja_corregida_id,omitempty"`
}

// ConteoCaja is a register's count at its close: the cash counted
// (monto_cierre, or its breakdown by denomination, or both when they agree)
// and the other payment methods counted.
type ConteoCaja struct {
	MontoCierre    *domain.Centavos            `json:"monto_cierre,omitempty"`
	Denominaciones []domain.ConteoDenominacion `json:"denominaciones,omitempty" maxItems:"30"`
	Medios         []MedioContado              `json:"medios,omitempty" maxItems:"50"`
	Observaciones  string                      `json:"observaciones,omitempty" maxLength:"500" multilinea:"true"`
}

// CerrarCaja is the body of POST /caja/cerrar: the count.
type CerrarCaja struct {
	ConteoCaja
	GenerarReporte bool `json:"generar_reporte,omitempty"`
}

// RelevarCaja is the body of POST /caja/relevo, a shift handover on one
// screen: the outgoing seller's count, the incoming seller's credentials and
// the opening of their register (absent: the cash counted; less when the
// outgoing seller takes the rest out of the drawer).
type RelevarCaja struct {
	ConteoCaja
	MontoApertura *domain.Centavos     `json:"monto_apertura,omitempty"`
	Entrante      CredencialesEntrante `json:"entrante"`
}

// CredencialesEntrante are the incoming seller's user and password, typed on
// the outgoing seller's screen.
type CredencialesEntrante struct {
	NombreUsuario string `json:"nombre_usuario" maxLength:"100"`
	Password      string `json:"password" maxLength:"200"`
}

// RetirarEfectivo is the body of POST /caja/retiro: a drop of cash to the
// safe (retiro, sangría), monto > 0 and no more than the drawer's cash, with
// a supervisor's credentials typed on the cashier's screen.
type RetirarEfectivo struct {
	Monto         domain.Centavos `json:"monto" exclusiveMinimum:"0"`
	Descripcion   string          `json:"descripcion,omitempty" maxLength:"200" multilinea:"true"`
	NombreUsuario string          `json:"nombre_usuario" maxLength:"100"`
	Password      string          `json:"password" maxLength:"200"`
}

// MedioContado is what was counted for one payment method other than cash.
type MedioContado struct {
	MedioPagoID int64           `json:"medio_pago_id"`
	Contado     domain.Centavos `json:"contado"`
}

// AprobarCierreCaja is the body of POST /caja/aprobar-cierre: a supervisor's
// credentials typed on the cashier's screen.
type AprobarCierreCaja struct {
	NombreUsuario string `json:"nombre_usuario" maxLength:"100"`
	Password      string `json:"password" maxLength:"200"`
	Observaciones string `json:"observaciones,omitempty" maxLength:"500" multilinea:"true"`
}

// AprobarCierrePropio is the body of POST /caja/{id}/aprobar, from the supervisor's own session.
type AprobarCierrePropio struct {
	Observaciones string `json:"observaciones,omitempty" maxLength:"500" multilinea:"true"`
}

// CierrePendiente is a register whose close waits for a supervisor.
type CierrePendiente struct {
	CajaID        int64         `json:"caja_id"`
	UsuarioID     int64         `json:"usuario_id"`
	UsuarioNombre string        `json:"usuario_nombre"`
	FechaApertura time.Time     `json:"fecha_apertura"`
	FechaConteo   time.Time     `json:"fecha_conteo"`
	Conteo        domain.Conteo `json:"conteo"`
}

// GuardarConfigCaja is the body of PUT /config/caja: whether the company's
// cashiers count blind, and the tolerance in pesos (0 to 1.000.000), both required.
type GuardarConfigCaja struct {
	CierreCiego *bool            `json:"cierre_ciego"`
	Tolerancia  *domain.Centavos `json:"tolerancia_cierre"`
}

// MsgConfigCajaIncompleta refuses a register settings body without both values.
const MsgConfigCajaIncompleta = "Indique si el cierre es a ciegas (cierre_ciego) y la tolerancia de cierre (tolerancia_cierre)"

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
	// PendienteAprobacion: the close's count is past the company's tolerance
	// and waits for a supervisor (the register takes no movement meanwhile).
	PendienteAprobacion bool `json:"pendiente_aprobacion"`
	// TotalesCaja are left out for a session without caja.ver_esperado while
	// the register is open (the blind close).
	*TotalesCaja
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
// direction of its tipo, domain.Sentido) gives its sign. Monto is null in a
// blind cashier's list of their open register (movimientosPara).
type Movimiento struct {
	ID              int64            `json:"id"`
	Tipo            string           `json:"tipo" enum:"venta_pasaje,ingreso_extra,egreso_gasto,devolucion_pasaje,reactivacion_pasaje,retiro_caja"`
	Sentido         string           `json:"sentido" enum:"ingreso,egreso"`
	Monto           *domain.Centavos `json:"monto"`
	Descripcion     string           `json:"descripcion"`
	MedioPagoID     *int64           `json:"medio_pago_id"`
	MedioPagoNombre *string          `json:"medio_pago_nombre"`
	CreatedAt       time.Time        `json:"created_at"`
	// CajaCorregidaID is the closed register this movement corrects, if any.
	CajaCorregidaID *int64 `json:"caja_corregida_id,omitempty"`
	// Referencia is the payment's reference of a sale (absent: none).
	Referencia *ReferenciaPago `json:"referencia,omitempty"`
	// CobroMP is the Mercado Pago order and payment of a sale charged by QR,
	// or of its refund (absent: none).
	CobroMP *domain.CobroMP `json:"cobro_mp,omitempty"`
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
	// MontoFinal and Conteo are left out, with the difference and the
	// figures, for a blind cashier whose count waits for approval (cierrePara).
	MontoFinal *domain.Centavos `json:"montoFinal,omitempty"`
	// Conteo is the count with what each method should have held and the
	// differences.
	Conteo *domain.Conteo `json:"conteo,omitempty"`
}

// RelevoCaja is a shift handover: the outgoing register's close (as POST
// /caja/cerrar answers it to the outgoing seller), the incoming seller's new
// register and their session, which the screen goes on with.
type RelevoCaja struct {
	Cierre CierreCaja `json:"cierre"`
	Caja   Caja       `json:"caja"`
	Sesion Sesion     `json:"sesion"`
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
		FechaCierre: c.FechaCierre, PendienteAprobacion: c.PendienteAprobacion(), TotalesCaja: totalesDe(c.TotalesCaja)}
}

// cajaPara is the register as the caller may see it: an open register's
// expected figures only with caja.ver_esperado (the blind close). Neither
// the difference of a count pending approval: with the cash counted, it
// gives the expected cash.
func cajaPara(r *http.Request, c store.Caja) Caja {
	return cajaParaUsuario(actorFrom(r).Usuario, c)
}

// cajaParaUsuario is cajaPara for the user u (the incoming seller of a
// shift handover, whose session the answer opens).
func cajaParaUsuario(u store.UsuarioSesion, c store.Caja) Caja {
	out := cajaDe(c)
	if ciegoPara(u, c) {
		out.TotalesCaja, out.Diferencia = nil, nil
	}
	return out
}

// ciego reports whether the caller counts c blind (ciegoPara).
func ciego(r *http.Request, c store.Caja) bool {
	return ciegoPara(actorFrom(r).Usuario, c)
}

// ciegoPara reports whether u counts c blind: c is open (its count not
// approved yet) and u lacks caja.ver_esperado, or c's company closes blind
// and u does not approve closes (domain.CierraACiegas). Nothing they are
// answered about c adds up to what it should hold.
func ciegoPara(u store.UsuarioSesion, c store.Caja) bool {
	return c.Estado == domain.CajaAbierta && domain.CierraACiegas(u.Rol, u.Permisos, c.EmpresaCiega)
}

// movimientosPara are c's movements as the caller may see them: without
// their amounts for a blind cashier (each would add up to the expected cash).
func movimientosPara(r *http.Request, c store.Caja, movs []store.Movimiento) []Movimiento {
	out := mapRows(movs, movimientoDe)
	if ciego(r, c) {
		for i := range out {
			out[i].Monto = nil
		}
	}
	return out
}

func totalesDe(t domain.TotalesCaja) *TotalesCaja {
	return &TotalesCaja{Ingresos: t.Ingresos, Egresos: t.Egresos, Saldo: t.Saldo, TotalVentas: t.TotalVentas,
		EfectivoEsperado: t.EfectivoEsperado, PorMedio: mapRows(t.PorMedio, porMedioDe)}
}

func porMedioDe(p domain.PorMedio) PorMedio {
	return PorMedio{MedioPagoID: p.MedioPagoID, Nombre: p.Nombre, Efectivo: p.Efectivo, Esperado: p.Esperado}
}

func movimientoDe(m store.Movimiento) Movimiento {
	return Movimiento{ID: m.ID, Tipo: m.Tipo, Sentido: domain.Sentido(m.Tipo), Monto: &m.Monto, Descripcion: m.Descripcion,
		MedioPagoID: m.MedioPagoID, MedioPagoNombre: m.MedioPagoNombre, CreatedAt: m.CreatedAt,
		CajaCorregidaID: m.CajaCorregidaID, Referencia: referenciaPagoDe(m.Referencia), CobroMP: m.Referencia.CobroMP}
}

// cierreDe is the closed register with the close figures in its own fields.
func cierreDe(c store.CierreCaja) CierreCaja {
	out := CierreCaja{Caja: cajaDe(c.Caja), MontoFinal: &c.MontoFinal, Conteo: &c.Conteo}
	out.MontoCierre, out.Diferencia = &c.MontoCierre, &c.Diferencia
	out.TotalVentas, out.EfectivoEsperado = c.TotalVentas, c.EfectivoEsperado
	return out
}

// cierrePara is the close summary as the caller may see it: a blind cashier
// whose count waits for approval gets the register and what they counted
// (monto_cierre) only. Nothing that gives the expected cash (the difference,
// the figures, the count's comparison) until a supervisor approves it; a
// close within the tolerance is final, and its summary is whole.
func cierrePara(r *http.Request, c store.CierreCaja) CierreCaja {
	out := cierreDe(c)
	if ciego(r, c.Caja) {
		out.Caja = cajaPara(r, c.Caja)
		out.MontoCierre, out.MontoFinal, out.Conteo = &c.MontoCierre, nil, nil
	}
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
	return created(cajaPara(r, caja), "Caja abierta exitosamente"), err
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
	abierta := cajaPara(r, caja)
	rechazadas, err := s.Store.VentasOfflineRechazadas(r.Context(), a.EmpresaID(), a.Usuario.ID)
	abierta.VentasOfflineRechazadas = &rechazadas
	return EstadoCaja{CajaAbierta: true, Caja: &abierta, Movimientos: movimientosPara(r, caja, movs)}, err
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
	return cajaPara(r, caja), err
}

func (s *Server) movimientosCaja(r *http.Request) ([]Movimiento, error) {
	caja, err := s.cajaAbiertaDe(r)
	if err != nil {
		return nil, err
	}
	movs, err := s.Store.Movimientos(r.Context(), actorFrom(r).EmpresaID(), caja.ID)
	return movimientosPara(r, caja, movs), err
}

func (s *Server) movimientoCaja(r *http.Request, body RegistrarMovimiento) (createdReply[Movimiento], error) {
	a, err := writeActor(r)
	if err != nil {
		return createdReply[Movimiento]{}, err
	}
	mov, err := s.Store.RegistrarMovimiento(r.Context(), a, store.NuevoMovimiento(body))
	return created(movimientoDe(mov), "Movimiento registrado exitosamente"), err
}

// contado is the count as the store takes it: the cash given, added up from
// its denominations, or both when they agree.
func (b ConteoCaja) contado() (store.Contado, error) {
	k := store.Contado{Denominaciones: b.Denominaciones, Observaciones: b.Observaciones}
	switch {
	case b.MontoCierre == nil && len(b.Denominaciones) == 0:
		return k, domain.Invalid("Ingresa el efectivo contado (monto_cierre)")
	case len(b.Denominaciones) > 0:
		total, err := domain.TotalDenominaciones(b.Denominaciones)
		if err != nil {
			return k, err
		}
		if b.MontoCierre != nil && *b.MontoCierre != total {
			return k, domain.Invalid(fmt.Sprintf(domain.MsgConteoNoCoincide, total))
		}
		k.Efectivo = total
	default:
		k.Efectivo = *b.MontoCierre
	}
	for _, m := range b.Medios {
		k.Medios = append(k.Medios, domain.ContadoMedio{MedioPagoID: m.MedioPagoID, Contado: m.Contado})
	}
	return k, nil
}

func (s *Server) cerrarCaja(r *http.Request, body CerrarCaja) (reply[CierreCaja], error) {
	k, err := body.contado()
	if err != nil {
		return reply[CierreCaja]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[CierreCaja]{}, err
	}
	cierre, err := s.Store.CerrarCaja(r.Context(), a, k)
	if cierre.Pendiente {
		return withMessage(cierrePara(r, cierre), "La diferencia supera la tolerancia de la empresa: el cierre queda pendiente de la aprobación de un supervisor"), err
	}
	return withMessage(cierreDe(cierre), "Caja cerrada exitosamente"), err
}

// relevarCaja hands the counter over (a shift handover on one screen): the
// incoming seller's credentials are checked like a supervisor's (a failure
// answers 403, the outgoing seller stays signed in), then one store call
// closes the caller's register and opens the incoming seller's, and the
// answer carries a fresh session of the incoming seller. A replayed key
// checks the credentials again and answers the first handover with a new
// token (none is stored with the answer). The outgoing seller's token is left
// valid so that a lost answer can be retried; the web ends it once it holds
// the incoming session.
func (s *Server) relevarCaja(r *http.Request, body RelevarCaja) (createdReply[RelevoCaja], error) {
	k, err := body.contado()
	if err == nil {
		_, err = domain.AperturaRelevo(k.Efectivo, body.MontoApertura) // refused before the credentials are tried
	}
	if err != nil {
		return createdReply[RelevoCaja]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return createdReply[RelevoCaja]{}, err
	}
	saliente := actorFrom(r).Usuario
	u, err := s.Auth.Verificar(r.Context(), body.Entrante.NombreUsuario, body.Entrante.Password, a.IP,
		"Inicio de sesión por relevo de turno de "+nombreAprobador(saliente), domain.MsgCredencialesEntrante)
	if err != nil {
		return createdReply[RelevoCaja]{}, err
	}
	rel, err := s.Store.RelevarCaja(r.Context(), a, k, body.MontoApertura, store.Entrante(aprobadorDe(u)))
	if err != nil {
		return createdReply[RelevoCaja]{}, err
	}
	token, err := s.Auth.Emitir(u)
	if err != nil {
		return createdReply[RelevoCaja]{}, err
	}
	usuario, err := s.usuarioConModulos(r, u)
	out := RelevoCaja{Cierre: cierrePara(r, rel.Cierre), Caja: cajaParaUsuario(u, rel.Caja), Sesion: Sesion{Token: token, Usuario: usuario}}
	msg := fmt.Sprintf("Relevo de turno realizado: caja abierta para %s", rel.Caja.UsuarioNombre)
	if rel.Cierre.Pendiente {
		msg += "; el cierre de la caja anterior queda pendiente de la aprobación de un supervisor"
	}
	return created(out, msg), err
}

// aprobarCierreCaja approves, from the cashier's screen with a supervisor's
// credentials, the close of the caller's register pending approval.
func (s *Server) aprobarCierreCaja(r *http.Request, body AprobarCierreCaja) (reply[CierreCaja], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[CierreCaja]{}, err
	}
	caja, err := s.cajaAbiertaDe(r)
	if err != nil {
		return reply[CierreCaja]{}, err
	}
	if !caja.PendienteAprobacion() {
		return reply[CierreCaja]{}, domain.Conflict(domain.MsgSinCierrePendiente)
	}
	u, err := s.Auth.Verificar(r.Context(), body.NombreUsuario, body.Password, a.IP,
		fmt.Sprintf("Credenciales verificadas para aprobar el cierre de la caja #%d", caja.ID), domain.MsgCredencialesAprobador)
	if err != nil {
		return reply[CierreCaja]{}, err
	}
	if u.EmpresaID != a.EmpresaID {
		return reply[CierreCaja]{}, domain.Forbidden(domain.MsgAprobadorSinPermiso)
	}
	cierre, err := s.Store.AprobarCierre(r.Context(), a, caja.ID, aprobadorDe(u), body.Observaciones)
	return withMessage(cierreDe(cierre), "Cierre aprobado: caja cerrada"), err
}

// retirarEfectivo drops cash from the caller's open register to the safe,
// authorized by the supervisor whose credentials come in the body (checked
// like a close's approval: a failure answers 403, the cashier stays signed
// in). What needs no credentials to refuse is refused first: no register,
// one pending approval, an amount of zero or less.
func (s *Server) retirarEfectivo(r *http.Request, body RetirarEfectivo) (createdReply[Movimiento], error) {
	a, err := writeActor(r)
	if err != nil {
		return createdReply[Movimiento]{}, err
	}
	caja, err := s.cajaAbiertaDe(r)
	switch {
	case err != nil:
		return createdReply[Movimiento]{}, err
	case caja.PendienteAprobacion():
		return createdReply[Movimiento]{}, domain.Conflict(domain.MsgCierrePendiente)
	case body.Monto <= 0:
		return createdReply[Movimiento]{}, domain.Invalid(domain.MsgMontoMayorQueCero)
	}
	u, err := s.Auth.Verificar(r.Context(), body.NombreUsuario, body.Password, a.IP,
		fmt.Sprintf("Credenciales verificadas para autorizar un retiro de la caja #%d", caja.ID), domain.MsgCredencialesAprobador)
	if err != nil {
		return createdReply[Movimiento]{}, err
	}
	mov, err := s.Store.RetirarEfectivo(r.Context(), a, store.Retiro{Monto: body.Monto,
		Descripcion: strings.TrimSpace(body.Descripcion), Autorizante: aprobadorDe(u)})
	return created(movimientoDe(mov), "Retiro registrado exitosamente"), err
}

// aprobarCierrePropio approves a pending close from the supervisor's own session.
func (s *Server) aprobarCierrePropio(r *http.Request, body AprobarCierrePropio) (reply[CierreCaja], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[CierreCaja]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[CierreCaja]{}, err
	}
	cierre, err := s.Store.AprobarCierre(r.Context(), a, id, aprobadorDe(actorFrom(r).Usuario), body.Observaciones)
	return withMessage(cierreDe(cierre), "Cierre aprobado: caja cerrada"), err
}

func aprobadorDe(u store.UsuarioSesion) store.Aprobador {
	return store.Aprobador{UsuarioID: u.ID, EmpresaID: u.EmpresaID, Rol: u.Rol, Permisos: u.Permisos,
		Nombre: nombreAprobador(u)}
}

func nombreAprobador(u store.UsuarioSesion) string {
	if n := strings.TrimSpace(u.Nombre + " " + u.Apellido); n != "" {
		return n
	}
	return u.NombreUsuario
}

// cierresPendientes lists the company's registers whose close waits for approval.
func (s *Server) cierresPendientes(r *http.Request) ([]CierrePendiente, error) {
	list, err := s.Store.CierresPendientes(r.Context(), actorFrom(r).EmpresaID())
	return mapRows(list, func(p store.CierrePendiente) CierrePendiente { return CierrePendiente(p) }), err
}

// denominaciones lists the bills and coins a drawer is counted in.
func (s *Server) denominaciones(*http.Request) ([]domain.Denominacion, error) {
	return domain.Denominaciones, nil
}

// cuadreCaja compares, without closing, the cash the drawer should hold with
// what the seller counted, and lists what each payment method should add up to.
func (s *Server) cuadreCaja(r *http.Request, body CuadrarCaja) (CuadreCaja, error) {
	caja, err := s.cajaAbiertaDe(r)
	if err != nil {
		return CuadreCaja{}, err
	}
	if ciego(r, caja) {
		return CuadreCaja{}, domain.Forbidden(domain.MsgCuadreCiego)
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

// configCaja answers the company's register settings.
func (s *Server) configCaja(r *http.Request) (domain.ConfigCaja, error) {
	return s.Store.ConfigCaja(r.Context(), actorFrom(r).EmpresaID())
}

// guardarConfigCaja sets the company's blind close and tolerance: its own
// company only, whatever the built-in roles say (domain.CierraACiegas).
func (s *Server) guardarConfigCaja(r *http.Request, b GuardarConfigCaja) (reply[domain.ConfigCaja], error) {
	if b.CierreCiego == nil || b.Tolerancia == nil {
		return reply[domain.ConfigCaja]{}, domain.Invalid(MsgConfigCajaIncompleta)
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[domain.ConfigCaja]{}, err
	}
	out, err := s.Store.GuardarConfigCaja(r.Context(), a, domain.ConfigCaja{CierreCiego: *b.CierreCiego, Tolerancia: *b.Tolerancia})
	return withMessage(out, "Configuración de caja guardada exitosamente"), err
}
