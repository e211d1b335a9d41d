package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// The sync of offline acts (docs/features/offline.md): each act is
// applied once, by its client id, in a transaction of its own that writes its
// acciones_offline row with it. A repeat answers the stored answer.

// DispositivoSync is the device of a sync call: its certificate checked
// against the company's key and its row read.
type DispositivoSync struct {
	ID         int64
	Codigo     string
	RevocadoEn *time.Time
	// Registrado is when the device registered; Previa its last sync before
	// this call (nil: none). No act of it counts before them (domain.CotaInferior).
	Registrado time.Time
	Previa     *domain.SincronizacionPrevia
}

// AccionSync is one act of a sync call, as the api decoded it.
type AccionSync struct {
	ClienteID  string
	Tipo       string // domain.AccionVenta or domain.AccionEmbarque
	OcurridoEn int64  // the device's clock at the act, ms since the epoch
	Huella     string // SHA-256 of the act as sent
	// Prohibida is why the caller's role may not do the act (nil: allowed):
	// the act is left on the device for a session that may (reintentar).
	Prohibida error
	Venta     *VentaOffline
	Embarque  EmbarqueOffline
}

// VentaOffline is an offline sale: the register open when the link dropped,
// the sale's data and its tickets, each numbered and signed by the device.
type VentaOffline struct {
	CajaID int64
	Venta
	Pasajes []PasajeOffline
}

// PasajeOffline is one ticket of an offline sale.
type PasajeOffline struct {
	TipoViajeID int64
	Precio      domain.Centavos
	Numero      string
	Codigo      string
}

// ResultadoSync is the answer to one act.
type ResultadoSync struct {
	ClienteID   string               `json:"id"`
	Estado      string               `json:"estado" enum:"aplicada,duplicada,rechazada"`
	Mensaje     string               `json:"mensaje"`
	ConflictoID *int64               `json:"conflicto_id,omitempty"`
	Pasajes     []PasajeSincronizado `json:"pasajes,omitempty"`
	// Reintentar marks a refusal nothing was stored for (a boarding of a ticket
	// whose sale has not synced yet): the device keeps the act pending and sends
	// it again later.
	Reintentar bool `json:"reintentar,omitempty"`
}

// PasajeSincronizado is a ticket an offline sale made on the server.
type PasajeSincronizado struct {
	ID           int64  `json:"id"`
	NumeroPasaje string `json:"numero_pasaje"`
}

// ventaOffline is what an offline sale adds to a prepared sale (emitir).
type ventaOffline struct {
	momento time.Time
	nota    string
	pasajes []PasajeOffline
}

// DispositivoDeSync checks a device's certificate for the company at now and
// reads its device: a forged certificate, another company's, an expired one
// or one whose key is not the registered device's is refused with 400, and
// so is a batch whose firma of mensaje the device's key did not make (a copy
// of the certificate alone syncs nothing); nothing is written before.
func (s *Store) DispositivoDeSync(ctx context.Context, empresaID int64, certificado string, mensaje []byte, firma string) (DispositivoSync, error) {
	pub, err := s.ClavePublica(ctx, empresaID)
	if err != nil {
		return DispositivoSync{}, err
	}
	cert, err := domain.VerificarCertificado(pub, empresaID, certificado, s.Now())
	if err != nil {
		return DispositivoSync{}, domain.Invalid(err.Error())
	}
	var (
		d     = DispositivoSync{Codigo: cert.Codigo}
		clave string
		rev   sql.NullTime
	)
	c := s.db.Conn()
	err = c.QueryRow(ctx, `SELECT id, clave_publica, revocado_en, created_at FROM dispositivos WHERE empresa_id = ? AND codigo = ?`,
		empresaID, cert.Codigo).Scan(&d.ID, &clave, &rev, &d.Registrado)
	if missing, err := sqldb.NoRows(err); missing || (err == nil && clave != cert.Clave) {
		return d, domain.Invalid(domain.MsgCertificadoInvalido)
	} else if err != nil {
		return d, wrap("leer dispositivo", err)
	}
	if err := domain.VerificarFirmaLote(clave, mensaje, firma); err != nil {
		return d, err
	}
	d.RevocadoEn = instanteDe(rev)
	if d.Previa, err = sincronizacionPrevia(ctx, c, d.ID); err != nil {
		return d, err
	}
	_, err = c.Exec(ctx, `UPDATE dispositivos SET ultimo_uso = ? WHERE id = ?`, s.Now(), d.ID)
	return d, wrap("anotar uso del dispositivo", err)
}

