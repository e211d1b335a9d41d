package store

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// The manifest of a departure (docs/features/manifiesto.md): who
// boarded it, read from the tickets' boarding columns (pasajes.salida_id for
// the outbound leg, salida_vuelta_id for a round trip's return) until the
// departure sails; then from the snapshot the change to 'zarpo' wrote in its
// own transaction (manifiestos), with the corrections made since.

// AccionCorreccionManifiesto audits a correction of a frozen manifest.
const AccionCorreccionManifiesto = "CORRECCION_MANIFIESTO"

// MaxFilasManifiesto bounds the rows of each leg a manifest reads (a boat
// carries at most domain.CapacidadMaximaEmbarcacion).
const MaxFilasManifiesto = 2000

// pasajeroDeFila is a manifest row's passenger and document: the passenger
// the ticket names (pasajeroJoin), its document as "DNI 30123456" (empty
// without one), or the buyer's name and document when it names none.
const pasajeroDeFila = `CASE WHEN px.pasaje_id IS NULL THEN p.cliente_nombre ELSE px.nombre END,
	CASE WHEN px.pasaje_id IS NULL THEN p.cliente_documento
	ELSE COALESCE(px.documento_tipo || ' ' || px.documento_numero, '') END`

// datosDelPasajero are the named passenger's nationality, birth date, age
// band and sex (pasajeroJoin; NULL without one).
const datosDelPasajero = `px.pasaje_id IS NOT NULL, px.nacionalidad, CAST(px.fecha_nacimiento AS TEXT), px.franja_edad, px.sexo`

// FilaManifiesto is one passenger of a departure: the ticket, the passenger's
// name and document (the ticket's passenger, else the buyer's; null when
// the sale had none), the trip type, the leg of
// the ticket that boarded it (Tramo: the key a correction names) and how it
// reads in this departure (TramoEtiqueta, domain.EtiquetaTramo, set when the
// manifest is read), when and by whom. Correccion is set on a row a
// correction added.
type FilaManifiesto struct {
	PasajeID     int64   `json:"pasaje_id"`
	NumeroPasaje string  `json:"numero_pasaje"`
	Pasajero     string  `json:"pasajero"`
	Documento    *string `json:"documento"`
	TipoViaje    string  `json:"tipo_viaje"`
	// Nombrado: the ticket names its passenger (pasajeros); else Pasajero and
	// Documento are the buyer's. Nacionalidad, FechaNacimiento (YYYY-MM-DD),
	// FranjaEdad and Sexo are the named passenger's (nil without one or when
	// not given).
	Nombrado        bool                  `json:"nombrado"`
	Nacionalidad    *string               `json:"nacionalidad"`
	FechaNacimiento *string               `json:"fecha_nacimiento"`
	FranjaEdad      *string               `json:"franja_edad"`
	Sexo            *string               `json:"sexo"`
	Tramo           string                `json:"tramo" enum:"ida,vuelta"`
	TramoEtiqueta   string                `json:"tramo_etiqueta"`
	FechaEmbarque   *time.Time            `json:"fecha_embarque"`
	Tripulante      *string               `json:"tripulante"`
	Correccion      *CorreccionManifiesto `json:"correccion"`
}

// CorreccionManifiesto is a correction made to a frozen manifest: the leg of
// a ticket added or removed, why, by whom and when.
type CorreccionManifiesto struct {
	ID           int64     `json:"id"`
	Accion       string    `json:"accion" enum:"agregar,quitar"`
	NumeroPasaje string    `json:"numero_pasaje"`
	Tramo        string    `json:"tramo" enum:"ida,vuelta"`
	Motivo       string    `json:"motivo"`
	Usuario      string    `json:"usuario"`
	Fecha        time.Time `json:"fecha"`
}

// TotalTipoViaje is how many passengers of a trip type a manifest lists.
type TotalTipoViaje struct {
	TipoViaje string `json:"tipo_viaje"`
	Pasajeros int64  `json:"pasajeros"`
}

