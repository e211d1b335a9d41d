package api

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"time"

	"muelle/internal/auth"
	"muelle/internal/domain"
	"muelle/internal/store"
)

// Sincronizar is the body of POST /sync: a device's offline acts
// (docs/features/offline.md).
type Sincronizar struct {
	// Certificado is the device's MUELLEDISP1 certificate.
	Certificado string `json:"certificado" maxLength:"1000"`
	// Reloj is the device's clock when sending, in ms since the epoch.
	Reloj    int64           `json:"reloj"`
	Acciones []AccionOffline `json:"acciones" maxItems:"100"`
	// Firma is the device's Ed25519 signature of domain.MensajeLote (the clock and each act's id, kind
	// and moment), base64url without padding: only the device that holds the private key syncs in its name.
	Firma string `json:"firma" maxLength:"100" description:"Firma Ed25519 del dispositivo sobre MUELLESYNC1, el reloj y cada acción (id|tipo|ocurrido_en), en base64url sin relleno"`
}

// mensaje is the text the device signed of the batch.
func (b Sincronizar) mensaje() []byte {
	actos := make([]domain.ActoLote, len(b.Acciones))
	for i, a := range b.Acciones {
		actos[i] = domain.ActoLote{ID: a.ID, Tipo: a.Tipo, OcurridoEn: a.OcurridoEn}
	}
	return domain.MensajeLote(b.Reloj, actos)
}

// AccionOffline is one offline act: its client id (a UUID made when it was
// queued), its kind, the device's clock at the act (ms) and its data.
type AccionOffline struct {
	ID         string           `json:"id" maxLength:"36" format:"uuid"`
	Tipo       string           `json:"tipo" enum:"venta,embarque" maxLength:"8"`
	OcurridoEn int64            `json:"ocurrido_en"`
	Venta      *VentaOffline    `json:"venta,omitempty"`
	Embarque   *EmbarqueOffline `json:"embarque,omitempty"`
}

// VentaOffline is a sale made offline: the register open when the link
// dropped, the sale's data and one entry per ticket with its number and its
// code, made and signed by the device.
type VentaOffline struct {
	CajaID int64 `json:"caja_id"`
	DatosVenta
	Pasajes []PasajeOffline `json:"pasajes" maxItems:"50"`
}

// PasajeOffline is one ticket of an offline sale, at the price it was sold for.
type PasajeOffline struct {
	TipoViajeID  int64           `json:"tipo_viaje_id"`
	Precio       domain.Centavos `json:"precio"`
	NumeroPasaje string          `json:"numero_pasaje" maxLength:"40"`
	CodigoQR     string          `json:"codigo_qr" maxLength:"1200"`
}

// EmbarqueOffline is a boarding made offline: the code scanned or the number
// typed, the departure the phone boarded into and the leg the passenger
// travelled (ida when absent: acts queued before these fields board as before).
type EmbarqueOffline struct {
	Codigo   string `json:"codigo" maxLength:"1200"`
	SalidaID *int64 `json:"salida_id,omitempty" minimum:"1" nullable:"false" description:"La salida en la que embarcó el teléfono; sin lugar al sincronizar (llena, zarpada, cancelada, de otra sección), el pasajero queda embarcado sin salida y con un conflicto embarque_sin_lugar"`
	Tramo    string `json:"tramo,omitempty" enum:"ida,vuelta" maxLength:"6" description:"El tramo que viajó: el sentido de la salida, o el del teléfono sin salida; ida si falta"`
}

// embarque checks an offline boarding's fields and turns it into the store's.
func (b EmbarqueOffline) embarque() (store.EmbarqueOffline, error) {
	e := store.EmbarqueOffline{Codigo: b.Codigo, Tramo: domain.SentidoIda}
	if b.SalidaID != nil {
		if *b.SalidaID <= 0 {
			return e, domain.Invalid(domain.MsgSyncSalidaEmbarque)
		}
		e.SalidaID = *b.SalidaID
	}
	if b.Tramo != "" {
		if b.Tramo != domain.SentidoIda && b.Tramo != domain.SentidoVuelta {
			return e, domain.Invalid(domain.MsgSyncTramo)
		}
		e.Tramo = b.Tramo
	}
	return e, nil
}

// ResultadoSincronizacion answers a sync: the device's clock offset it
// measured, and each act's result in the order sent.
type ResultadoSincronizacion struct {
	DesfaseMs  int64                 `json:"desfase_ms"`
	Resultados []store.ResultadoSync `json:"resultados"`
}

var uuidAccion = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// relojValido bounds a device clock to years 2020–2100 (ms since the epoch).
func relojValido(ms int64) bool {
	return ms >= 1_577_836_800_000 && ms <= 4_102_444_800_000
}

