package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Offline boardings and the conflicts of the sync (docs/features/offline.md).

// pasajeAEmbarcar is a ticket an offline boarding names, locked, with the
// leg the act boards (tramo): embarcado, fechaEmbarque and validadorID are that leg's.
type pasajeAEmbarcar struct {
	id            int64
	numero        string
	fechaViaje    string
	estado        string
	vendedorID    int64
	seccionID     int64
	idaYVuelta    bool
	vueltaHasta   *string
	creado        time.Time
	tramo         string
	embarcado     bool
	fechaEmbarque *time.Time
	validadorID   *int64
}

// embarcarOffline applies an offline boarding at its scan moment, of the leg
// the act names (embarcarTramo's rules): a good code of an active ticket
// boards it, and a round trip whose outbound leg boarded boards its return
// (on or before its last day). A leg already boarded is a conflict: the
// earlier scan keeps the boarding (the first boarding wins), and the conflict
// records both. A cancelled or unknown ticket boarded offline, or a return
// whose outbound never boarded or whose last day had passed, is a conflict
// too. A validly signed offline ticket the server does not know yet (its
// sale has not synced) is answered for a retry, and nothing is kept. Into a
// departure, the boarding takes its seat (asentarEmbarque).
func (s *Store) embarcarOffline(ctx context.Context, c sqldb.Conn, act *actoOffline) (ResultadoSync, error) {
	in, valido, err := s.codigoOffline(ctx, c, act)
	if err != nil {
		return ResultadoSync{}, err
	}
	if !valido {
		return s.rechazarConConflicto(ctx, c, act, conflicto{tipo: domain.ConflictoEmbarqueRechazado,
			detalle: domain.MsgPasajeNoEncontrado})
	}
	p, encontrado, err := pasajeParaEmbarcar(ctx, c, act.a.EmpresaID, in, act.Embarque.Tramo)
	switch {
	case err != nil:
		return ResultadoSync{}, err
	case !encontrado && in.Offline:
		return ResultadoSync{}, errReintentar{domain.MsgSyncPasajeAunNo}
	case !encontrado:
		return s.rechazarConConflicto(ctx, c, act, conflicto{tipo: domain.ConflictoEmbarqueRechazado,
			detalle: domain.MsgPasajeNoEncontrado})
	}
	// no boarding counts before its ticket was sold
	act.noAntesDe(p.creado)
	switch {
	case p.estado == domain.PasajeCancelado:
		return s.rechazarConConflicto(ctx, c, act, conflicto{tipo: domain.ConflictoEmbarqueRechazado,
			detalle: domain.MsgSyncPasajeCancelado, pasajeID: &p.id, numero: p.numero})
	case p.embarcado:
		return s.embarqueRepetido(ctx, c, act, p)
	}
	rechazo, err := rechazoVueltaOffline(ctx, c, act, p)
	if err != nil {
		return ResultadoSync{}, err
	}
	if rechazo != "" {
		return s.rechazarConConflicto(ctx, c, act, conflicto{tipo: domain.ConflictoEmbarqueRechazado, detalle: rechazo,
			pasajeID: &p.id, numero: p.numero})
	}
	return s.asentarEmbarque(ctx, c, act, p)
}

// embarcado answers a boarding applied to ticket p.
func embarcado(p pasajeAEmbarcar) ResultadoSync {
	return ResultadoSync{Estado: domain.AccionAplicada, Mensaje: domain.MsgSyncAplicada,
		Pasajes: []PasajeSincronizado{{ID: p.id, NumeroPasaje: p.numero}}}
}