// EncabezadoManifiesto is the departure a manifest is of: section, date and
// time (the company's), direction, boat (as it sailed, once frozen), state,
// and who moved it to that state and when (for 'zarpo': who sailed it).
type EncabezadoManifiesto struct {
	SalidaID    int64   `json:"salida_id"`
	Seccion     string  `json:"seccion"`
	Fecha       string  `json:"fecha"`
	Hora        string  `json:"hora"`
	Sentido     string  `json:"sentido" enum:"ida,vuelta"`
	Embarcacion *string `json:"embarcacion"`
	Matricula   *string `json:"matricula"`
	Capacidad   int64   `json:"capacidad"`
	// VencimientoCertificado is the boat's certificate's expiry (YYYY-MM-DD).
	VencimientoCertificado *string    `json:"vencimiento_certificado"`
	Estado                 string     `json:"estado"`
	EstadoPor              *string    `json:"estado_por"`
	EstadoEn               *time.Time `json:"estado_en"`
}

// Manifiesto is a departure's manifest: its heading, its rows (by boarding
// time; the rows corrections added last), the totals by trip type, and
// whether it is frozen (the departure sailed: CongeladoEn) with the
// corrections made since, removals included.
type Manifiesto struct {
	Encabezado EncabezadoManifiesto `json:"encabezado"`
	// Tripulacion is the departure's crew roster (tripulacion.go), as it
	// sailed once frozen.
	Tripulacion  []TripulanteSalida     `json:"tripulacion"`
	Congelado    bool                   `json:"congelado"`
	CongeladoEn  *time.Time             `json:"congelado_en"`
	Filas        []FilaManifiesto       `json:"filas"`
	Totales      []TotalTipoViaje       `json:"totales"`
	Total        int64                  `json:"total"`
	Correcciones []CorreccionManifiesto `json:"correcciones"`
}

// manifiestoCongelado is what manifiestos.datos holds: the boat and the
// crew as the departure sailed and the rows boarded into it then (a
// snapshot taken before migration 63 has no certificate nor crew).
type manifiestoCongelado struct {
	Embarcacion            *string            `json:"embarcacion"`
	Matricula              *string            `json:"matricula"`
	Capacidad              int64              `json:"capacidad"`
	VencimientoCertificado *string            `json:"vencimiento_certificado,omitempty"`
	Tripulacion            []TripulanteSalida `json:"tripulacion,omitempty"`
	Filas                  []FilaManifiesto   `json:"filas"`
}

func encabezadoManifiesto(ctx context.Context, c sqldb.Conn, empresaID, id int64) (EncabezadoManifiesto, error) {
	var h EncabezadoManifiesto
	err := c.QueryRow(ctx, `SELECT s.id, sec.nombre, s.fecha, s.hora, s.sentido, b.nombre, b.matricula,
		COALESCE(b.capacidad, 0), CAST(b.vencimiento_certificado AS TEXT), s.estado,
		CASE WHEN u.id IS NULL THEN NULL ELSE u.nombre || ' ' || u.apellido END, s.estado_en
		FROM salidas s JOIN secciones sec ON sec.id = s.seccion_id
		LEFT JOIN embarcaciones b ON b.id = s.embarcacion_id
		LEFT JOIN usuarios u ON u.id = s.estado_por
		WHERE s.empresa_id = ? AND s.id = ?`, empresaID, id).Scan(&h.SalidaID, &h.Seccion, &h.Fecha, &h.Hora,
		&h.Sentido, &h.Embarcacion, &h.Matricula, &h.Capacidad, &h.VencimientoCertificado, &h.Estado, &h.EstadoPor, &h.EstadoEn)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return h, domain.NotFound(domain.MsgSalidaNoEncontrada)
		}
		return h, wrap("leer salida del manifiesto", err)
	}
	return h, nil
}

