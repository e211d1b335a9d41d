package api

import (
	"errors"
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/externo"
	"muelle/internal/mercadopago"
	"muelle/internal/store"
)

// Mercado Pago's set-up per company (issue 43 item 1, docs/features/mercadopago.md).

// LocalMercadoPago is the store the company's counter is in.
type LocalMercadoPago struct {
	Nombre    string  `json:"nombre" maxLength:"60"`
	Calle     string  `json:"calle" maxLength:"100"`
	Numero    string  `json:"numero" maxLength:"10"`
	Ciudad    string  `json:"ciudad" maxLength:"60"`
	Provincia string  `json:"provincia" maxLength:"60"`
	Latitud   float64 `json:"latitud" minimum:"-90" maximum:"90"`
	Longitud  float64 `json:"longitud" minimum:"-180" maximum:"180"`
}

// GuardarMercadoPago is the body of PUT /config/mercadopago.
type GuardarMercadoPago struct {
	Local         LocalMercadoPago `json:"local"`
	AccessToken   string           `json:"access_token,omitempty" maxLength:"300" description:"El token de acceso de la cuenta (APP_USR-… o TEST-…); ausente o vacío conserva el guardado"`
	WebhookSecret string           `json:"webhook_secret,omitempty" maxLength:"200" description:"La clave secreta de las notificaciones (16 a 200 caracteres); ausente o vacía conserva la guardada"`
}

// CuentaMercadoPago is the account the stored token belongs to, as its last
// test found it.
type CuentaMercadoPago struct {
	ID    int64  `json:"id"`
	Apodo string `json:"apodo"`
}

// CajaMercadoPago is a seller's point of sale at Mercado Pago.
type CajaMercadoPago struct {
	UsuarioID     int64   `json:"usuario_id"`
	Usuario       string  `json:"usuario"`
	ExternalPosID string  `json:"external_pos_id"`
	PosID         *string `json:"pos_id" description:"El id de la caja en Mercado Pago; null mientras no se creó"`
}

// MercadoPagoConfig is the company's set-up: never the token nor the secret.
type MercadoPagoConfig struct {
	Configurada     bool               `json:"configurada"`
	TokenGuardado   bool               `json:"token_guardado"`
	SecretoGuardado bool               `json:"secreto_guardado"`
	Local           *LocalMercadoPago  `json:"local" description:"null mientras no se configuró"`
	Cuenta          *CuentaMercadoPago `json:"cuenta" description:"La cuenta del token según su última prueba correcta"`
	LocalID         *string            `json:"local_id" description:"El id del local en Mercado Pago, una vez creado"`
	ProbadoEn       *time.Time         `json:"probado_en"`
	PruebaError     string             `json:"prueba_error,omitempty" description:"Por qué falló la última prueba"`
	PruebaDetalle   string             `json:"prueba_detalle,omitempty" description:"El detalle técnico de esa falla (solo administradores)"`
	Cajas           []CajaMercadoPago  `json:"cajas" description:"Cada usuario activo que vende, con su caja en Mercado Pago si ya se creó"`
}

func mercadoPagoConfig(r *http.Request, c store.ConfigMercadoPago) MercadoPagoConfig {
	out := MercadoPagoConfig{Configurada: c.Configurada, TokenGuardado: c.TokenGuardado, SecretoGuardado: c.SecretoGuardado,
		LocalID: c.LocalID, ProbadoEn: c.ProbadoEn,
		Cajas: mapRows(c.Cajas, func(k store.CajaMercadoPago) CajaMercadoPago {
			return CajaMercadoPago{UsuarioID: k.UsuarioID, Usuario: k.Usuario, ExternalPosID: k.IDExterno, PosID: k.PosID}
		})}
	if c.Configurada {
		l := c.Local
		out.Local = &LocalMercadoPago{Nombre: l.Nombre, Calle: l.Calle, Numero: l.Numero, Ciudad: l.Ciudad,
			Provincia: l.Provincia, Latitud: l.Latitud, Longitud: l.Longitud}
	}
	if c.CuentaID != nil {
		out.Cuenta = &CuentaMercadoPago{ID: *c.CuentaID, Apodo: c.CuentaApodo}
	}
	f := fallaPara(r, c.PruebaError)
	out.PruebaError, out.PruebaDetalle = f.Categoria, f.Detalle
	return out
}

func (s *Server) configMercadoPago(r *http.Request) (MercadoPagoConfig, error) {
	c, err := s.Store.ConfigMercadoPago(r.Context(), actorFrom(r).EmpresaID())
	return mercadoPagoConfig(r, c), err
}