// codigoOffline reads and checks a boarded code: a QR code signed by the
// company's key, or by a device it certified (checked at the scan moment; a
// short code's device from the register), or a ticket number. valido is
// false for a code refused; err a failed read.
func (s *Store) codigoOffline(ctx context.Context, c sqldb.Conn, act *actoOffline) (domain.CodigoIngresado, bool, error) {
	in, err := domain.LeerCodigoIngresado(act.Embarque.Codigo)
	if err != nil || in.QR == nil {
		return in, err == nil, nil
	}
	pub, err := s.ClavePublica(ctx, act.a.EmpresaID)
	if err != nil {
		return in, false, err
	}
	switch {
	case in.Offline:
		_, _, valido, err := codigoOfflineValido(ctx, c, pub, act.a.EmpresaID, in.Crudo, act.momento)
		return in, valido, err
	case in.QR.EmpresaID == act.a.EmpresaID:
		_, err = domain.VerificarCodigoQR(pub, in.Crudo)
		return in, err == nil, nil
	}
	return in, false, nil
}

// pasajeParaEmbarcar locks the company's ticket of a code or number, with
// the leg an act of tramo boards: a round trip's return for vuelta, else the
// outbound (or only) leg.
func pasajeParaEmbarcar(ctx context.Context, c sqldb.Conn, empresaID int64, in domain.CodigoIngresado, tramo string) (pasajeAEmbarcar, bool, error) {
	var (
		p                 pasajeAEmbarcar
		fechaVuelta       *time.Time
		validadorVueltaID *int64
	)
	where, arg := `numero_pasaje = ?`, any(in.Numero)
	if in.QR != nil {
		where, arg = `codigo_qr = ?`, in.Crudo
	}
	err := c.QueryRow(ctx, `SELECT id, numero_pasaje, CAST(fecha_viaje AS TEXT), estado, usuario_id, seccion_id, ida_y_vuelta,
		vuelta_hasta, created_at, fecha_embarque, usuario_embarque_id, fecha_embarque_vuelta, usuario_embarque_vuelta_id
		FROM pasajes WHERE empresa_id = ? AND `+where+c.Dialect().ForUpdate(), empresaID, arg).
		Scan(&p.id, &p.numero, &p.fechaViaje, &p.estado, &p.vendedorID, &p.seccionID, &p.idaYVuelta, &p.vueltaHasta,
			&p.creado, &p.fechaEmbarque, &p.validadorID, &fechaVuelta, &validadorVueltaID)
	missing, err := sqldb.NoRows(err)
	p.tramo, p.embarcado = domain.SentidoIda, p.estado == domain.PasajeUsado
	if tramo == domain.SentidoVuelta && p.idaYVuelta {
		p.tramo, p.embarcado, p.fechaEmbarque, p.validadorID = domain.SentidoVuelta, fechaVuelta != nil, fechaVuelta, validadorVueltaID
	}
	return p, !missing && err == nil, wrap("leer pasaje a embarcar", err)
}

// embarqueRepetido settles a boarding of a ticket already boarded. By the
// same device, or by the same crew member (a validation whose answer was lost,
// then scanned again offline), it is the same boarding (applied, nothing
// changes). By another device or online by someone else it is a conflict: a
// synced boarding never replaces the one the ticket holds (its time, crew
// member and seat stay); this scan is recorded beside it, answered applied
// when it was the earlier one (the passenger did board then: the phone is
// done with it), refused otherwise.
func (s *Store) embarqueRepetido(ctx context.Context, c sqldb.Conn, act *actoOffline, p pasajeAEmbarcar) (ResultadoSync, error) {
	previo, err := dispositivoDelEmbarque(ctx, c, p)
	if err != nil {
		return ResultadoSync{}, err
	}
	mismoTripulante := p.validadorID != nil && *p.validadorID == act.a.UsuarioID
	if (previo != nil && *previo == act.d.ID) || mismoTripulante {
		return embarcado(p), nil
	}
	k := conflicto{tipo: domain.ConflictoEmbarqueDuplicado, detalle: domain.MsgSyncEmbarqueDuplicado, pasajeID: &p.id,
		numero: p.numero, primeroUsuario: p.validadorID, primeroDispositivo: previo, primeroMomento: p.fechaEmbarque}
	if p.fechaEmbarque == nil || !act.momento.Before(*p.fechaEmbarque) {
		r, err := s.rechazarConConflicto(ctx, c, act, k)
		if err != nil {
			return r, err
		}
		r.Mensaje, err = yaEmbarcadoPor(ctx, c, p.validadorID)
		return r, err
	}
	k.detalle = domain.MsgSyncEmbarqueAnterior
	id, err := s.registrarConflicto(ctx, c, act, k)
	r := embarcado(p)
	r.Mensaje, r.ConflictoID = k.detalle, &id
	return r, err
}