// filasEmbarcadas are the legs boarded into the departure now: the outbound
// legs (salida_id, fecha_embarque, usuario_embarque_id) and the returns
// (salida_vuelta_id, fecha_embarque_vuelta, usuario_embarque_vuelta_id) of
// the company's tickets, by boarding time. A leg whose boarding time is not
// set (an undone boarding) is not on board.
func filasEmbarcadas(ctx context.Context, c sqldb.Conn, empresaID, salidaID int64) ([]FilaManifiesto, error) {
	var out []FilaManifiesto
	for _, tramo := range []struct{ nombre, salida, fecha, usuario string }{
		{domain.TramoIda, "salida_id", "fecha_embarque", "usuario_embarque_id"},
		{domain.TramoVuelta, "salida_vuelta_id", "fecha_embarque_vuelta", "usuario_embarque_vuelta_id"},
	} {
		filas, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (FilaManifiesto, error) {
			var (
				f   FilaManifiesto
				doc string
			)
			err := sc.Scan(&f.PasajeID, &f.NumeroPasaje, &f.Pasajero, &doc, &f.Nombrado, &f.Nacionalidad, &f.FechaNacimiento,
				&f.FranjaEdad, &f.Sexo, &f.TipoViaje, &f.FechaEmbarque, &f.Tripulante)
			if doc != "" {
				f.Documento = &doc
			}
			f.Tramo = tramo.nombre
			return f, err
		}, `SELECT p.id, p.numero_pasaje, `+pasajeroDeFila+`, `+datosDelPasajero+`, tv.nombre, p.`+tramo.fecha+`,
			CASE WHEN u.id IS NULL THEN NULL ELSE u.nombre || ' ' || u.apellido END
			FROM pasajes p JOIN tipos_viaje tv ON tv.id = p.tipo_viaje_id `+pasajeroJoin+`
			LEFT JOIN usuarios u ON u.id = p.`+tramo.usuario+`
			WHERE p.empresa_id = ? AND p.`+tramo.salida+` = ? AND p.`+tramo.fecha+` IS NOT NULL
			ORDER BY p.`+tramo.fecha+`, p.id LIMIT ?`, empresaID, salidaID, MaxFilasManifiesto)
		if err != nil {
			return nil, wrap("leer embarcados de la salida", err)
		}
		out = append(out, filas...)
	}
	slices.SortStableFunc(out, func(a, b FilaManifiesto) int {
		if a.FechaEmbarque != nil && b.FechaEmbarque != nil {
			if n := a.FechaEmbarque.Compare(*b.FechaEmbarque); n != 0 {
				return n
			}
		}
		return cmp.Compare(a.PasajeID, b.PasajeID)
	})
	return out, nil
}

// congelarManifiesto writes the departure's manifest as it stands, once: the
// change of state to 'zarpo' calls it in its transaction (CambiarEstadoSalida).
func congelarManifiesto(ctx context.Context, c sqldb.Conn, empresaID, salidaID int64) error {
	h, err := encabezadoManifiesto(ctx, c, empresaID, salidaID)
	if err != nil {
		return err
	}
	filas, err := filasEmbarcadas(ctx, c, empresaID, salidaID)
	if err != nil {
		return err
	}
	tripulantes, err := tripulacion(ctx, c, empresaID, salidaID)
	if err != nil {
		return err
	}
	datos, err := json.Marshal(manifiestoCongelado{Embarcacion: h.Embarcacion, Matricula: h.Matricula,
		Capacidad: h.Capacidad, VencimientoCertificado: h.VencimientoCertificado, Tripulacion: tripulantes, Filas: filas})
	if err != nil {
		return wrap("congelar manifiesto", err)
	}
	_, err = c.Exec(ctx, `INSERT INTO manifiestos (empresa_id, salida_id, datos, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (empresa_id, salida_id) DO NOTHING`, empresaID, salidaID, string(datos), c.Now())
	return wrap("congelar manifiesto", err)
}

// alZarpar freezes the manifest when the departure's new state is 'zarpo'.
func alZarpar(ctx context.Context, c sqldb.Conn, empresaID, salidaID int64, estado string) error {
	if estado != domain.SalidaZarpo {
		return nil
	}
	return congelarManifiesto(ctx, c, empresaID, salidaID)
}

// correccionGuardada is a stored correction with the row it added.
type correccionGuardada struct {
	CorreccionManifiesto
	pasajeID int64
	fila     *string
}