func (s *Server) guardarMercadoPago(r *http.Request, body GuardarMercadoPago) (reply[MercadoPagoConfig], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[MercadoPagoConfig]{}, err
	}
	l := body.Local
	c, err := s.Store.GuardarMercadoPago(r.Context(), a, store.CambioMercadoPago{Token: body.AccessToken,
		Secreto: body.WebhookSecret, Local: domain.LocalMercadoPago{Nombre: l.Nombre, Calle: l.Calle, Numero: l.Numero,
			Ciudad: l.Ciudad, Provincia: l.Provincia, Latitud: l.Latitud, Longitud: l.Longitud}})
	return withMessage(mercadoPagoConfig(r, c), domain.MsgMercadoPagoGuardado), err
}

// clienteMercadoPago is the company's client, with its stored token.
func (s *Server) clienteMercadoPago(r *http.Request) (*mercadopago.Cliente, error) {
	token, err := s.Store.TokenMercadoPago(r.Context(), actorFrom(r).EmpresaID())
	if err != nil {
		return nil, err
	}
	return s.MercadoPago.Nuevo(token)
}

// probarMercadoPago asks Mercado Pago whose the stored token is, and keeps
// the answer (the account, or the failure) for the screen and the monitor.
func (s *Server) probarMercadoPago(r *http.Request) (reply[MercadoPagoConfig], error) {
	empresa := actorFrom(r).EmpresaID()
	cli, err := s.clienteMercadoPago(r)
	if err != nil {
		return reply[MercadoPagoConfig]{}, err
	}
	cuenta, err := cli.Cuenta(r.Context())
	falla := s.fallaMercadoPago(empresa, err)
	if err != nil && falla == nil {
		return reply[MercadoPagoConfig]{}, err
	}
	texto := ""
	if falla != nil {
		texto = falla.Texto()
	}
	if err := s.Store.RegistrarPruebaMercadoPago(r.Context(), empresa, cuenta.ID, cuenta.Apodo, texto); err != nil {
		return reply[MercadoPagoConfig]{}, err
	}
	if falla != nil {
		return reply[MercadoPagoConfig]{}, domain.Fallida("No se pudo probar Mercado Pago", *falla)
	}
	out, err := s.configMercadoPago(r)
	return withMessage(out, domain.MsgMercadoPagoCuenta(cuenta.Apodo)), err
}

// crearCajasMercadoPago creates at Mercado Pago the company's store and a
// point of sale for every seller without one. Each is looked up by its
// external id before it is created, so a repeat (after a failure half-way,
// or a crash before its id was stored) creates nothing twice.
func (s *Server) crearCajasMercadoPago(r *http.Request) (reply[MercadoPagoConfig], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[MercadoPagoConfig]{}, err
	}
	cfg, err := s.Store.ConfigMercadoPago(r.Context(), a.EmpresaID)
	if err != nil {
		return reply[MercadoPagoConfig]{}, err
	}
	if !cfg.Configurada || cfg.CuentaID == nil {
		return reply[MercadoPagoConfig]{}, domain.Invalid(domain.MsgMercadoPagoSinLocal)
	}
	cli, err := s.clienteMercadoPago(r)
	if err != nil {
		return reply[MercadoPagoConfig]{}, err
	}
	if err := s.asegurarCajas(r, a, cli, cfg); err != nil {
		if falla := s.fallaMercadoPago(a.EmpresaID, err); falla != nil {
			return reply[MercadoPagoConfig]{}, domain.Fallida("No se pudieron crear las cajas en Mercado Pago", *falla)
		}
		return reply[MercadoPagoConfig]{}, err
	}
	out, err := s.configMercadoPago(r)
	return withMessage(out, domain.MsgMercadoPagoCajasCreadas), err
}

func (s *Server) asegurarCajas(r *http.Request, a store.Actor, cli *mercadopago.Cliente, cfg store.ConfigMercadoPago) error {
	ctx := r.Context()
	localID, err := cli.AsegurarLocal(ctx, *cfg.CuentaID, mercadopago.LocalDe(a.EmpresaID, cfg.Local))
	if err != nil {
		return err
	}
	if err := s.Store.RegistrarLocalMercadoPago(ctx, a.EmpresaID, localID); err != nil {
		return err
	}
	for _, c := range cfg.Cajas {
		if c.PosID != nil {
			continue
		}
		pos, err := cli.AsegurarCaja(ctx, mercadopago.CajaDe(a.EmpresaID, c.UsuarioID, "Muelle "+c.Usuario, localID))
		if err != nil {
			return err
		}
		c.PosID = &pos
		if err := s.Store.RegistrarCajaMercadoPago(ctx, a, c); err != nil {
			return err
		}
	}
	return nil
}

// fallaMercadoPago is a failed call as the screen shows it (its detail in
// the log); nil when err is not a call's failure.
func (s *Server) fallaMercadoPago(empresa int64, err error) *domain.Falla {
	e := (*externo.Error)(nil)
	if !errors.As(err, &e) {
		return nil
	}
	s.Log.Warn("Mercado Pago falló", "empresa", empresa, "error", e.Categoria, "detalle", e.Detalle)
	f := e.Falla()
	return &f
}
