package api

import (
	"cmp"
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// ConfiguracionPuntos is the company's points configuration (backoffice §3):
// the body of PUT /puntos/configuracion and its answer. puntos_por_peso and
// the multiplier take up to two decimals; vencimiento_puntos_dias null means
// the points never expire.
type ConfiguracionPuntos struct {
	Activo                        bool              `json:"activo"`
	PuntosPorPeso                 domain.Centesimas `json:"puntos_por_peso" minimum:"0" maximum:"100"`
	PuntosMinimosCanje            int64             `json:"puntos_minimos_canje" minimum:"1" maximum:"1000000000"`
	VencimientoPuntosDias         *int32            `json:"vencimiento_puntos_dias" minimum:"0" maximum:"3650"`
	MultiplicadorViajeroFrecuente domain.Centesimas `json:"multiplicador_viajero_frecuente" minimum:"1" maximum:"10"`
	ViajesParaFrecuente           int32             `json:"viajes_para_frecuente" minimum:"1" maximum:"10000"`
	DiasParaFrecuente             int32             `json:"dias_para_frecuente" minimum:"1" maximum:"3650"`
	// AnulacionPuntosCanjeados is what cancelling a ticket whose points the
	// customer already redeemed does: descontar (the default, also when
	// absent: the spec's body does not name it) refunds the price less their
	// value, rechazar refuses it. An answer always carries it.
	AnulacionPuntosCanjeados string `json:"anulacion_puntos_canjeados,omitempty" maxLength:"20" enum:"descontar,rechazar"`
}

func configuracionPuntosDe(c domain.ConfigPuntos) ConfiguracionPuntos {
	out := ConfiguracionPuntos{Activo: c.Activo, PuntosPorPeso: c.PuntosPorPeso, PuntosMinimosCanje: c.PuntosMinimosCanje,
		MultiplicadorViajeroFrecuente: c.Multiplicador, ViajesParaFrecuente: int32(c.ViajesFrecuente),
		DiasParaFrecuente: int32(c.DiasFrecuente), AnulacionPuntosCanjeados: c.AnulacionCanjeados}
	if c.VencimientoDias != nil {
		d := int32(*c.VencimientoDias)
		out.VencimientoPuntosDias = &d
	}
	return out
}

func (b ConfiguracionPuntos) config() domain.ConfigPuntos {
	out := domain.ConfigPuntos{Activo: b.Activo, PuntosPorPeso: b.PuntosPorPeso, PuntosMinimosCanje: b.PuntosMinimosCanje,
		Multiplicador: b.MultiplicadorViajeroFrecuente, ViajesFrecuente: int(b.ViajesParaFrecuente),
		DiasFrecuente: int(b.DiasParaFrecuente), AnulacionCanjeados: cmp.Or(b.AnulacionPuntosCanjeados, domain.AnulacionDescontar)}
	if b.VencimientoPuntosDias != nil {
		d := int(*b.VencimientoPuntosDias)
		out.VencimientoDias = &d
	}
	return out
}

// configuracionPuntos answers the company's points configuration.
func (s *Server) configuracionPuntos(r *http.Request) (ConfiguracionPuntos, error) {
	c, err := s.Store.ConfiguracionPuntos(r.Context(), actorFrom(r).EmpresaID())
	return configuracionPuntosDe(c), err
}

// guardarConfiguracionPuntos saves the company's points configuration.
func (s *Server) guardarConfiguracionPuntos(r *http.Request, body ConfiguracionPuntos) (reply[ConfiguracionPuntos], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[ConfiguracionPuntos]{}, err
	}
	c, err := s.Store.GuardarConfiguracionPuntos(r.Context(), a, body.config())
	return withMessage(configuracionPuntosDe(c), domain.MsgConfigPuntosActualizada), err
}

// Beneficio is a benefit points are redeemed for (backoffice §3). valor is a
// percentage (descuento_porcentaje), an amount in pesos (descuento_fijo) or
// points (puntos_extra); usos counts its redemptions.
type Beneficio struct {
	ID               int64             `json:"id"`
	Nombre           string            `json:"nombre"`
	Descripcion      string            `json:"descripcion"`
	Tipo             string            `json:"tipo" enum:"descuento_porcentaje,descuento_fijo,pasaje_gratis,upgrade_seccion,puntos_extra"`
	Valor            domain.Centesimas `json:"valor"`
	PuntosRequeridos int64             `json:"puntos_requeridos"`
	MaximoUsos       *int32            `json:"maximo_usos"`
	Usos             int32             `json:"usos"`
	VigenciaDias     *int32            `json:"vigencia_dias"`
	FechaInicio      *string           `json:"fecha_inicio" format:"date"`
	FechaFin         *string           `json:"fecha_fin" format:"date"`
	Activo           bool              `json:"activo"`
}