// sincronizacionPrevia is the device's last sync: its latest act received,
// with the device's clock then (nil: it never synced an act).
func sincronizacionPrevia(ctx context.Context, c sqldb.Conn, dispositivoID int64) (*domain.SincronizacionPrevia, error) {
	var (
		p       domain.SincronizacionPrevia
		desfase int64
	)
	err := c.QueryRow(ctx, `SELECT recibido_en, desfase_ms FROM acciones_offline WHERE dispositivo_id = ?
		ORDER BY recibido_en DESC LIMIT 1`, dispositivoID).Scan(&p.Recibida, &desfase)
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return nil, wrap("leer la última sincronización del dispositivo", err)
	}
	p.Reloj = p.Recibida.UnixMilli() + desfase
	return &p, nil
}

// errReintentar undoes an act's transaction, its claim included, and answers
// it refused with the message: the device keeps it and sends it again later.
type errReintentar struct{ mensaje string }

func (e errReintentar) Error() string { return e.mensaje }

// Sincronizar applies a device's acts in order, each once, and answers each.
// desfase is the device's clock minus the server's, measured by the call. An
// error is the database's: the acts answered before it are applied.
func (s *Store) Sincronizar(ctx context.Context, a Actor, d DispositivoSync, desfase time.Duration, acciones []AccionSync) ([]ResultadoSync, error) {
	out := make([]ResultadoSync, 0, len(acciones))
	for _, acc := range acciones {
		var (
			r   ResultadoSync
			err error
		)
		if acc.Prohibida == nil {
			r, err = s.aplicarAccion(ctx, a, d, desfase, acc)
		} else {
			r, err = s.accionProhibida(ctx, a, acc)
		}
		var reintentar errReintentar
		if errors.As(err, &reintentar) {
			r, err = ResultadoSync{Estado: domain.AccionRechazada, Mensaje: reintentar.mensaje, Reintentar: true}, nil
		}
		if err != nil {
			return out, err
		}
		r.ClienteID = acc.ClienteID
		out = append(out, r)
	}
	return out, nil
}

