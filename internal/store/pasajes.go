package store

import (
	"context"
	"crypto/ed25519"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Pasaje is a ticket as the API shows it (operaciones §3).
type Pasaje struct {
	ID                int64
	NumeroPasaje      string
	CodigoQR          string
	FechaViaje        string
	DiaVenta          string // the business day it was sold in the company's time zone (YYYY-MM-DD): set by a sale, not read back
	FechaEmbarque     *time.Time
	Precio            domain.Centavos
	PrecioTotal       domain.Centavos
	Estado            string
	ClienteNombre     string
	ClienteTelefono   string
	ClienteEmail      string
	ClienteDocumento  string
	ClienteID         *int64 // the customer of ClienteDocumento
	SeccionID         int64
	SeccionNombre     string
	TipoViajeID       int64
	TipoViajeNombre   string
	MedioPagoID       int64
	MedioPagoNombre   string
	MedioPagoTipo     string // the method's tipo (domain.TiposMedioPago)
	CantidadPasajeros int
	Observaciones     string
	UsuarioID         int64 // the seller
	CajaID            int64 // the register it was sold into
	UsuarioNombre     string
	NombreUsuario     string // the seller's login; the api shows it as usuario.nombre_usuario
	CreatedAt         time.Time
	// A round trip (IdaYVuelta): the last day of its return (nil: open) and when the return boarded.
	IdaYVuelta          bool
	VueltaHasta         *string
	FechaEmbarqueVuelta *time.Time
	// Pasajero is the passenger the ticket names (nil: none; pasajeros.go).
	Pasajero *domain.Pasajero
	// Salida is the departure it was sold for (the zero value: none, sold for its day; salida_venta.go).
	Salida domain.SalidaPasaje
}

type nombreRef struct {
	Nombre string
}

const pasajeColumns = `p.id, p.numero_pasaje, p.codigo_qr, CAST(p.fecha_viaje AS TEXT), p.fecha_embarque, p.precio,
	p.estado, p.cliente_nombre, p.cliente_telefono, p.cliente_email, p.cliente_documento, p.cliente_id, p.seccion_id, s.nombre, p.tipo_viaje_id, t.nombre,
	p.medio_pago_id, m.nombre, m.tipo, p.observaciones, p.usuario_id, u.nombre_usuario, u.nombre, u.apellido, p.created_at,
	p.ida_y_vuelta, p.vuelta_hasta, p.fecha_embarque_vuelta, p.caja_id, ` + salidaDelPasaje + `, ` + pasajeroDelPasaje

const pasajeFrom = `FROM pasajes p JOIN secciones s ON s.id = p.seccion_id JOIN tipos_viaje t ON t.id = p.tipo_viaje_id
	JOIN medios_pago m ON m.id = p.medio_pago_id JOIN usuarios u ON u.id = p.usuario_id ` + pasajeroJoin

func scanPasaje(sc sqldb.Scanner) (Pasaje, error) {
	var (
		p                Pasaje
		nombre, apellido string
		px               pasajeroLeido
	)
	err := sc.Scan(append([]any{&p.ID, &p.NumeroPasaje, &p.CodigoQR, &p.FechaViaje, &p.FechaEmbarque, &p.Precio, &p.Estado,
		&p.ClienteNombre, &p.ClienteTelefono, &p.ClienteEmail, &p.ClienteDocumento, &p.ClienteID, &p.SeccionID, &p.SeccionNombre, &p.TipoViajeID,
		&p.TipoViajeNombre, &p.MedioPagoID, &p.MedioPagoNombre, &p.MedioPagoTipo, &p.Observaciones, &p.UsuarioID, &p.NombreUsuario,
		&nombre, &apellido, &p.CreatedAt, &p.IdaYVuelta, &p.VueltaHasta, &p.FechaEmbarqueVuelta, &p.CajaID, &p.Salida.SalidaID,
		&p.Salida.Hora, &p.Salida.Embarcacion, &p.Salida.ParadaEmbarque}, px.destinos()...)...)
	p.PrecioTotal, p.CantidadPasajeros, p.Pasajero = p.Precio, 1, px.pasajero()
	p.UsuarioNombre = nombreCompleto(nombre, apellido, p.NombreUsuario)
	return p, err
}

// pasajes lists the company's tickets that match where, with their names.
func (s *Store) pasajes(ctx context.Context, c sqldb.Conn, where string, args ...any) ([]Pasaje, error) {
	out, err := sqldb.QueryAll(ctx, c, scanPasaje, `SELECT `+pasajeColumns+` `+pasajeFrom+` `+where, args...)
	return out, wrap("listar pasajes", err)
}

// Venta is a whole sale: one section, date and payment method, several lines.
type Venta struct {
	SeccionID       int64
	FechaViaje      string
	MedioPagoID     int64
	ClienteNombre   string
	ClienteTelefono string
	ClienteEmail    string
	// ClienteDocumento, when given, links the tickets to the company's
	// customer of that document, created with the sale when new.
	ClienteDocumento string
	Observaciones    string
	// Referencia is the payment's reference (card or transfer), checked
	// against the method's rule (domain.ReglaReferencia) and stored on the
	// sale's register movement.
	Referencia domain.Referencia
	Lineas     []domain.LineaVenta
	// PrecioEsperado, when set, must equal the price table's unit price (the
	// single-ticket call carries the price the seller saw).
	PrecioEsperado *domain.Centavos
	// BeneficioID, when set, redeems that benefit with the customer's points
	// in the sale (puntos_canje.go, prepararCanje): its discount is computed here.
	BeneficioID *int64
	// Sobreventa is who confirms the sale should it go past its day's seats
	// (sobreventa.go): the seller or a supervisor whose credentials were
	// checked; nil refuses such a sale with 409.
	Sobreventa *Aprobador
	// Pasajeros names the tickets' passengers in the order of the tickets
	// (the lines', each its quantity), at most one each (pasajeros.go).
	Pasajeros []domain.Pasajero
	// SalidaID sells the tickets for that departure of their section and
	// day (salida_venta.go); nil: for the day.
	SalidaID *int64
	// porPedido: the sale is a pending order's (pedidos.go), whose method must
	// be one confirmed outside; any other sale's must not be.
	porPedido bool
}

// Vender sells every ticket of a sale in one transaction: the tickets, the
// income movement in the seller's open register and the audit entry are all
// written, or none is. Prices come from the price table.
//
// What a sale only reads (the company, the catalogue, the prices, the seller's
// name) is read in two queries (cabeceraVenta, tiposDeVenta) that go, on
// PostgreSQL, with the key's claim, the register's lock and the seats' take
// (the sale's first round trip, lecturaVenta); on SQLite before the
// transaction, from the read pool, so that the one writer is held for the
// writes alone. Under READ COMMITTED each statement sees the latest commit
// either way. Refusals found while reading are returned inside the
// transaction, in the spec's order and after the idempotency key's claim, so
// a replay still answers the first result. On PostgreSQL the whole sale waits
// for one turn (sqldb.DB.InTurn), so that sales are served in the order they came.
func (s *Store) Vender(ctx context.Context, a Actor, v Venta) ([]Pasaje, error) {
	ctx, soltar, err := s.db.InTurn(ctx)
	if err != nil {
		return nil, err
	}
	defer soltar()
	v.FechaViaje = strings.TrimSpace(v.FechaViaje)
	var (
		abierta cajaALeer
		l       = s.nuevaLecturaVenta(ctx, a)
		p       ventaPreparada
	)
	con := []sqldb.Piped{abierta.consulta(s.db.Dialect(), a)}
	if s.db.Dialect().Postgres() {
		con = append(con, l.consultas(a, v)...)
		con = append(con, l.lugaresYNumeros(a, v)...)
	} else {
		p = s.prepararVenta(ctx, a, v)
	}
	return idempotentCon(ctx, s, a, "pasajes.vender", con, func(c sqldb.Conn) ([]Pasaje, error) {
		if s.db.Dialect().Postgres() {
			p = s.prepararLeida(ctx, c, a, v, &l, nil)
			p.lugares, p.numeracion = &l.lugares, &l.numeracion
		}
		caja, err := p.admitida(&abierta)
		if err != nil {
			return nil, err
		}
		if p.BeneficioID != nil {
			if err := prepararCanje(ctx, c, a, &p); err != nil {
				return nil, err
			}
		}
		// the register's volume first, so that on PostgreSQL its UPDATE rides
		// with the next statement (sqldb.Conn.ExecLater); the seats' refusal still wins
		errSuma := caja.sumar(ctx, c, p.total)
		sv, err := comprobarCupo(ctx, c, a, p)
		if err == nil {
			sv, err = tomarSalida(ctx, c, a, &p, sv)
		}
		if err != nil {
			return nil, err
		}
		if errSuma != nil {
			return nil, errSuma
		}
		pasajes, err := s.emitir(ctx, c, a, p, caja.id)
		if err != nil {
			return nil, err
		}
		return pasajes, s.registrarSobreventa(ctx, c, a, p, sv, pasajes)
	})
}

// ventaPreparada is a sale with everything read that it needs: the priced
// lines, the names its tickets show and the company's signing key; or the
// refusal found on the way (forma: the sale's shape or the database; catalogo:
// the catalogue or the prices).
type ventaPreparada struct {
	Venta
	prefijo string         // the company's ticket number prefix
	hoy     string         // the sale date in the company's time zone
	zona    *time.Location // the company's time zone
	lineas  []lineaPrecio
	total   domain.Centavos
	seccion string
	medio   string
	// medioTipo is the payment method's tipo (domain.TiposMedioPago).
	medioTipo string
	vendedor  UsuarioSesion
	clave     ed25519.PrivateKey
	// clienteID is the customer of the sale's document (vincularCliente).
	clienteID *int64
	// offline is set for a sale made offline and synced (sincronizacion.go).
	offline *ventaOffline
	// canje is the benefit the sale redeems (nil: none), with each ticket's
	// discount, in the order of the tickets (prepararCanje).
	canje *canjeVenta
	// pasajeros are Pasajeros checked, one per ticket (nil: none named).
	pasajeros []*domain.Pasajero
	// lugares is the first take of the sale's seats when it was sent with
	// its reads (Vender on PostgreSQL); nil: not tried yet.
	lugares *intentoLugares
	// numeracion is its numbers and ids, taken with its reads (Vender on
	// PostgreSQL); nil: to take (numerarConIds).
	numeracion *numeracion
	// salida is the departure it sells, its seats taken (tomarSalida); nil: the day.
	salida *domain.SalidaVendible

	forma, catalogo error
}

// prepararVenta reads what a sale needs outside any transaction.
func (s *Store) prepararVenta(ctx context.Context, a Actor, v Venta) ventaPreparada {
	c := s.db.Conn()
	l := s.nuevaLecturaVenta(ctx, a)
	return s.prepararLeida(ctx, c, a, v, &l, sqldb.Pipeline(ctx, c, l.consultas(a, v)...))
}

// prepararLeida prepares a sale from what l read (leido: the error of its
// queries); c reads the trip types when they were not read with the rest.
func (s *Store) prepararLeida(ctx context.Context, c sqldb.Conn, a Actor, v Venta, l *lecturaVenta, leido error) (p ventaPreparada) {
	p.Venta = v
	cab, tipos, err := l.leida(leido)
	if err != nil {
		p.forma = err
		return p
	}
	p.prefijo, p.zona = domain.PrefijoEmpresa(cab.empresa), domain.Location(cab.zona)
	p.hoy = domain.DiaDe(c.Now(), p.zona).Fecha
	plazo := domain.PlazoVenta(p.hoy, cab.diasVentaAnticipada)
	if p.forma = domain.ValidarVenta(v.SeccionID, v.MedioPagoID, v.FechaViaje, plazo, v.Lineas); p.forma != nil {
		return p
	}
	if p.forma = p.exigirPasajeros(cab, domain.TotalPasajes(v.Lineas)); p.forma != nil {
		return p
	}
	if p.vendedor, p.forma = cab.vendedorDe(a); p.forma != nil {
		return p
	}
	if p.clave, p.forma = l.clave, l.errClave; p.forma != nil {
		return p
	}
	p.catalogo = p.preciar(ctx, c, a.EmpresaID, cab, tipos)
	return p
}

// cabeceraVenta is what one query reads for a sale besides its lines: the
// company's name, time zone and selling horizon, the seller's names, and the
// sale's section and payment method as the company has them.
type cabeceraVenta struct {
	empresa, zona       string
	diasVentaAnticipada int
	// usuario, nombre and apellido are nil when the seller does not exist.
	usuario, nombre, apellido *string
	seccion, medio            entradaVenta
	// requierePasajeros: the section requires a named passenger per ticket (nil: no such section).
	requierePasajeros *bool
	// referencia and obligatoria are the payment method's rule, tipoMedio
	// its tipo (nil when the company has no such method).
	referencia  *string
	obligatoria *bool
	tipoMedio   *string
}

// validarCobro checks that the sale may be charged by its payment method (the
// method already found): at the counter or offline not one confirmed outside
// (Mercado Pago's QR), which only a pending order's is; and its reference by
// the method's rule, kept normalized.
func (p *ventaPreparada) validarCobro(h cabeceraVenta) (err error) {
	if p.medioTipo = *h.tipoMedio; domain.ConfirmacionExterna(p.medioTipo) != p.porPedido {
		if p.porPedido {
			return domain.Invalid(fmt.Sprintf(domain.MsgPedidoMedioNoQR, p.medio))
		}
		return domain.Invalid(domain.MsgCobroConQR(p.medio))
	}
	regla := domain.ReglaReferencia{Medio: p.medio, Tipo: *h.referencia, Obligatoria: *h.obligatoria}
	p.Referencia, err = regla.Validar(p.Referencia)
	return err
}

// leerCabeceraVenta reads a sale's cabeceraVenta in one query, through
// primary keys; a missing company is an error.
func leerCabeceraVenta(ctx context.Context, c sqldb.Conn, a Actor, v Venta) (cabeceraVenta, error) {
	var h cabeceraVenta
	q := cabeceraDeVenta(a, v, &h)
	err := h.leida(c.QueryRow(ctx, q.SQL, q.Args...).Scan(h.destinos()...))
	return h, err
}

// lecturaVenta is what a sale reads, as queries to send together
// (sqldb.Pipeline): its cabeceraVenta and, when its lines are within bounds,
// its trip types (tiposDeVenta); and, sent with them on PostgreSQL, the first
// take of its seats.
type lecturaVenta struct {
	cab       cabeceraVenta
	leerTipos func() (map[int64]tipoVenta, error)
	lugares   intentoLugares
	// numeracion is the sale's numbers and ids, taken with it on PostgreSQL.
	numeracion numeracion
	// clave is the company's signing key (errClave: why not), read before
	// the transaction: from memory once cached (claveEmpresa), and never
	// through a pool the transaction may be waiting on.
	clave    ed25519.PrivateKey
	errClave error
}

// nuevaLecturaVenta starts the reading of a sale of a's company with its signing key.
func (s *Store) nuevaLecturaVenta(ctx context.Context, a Actor) lecturaVenta {
	var l lecturaVenta
	l.clave, l.errClave = s.claveEmpresa(ctx, a.EmpresaID)
	return l
}

// consultas are the queries that read the sale v.
func (l *lecturaVenta) consultas(a Actor, v Venta) []sqldb.Piped {
	qs := []sqldb.Piped{cabeceraDeVenta(a, v, &l.cab)}
	if len(v.Lineas) > 0 && len(v.Lineas) <= domain.MaxLineasPorVenta {
		var tq sqldb.Piped
		tq, l.leerTipos = consultaTipos(a.EmpresaID, v.SeccionID, v.Lineas)
		qs = append(qs, tq)
	}
	return qs
}

// leida answers what the queries read, once sent (err: their error); tipos
// is nil when they were not read (preciar reads them).
func (l *lecturaVenta) leida(err error) (cabeceraVenta, map[int64]tipoVenta, error) {
	if err != nil || l.leerTipos == nil {
		return l.cab, nil, l.cab.leida(err)
	}
	tipos, err := l.leerTipos()
	return l.cab, tipos, err
}

// cabeceraDeVenta is the query of a sale's cabeceraVenta, read into h.
func cabeceraDeVenta(a Actor, v Venta, h *cabeceraVenta) sqldb.Piped {
	return sqldb.Piped{SQL: `SELECT e.nombre, e.timezone, e.dias_venta_anticipada, u.nombre_usuario, u.nombre, u.apellido,
		s.nombre, s.activo, s.requiere_pasajeros, m.nombre, m.activo, m.referencia, m.referencia_obligatoria, m.tipo
		FROM empresas e LEFT JOIN usuarios u ON u.id = ?
		LEFT JOIN secciones s ON s.empresa_id = e.id AND s.id = ?
		LEFT JOIN medios_pago m ON m.empresa_id = e.id AND m.id = ?
		WHERE e.id = ?`, Args: []any{a.UsuarioID, v.SeccionID, v.MedioPagoID, a.EmpresaID},
		Rows: func(rows sqldb.Rows) error {
			if !rows.Next() {
				return firstErr(rows.Err(), sql.ErrNoRows)
			}
			return rows.Scan(h.destinos()...)
		}}
}

func (h *cabeceraVenta) destinos() []any {
	return []any{&h.empresa, &h.zona, &h.diasVentaAnticipada, &h.usuario, &h.nombre, &h.apellido, &h.seccion.nombre,
		&h.seccion.activo, &h.requierePasajeros, &h.medio.nombre, &h.medio.activo, &h.referencia, &h.obligatoria,
		&h.tipoMedio}
}

// leida is the error of reading the cabecera.
func (h *cabeceraVenta) leida(err error) error {
	return wrap("leer empresa, vendedor, sección y medio de pago", err)
}

// vendedorDe is the seller's names, as the tickets show them.
func (h cabeceraVenta) vendedorDe(a Actor) (UsuarioSesion, error) {
	if h.usuario == nil {
		return UsuarioSesion{}, wrap("leer vendedor", sql.ErrNoRows)
	}
	return UsuarioSesion{ID: a.UsuarioID, EmpresaID: a.EmpresaID, NombreUsuario: *h.usuario, Nombre: *h.nombre,
		Apellido: *h.apellido}, nil
}

// entradaVenta is a catalogue entry that a sale names, read through a LEFT
// JOIN: nil fields when the company has no such entry.
type entradaVenta struct {
	nombre *string
	activo *bool
}

// usable returns the entry's name, or the refusal of a sale that names it:
// another company's or missing (404, like itemCatalogo) or inactive (400).
func (e entradaVenta) usable(cat domain.Catalogo) (string, error) {
	switch {
	case e.nombre == nil:
		return "", domain.NotFound(cat.Mensajes.NoEncontrado)
	case !*e.activo:
		return "", cat.Inactivo(*e.nombre)
	}
	return *e.nombre, nil
}

// cantidad is how many tickets the sale makes.
func (p ventaPreparada) cantidad() int {
	n := 0
	for _, l := range p.lineas {
		n += l.Cantidad
	}
	return n
}

// lineaPrecio is a sale line with its unit price and the trip type's name.
type lineaPrecio struct {
	domain.LineaVenta
	precio domain.Centavos
	nombre string
	// idaYVuelta and diasVuelta are the trip type's, copied to its tickets (marcarIdaYVuelta).
	idaYVuelta bool
	diasVuelta *int64
}

// preciar checks that section, payment method and trip types are active and
// the company's own, and prices every line from the price table, refusing in
// that order (line by line: the trip type, its price, the expected price, the
// total).
func (p *ventaPreparada) preciar(ctx context.Context, c sqldb.Conn, empresaID int64, cab cabeceraVenta,
	tipos map[int64]tipoVenta) error {
	var err error
	if p.seccion, err = cab.seccion.usable(domain.CatSecciones); err != nil {
		return err
	}
	if p.medio, err = cab.medio.usable(domain.CatMediosPago); err != nil {
		return err
	}
	if err := p.validarCobro(cab); err != nil {
		return err
	}
	if tipos == nil { // not read with the cabecera (leerVenta)
		if tipos, err = tiposDeVenta(ctx, c, empresaID, p.SeccionID, p.Lineas); err != nil {
			return err
		}
	}
	for _, l := range p.Lineas {
		if err := p.agregarLinea(l, tipos[l.TipoViajeID]); err != nil {
			return err
		}
	}
	return nil
}

// agregarLinea prices one line with its trip type (the zero tipoVenta: not
// the company's) and adds it to the total.
func (p *ventaPreparada) agregarLinea(l domain.LineaVenta, t tipoVenta) error {
	nombre, err := t.usable(domain.CatTiposViaje)
	if err != nil {
		return err
	}
	if t.precio == nil {
		return domain.Invalid("No hay un precio configurado para esa sección y tipo de viaje")
	}
	precio := *t.precio
	if p.PrecioEsperado != nil && *p.PrecioEsperado != precio {
		return domain.Invalid(fmt.Sprintf("El precio enviado (%s) no coincide con el precio vigente (%s)",
			*p.PrecioEsperado, precio))
	}
	p.lineas = append(p.lineas, lineaPrecio{l, precio, nombre, t.idaYVuelta, t.diasVuelta})
	subtotal, err := domain.Multiplicar(precio, l.Cantidad)
	if err == nil {
		p.total, err = domain.Sumar(p.total, subtotal)
	}
	return err
}

// tipoVenta is a trip type that a sale names, with its price in the sale's
// section (nil: none set).
type tipoVenta struct {
	id int64
	entradaVenta
	precio     *domain.Centavos
	idaYVuelta bool
	diasVuelta *int64
}

// tiposDeVenta reads the company's trip types of a sale's lines, with their
// prices in the section, in one query through primary keys (the lines are
// bounded by domain.MaxLineasPorVenta): a trip type that is not the
// company's is absent from the map.
func tiposDeVenta(ctx context.Context, c sqldb.Conn, empresaID, seccionID int64, lineas []domain.LineaVenta) (map[int64]tipoVenta, error) {
	q, leer := consultaTipos(empresaID, seccionID, lineas)
	if err := sqldb.Pipeline(ctx, c, q); err != nil {
		return nil, wrap("leer tipos de viaje y precios", err)
	}
	return leer()
}

// consultaTipos is the query of tiposDeVenta and what answers its rows once read.
func consultaTipos(empresaID, seccionID int64, lineas []domain.LineaVenta) (sqldb.Piped, func() (map[int64]tipoVenta, error)) {
	args := []any{seccionID, empresaID}
	ids := map[int64]bool{}
	for _, l := range lineas {
		if !ids[l.TipoViajeID] {
			ids[l.TipoViajeID] = true
			args = append(args, l.TipoViajeID)
		}
	}
	tipos := make(map[int64]tipoVenta, len(ids))
	var leido error
	q := sqldb.Piped{SQL: `SELECT t.id, t.nombre, t.activo, pr.precio, t.ida_y_vuelta, t.dias_vuelta FROM tipos_viaje t
		LEFT JOIN precios pr ON pr.empresa_id = t.empresa_id AND pr.seccion_id = ? AND pr.tipo_viaje_id = t.id
		WHERE t.empresa_id = ? AND t.id IN (` + sqldb.Placeholders(len(ids)) + `)`, Args: args,
		Rows: func(rows sqldb.Rows) error {
			for rows.Next() {
				var t tipoVenta
				if err := rows.Scan(&t.id, &t.nombre, &t.activo, &t.precio, &t.idaYVuelta, &t.diasVuelta); err != nil {
					leido = err
					return err
				}
				tipos[t.id] = t
			}
			return nil
		}}
	return q, func() (map[int64]tipoVenta, error) { return tipos, wrap("leer tipos de viaje y precios", leido) }
}

// emitir writes the movement, the tickets, the points a customer earns and the
// audit entry of a priced sale.
// The ticket numbers are taken right before the tickets are inserted
// (tomarNumeros), once the idempotency key is claimed and every refusal
// checked, or on PostgreSQL by a sale at the counter with its seats, inside
// its transaction (lugaresYNumeros): a replay and a refused sale keep none.
// A sale rolled back after taking them aside leaves a gap in the numbers,
// and a number is never given twice.
func (s *Store) emitir(ctx context.Context, c sqldb.Conn, a Actor, p ventaPreparada, cajaID int64) ([]Pasaje, error) {
	cantidad := p.cantidad()
	momento, descripcion, detalle := c.Now(), "Venta de "+domain.CantidadPasajes(cantidad), domain.CantidadPasajes(cantidad)
	if p.offline != nil {
		momento, descripcion = p.offline.momento, "Venta sin conexión de "+domain.CantidadPasajes(cantidad)+p.offline.nota
		detalle += " sin conexión"
	}
	if p.canje != nil {
		descripcion += p.canje.nota()
		detalle += p.canje.nota()
	}
	ref := p.Referencia
	movimiento := []any{a.EmpresaID, cajaID, a.UsuarioID, domain.MovVentaPasaje, p.total, descripcion, p.MedioPagoID, momento,
		nulo(ref.Ultimos4), nulo(ref.Autorizacion), nulo(ref.Transferencia)}
	var (
		movID   int64
		pasajes []Pasaje
		err     error
	)
	switch {
	case c.Dialect().WritingCTEs() && p.cantidad() <= pasajesPorInsert:
		// PostgreSQL: the numbers (and for an online sale the ids) first, then
		// the movement and the tickets in one statement
		if err := p.vincularCliente(ctx, c, a.EmpresaID); err != nil {
			return nil, err
		}
		pasajes = p.pasajes(momento)
		if p.offline == nil {
			movID, err = s.numerarConIds(ctx, a, p, pasajes)
			if err == nil {
				err = insertarVentaNumerada(ctx, c, a, cajaID, movID, movimiento, pasajes)
			}
		} else if err = s.numerarVenta(ctx, c, a, p, pasajes); err == nil {
			movID, err = insertarMovimientoYPasajes(ctx, c, a, cajaID, movimiento, pasajes)
		}
		if err != nil {
			return nil, err
		}
	default:
		if movID, err = c.InsertID(ctx, insertarMovimiento, movimiento...); err != nil {
			return nil, wrap("registrar venta en caja", err)
		}
		if err := p.vincularCliente(ctx, c, a.EmpresaID); err != nil {
			return nil, err
		}
		pasajes = p.pasajes(momento)
		if err := s.numerarVenta(ctx, c, a, p, pasajes); err != nil {
			return nil, err
		}
		if err := insertarPasajes(ctx, c, a, cajaID, movID, pasajes); err != nil {
			return nil, err
		}
	}
	if err := marcarIdaYVuelta(ctx, c, a.EmpresaID, movID, p); err != nil {
		return nil, err
	}
	if err := marcarSalidaVendida(ctx, c, a.EmpresaID, movID, p); err != nil {
		return nil, err
	}
	if err := insertarPasajeros(ctx, c, a.EmpresaID, pasajes); err != nil {
		return nil, err
	}
	if err := canjearEnVenta(ctx, c, a, p, pasajes, movID); err != nil {
		return nil, err
	}
	if err := ganarPuntosVenta(ctx, c, a, p, pasajes, movID, momento); err != nil {
		return nil, err
	}
	numeros, ids := make([]string, len(pasajes)), make([]int64, len(pasajes))
	for i, ps := range pasajes {
		numeros[i], ids[i] = ps.NumeroPasaje, ps.ID
		c.Emit(events.Event{Nombre: events.PasajeCreado, EmpresaID: a.EmpresaID, Lecturas: lecturasPasaje(a.UsuarioID), Datos: EventoPasaje{PasajeID: ps.ID, NumeroPasaje: ps.NumeroPasaje,
			FechaViaje: ps.FechaViaje, UsuarioID: a.UsuarioID}})
	}
	c.Emit(events.Event{Nombre: events.NuevaVenta, EmpresaID: a.EmpresaID, Lecturas: lecturasVenta(a.UsuarioID), Datos: EventoVenta{Codigo: numeros[0], Precio: p.total, Cantidad: len(pasajes),
		PasajeIDs: ids, UsuarioID: a.UsuarioID, Usuario: pasajes[0].UsuarioNombre}})
	return pasajes, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionVentaPasaje,
		IP: a.IP, Exito: true, Detalles: fmt.Sprintf("%s por %s: %s", detalle, p.total, strings.Join(numeros, ", "))})
}