func int32De(v *int) *int32 {
	if v == nil {
		return nil
	}
	n := int32(*v)
	return &n
}

func intDe(v *int32) *int {
	if v == nil {
		return nil
	}
	n := int(*v)
	return &n
}

func beneficioDe(b domain.Beneficio) Beneficio {
	return Beneficio{ID: b.ID, Nombre: b.Nombre, Descripcion: b.Descripcion, Tipo: b.Tipo, Valor: b.Valor,
		PuntosRequeridos: b.PuntosRequeridos, MaximoUsos: int32De(b.MaximoUsos), Usos: int32(b.Usos),
		VigenciaDias: int32De(b.VigenciaDias), FechaInicio: b.FechaInicio, FechaFin: b.FechaFin, Activo: b.Activo}
}

// GuardarBeneficio is the body of POST /puntos/beneficios and of a whole
// PUT /puntos/beneficios/{id}; a PUT with activo alone only turns the
// benefit on or off. maximo_usos and vigencia_dias null: unlimited, none.
// activo defaults to true.
type GuardarBeneficio struct {
	Nombre           *string            `json:"nombre,omitempty" maxLength:"100"`
	Descripcion      *string            `json:"descripcion,omitempty" maxLength:"500" multilinea:"true"`
	Tipo             *string            `json:"tipo,omitempty" maxLength:"30" enum:"descuento_porcentaje,descuento_fijo,pasaje_gratis,upgrade_seccion,puntos_extra"`
	Valor            *domain.Centesimas `json:"valor,omitempty" minimum:"0"`
	PuntosRequeridos *int64             `json:"puntos_requeridos,omitempty" minimum:"0" maximum:"1000000000"`
	MaximoUsos       *int32             `json:"maximo_usos,omitempty" minimum:"1"`
	VigenciaDias     *int32             `json:"vigencia_dias,omitempty" minimum:"1" maximum:"3650"`
	FechaInicio      *string            `json:"fecha_inicio,omitempty" maxLength:"10" format:"date"`
	FechaFin         *string            `json:"fecha_fin,omitempty" maxLength:"10" format:"date"`
	Activo           *bool              `json:"activo,omitempty"`
}

// soloActivo reports whether the body only turns the benefit on or off.
func (b GuardarBeneficio) soloActivo() bool {
	return b.Activo != nil && b.Nombre == nil && b.Descripcion == nil && b.Tipo == nil && b.Valor == nil &&
		b.PuntosRequeridos == nil && b.MaximoUsos == nil && b.VigenciaDias == nil && b.FechaInicio == nil && b.FechaFin == nil
}

// beneficio is the whole benefit of the body: nombre, tipo, valor and
// puntos_requeridos are required (backoffice §5).
func (b GuardarBeneficio) beneficio() (domain.Beneficio, error) {
	switch {
	case b.Nombre == nil:
		return domain.Beneficio{}, domain.Invalid(domain.MsgBeneficioNombre)
	case b.Tipo == nil:
		return domain.Beneficio{}, domain.Invalid(domain.MsgBeneficioTipo)
	case b.Valor == nil:
		return domain.Beneficio{}, domain.Invalid("El valor del beneficio es obligatorio")
	case b.PuntosRequeridos == nil:
		return domain.Beneficio{}, domain.Invalid("Los puntos requeridos son obligatorios")
	}
	out := domain.Beneficio{Nombre: *b.Nombre, Tipo: *b.Tipo, Valor: *b.Valor, PuntosRequeridos: *b.PuntosRequeridos,
		MaximoUsos: intDe(b.MaximoUsos), VigenciaDias: intDe(b.VigenciaDias), FechaInicio: b.FechaInicio,
		FechaFin: b.FechaFin, Activo: b.Activo == nil || *b.Activo}
	if b.Descripcion != nil {
		out.Descripcion = *b.Descripcion
	}
	return out, nil
}

// BeneficioEliminado says whether a DELETE deactivated the benefit instead
// (it was redeemed).
type BeneficioEliminado struct {
	Desactivado bool `json:"desactivado"`
}

// listarBeneficios answers the company's benefits by name.
func (s *Server) listarBeneficios(r *http.Request) ([]Beneficio, error) {
	list, err := s.Store.ListarBeneficios(r.Context(), actorFrom(r).EmpresaID())
	return mapRows(list, beneficioDe), err
}