// sincronizar applies a device's offline acts, each once: a whole batch is
// refused (400) when its shape or its certificate is wrong; then each act is
// answered on its own. A session that began before its device was revoked
// ends here, once its acts are in the conflicts (sesionDeDispositivoRevocado).
func (s *Server) sincronizar(r *http.Request, b Sincronizar) (ResultadoSincronizacion, error) {
	ahora := s.Store.Now()
	acciones, err := s.accionesDe(r, b)
	if err != nil {
		return ResultadoSincronizacion{}, err
	}
	a := actorFrom(r)
	d, err := s.Store.DispositivoDeSync(r.Context(), a.EmpresaID(), b.Certificado, b.mensaje(), b.Firma)
	if err != nil {
		return ResultadoSincronizacion{}, err
	}
	desfase := domain.Desfase(b.Reloj, ahora)
	res, err := s.Store.Sincronizar(r.Context(), store.Actor{EmpresaID: a.EmpresaID(), UsuarioID: a.Usuario.ID, IP: clientIP(r)},
		d, desfase, acciones)
	if err == nil && sesionDeDispositivoRevocado(a.Claims, d) {
		err = s.Auth.TerminarSesion(r.Context(), a.Claims, clientIP(r),
			fmt.Sprintf("Sesión terminada al sincronizar: el dispositivo %s fue revocado", d.Codigo), domain.MsgSyncSesionRevocada)
	}
	return ResultadoSincronizacion{DesfaseMs: desfase.Milliseconds(), Resultados: res}, err
}

// sesionDeDispositivoRevocado: the device was revoked after the session began
// (a session that may have gone on offline, unlocked on the device alone),
// which then ends at its sync. A login after the revocation proved the
// password to the server: its sessions go on, and the device's acts keep
// going to the conflicts (docs/features/offline.md, "The lock").
func sesionDeDispositivoRevocado(c auth.Claims, d store.DispositivoSync) bool {
	// iat has whole seconds: a login in the second of the revocation counts as after it
	return d.RevocadoEn != nil && c.IssuedAt != nil && c.IssuedAt.Before(d.RevocadoEn.Truncate(time.Second))
}