// numerarVenta gives the sale's tickets their numbers and codes: those the
// device gave an offline sale, or the company's next ones, signed now.
func (s *Store) numerarVenta(ctx context.Context, c sqldb.Conn, a Actor, p ventaPreparada, pasajes []Pasaje) error {
	if p.offline != nil {
		for i := range pasajes {
			pasajes[i].NumeroPasaje, pasajes[i].CodigoQR = p.offline.pasajes[i].Numero, p.offline.pasajes[i].Codigo
		}
		return nil
	}
	ultimo, err := s.tomarNumeros(ctx, c, a.EmpresaID, len(pasajes))
	if err != nil {
		return err
	}
	return p.numerar(a.EmpresaID, pasajes, ultimo)
}

// vincularCliente links a sale with a document to its customer (clienteDeVenta);
// a sale without a name (domain.NombreDado), phone or e-mail takes the customer's (the after-sale
// dialog offers that e-mail). Only a sale with a
// document does any of this.
func (p *ventaPreparada) vincularCliente(ctx context.Context, c sqldb.Conn, empresaID int64) error {
	if p.ClienteDocumento = strings.TrimSpace(p.ClienteDocumento); p.ClienteDocumento == "" {
		return nil
	}
	cl, err := clienteDeVenta(ctx, c, empresaID, p.Venta)
	if err != nil {
		return err
	}
	p.clienteID = &cl.ID
	if domain.NombreDado(p.ClienteNombre) == "" {
		p.ClienteNombre = strings.TrimSpace(cl.Nombre + " " + cl.Apellido)
	}
	if strings.TrimSpace(p.ClienteTelefono) == "" {
		p.ClienteTelefono = cl.Telefono
	}
	if strings.TrimSpace(p.ClienteEmail) == "" {
		p.ClienteEmail = cl.Email
	}
	return nil
}