// yaEmbarcadoPor tells the second phone of a double boarding who boarded the
// ticket first (the supervisors were told by registrarConflicto).
func yaEmbarcadoPor(ctx context.Context, c sqldb.Conn, usuarioID *int64) (string, error) {
	if usuarioID == nil {
		return domain.MsgSyncYaEmbarcado, nil
	}
	var nombre, apellido, usuario string
	err := c.QueryRow(ctx, `SELECT nombre, apellido, nombre_usuario FROM usuarios WHERE id = ?`, *usuarioID).
		Scan(&nombre, &apellido, &usuario)
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return domain.MsgSyncYaEmbarcado, wrap("leer tripulante del embarque", err)
	}
	return fmt.Sprintf(domain.MsgSyncYaEmbarcadoPor, nombreCompleto(nombre, apellido, usuario)), nil
}

// dispositivoDelEmbarque is the device whose synced boarding ticket p holds
// (nil: it boarded online).
func dispositivoDelEmbarque(ctx context.Context, c sqldb.Conn, p pasajeAEmbarcar) (*int64, error) {
	if p.fechaEmbarque == nil {
		return nil, nil
	}
	var id int64
	err := c.QueryRow(ctx, `SELECT dispositivo_id FROM acciones_offline WHERE pasaje_id = ? AND tipo = 'embarque'
		AND estado = 'aplicada' AND momento = ? ORDER BY id DESC LIMIT 1`, p.id, *p.fechaEmbarque).Scan(&id)
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return nil, wrap("leer dispositivo del embarque", err)
	}
	return &id, nil
}

// conflicto is what a conflict records besides the act that made it (its
// second side): the ticket, the first boarding, the money of a refused sale.
type conflicto struct {
	tipo, detalle      string
	pasajeID           *int64
	numero             string
	primeroUsuario     *int64
	primeroDispositivo *int64
	primeroMomento     *time.Time
	monto              domain.Centavos
	cajaID             *int64
}

// rechazarConConflicto refuses the act and records its conflict.
func (s *Store) rechazarConConflicto(ctx context.Context, c sqldb.Conn, act *actoOffline, k conflicto) (ResultadoSync, error) {
	id, err := s.registrarConflicto(ctx, c, act, k)
	r := rechazada(k.detalle)
	r.ConflictoID = &id
	return r, err
}