func (s *Server) crearBeneficio(r *http.Request, body GuardarBeneficio) (createdReply[Beneficio], error) {
	b, err := body.beneficio()
	if err != nil {
		return createdReply[Beneficio]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return createdReply[Beneficio]{}, err
	}
	out, err := s.Store.CrearBeneficio(r.Context(), a, b)
	return created(beneficioDe(out), domain.MsgBeneficioCreado), err
}

// actualizarBeneficio changes a benefit whole, or only turns it on or off.
func (s *Server) actualizarBeneficio(r *http.Request, body GuardarBeneficio) (reply[Beneficio], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[Beneficio]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[Beneficio]{}, err
	}
	if body.soloActivo() {
		out, err := s.Store.ActivarBeneficio(r.Context(), a, id, *body.Activo)
		return withMessage(beneficioDe(out), domain.MsgBeneficioActualizado), err
	}
	b, err := body.beneficio()
	if err != nil {
		// another company's or a missing benefit answers 404 whatever the body
		if _, existe := s.Store.BeneficioPorID(r.Context(), a.EmpresaID, id); existe != nil {
			return reply[Beneficio]{}, existe
		}
		return reply[Beneficio]{}, err
	}
	out, err := s.Store.ActualizarBeneficio(r.Context(), a, id, b)
	return withMessage(beneficioDe(out), domain.MsgBeneficioActualizado), err
}

// eliminarBeneficio deletes a benefit, or deactivates one already redeemed.
func (s *Server) eliminarBeneficio(r *http.Request) (reply[BeneficioEliminado], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[BeneficioEliminado]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[BeneficioEliminado]{}, err
	}
	desactivado, err := s.Store.EliminarBeneficio(r.Context(), a, id)
	msg := domain.MsgBeneficioEliminado
	if desactivado {
		msg = domain.MsgBeneficioDesactivado
	}
	return withMessage(BeneficioEliminado{Desactivado: desactivado}, msg), err
}

// NivelPuntos is a customer's level and the progress to the next one
// (backoffice §4): progreso 0 to 1 (1 at Diamante); siguiente empty at Diamante.
type NivelPuntos struct {
	Nombre          string  `json:"nombre" enum:"Bronce,Plata,Oro,Diamante"`
	Progreso        float64 `json:"progreso"`
	Siguiente       string  `json:"siguiente"`
	PuntosSiguiente int64   `json:"puntos_siguiente"`
}

// LotePuntos is a lot of points not expired with points left.
type LotePuntos struct {
	ID              int64      `json:"id"`
	Puntos          int64      `json:"puntos"`
	Restante        int64      `json:"restante"`
	FechaExpiracion *time.Time `json:"fecha_expiracion"`
	CreadoEn        time.Time  `json:"creado_en"`
}

// UsuarioMovimiento names who made a movement.
type UsuarioMovimiento struct {
	Nombre string `json:"nombre"`
}

// PasajeMovimiento is the ticket a movement came from.
type PasajeMovimiento struct {
	ID           int64  `json:"id"`
	NumeroPasaje string `json:"numero_pasaje"`
}

// MovimientoPuntos is one movement of a customer's history (backoffice §3).
// pendiente is what a debit still owes (the customer's debt).
type MovimientoPuntos struct {
	ID              int64              `json:"id"`
	TipoMovimiento  string             `json:"tipo_movimiento" enum:"compra,canje,bonificacion,expiracion,ajuste,reversion_compra,reversion_canje"`
	Descripcion     string             `json:"descripcion"`
	Motivo          string             `json:"motivo"`
	Puntos          int64              `json:"puntos"`
	Pendiente       int64              `json:"pendiente"`
	CreadoEn        time.Time          `json:"creado_en"`
	FechaExpiracion *time.Time         `json:"fecha_expiracion"`
	Usuario         *UsuarioMovimiento `json:"usuario"`
	Pasaje          *PasajeMovimiento  `json:"pasaje"`
}

// ClientePuntos names the customer of a points lookup.
type ClientePuntos struct {
	ID        int64  `json:"id"`
	Nombre    string `json:"nombre"`
	Apellido  string `json:"apellido"`
	Documento string `json:"documento"`
}

// PuntosCliente is a customer's points (backoffice §3 "Customer points
// data"): balance_puntos is puntos_disponibles less deuda_puntos, negative
// while the customer owes points (a cancelled ticket whose points were spent),
// and then canje_bloqueado; lotes are the points left by expiry date, soonest
// first; historial the newest movements (at most 200 of total_movimientos).
type PuntosCliente struct {
	Cliente            ClientePuntos      `json:"cliente"`
	BalancePuntos      int64              `json:"balance_puntos"`
	PuntosDisponibles  int64              `json:"puntos_disponibles"`
	DeudaPuntos        int64              `json:"deuda_puntos"`
	CanjeBloqueado     bool               `json:"canje_bloqueado"`
	Nivel              NivelPuntos        `json:"nivel"`
	EsViajeroFrecuente bool               `json:"es_viajero_frecuente"`
	ViajesRecientes    int64              `json:"viajes_recientes"`
	Lotes              []LotePuntos       `json:"lotes"`
	Historial          []MovimientoPuntos `json:"historial"`
	TotalMovimientos   int64              `json:"total_movimientos"`
}