// pasajes are the sale's tickets as they will be stored, still without
// id, number and code.
func (p ventaPreparada) pasajes(now time.Time) []Pasaje {
	base := Pasaje{FechaViaje: p.FechaViaje, DiaVenta: domain.DiaDe(now, p.zona).Fecha, Estado: domain.PasajeActivo, ClienteNombre: domain.NombreCliente(p.ClienteNombre),
		ClienteTelefono: strings.TrimSpace(p.ClienteTelefono), ClienteEmail: strings.TrimSpace(p.ClienteEmail),
		ClienteDocumento: p.ClienteDocumento, ClienteID: p.clienteID, SeccionID: p.SeccionID, SeccionNombre: p.seccion, MedioPagoID: p.MedioPagoID, MedioPagoNombre: p.medio, MedioPagoTipo: p.medioTipo,
		CantidadPasajeros: 1, Observaciones: strings.TrimSpace(p.Observaciones), UsuarioID: p.vendedor.ID,
		NombreUsuario: p.vendedor.NombreUsuario,
		UsuarioNombre: nombreCompleto(p.vendedor.Nombre, p.vendedor.Apellido, p.vendedor.NombreUsuario), CreatedAt: now}
	if p.salida != nil {
		base.Salida = p.salida.DelPasaje()
	}
	out := make([]Pasaje, 0, p.cantidad())
	for _, l := range p.lineas {
		for range l.Cantidad {
			ps := base
			precio := l.precio
			if p.canje != nil {
				precio -= p.canje.descuentos[len(out)]
			}
			ps.TipoViajeID, ps.TipoViajeNombre, ps.Precio, ps.PrecioTotal = l.TipoViajeID, l.nombre, precio, precio
			ps.Pasajero = p.pasajeroDe(len(out))
			out = append(out, ps)
		}
	}
	return out
}