// accionProhibida answers an act the session may not do, without claiming
// it: its stored answer when a session that may did sync it (an answer lost,
// sent again), else errReintentar.
func (s *Store) accionProhibida(ctx context.Context, a Actor, acc AccionSync) (ResultadoSync, error) {
	c := s.db.Conn()
	var n int
	if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM acciones_offline WHERE empresa_id = ? AND cliente_id = ?`, a.EmpresaID,
		acc.ClienteID).Scan(&n); err != nil {
		return ResultadoSync{}, wrap("buscar acción offline", err)
	}
	if n == 0 {
		return ResultadoSync{}, errReintentar{acc.Prohibida.Error()}
	}
	return accionGuardada(ctx, c, a.EmpresaID, acc)
}

// actoOffline is an act being applied: who, from which device, when.
type actoOffline struct {
	AccionSync
	a        Actor
	d        DispositivoSync
	accionID int64
	recibido time.Time
	momento  time.Time
	marcas   []string
}

// acotar sets when the act counts: the device's time corrected by the
// offset, no earlier than desde and never after its receipt; moved by more
// than domain.DesfaseVisible, it is marked reloj_desfasado.
func (act *actoOffline) acotar(desde time.Time, desfase time.Duration) {
	momento, movido := domain.MomentoOffline(act.OcurridoEn, desfase, desde, act.recibido)
	act.momento = momento
	if movido {
		act.marcar(domain.MarcaRelojDesfasado)
	}
}

// noAntesDe moves the act to desde when it counted earlier (a boarding
// dated before its ticket was sold), marked as acotar does.
func (act *actoOffline) noAntesDe(desde time.Time) {
	momento, movido := domain.AcotarMomento(act.momento, desde, act.recibido)
	act.momento = momento
	if movido {
		act.marcar(domain.MarcaRelojDesfasado)
	}
}

// marcar adds a mark for the supervisor, once.
func (act *actoOffline) marcar(marca string) {
	if !slices.Contains(act.marcas, marca) {
		act.marcas = append(act.marcas, marca)
	}
}

// aplicarAccion applies one act in its own transaction.
func (s *Store) aplicarAccion(ctx context.Context, a Actor, d DispositivoSync, desfase time.Duration, acc AccionSync) (ResultadoSync, error) {
	var r ResultadoSync
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		recibido := c.Now()
		act := actoOffline{AccionSync: acc, a: a, d: d, recibido: recibido}
		act.acotar(domain.CotaInferior(acc.OcurridoEn, d.Registrado, d.Previa), desfase)
		var (
			nueva bool
			err   error
		)
		if act.accionID, nueva, err = reclamarAccion(ctx, c, act, recibido, desfase); err != nil || !nueva {
			if err == nil {
				r, err = accionGuardada(ctx, c, a.EmpresaID, acc)
			}
			return err
		}
		if r, err = s.aplicar(ctx, c, &act); err != nil {
			return err
		}
		if r, err = s.observar(ctx, c, &act, r); err != nil {
			return err
		}
		return guardarResultado(ctx, c, act, r)
	})
	return r, err
}

// aplicar runs the act (its kind's rules) and answers it. A sale is its
// seller's: synced by another session of the device it is left for them
// (errReintentar, nothing stored).
func (s *Store) aplicar(ctx context.Context, c sqldb.Conn, act *actoOffline) (ResultadoSync, error) {
	if ajena, err := ventaDeOtro(ctx, c, act); err != nil || ajena {
		if err != nil {
			return ResultadoSync{}, err
		}
		return s.rechazarConConflicto(ctx, c, act, conflicto{tipo: domain.ConflictoVentaRechazada, detalle: domain.MsgSyncCajaAjena,
			monto: act.monto()})
	}
	if act.d.RevocadoEn != nil {
		act.marcar(domain.MarcaDispositivoRevocado)
		return s.rechazarConConflicto(ctx, c, act, conflicto{tipo: conflictoDe(act.Tipo), detalle: domain.MsgSyncRevocado,
			monto: act.monto(), cajaID: act.cajaID()})
	}
	if act.Tipo == domain.AccionVenta {
		return s.venderOffline(ctx, c, act)
	}
	return s.embarcarOffline(ctx, c, act)
}

// observar puts an applied act that carries a mark the supervisor must see
// (domain.MarcasObservadas) on the conflicts list, unless it made a conflict
// already: a sale with its numbers, its amount and its register.
func (s *Store) observar(ctx context.Context, c sqldb.Conn, act *actoOffline, r ResultadoSync) (ResultadoSync, error) {
	observada := slices.ContainsFunc(act.marcas, func(m string) bool { return slices.Contains(domain.MarcasObservadas, m) })
	if r.Estado != domain.AccionAplicada || r.ConflictoID != nil || !observada {
		return r, nil
	}
	k := conflicto{tipo: domain.ConflictoAccionObservada, detalle: domain.MsgAccionObservada(act.marcas), monto: act.monto()}
	if len(r.Pasajes) == 1 {
		k.pasajeID, k.numero = &r.Pasajes[0].ID, r.Pasajes[0].NumeroPasaje
	}
	if act.Venta != nil {
		k.cajaID = act.cajaID()
	}
	id, err := s.registrarConflicto(ctx, c, act, k)
	r.ConflictoID = &id
	return r, err
}

// conflictoDe is the kind of conflict a refused act of kind tipo makes.
func conflictoDe(tipo string) string {
	if tipo == domain.AccionVenta {
		return domain.ConflictoVentaRechazada
	}
	return domain.ConflictoEmbarqueRechazado
}

// monto is the money an offline sale took (0 for a boarding or a sum out of bounds).
func (act actoOffline) monto() domain.Centavos {
	if act.Venta == nil {
		return 0
	}
	var total domain.Centavos
	for _, p := range act.Venta.Pasajes {
		t, err := domain.Sumar(total, p.Precio)
		if err != nil {
			return 0
		}
		total = t
	}
	return total
}

// numeros are an offline sale's ticket numbers, as a conflict shows them.
func (act actoOffline) numeros() string {
	if act.Venta == nil {
		return ""
	}
	numeros := make([]string, len(act.Venta.Pasajes))
	for i, p := range act.Venta.Pasajes {
		numeros[i] = p.Numero
	}
	return strings.Join(numeros, ", ")
}

// cajaID is the register an offline sale names (nil for a boarding).
func (act actoOffline) cajaID() *int64 {
	if act.Venta == nil || act.Venta.CajaID <= 0 {
		return nil
	}
	return &act.Venta.CajaID
}

func rechazada(mensaje string) ResultadoSync {
	return ResultadoSync{Estado: domain.AccionRechazada, Mensaje: mensaje}
}

// reclamarAccion inserts the act's row, answering false when the company
// already has one of that client id (PostgreSQL waits for a concurrent one to
// commit first). The row is completed by guardarResultado.
func reclamarAccion(ctx context.Context, c sqldb.Conn, act actoOffline, recibido time.Time, desfase time.Duration) (int64, bool, error) {
	var id int64
	err := c.QueryRow(ctx, `INSERT INTO acciones_offline (empresa_id, cliente_id, dispositivo_id, usuario_id, tipo, huella,
		ocurrido_en, recibido_en, momento, desfase_ms, estado, mensaje) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '')
		ON CONFLICT (empresa_id, cliente_id) DO NOTHING RETURNING id`, act.a.EmpresaID, act.ClienteID, act.d.ID, act.a.UsuarioID,
		act.Tipo, act.Huella, time.UnixMilli(act.OcurridoEn).UTC(), recibido, act.momento, desfase.Milliseconds(),
		domain.AccionRechazada).Scan(&id)
	missing, err := sqldb.NoRows(err)
	return id, !missing && err == nil, wrap("registrar acción offline", err)
}

// accionGuardada answers a repeated act from its stored row: duplicada for
// an applied one (with its tickets), the same refusal for a refused one, and a
// refusal when the same id came with another act.
func accionGuardada(ctx context.Context, c sqldb.Conn, empresaID int64, acc AccionSync) (ResultadoSync, error) {
	var (
		r                 ResultadoSync
		huella, resultado string
		conflicto         sql.NullInt64
	)
	err := c.QueryRow(ctx, `SELECT a.huella, a.estado, a.mensaje, a.resultado,
		(SELECT MIN(k.id) FROM conflictos_offline k WHERE k.accion_id = a.id)
		FROM acciones_offline a WHERE a.empresa_id = ? AND a.cliente_id = ?`, empresaID, acc.ClienteID).
		Scan(&huella, &r.Estado, &r.Mensaje, &resultado, &conflicto)
	if err != nil {
		return r, wrap("leer acción offline", err)
	}
	if huella != acc.Huella {
		return rechazada(domain.MsgSyncOtroContenido), nil
	}
	if conflicto.Valid {
		r.ConflictoID = &conflicto.Int64
	}
	if r.Estado == domain.AccionAplicada {
		r.Estado = domain.AccionDuplicada
	}
	if resultado != "" {
		err = json.Unmarshal([]byte(resultado), &r.Pasajes)
	}
	return r, wrap("leer resultado de acción offline", err)
}

// guardarResultado completes the act's row with its answer.
func guardarResultado(ctx context.Context, c sqldb.Conn, act actoOffline, r ResultadoSync) error {
	resultado := ""
	if len(r.Pasajes) > 0 {
		b, err := json.Marshal(r.Pasajes)
		if err != nil {
			return err
		}
		resultado = string(b)
	}
	var pasajeID *int64
	if act.Tipo == domain.AccionEmbarque && len(r.Pasajes) == 1 {
		pasajeID = &r.Pasajes[0].ID
	}
	_, err := c.Exec(ctx, `UPDATE acciones_offline SET estado = ?, mensaje = ?, marcas = ?, pasaje_id = ?, resultado = ?
		WHERE id = ?`, r.Estado, r.Mensaje, strings.Join(act.marcas, ","), pasajeID, resultado, act.accionID)
	return wrap("guardar resultado de acción offline", err)
}

// venderOffline applies an offline sale: every check first (the tickets'
// codes, numbers and data, the catalogue, the travel date, the register),
// then the same writes as an online sale (emitir) at the act's moment, with
// the device's numbers and codes. A refusal writes nothing but its conflict.
func (s *Store) venderOffline(ctx context.Context, c sqldb.Conn, act *actoOffline) (ResultadoSync, error) {
	p, err := s.prepararVentaOffline(ctx, c, act)
	if err == nil {
		err = numerosLibres(ctx, c, act.a.EmpresaID, act.Venta.Pasajes)
	}
	var caja cajaBloqueada
	if err == nil {
		caja, p.offline.nota, err = cajaDeVentaOffline(ctx, c, act)
	}
	var negada *domain.Error
	if errors.As(err, &negada) {
		return s.rechazarConConflicto(ctx, c, act, conflicto{tipo: domain.ConflictoVentaRechazada, detalle: negada.Message,
			monto: act.monto(), cajaID: act.cajaID()})
	}
	if err != nil {
		return ResultadoSync{}, err
	}
	// Never refused for the day's seats (it was sold and printed already):
	// one past them is marked, audited and notified.
	sv, err := cupoOffline(ctx, c, act.a, p)
	if err == nil {
		sv, err = salidaOffline(ctx, c, act.a, &p, sv)
	}
	if err != nil {
		return ResultadoSync{}, err
	}
	if sv != nil {
		act.marcar(domain.MarcaSobreventa)
	}
	if err := caja.sumar(ctx, c, p.total); err != nil {
		return ResultadoSync{}, err
	}
	pasajes, err := s.emitir(ctx, c, act.a, p, caja.id)
	if err != nil {
		return ResultadoSync{}, err
	}
	if err := s.registrarSobreventa(ctx, c, act.a, p, sv, pasajes); err != nil {
		return ResultadoSync{}, err
	}
	if err := impresionesSinConexion(ctx, c, act, pasajes); err != nil {
		return ResultadoSync{}, err
	}
	r := ResultadoSync{Estado: domain.AccionAplicada, Mensaje: domain.MsgSyncAplicada}
	for _, ps := range pasajes {
		r.Pasajes = append(r.Pasajes, PasajeSincronizado{ID: ps.ID, NumeroPasaje: ps.NumeroPasaje})
	}
	return r, nil
}

// impresionesSinConexion records the receipt the device printed of each
// ticket of an offline sale as the ticket's print 1 (formato sin_conexion,
// by the seller, at the act's moment; the paper is the device's, which the
// server does not know): the first print from the server is then
// 'DUPLICADO / Duplicado 2' (docs/features/impresion.md).
func impresionesSinConexion(ctx context.Context, c sqldb.Conn, act *actoOffline, pasajes []Pasaje) error {
	fila := `(?, ?, 1, '` + domain.ImpresionSinConexion + `', '', ?, ?), `
	args := make([]any, 0, 4*len(pasajes))
	for _, ps := range pasajes {
		args = append(args, act.a.EmpresaID, ps.ID, nulo(act.a.UsuarioID), act.momento)
	}
	_, err := c.Exec(ctx, `INSERT INTO pasaje_impresiones (empresa_id, pasaje_id, numero, formato, papel, usuario_id, created_at)
		VALUES `+strings.TrimSuffix(strings.Repeat(fila, len(pasajes)), `, `), args...)
	return wrap("registrar impresiones sin conexión", err)
}

// prepararVentaOffline reads and checks what an offline sale needs. Inactive
// catalogue entries are accepted (the seller saw them active when the link
// dropped); another company's are not. A price is accepted if the fare table
// held it since the device's last sync (the money was taken at the cached
// price); any other is refused into the conflicts.
func (s *Store) prepararVentaOffline(ctx context.Context, c sqldb.Conn, act *actoOffline) (ventaPreparada, error) {
	v := act.Venta
	p := ventaPreparada{Venta: v.Venta, offline: &ventaOffline{momento: act.momento, pasajes: v.Pasajes}}
	if n := len(v.Pasajes); n == 0 || n > domain.MaxPasajesOffline {
		return p, domain.Invalid(domain.MsgSyncPasajesOffline)
	}
	cab, err := leerCabeceraVenta(ctx, c, act.a, v.Venta)
	if err != nil {
		return p, err
	}
	p.prefijo, p.zona = domain.PrefijoEmpresa(cab.empresa), domain.Location(cab.zona)
	p.hoy = domain.DiaDe(act.momento, p.zona).Fecha
	lineas := lineasDe(v.Pasajes)
	if err := domain.ValidarVenta(v.SeccionID, v.MedioPagoID, v.FechaViaje, domain.PlazoVenta(p.hoy, cab.diasVentaAnticipada), lineas); err != nil {
		return p, err
	}
	// a section that requires names takes the sale all the same (it was sold
	// and printed already): marked, it goes to the conflicts for the names
	faltan, err := p.nombrarPasajeros(cab, len(v.Pasajes))
	if err != nil {
		return p, err
	}
	if faltan > 0 {
		act.marcar(domain.MarcaSinNombres)
	}
	if p.vendedor, err = cab.vendedorDe(act.a); err != nil {
		return p, err
	}
	if err := s.verificarPasajesOffline(ctx, c, act, p.prefijo); err != nil {
		return p, err
	}
	return p, p.preciarOffline(ctx, c, act, cab)
}

// lineasDe groups an offline sale's tickets by trip type, as ValidarVenta checks them.
func lineasDe(pasajes []PasajeOffline) []domain.LineaVenta {
	var lineas []domain.LineaVenta
	for _, ps := range pasajes {
		i := slices.IndexFunc(lineas, func(l domain.LineaVenta) bool { return l.TipoViajeID == ps.TipoViajeID })
		if i < 0 {
			lineas = append(lineas, domain.LineaVenta{TipoViajeID: ps.TipoViajeID})
			i = len(lineas) - 1
		}
		lineas[i].Cantidad++
	}
	return lineas
}

// verificarPasajesOffline checks that every ticket is this device's: its
// number of the device's series and its code signed by the device's key
// (certified by the company's at the act's moment: a short code's certificate
// is the device's in the register), carrying the ticket's number, date,
// section, trip type and price.
func (s *Store) verificarPasajesOffline(ctx context.Context, c sqldb.Conn, act *actoOffline, prefijo string) error {
	pub, err := s.ClavePublica(ctx, act.a.EmpresaID)
	if err != nil {
		return err
	}
	v := act.Venta
	for _, ps := range v.Pasajes {
		if !domain.NumeroOfflineValido(ps.Numero, prefijo, act.d.Codigo) {
			return domain.Invalid(domain.MsgSyncNumeroOffline)
		}
		q, cert, valido, err := codigoOfflineValido(ctx, c, pub, act.a.EmpresaID, ps.Codigo, act.momento)
		if err != nil {
			return err
		}
		if !valido || cert.Codigo != act.d.Codigo || q.NumeroPasaje != ps.Numero || q.FechaViaje != v.FechaViaje ||
			q.SeccionID != v.SeccionID || q.TipoViajeID != ps.TipoViajeID || q.Precio != int64(ps.Precio) || ps.Precio < 0 {
			return domain.Invalid(domain.MsgSyncCodigoOffline)
		}
	}
	return nil
}

// preciarOffline checks the catalogue entries are the company's and prices
// each ticket at the price it was sold for, which the fare table must have
// held since the device's last sync (precioOfflineVigente).
func (p *ventaPreparada) preciarOffline(ctx context.Context, c sqldb.Conn, act *actoOffline, cab cabeceraVenta) error {
	if cab.seccion.nombre == nil {
		return domain.NotFound(domain.CatSecciones.Mensajes.NoEncontrado)
	}
	if cab.medio.nombre == nil {
		return domain.NotFound(domain.CatMediosPago.Mensajes.NoEncontrado)
	}
	p.seccion, p.medio = *cab.seccion.nombre, *cab.medio.nombre
	if err := p.validarCobro(cab); err != nil {
		return err
	}
	tipos, err := tiposDeVenta(ctx, c, act.a.EmpresaID, p.SeccionID, lineasDe(act.Venta.Pasajes))
	if err != nil {
		return err
	}
	for _, ps := range act.Venta.Pasajes {
		t, ok := tipos[ps.TipoViajeID]
		if !ok {
			return domain.NotFound(domain.CatTiposViaje.Mensajes.NoEncontrado)
		}
		p.lineas = append(p.lineas, lineaPrecio{domain.LineaVenta{TipoViajeID: ps.TipoViajeID, Cantidad: 1}, ps.Precio, *t.nombre,
			t.idaYVuelta, t.diasVuelta})
		if p.total, err = domain.Sumar(p.total, ps.Precio); err != nil {
			return err
		}
	}
	return precioOfflineVigente(ctx, c, act)
}

// precioOfflineVigente refuses, marked precio_desactualizado, an offline
// sale with a ticket priced at what the fare table did not hold at any time
// since the device's last sync before the sale (ultimaSincronizacion): the
// device could not have had it.
func precioOfflineVigente(ctx context.Context, c sqldb.Conn, act *actoOffline) error {
	desde, err := ultimaSincronizacion(ctx, c, act)
	if err != nil {
		return err
	}
	for _, ps := range act.Venta.Pasajes {
		vigente, err := precioVigenteDesde(ctx, c, act.a.EmpresaID, act.Venta.SeccionID, ps.TipoViajeID, ps.Precio, desde)
		if err != nil {
			return err
		}
		if !vigente {
			act.marcar(domain.MarcaPrecioDesactualizado)
			return domain.Invalid(domain.MsgSyncPrecioDesactualizado)
		}
	}
	return nil
}

// ultimaSincronizacion is the device's last sync before the act: its latest
// act received by then, or its registration.
func ultimaSincronizacion(ctx context.Context, c sqldb.Conn, act *actoOffline) (time.Time, error) {
	var ultima time.Time
	err := c.QueryRow(ctx, `SELECT recibido_en FROM acciones_offline WHERE dispositivo_id = ? AND recibido_en <= ?
		ORDER BY recibido_en DESC LIMIT 1`, act.d.ID, act.momento).Scan(&ultima)
	if missing, err := sqldb.NoRows(err); missing || err != nil || ultima.Before(act.d.Registrado) {
		return act.d.Registrado, wrap("leer la última sincronización del dispositivo", err)
	}
	return ultima, nil
}

// numerosLibres refuses an offline sale whose ticket numbers the company
// already has (a device that lost its counter).
func numerosLibres(ctx context.Context, c sqldb.Conn, empresaID int64, pasajes []PasajeOffline) error {
	args := []any{empresaID}
	for _, ps := range pasajes {
		args = append(args, ps.Numero)
	}
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM pasajes WHERE empresa_id = ? AND numero_pasaje IN (`+
		sqldb.Placeholders(len(pasajes))+`)`, args...).Scan(&n)
	if err != nil {
		return wrap("buscar números de pasaje", err)
	}
	if n > 0 {
		return domain.Invalid(domain.MsgSyncNumeroRepetido)
	}
	return nil
}