// accionesDe checks a batch's shape and turns its acts into the store's,
// each with its fingerprint and, when the caller's role may not do it, its refusal.
func (s *Server) accionesDe(r *http.Request, b Sincronizar) ([]store.AccionSync, error) {
	if n := len(b.Acciones); n == 0 || n > domain.MaxAccionesPorLote {
		return nil, domain.Invalid(domain.MsgSyncAccionesLote)
	}
	if !relojValido(b.Reloj) {
		return nil, domain.Invalid(domain.MsgSyncReloj)
	}
	vistas := make(map[string]bool, len(b.Acciones))
	out := make([]store.AccionSync, 0, len(b.Acciones))
	for _, acc := range b.Acciones {
		if !uuidAccion.MatchString(acc.ID) || vistas[acc.ID] {
			return nil, domain.Invalid(domain.MsgSyncIDAccion)
		}
		vistas[acc.ID] = true
		a, err := s.accionDe(r, acc)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// accionDe checks one act's shape and whether the caller may do it.
func (s *Server) accionDe(r *http.Request, acc AccionOffline) (store.AccionSync, error) {
	if !relojValido(acc.OcurridoEn) {
		return store.AccionSync{}, domain.Invalid(domain.MsgSyncOcurridoEn)
	}
	huella, err := json.Marshal(acc)
	if err != nil {
		return store.AccionSync{}, err
	}
	suma := sha256.Sum256(huella)
	out := store.AccionSync{ClienteID: acc.ID, Tipo: acc.Tipo, OcurridoEn: acc.OcurridoEn, Huella: hex.EncodeToString(suma[:])}
	switch {
	case acc.Tipo == domain.AccionVenta && acc.Venta != nil && acc.Embarque == nil:
		out.Venta = ventaOfflineDe(*acc.Venta)
		out.Prohibida = s.permitida(r, "pasajes.crear", domain.ModuloVentaPasajes, domain.MsgSyncSinPermisoVenta)
	case acc.Tipo == domain.AccionEmbarque && acc.Embarque != nil && acc.Venta == nil:
		if out.Embarque, err = acc.Embarque.embarque(); err != nil {
			return out, err
		}
		out.Prohibida = s.permitida(r, "validacion.embarque", domain.ModuloEmbarque, domain.MsgSyncSinPermisoEmbarque)
	case acc.Tipo != domain.AccionVenta && acc.Tipo != domain.AccionEmbarque:
		return out, domain.Invalid(domain.MsgSyncTipoAccion)
	default:
		return out, domain.Invalid(domain.MsgSyncAccionSinDatos)
	}
	if out.Venta != nil && len(out.Venta.Pasajes) > domain.MaxPasajesOffline {
		return out, domain.Invalid(domain.MsgSyncPasajesOffline)
	}
	return out, nil
}

// permitida is nil when the caller's role holds permiso and the company's
// module is in effect; otherwise the act's refusal (sinPermiso, or the
// module's own message).
func (s *Server) permitida(r *http.Request, permiso, modulo, sinPermiso string) error {
	a := actorFrom(r)
	if !domain.ConPermiso(permiso).Permite(a.Usuario.Rol, a.Usuario.Permisos) {
		return domain.Forbidden(sinPermiso)
	}
	return s.checkModulo(r.Context(), a, modulo)
}

func ventaOfflineDe(v VentaOffline) *store.VentaOffline {
	return &store.VentaOffline{CajaID: v.CajaID, Venta: v.venta(nil),
		Pasajes: mapRows(v.Pasajes, func(p PasajeOffline) store.PasajeOffline {
			return store.PasajeOffline{TipoViajeID: p.TipoViajeID, Precio: p.Precio, Numero: p.NumeroPasaje, Codigo: p.CodigoQR}
		})}
}

// ConsultaConflictos is the query of the conflicts list.
type ConsultaConflictos struct {
	Estado string `query:"estado" enum:"pendientes,resueltos" maxLength:"10" description:"Los pendientes (por omisión) o los ya resueltos"`
	Page   int64  `query:"page" minimum:"1" maximum:"1000000" description:"Número de página, desde 1"`
	Limit  int64  `query:"limit" minimum:"1" maximum:"100" default:"20" description:"Conflictos por página"`
}

// ListadoConflictos is one page of conflicts and how many there are.
type ListadoConflictos struct {
	Conflictos []store.ConflictoOffline `json:"conflictos"`
	Total      int64                    `json:"total"`
	TotalPages int64                    `json:"totalPages"`
	Page       int64                    `json:"page"`
}

func (s *Server) listarConflictos(r *http.Request, q ConsultaConflictos) (ListadoConflictos, error) {
	page, limit := max(q.Page, 1), q.Limit
	if limit <= 0 {
		limit = 20
	}
	filas, total, err := s.Store.ListarConflictos(r.Context(), actorFrom(r).EmpresaID(), q.Estado == "resueltos", page, limit)
	return ListadoConflictos{Conflictos: filas, Total: total, TotalPages: (total + limit - 1) / limit, Page: page}, err
}

// ResolverConflicto is the body of POST /sync/conflictos/{id}/resolver: what
// the supervisor did about it.
type ResolverConflicto struct {
	Nota string `json:"nota,omitempty" maxLength:"500" multilinea:"true"`
}

func (s *Server) resolverConflicto(r *http.Request, b ResolverConflicto) (reply[store.ConflictoOffline], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[store.ConflictoOffline]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[store.ConflictoOffline]{}, err
	}
	k, err := s.Store.ResolverConflicto(r.Context(), a, id, b.Nota)
	return withMessage(k, domain.MsgConflictoResuelto), err
}

// PasajeDelConflicto is a ticket a conflict names (an offline sale's) with
// the passenger it names (null: none).
type PasajeDelConflicto struct {
	ID           int64           `json:"id"`
	NumeroPasaje string          `json:"numero_pasaje"`
	FechaViaje   string          `json:"fecha_viaje" format:"date"`
	Pasajero     *PasajeroPasaje `json:"pasajero"`
}

// NombrarPasajeros is the body of PUT /sync/conflictos/{id}/pasajeros: the
// passengers of the conflict's tickets, one per ticket named.
type NombrarPasajeros struct {
	Pasajeros []PasajeroDelPasaje `json:"pasajeros" maxItems:"200" unidad:"pasajeros" description:"Un pasajero por pasaje del conflicto que se nombra (al menos uno)"`
}

// PasajeroDelPasaje names the passenger of one ticket.
type PasajeroDelPasaje struct {
	PasajeID int64 `json:"pasaje_id" minimum:"1" description:"Un pasaje del conflicto"`
	PasajeroVenta
}

func pasajesDelConflictoDe(ps []store.Pasaje) []PasajeDelConflicto {
	return mapRows(ps, func(p store.Pasaje) PasajeDelConflicto {
		return PasajeDelConflicto{ID: p.ID, NumeroPasaje: p.NumeroPasaje, FechaViaje: p.FechaViaje,
			Pasajero: (*PasajeroPasaje)(p.Pasajero)}
	})
}

// pasajesDelConflicto answers the tickets of a conflict with their passengers.
func (s *Server) pasajesDelConflicto(r *http.Request) ([]PasajeDelConflicto, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return nil, err
	}
	ps, err := s.Store.PasajesDelConflicto(r.Context(), actorFrom(r).EmpresaID(), id)
	return pasajesDelConflictoDe(ps), err
}

// nombrarPasajeros names the passengers of a conflict's tickets (an offline
// sale that reached a section requiring names without them).
func (s *Server) nombrarPasajeros(r *http.Request, b NombrarPasajeros) (reply[[]PasajeDelConflicto], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[[]PasajeDelConflicto]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[[]PasajeDelConflicto]{}, err
	}
	ps, err := s.Store.NombrarPasajerosDelConflicto(r.Context(), a, id, mapRows(b.Pasajeros, func(p PasajeroDelPasaje) store.PasajeroNombrado {
		return store.PasajeroNombrado{PasajeID: p.PasajeID, Pasajero: domain.Pasajero(p.PasajeroVenta)}
	}))
	return withMessage(pasajesDelConflictoDe(ps), domain.MsgPasajerosNombrados), err
}