// tomarNumeros takes n ticket numbers of the company from inside the sale's
// transaction c, after its key's claim. On SQLite (one writer: sales run one
// at a time anyway) with the transaction's own upsert (contarPasajes). On
// PostgreSQL, where sales run side by side, with one statement aside
// (sqldb.DB.AsideConn: its own small pool, so the sale never waits for the
// pool its transaction holds a connection of), in the transaction
// PostgreSQL gives it alone, that does not wait for the disk:
// set_config(…, true) turns synchronous_commit off until that transaction
// ends (the setting is read at its commit). The counter row stays locked for
// one statement instead of a whole sale. It is safe: the sale that uses the
// numbers commits durably afterwards, and a durable commit flushes every
// earlier record of the log, the counter's included; a crash can only lose
// numbers that no stored ticket carries.
func (s *Store) tomarNumeros(ctx context.Context, c sqldb.Conn, empresaID int64, n int) (int64, error) {
	aparte, ok := s.db.AsideConn()
	if !ok {
		return contarPasajes(ctx, c, empresaID, n)
	}
	return leerContador(aparte.QueryRow(ctx, contadorDesde(sinEsperarAlDisco), empresaID, n))
}

// sinEsperarAlDisco is the row that tomarNumeros' statement takes its
// numbers from on PostgreSQL: it turns synchronous_commit off for its own
// transaction.
const sinEsperarAlDisco = `(SELECT set_config('synchronous_commit', 'off', true)) AS sin_esperar_al_disco`