// registrarConflicto stores a conflict and tells the company's supervisors.
// A sale's conflict shows its tickets' numbers.
func (s *Store) registrarConflicto(ctx context.Context, c sqldb.Conn, act *actoOffline, k conflicto) (int64, error) {
	if k.numero == "" {
		k.numero = act.numeros()
	}
	id, err := c.InsertID(ctx, `INSERT INTO conflictos_offline (empresa_id, tipo, accion_id, pasaje_id, numero_pasaje, detalle,
		primero_usuario_id, primero_dispositivo_id, primero_momento, segundo_usuario_id, segundo_dispositivo_id, segundo_momento,
		monto, caja_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, act.a.EmpresaID, k.tipo, act.accionID,
		k.pasajeID, k.numero, k.detalle, k.primeroUsuario, k.primeroDispositivo, k.primeroMomento, act.a.UsuarioID, act.d.ID,
		act.momento, k.monto, k.cajaID, c.Now())
	if err != nil {
		return 0, wrap("registrar conflicto offline", err)
	}
	c.Emit(events.Event{Nombre: events.AlertaSistema, EmpresaID: act.a.EmpresaID, Roles: Supervisores,
		Datos: EventoAlerta{Tipo: "conflicto_offline", Titulo: domain.TituloConflictoOffline, Mensaje: mensajeConflicto(act, k)}})
	return id, nil
}

// mensajeConflicto is the supervisors' notification of a conflict: the
// ticket, the device, what happened, the money of a sale and the act's marks.
func mensajeConflicto(act *actoOffline, k conflicto) string {
	m := fmt.Sprintf("Dispositivo %s: %s", act.d.Codigo, k.detalle)
	if k.numero != "" {
		m = fmt.Sprintf("Pasaje %s, dispositivo %s: %s", k.numero, act.d.Codigo, k.detalle)
	}
	if act.Venta != nil {
		m += fmt.Sprintf(" (venta por %s)", k.monto)
	}
	if len(act.marcas) > 0 && k.tipo != domain.ConflictoAccionObservada {
		m += ". Observaciones: " + strings.Join(domain.EtiquetasMarcas(act.marcas), ", ")
	}
	return m
}

// ConflictoOffline is a conflict as the supervisors' screen shows it.
type ConflictoOffline struct {
	ID   int64  `json:"id"`
	Tipo string `json:"tipo" enum:"embarque_duplicado,embarque_rechazado,venta_rechazada,embarque_sin_lugar,accion_observada"`
	// NumeroPasaje is the ticket's number; a sale's, its tickets' (comma-separated).
	NumeroPasaje string `json:"numero_pasaje"`
	// PasajeID is the ticket (null when the code named none of the company's):
	// a boarding without a seat is moved into a departure by it.
	PasajeID *int64         `json:"pasaje_id"`
	Detalle  string         `json:"detalle"`
	Primero  *LadoConflicto `json:"primero"`
	Segundo  LadoConflicto  `json:"segundo"`
	// Monto is a sale's amount (0 for a boarding); CajaID the register it named.
	Monto  domain.Centavos `json:"monto"`
	CajaID *int64          `json:"caja_id"`
	// Marcas are the act's marks for the supervisor (domain.Marca…).
	Marcas      []string   `json:"marcas" description:"precio_desactualizado, caja_cerrada, dispositivo_revocado, reloj_desfasado, sobreventa, sin_nombres"`
	CreatedAt   time.Time  `json:"created_at"`
	ResueltoEn  *time.Time `json:"resuelto_en"`
	ResueltoPor string     `json:"resuelto_por"`
	Nota        string     `json:"nota"`
}

// LadoConflicto is one act of a conflict: who, on which device (empty:
// online), when.
type LadoConflicto struct {
	Usuario     string    `json:"usuario"`
	Dispositivo string    `json:"dispositivo"`
	Momento     time.Time `json:"momento"`
}

// MaxConflictosPorPagina bounds one page of conflicts.
const MaxConflictosPorPagina = 100

const conflictoColumnas = `k.id, k.tipo, k.numero_pasaje, k.pasaje_id, k.detalle, k.primero_momento,
	(SELECT ` + nombreValidador + ` FROM usuarios v WHERE v.id = k.primero_usuario_id),
	(SELECT d.nombre || ' (' || d.codigo || ')' FROM dispositivos d WHERE d.id = k.primero_dispositivo_id),
	(SELECT ` + nombreValidador + ` FROM usuarios v WHERE v.id = k.segundo_usuario_id),
	(SELECT d.nombre || ' (' || d.codigo || ')' FROM dispositivos d WHERE d.id = k.segundo_dispositivo_id),
	k.segundo_momento, k.monto, k.caja_id, k.created_at, k.resuelto_en,
	(SELECT ` + nombreValidador + ` FROM usuarios v WHERE v.id = k.resuelto_por), k.nota,
	(SELECT a.marcas FROM acciones_offline a WHERE a.id = k.accion_id)`

func scanConflicto(sc sqldb.Scanner) (ConflictoOffline, error) {
	var (
		k                                     ConflictoOffline
		primeroMomento, resueltoEn            sql.NullTime
		primeroUsuario, primeroDisp, segundoD sql.NullString
		resueltoPor, marcas                   sql.NullString
	)
	err := sc.Scan(&k.ID, &k.Tipo, &k.NumeroPasaje, &k.PasajeID, &k.Detalle, &primeroMomento, &primeroUsuario, &primeroDisp,
		&k.Segundo.Usuario, &segundoD, &k.Segundo.Momento, &k.Monto, &k.CajaID, &k.CreatedAt, &resueltoEn, &resueltoPor, &k.Nota,
		&marcas)
	k.Marcas = []string{}
	if marcas.String != "" {
		k.Marcas = strings.Split(marcas.String, ",")
	}
	if primeroMomento.Valid {
		k.Primero = &LadoConflicto{Usuario: primeroUsuario.String, Dispositivo: primeroDisp.String, Momento: primeroMomento.Time}
	}
	k.Segundo.Dispositivo, k.ResueltoEn, k.ResueltoPor = segundoD.String, instanteDe(resueltoEn), resueltoPor.String
	return k, err
}

// ListarConflictos is a page of the company's conflicts, newest first: the
// unresolved ones, or the resolved ones; and how many there are.
func (s *Store) ListarConflictos(ctx context.Context, empresaID int64, resueltos bool, pagina, porPagina int64) ([]ConflictoOffline, int64, error) {
	cond := `k.empresa_id = ? AND k.resuelto_en IS NULL`
	if resueltos {
		cond = `k.empresa_id = ? AND k.resuelto_en IS NOT NULL`
	}
	c := s.db.Conn()
	var total int64
	if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM conflictos_offline k WHERE `+cond, empresaID).Scan(&total); err != nil {
		return nil, 0, wrap("contar conflictos", err)
	}
	filas, err := sqldb.QueryAll(ctx, c, scanConflicto, `SELECT `+conflictoColumnas+` FROM conflictos_offline k WHERE `+cond+
		` ORDER BY k.id DESC LIMIT ? OFFSET ?`, empresaID, porPagina, (pagina-1)*porPagina)
	return filas, total, wrap("listar conflictos", err)
}

