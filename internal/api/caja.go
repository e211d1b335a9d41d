package api

import (
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/store"
)

func (s *Server) abrirCaja(r *http.Request) (any, error) {
	var body struct {
		MontoApertura *domain.Centavos `json:"monto_apertura"`
		Observaciones string           `json:"observaciones"`
	}
	if err := decode(r, &body); err != nil {
		return nil, err
	}
	if body.MontoApertura == nil {
		return nil, domain.Invalid(domain.MsgMontoNoNegativo)
	}
	a, err := writeActor(r)
	if err != nil {
		return nil, err
	}
	caja, err := s.Store.AbrirCaja(r.Context(), a, *body.MontoApertura, body.Observaciones)
	return created(cajaConUsuario(caja), "Caja abierta exitosamente"), err
}

// estadoCaja answers {cajaAbierta, caja, movimientos} for the caller's register.
func (s *Server) estadoCaja(r *http.Request) (any, error) {
	a := actorFrom(r)
	caja, ok, err := s.Store.CajaAbierta(r.Context(), a.EmpresaID(), a.Usuario.ID)
	if err != nil || !ok {
		return map[string]any{"cajaAbierta": false, "caja": nil, "movimientos": []any{}}, err
	}
	movs, err := s.Store.Movimientos(r.Context(), a.EmpresaID(), caja.ID)
	return map[string]any{"cajaAbierta": true, "caja": cajaConUsuario(caja), "movimientos": movs}, err
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
func (s *Server) resumenCaja(r *http.Request) (any, error) {
	caja, err := s.cajaAbiertaDe(r)
	return cajaConUsuario(caja), err
}

func (s *Server) movimientosCaja(r *http.Request) (any, error) {
	caja, err := s.cajaAbiertaDe(r)
	if err != nil {
		return nil, err
	}
	return s.Store.Movimientos(r.Context(), actorFrom(r).EmpresaID(), caja.ID)
}

func (s *Server) movimientoCaja(r *http.Request) (any, error) {
	var body store.NuevoMovimiento
	if err := decode(r, &body); err != nil {
		return nil, err
	}
	a, err := writeActor(r)
	if err != nil {
		return nil, err
	}
	mov, err := s.Store.RegistrarMovimiento(r.Context(), a, body)
	return created(mov, "Movimiento registrado exitosamente"), err
}

func (s *Server) cerrarCaja(r *http.Request) (any, error) {
	var body struct {
		MontoCierre    *domain.Centavos `json:"monto_cierre"`
		Observaciones  string           `json:"observaciones"`
		GenerarReporte bool             `json:"generar_reporte"`
	}
	if err := decode(r, &body); err != nil {
		return nil, err
	}
	if body.MontoCierre == nil {
		return nil, domain.Invalid("Ingrese el efectivo contado (monto_cierre)")
	}
	a, err := writeActor(r)
	if err != nil {
		return nil, err
	}
	cierre, err := s.Store.CerrarCaja(r.Context(), a, *body.MontoCierre, body.Observaciones)
	return withMessage(cierreConUsuario(cierre), "Caja cerrada exitosamente"), err
}

// cajaRespuesta is a register with the spec's usuario.nombre_usuario alias.
type cajaRespuesta struct {
	store.Caja
	Usuario usuarioRef `json:"usuario"`
}

func cajaConUsuario(c store.Caja) cajaRespuesta {
	return cajaRespuesta{Caja: c, Usuario: usuarioRef{c.NombreUsuario}}
}

// cierreRespuesta is the close summary: the closed register's fields and, over
// them, the figures of the close.
type cierreRespuesta struct {
	cajaRespuesta
	TotalVentas      domain.Centavos `json:"total_ventas"`
	EfectivoEsperado domain.Centavos `json:"efectivo_esperado"`
	MontoCierre      domain.Centavos `json:"monto_cierre"`
	Diferencia       domain.Centavos `json:"diferencia"`
	MontoFinal       domain.Centavos `json:"montoFinal"`
}

func cierreConUsuario(c store.CierreCaja) cierreRespuesta {
	return cierreRespuesta{cajaRespuesta: cajaConUsuario(c.Caja), TotalVentas: c.TotalVentas, EfectivoEsperado: c.EfectivoEsperado,
		MontoCierre: c.MontoCierre, Diferencia: c.Diferencia, MontoFinal: c.MontoFinal}
}

// cuadreCaja compares, without closing, the cash the drawer should hold with
// what the seller counted, and lists what each payment method should add up to.
func (s *Server) cuadreCaja(r *http.Request) (any, error) {
	var body struct {
		MontoContado *domain.Centavos `json:"monto_contado"`
	}
	if err := decode(r, &body); err != nil {
		return nil, err
	}
	caja, err := s.cajaAbiertaDe(r)
	if err != nil {
		return nil, err
	}
	efectivo := map[string]any{"esperado": caja.EfectivoEsperado, "contado": nil, "diferencia": nil}
	if body.MontoContado != nil {
		efectivo["contado"] = *body.MontoContado
		efectivo["diferencia"] = domain.Diferencia(*body.MontoContado, caja.EfectivoEsperado)
	}
	return map[string]any{"caja_id": caja.ID, "efectivo": efectivo, "por_medio": caja.PorMedio}, nil
}