// contadorDesde is the upsert that takes numbers of the company's counter
// for each row of desde (one), RETURNING the last; its arguments are the
// company and how many.
func contadorDesde(desde string) string {
	return `INSERT INTO secuencias (empresa_id, nombre, valor) SELECT ?, 'pasajes', ? FROM ` + desde + sumarAlContador
}

// numerarConIds gives an online sale's tickets on PostgreSQL their numbers
// and, with them, their ids and their movement's, taken from the tables'
// sequences (ids, unlike numbers, need no order and no counter: a sale
// rolled back leaves gaps in them, as any insert does); and signs their
// codes. It answers the movement's id: the sale's writes then need nothing
// back from the database (insertarVentaNumerada), and go with its commit.
// A sale at the counter (Vender) took them with its seats, in its first
// batch (lugaresYNumeros); any other (a Mercado Pago order's, or a sale whose
// seats were not taken there) takes them now, aside (tomarNumeros).
func (s *Store) numerarConIds(ctx context.Context, a Actor, p ventaPreparada, pasajes []Pasaje) (int64, error) {
	nu := p.numeracion
	if !nu.tomada() {
		aparte, ok := s.db.AsideConn()
		if !ok {
			return 0, errors.New("store: numerar con ids requiere PostgreSQL")
		}
		nu = &numeracion{}
		if err := sqldb.Pipeline(ctx, aparte, nu.consulta("", nil, sinEsperarAlDisco, a.EmpresaID, int64(len(pasajes)))); err != nil {
			return 0, wrap("numerar pasajes", err)
		}
	}
	if len(nu.ids) != len(pasajes) {
		return 0, fmt.Errorf("store: %d ids para %d pasajes", len(nu.ids), len(pasajes))
	}
	for i := range pasajes {
		pasajes[i].ID = nu.ids[i]
	}
	return nu.movID, p.numerar(a.EmpresaID, pasajes, nu.ultimo)
}