func puntosClienteDe(p store.PuntosCliente) PuntosCliente {
	out := PuntosCliente{Cliente: ClientePuntos{ID: p.Cliente.ID, Nombre: p.Cliente.Nombre, Apellido: p.Cliente.Apellido,
		Documento: p.Cliente.Documento}, BalancePuntos: p.Saldo, PuntosDisponibles: p.Disponible, DeudaPuntos: p.Deuda,
		CanjeBloqueado: p.Saldo < 0, Nivel: NivelPuntos{Nombre: p.Nivel.Nombre, Progreso: p.Nivel.Progreso,
			Siguiente: p.Nivel.Siguiente, PuntosSiguiente: p.Nivel.PuntosSiguiente},
		EsViajeroFrecuente: p.EsFrecuente, ViajesRecientes: p.Viajes, TotalMovimientos: p.TotalMovimientos,
		Lotes: mapRows(p.Lotes, func(l store.LotePuntos) LotePuntos {
			return LotePuntos{ID: l.ID, Puntos: l.Puntos, Restante: l.Restante, FechaExpiracion: l.VenceEn, CreadoEn: l.CreadoEn}
		}),
		Historial: mapRows(p.Movimientos, func(m store.MovimientoPuntos) MovimientoPuntos {
			out := MovimientoPuntos{ID: m.ID, TipoMovimiento: m.Tipo, Descripcion: m.Descripcion, Motivo: m.Motivo,
				Puntos: m.Puntos, Pendiente: m.Pendiente, CreadoEn: m.CreadoEn, FechaExpiracion: m.FechaExpiracion}
			if m.UsuarioNombre != nil {
				out.Usuario = &UsuarioMovimiento{Nombre: *m.UsuarioNombre}
			}
			if m.PasajeID != nil && m.NumeroPasaje != nil {
				out.Pasaje = &PasajeMovimiento{ID: *m.PasajeID, NumeroPasaje: *m.NumeroPasaje}
			}
			return out
		})}
	return out
}

// puntosDeCliente answers one of the company's customers' points.
func (s *Server) puntosDeCliente(r *http.Request) (PuntosCliente, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return PuntosCliente{}, err
	}
	p, err := s.Store.PuntosDeCliente(r.Context(), actorFrom(r).EmpresaID(), id)
	return puntosClienteDe(p), err
}

// AjustarPuntos is a manual adjustment (backoffice §3): signed points (not
// zero), the reason, and an optional description.
type AjustarPuntos struct {
	ClienteID   int64  `json:"cliente_id" minimum:"1"`
	Puntos      int64  `json:"puntos" minimum:"-1000000000" maximum:"1000000000"`
	Motivo      string `json:"motivo" maxLength:"200"`
	Descripcion string `json:"descripcion,omitempty" maxLength:"500" multilinea:"true"`
}

// ajustarPuntos adjusts a customer's points by hand (admin only) and
// answers the customer's points after it.
func (s *Server) ajustarPuntos(r *http.Request, body AjustarPuntos) (reply[PuntosCliente], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[PuntosCliente]{}, err
	}
	p, err := s.Store.AjustarPuntos(r.Context(), a, body.ClienteID, body.Puntos, body.Motivo, body.Descripcion)
	return withMessage(puntosClienteDe(p), domain.MsgPuntosAjustados), err
}

// BeneficioCliente is a benefit a customer may redeem today at the counter:
// alcanza says whether the customer's points reach it now, motivo why not.
type BeneficioCliente struct {
	Beneficio
	Alcanza bool   `json:"alcanza"`
	Motivo  string `json:"motivo"`
}

// beneficiosDeCliente answers the benefits redeemable today for one of the
// company's customers (the quick sale offers those that alcanza).
func (s *Server) beneficiosDeCliente(r *http.Request) ([]BeneficioCliente, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	list, err := s.Store.BeneficiosDeCliente(r.Context(), actorFrom(r).EmpresaID(), id)
	return mapRows(list, func(b store.BeneficioDisponible) BeneficioCliente {
		return BeneficioCliente{Beneficio: beneficioDe(b.Beneficio), Alcanza: b.Alcanza, Motivo: b.Motivo}
	}), err
}