func correccionesDe(ctx context.Context, c sqldb.Conn, empresaID, salidaID int64) ([]correccionGuardada, error) {
	out, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (correccionGuardada, error) {
		var k correccionGuardada
		err := sc.Scan(&k.ID, &k.pasajeID, &k.NumeroPasaje, &k.Accion, &k.Tramo, &k.Motivo, &k.fila, &k.Usuario, &k.Fecha)
		return k, err
	}, `SELECT k.id, k.pasaje_id, p.numero_pasaje, k.accion, k.tramo, k.motivo, k.fila, u.nombre || ' ' || u.apellido,
		k.created_at
		FROM manifiesto_correcciones k JOIN pasajes p ON p.id = k.pasaje_id JOIN usuarios u ON u.id = k.usuario_id
		WHERE k.empresa_id = ? AND k.salida_id = ? ORDER BY k.id LIMIT ?`, empresaID, salidaID, MaxFilasManifiesto)
	return out, wrap("leer correcciones del manifiesto", err)
}

// manifiesto reads a departure's manifest: frozen (the snapshot with its
// corrections applied) once it sailed, live before.
func manifiesto(ctx context.Context, c sqldb.Conn, empresaID, salidaID int64) (Manifiesto, error) {
	h, err := encabezadoManifiesto(ctx, c, empresaID, salidaID)
	if err != nil {
		return Manifiesto{}, err
	}
	m := Manifiesto{Encabezado: h, Correcciones: []CorreccionManifiesto{}}
	var (
		datos string
		en    time.Time
	)
	err = c.QueryRow(ctx, `SELECT datos, created_at FROM manifiestos WHERE empresa_id = ? AND salida_id = ?`,
		empresaID, salidaID).Scan(&datos, &en)
	missing, err := sqldb.NoRows(err)
	if err != nil {
		return m, wrap("leer manifiesto congelado", err)
	}
	if missing {
		if m.Filas, err = filasEmbarcadas(ctx, c, empresaID, salidaID); err != nil {
			return m, err
		}
		if m.Tripulacion, err = tripulacion(ctx, c, empresaID, salidaID); err != nil {
			return m, err
		}
	} else {
		var snap manifiestoCongelado
		if err := json.Unmarshal([]byte(datos), &snap); err != nil {
			return m, wrap("leer manifiesto congelado", err)
		}
		m.Congelado, m.CongeladoEn = true, &en
		m.Encabezado.Embarcacion, m.Encabezado.Matricula, m.Encabezado.Capacidad = snap.Embarcacion, snap.Matricula, snap.Capacidad
		m.Encabezado.VencimientoCertificado, m.Tripulacion = snap.VencimientoCertificado, snap.Tripulacion
		m.Filas = snap.Filas
		ks, err := correccionesDe(ctx, c, empresaID, salidaID)
		if err != nil {
			return m, err
		}
		for _, k := range ks {
			m.Correcciones = append(m.Correcciones, k.CorreccionManifiesto)
			esta := func(f FilaManifiesto) bool { return f.PasajeID == k.pasajeID && f.Tramo == k.Tramo }
			if k.Accion == domain.CorreccionQuitar {
				m.Filas = slices.DeleteFunc(m.Filas, esta)
				continue
			}
			var f FilaManifiesto
			if k.fila == nil || json.Unmarshal([]byte(*k.fila), &f) != nil {
				continue
			}
			f.Correccion = &k.CorreccionManifiesto
			m.Filas = append(m.Filas, f)
		}
	}
	if m.Filas == nil {
		m.Filas = []FilaManifiesto{}
	}
	if m.Tripulacion == nil {
		m.Tripulacion = []TripulanteSalida{}
	}
	for i := range m.Filas {
		m.Filas[i].TramoEtiqueta = domain.EtiquetaTramo(m.Filas[i].Tramo, h.Sentido)
	}
	m.Totales, m.Total = totalesPorTipo(m.Filas)
	return m, nil
}

// totalesPorTipo counts the rows by trip type, by name.
func totalesPorTipo(filas []FilaManifiesto) ([]TotalTipoViaje, int64) {
	out := []TotalTipoViaje{}
	for _, f := range filas {
		i := slices.IndexFunc(out, func(t TotalTipoViaje) bool { return t.TipoViaje == f.TipoViaje })
		if i < 0 {
			out = append(out, TotalTipoViaje{TipoViaje: f.TipoViaje})
			i = len(out) - 1
		}
		out[i].Pasajeros++
	}
	slices.SortFunc(out, func(a, b TotalTipoViaje) int { return cmp.Compare(a.TipoViaje, b.TipoViaje) })
	return out, int64(len(filas))
}