// numeracion is the ticket numbers of a sale, the last one taken, with the
// ids of its tickets and of its movement (numerarConIds).
type numeracion struct {
	ultimo, movID int64
	ids           []int64
}

// consulta takes n numbers of the company and n ticket ids and a
// movement's id from their sequences, in one statement: after the CTEs con
// (their arguments conArgs, each ending in a comma), from the row of desde
// (none: nothing is taken).
func (nu *numeracion) consulta(con string, conArgs []any, desde string, empresaID, n int64) sqldb.Piped {
	return sqldb.Piped{SQL: `WITH ` + con + `numeros AS (` + contadorDesde(desde) + `),
		movimiento AS MATERIALIZED (SELECT nextval('caja_movimientos_id_seq') AS id FROM numeros)
		SELECT numeros.valor, movimiento.id, nextval('pasajes_id_seq') FROM numeros, movimiento, generate_series(1, ?)`,
		Args: append(slices.Clone(conArgs), empresaID, n, n),
		Rows: func(rows sqldb.Rows) error {
			for rows.Next() {
				var id int64
				if err := rows.Scan(&nu.ultimo, &nu.movID, &id); err != nil {
					return err
				}
				nu.ids = append(nu.ids, id)
			}
			return nil
		}}
}

// tomada reports whether the numbers were taken (nu nil: no).
func (nu *numeracion) tomada() bool { return nu != nil && len(nu.ids) > 0 }