// ResolverConflicto marks a conflict of the company resolved by the actor,
// with a note; resolving a resolved one changes nothing. Another company's is 404.
func (s *Store) ResolverConflicto(ctx context.Context, a Actor, id int64, nota string) (ConflictoOffline, error) {
	return idempotent(ctx, s, a, "sync.resolver", func(c sqldb.Conn) (ConflictoOffline, error) {
		if _, err := c.Exec(ctx, `UPDATE conflictos_offline SET resuelto_en = ?, resuelto_por = ?, nota = ?
			WHERE empresa_id = ? AND id = ? AND resuelto_en IS NULL`, c.Now(), a.UsuarioID, nota, a.EmpresaID, id); err != nil {
			return ConflictoOffline{}, wrap("resolver conflicto", err)
		}
		k, err := scanConflicto(c.QueryRow(ctx, `SELECT `+conflictoColumnas+` FROM conflictos_offline k
			WHERE k.empresa_id = ? AND k.id = ?`, a.EmpresaID, id))
		if missing, err := sqldb.NoRows(err); missing {
			return k, domain.NotFound(domain.MsgConflictoNoEncontrado)
		} else if err != nil {
			return k, wrap("leer conflicto", err)
		}
		return k, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: "RESOLVER_CONFLICTO",
			IP: a.IP, Exito: true, Detalles: fmt.Sprintf("Conflicto #%d resuelto", id)})
	})
}

// RechazadasOffline counts offline sales refused by the sync and not yet
// resolved, with the money they took.
type RechazadasOffline struct {
	Cantidad int64           `json:"cantidad"`
	Monto    domain.Centavos `json:"monto"`
}

// VentasOfflineRechazadas are the seller's unresolved refused offline sales.
func (s *Store) VentasOfflineRechazadas(ctx context.Context, empresaID, usuarioID int64) (RechazadasOffline, error) {
	var r RechazadasOffline
	err := s.db.Conn().QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(monto), 0) FROM conflictos_offline
		WHERE empresa_id = ? AND segundo_usuario_id = ? AND tipo = 'venta_rechazada' AND resuelto_en IS NULL`,
		empresaID, usuarioID).Scan(&r.Cantidad, &r.Monto)
	return r, wrap("contar ventas offline rechazadas", err)
}