// Manifiesto is the manifest of one of the company's departures (another
// company's: 404).
func (s *Store) Manifiesto(ctx context.Context, empresaID, salidaID int64) (Manifiesto, error) {
	return manifiesto(ctx, s.db.Conn(), empresaID, salidaID)
}

// CorregirManifiesto adds or removes a ticket's leg in a frozen manifest,
// with its reason, through idempotent, audited; a departure not yet sailed is
// a 409 (its manifest is the boarding itself), a ticket of another company a
// 404. It answers the corrected manifest.
func (s *Store) CorregirManifiesto(ctx context.Context, a Actor, salidaID int64, k domain.CorreccionManifiesto) (Manifiesto, error) {
	return idempotent(ctx, s, a, "manifiesto.correccion", func(c sqldb.Conn) (Manifiesto, error) {
		m, err := manifiesto(ctx, c, a.EmpresaID, salidaID)
		if err != nil {
			return m, err
		}
		if k, err = domain.NormalizarCorreccion(k); err != nil {
			return m, err
		}
		if !m.Congelado {
			return m, domain.Conflict(domain.MsgManifiestoNoCongelado)
		}
		var (
			f   = FilaManifiesto{Tramo: k.Tramo}
			doc string
		)
		err = c.QueryRow(ctx, `SELECT p.id, p.numero_pasaje, `+pasajeroDeFila+`, `+datosDelPasajero+`, tv.nombre
			FROM pasajes p JOIN tipos_viaje tv ON tv.id = p.tipo_viaje_id `+pasajeroJoin+`
			WHERE p.empresa_id = ? AND p.numero_pasaje = ?`, a.EmpresaID, k.NumeroPasaje).
			Scan(&f.PasajeID, &f.NumeroPasaje, &f.Pasajero, &doc, &f.Nombrado, &f.Nacionalidad, &f.FechaNacimiento, &f.FranjaEdad,
				&f.Sexo, &f.TipoViaje)
		if missing, err := sqldb.NoRows(err); err != nil || missing {
			if missing {
				return m, domain.NotFound(domain.MsgPasajeNoEncontrado)
			}
			return m, wrap("leer pasaje de la corrección", err)
		}
		if doc != "" {
			f.Documento = &doc
		}
		esta := slices.ContainsFunc(m.Filas, func(x FilaManifiesto) bool { return x.PasajeID == f.PasajeID && x.Tramo == k.Tramo })
		var fila *string
		switch {
		case k.Accion == domain.CorreccionAgregar && esta:
			return m, domain.Conflict(domain.MsgCorreccionYaEsta)
		case k.Accion == domain.CorreccionQuitar && !esta:
			return m, domain.Conflict(domain.MsgCorreccionNoEsta)
		case k.Accion == domain.CorreccionAgregar:
			b, err := json.Marshal(f)
			if err != nil {
				return m, wrap("corregir manifiesto", err)
			}
			txt := string(b)
			fila = &txt
		}
		id, err := c.InsertID(ctx, `INSERT INTO manifiesto_correcciones (empresa_id, salida_id, pasaje_id, accion, tramo,
			motivo, fila, usuario_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			a.EmpresaID, salidaID, f.PasajeID, k.Accion, k.Tramo, k.Motivo, fila, a.UsuarioID, c.Now())
		if err != nil {
			return m, wrap("corregir manifiesto", err)
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaSalidas}})
		if err := s.auditarCambio(ctx, c, a, AccionCorreccionManifiesto, nil, map[string]any{"correccion_id": id,
			"salida_id": salidaID, "accion": k.Accion, "numero_pasaje": f.NumeroPasaje, "tramo": k.Tramo,
			"motivo": k.Motivo}); err != nil {
			return m, err
		}
		return manifiesto(ctx, c, a.EmpresaID, salidaID)
	})
}