// lugaresYNumeros is the statement that takes sale v's seats, sent with its
// first batch (Vender on PostgreSQL, intentoLugares) and, when its tickets
// fit one insert (pasajesPorInsert), its numbers and ids in the same
// statement, only once the seats are taken: inside the sale's transaction, so
// that a sale refused afterwards rolls them back (no gap, no number given
// twice). The company's counter row stays locked from there to the commit,
// always taken after the seats' row: a sale whose seats are taken later takes
// its numbers aside (numerarConIds), never holding the counter while it waits
// for the seats.
func (l *lecturaVenta) lugaresYNumeros(a Actor, v Venta) []sqldb.Piped {
	k, n, ok := l.lugares.preparar(a, v)
	switch {
	case !ok:
		return nil
	case n > pasajesPorInsert:
		return []sqldb.Piped{l.lugares.consulta()}
	}
	q := l.numeracion.consulta(`lugares AS (`+tomarSiCabenSQL+` RETURNING 1), `, tomarSiCabenArgs(k, n), `lugares`, a.EmpresaID, n)
	leer := q.Rows
	q.Rows = func(rows sqldb.Rows) error {
		err := leer(rows)
		l.lugares.tomado = l.numeracion.tomada()
		return err
	}
	return []sqldb.Piped{q}
}

// contarPasajes advances the company's ticket counter by n with one atomic
// upsert, inside the caller's transaction, and returns the last number taken.
func contarPasajes(ctx context.Context, c sqldb.Conn, empresaID int64, n int) (int64, error) {
	return leerContador(c.QueryRow(ctx, `INSERT INTO secuencias (empresa_id, nombre, valor) VALUES (?, 'pasajes', ?)`+
		sumarAlContador, empresaID, n))
}

// sumarAlContador ends the upsert of a company's ticket counter: the new
// value, the last number taken.
const sumarAlContador = ` ON CONFLICT (empresa_id, nombre) DO UPDATE SET valor = secuencias.valor + excluded.valor
	RETURNING valor`

// leerContador reads the counter's new value that the upsert returned.
func leerContador(r *sql.Row) (int64, error) {
	var ultimo int64
	err := r.Scan(&ultimo)
	return ultimo, wrap("numerar pasajes", err)
}

// numerar gives the tickets the numbers up to ultimo and signs their codes.
func (p ventaPreparada) numerar(empresaID int64, pasajes []Pasaje, ultimo int64) error {
	seq := ultimo - int64(len(pasajes))
	for i := range pasajes {
		seq++
		pasajes[i].NumeroPasaje = domain.NumeroPasaje(p.prefijo, p.hoy, seq)
		var err error
		if pasajes[i].CodigoQR, err = domain.FirmarCodigoQRDeSalida(p.clave, empresaID, pasajes[i].NumeroPasaje, p.FechaViaje,
			pasajes[i].Salida); err != nil {
			return err
		}
	}
	return nil
}

// marcarIdaYVuelta copies their trip type's round trip to the sale's tickets
// (one UPDATE per round-trip trip type of the sale, none otherwise): a later
// change of the trip type does not change tickets already sold. vuelta_hasta
// is the travel date plus the trip type's dias_vuelta (NULL: open-dated).
func marcarIdaYVuelta(ctx context.Context, c sqldb.Conn, empresaID, movID int64, p ventaPreparada) error {
	hechos := map[int64]bool{}
	for _, l := range p.lineas {
		if !l.idaYVuelta || hechos[l.TipoViajeID] {
			continue
		}
		hechos[l.TipoViajeID] = true
		// nothing reads it back in the sale: sent with the next statement on PostgreSQL (sqldb.Conn.ExecLater)
		if err := c.ExecLater(ctx, `UPDATE pasajes SET ida_y_vuelta = ?, vuelta_hasta = ? WHERE empresa_id = ?
			AND movimiento_id = ? AND tipo_viaje_id = ?`, true, domain.VueltaHasta(p.FechaViaje, l.diasVuelta),
			empresaID, movID, l.TipoViajeID); err != nil {
			return wrap("marcar ida y vuelta", err)
		}
	}
	return nil
}