// ventaDeOtro is errReintentar for a sale naming another user's register of
// the company: the session that made it (the register's) syncs it later.
// ajena is a sale naming a register the company does not have.
func ventaDeOtro(ctx context.Context, c sqldb.Conn, act *actoOffline) (ajena bool, err error) {
	if act.Venta == nil {
		return false, nil
	}
	var usuarioID int64
	err = c.QueryRow(ctx, `SELECT usuario_id FROM cajas WHERE empresa_id = ? AND id = ?`, act.a.EmpresaID, act.Venta.CajaID).
		Scan(&usuarioID)
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return missing, wrap("buscar caja de venta offline", err)
	}
	if usuarioID != act.a.UsuarioID {
		return false, errReintentar{domain.MsgSyncVentaDeOtro}
	}
	return false, nil
}

// cajaDeVentaOffline locks the register an offline sale goes into: the one
// open when the link dropped, if still open and not counted; if it was closed
// meanwhile, the seller's open register, with a note naming the closed one.
// A register whose count waits for approval (blind close) is closed for it:
// its count is done. With none open, or only a counted one, the sale is
// refused (it lands in the conflicts, flagged for the register's close),
// marked caja_cerrada either way.
func cajaDeVentaOffline(ctx context.Context, c sqldb.Conn, act *actoOffline) (cajaBloqueada, string, error) {
	var (
		cb     cajaBloqueada
		estado string
		conteo *time.Time
	)
	err := c.QueryRow(ctx, `SELECT id, volumen, estado, fecha_conteo FROM cajas WHERE empresa_id = ? AND usuario_id = ? AND id = ?`+
		c.Dialect().ForUpdate(), act.a.EmpresaID, act.a.UsuarioID, act.Venta.CajaID).Scan(&cb.id, &cb.volumen, &estado, &conteo)
	if missing, err := sqldb.NoRows(err); missing {
		return cb, "", domain.Invalid(domain.MsgSyncCajaAjena)
	} else if err != nil {
		return cb, "", wrap("buscar caja de venta offline", err)
	}
	if estado == domain.CajaAbierta && conteo == nil {
		return cb, "", nil
	}
	act.marcar(domain.MarcaCajaCerrada)
	if estado == domain.CajaAbierta {
		return cb, "", domain.Invalid(domain.MsgSyncCajaPendiente)
	}
	abierta, pendiente, err := bloquearCaja(ctx, c, act.a)
	switch {
	case err != nil:
		return abierta, "", err
	case abierta.id == 0:
		return abierta, "", domain.Invalid(domain.MsgSyncSinCaja)
	case pendiente:
		return abierta, "", domain.Invalid(domain.MsgSyncCajaPendiente)
	}
	return abierta, fmt.Sprintf(" (caja #%d cerrada)", act.Venta.CajaID), nil
}