// pasajesPorInsert bounds the rows of one INSERT (20 parameters each, well
// under both engines' limits on parameters per statement).
const pasajesPorInsert = 50

// insertarPasajes inserts the tickets with multi-row INSERTs of at most
// pasajesPorInsert rows, and sets their ids.
func insertarPasajes(ctx context.Context, c sqldb.Conn, a Actor, cajaID, movID int64, pasajes []Pasaje) error {
	for len(pasajes) > 0 {
		lote := pasajes[:min(len(pasajes), pasajesPorInsert)]
		pasajes = pasajes[len(lote):]
		if _, err := insertarLote(ctx, c, a, cajaID, "", nil, movID, lote); err != nil {
			return err
		}
	}
	return nil
}

// insertarMovimiento is the register movement of a sale.
const insertarMovimiento = `INSERT INTO caja_movimientos (empresa_id, caja_id, usuario_id, tipo, monto,
	descripcion, medio_pago_id, created_at, referencia_ultimos4, referencia_autorizacion, referencia_transferencia)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

// insertarMovimientoConID is insertarMovimiento with the movement's id first.
const insertarMovimientoConID = `INSERT INTO caja_movimientos (id, empresa_id, caja_id, usuario_id, tipo, monto,
	descripcion, medio_pago_id, created_at, referencia_ultimos4, referencia_autorizacion, referencia_transferencia)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

// insertarMovimientoYPasajes writes a sale's register movement (the
// arguments of insertarMovimiento) and its tickets (at most pasajesPorInsert)
// in one statement, a data-modifying CTE (dialects with WritingCTEs), and
// answers the movement's id: one round trip instead of two.
func insertarMovimientoYPasajes(ctx context.Context, c sqldb.Conn, a Actor, cajaID int64, movimiento []any, pasajes []Pasaje) (int64, error) {
	return insertarLote(ctx, c, a, cajaID, `WITH mov AS (`+insertarMovimiento+` RETURNING id) `, movimiento, nil, pasajes)
}

// insertarVentaNumerada writes a sale's register movement (the arguments of
// insertarMovimiento, with its id movID) and its tickets (at most
// pasajesPorInsert, each with its id) in one data-modifying CTE that reads
// nothing back: sent with the next statement, the commit on PostgreSQL
// (sqldb.Conn.ExecLater).
func insertarVentaNumerada(ctx context.Context, c sqldb.Conn, a Actor, cajaID, movID int64, movimiento []any, pasajes []Pasaje) error {
	q, args := sentenciaPasajes(a, cajaID, movID, pasajes, true)
	return wrap("crear pasajes", c.ExecLater(ctx, `WITH mov AS (`+insertarMovimientoConID+`) `+q,
		append(append([]any{movID}, movimiento...), args...)...))
}

// sentenciaPasajes is the INSERT of tickets (at most pasajesPorInsert) and
// its arguments: in the movement movID, or when nil the CTE mov's; with their
// ids when conID (insertarVentaNumerada).
func sentenciaPasajes(a Actor, cajaID int64, movID any, lote []Pasaje, conID bool) (string, []any) {
	mov, id, columnaID := `?`, ``, ``
	if movID == nil {
		mov = `(SELECT id FROM mov)`
	}
	if conID {
		id, columnaID = `?, `, `id, `
	}
	fila := `(` + id + `?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ` + mov + `, ?, ?, ?, ?), `
	q := `INSERT INTO pasajes (` + columnaID + `empresa_id, numero_pasaje, codigo_qr, fecha_viaje, precio, estado, cliente_nombre,
		cliente_telefono, cliente_email, cliente_documento, cliente_id, seccion_id, tipo_viaje_id, medio_pago_id, caja_id, movimiento_id, usuario_id,
		observaciones, created_at, dia_venta) VALUES ` + strings.TrimSuffix(strings.Repeat(fila, len(lote)), `, `)
	args := make([]any, 0, 21*len(lote))
	for _, p := range lote {
		if conID {
			args = append(args, p.ID)
		}
		args = append(args, a.EmpresaID, p.NumeroPasaje, p.CodigoQR, p.FechaViaje, p.Precio, p.Estado, p.ClienteNombre,
			p.ClienteTelefono, p.ClienteEmail, p.ClienteDocumento, p.ClienteID, p.SeccionID, p.TipoViajeID, p.MedioPagoID, cajaID)
		if movID != nil {
			args = append(args, movID)
		}
		args = append(args, a.UsuarioID, p.Observaciones, p.CreatedAt, p.DiaVenta)
	}
	return q, args
}

// insertarLote inserts tickets (at most pasajesPorInsert) with one statement,
// sets their ids and answers their movement's id: movID, or when nil the id
// of the CTE mov that the statement starts with (con, its arguments conArgs).
func insertarLote(ctx context.Context, c sqldb.Conn, a Actor, cajaID int64, con string, conArgs []any, movID any,
	lote []Pasaje) (int64, error) {
	q, filas := sentenciaPasajes(a, cajaID, movID, lote, false)
	porNumero := make(map[string]*Pasaje, len(lote))
	for i := range lote {
		porNumero[lote[i].NumeroPasaje] = &lote[i]
	}
	var movimiento int64
	err := func() error {
		rows, err := c.Query(ctx, con+q+` RETURNING id, numero_pasaje, movimiento_id`, append(conArgs, filas...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				id     int64
				numero string
			)
			if err := rows.Scan(&id, &numero, &movimiento); err != nil {
				return err
			}
			porNumero[numero].ID = id
		}
		return rows.Err()
	}()
	return movimiento, wrap("crear pasajes", err)
}
