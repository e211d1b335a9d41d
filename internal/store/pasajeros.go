package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/store/sqldb"
)

// One passenger per ticket (issue 40 item 3; docs/features/pasajeros.md):
// the table pasajeros holds the passenger a ticket names, one row per ticket
// that names one, keyed by the company and the ticket.

// pasajeroDelPasaje are a ticket's passenger's columns, read through pasajeroJoin.
const pasajeroDelPasaje = `px.nombre, px.documento_tipo, px.documento_numero, px.nacionalidad,
	CAST(px.fecha_nacimiento AS TEXT), px.franja_edad, px.sexo`

// pasajeroJoin joins a ticket p to its passenger px (none: NULLs), by the
// ticket's id alone (an installation-wide id; the passenger's key names the
// ticket's company): an index on it, never the company's passengers read.
const pasajeroJoin = `LEFT JOIN pasajeros px ON px.pasaje_id = p.id `

// pasajeroLeido is a passenger read through pasajeroJoin.
type pasajeroLeido struct {
	nombre, tipo, numero, nacionalidad, nacimiento, franja, sexo sql.NullString
}

func (l *pasajeroLeido) destinos() []any {
	return []any{&l.nombre, &l.tipo, &l.numero, &l.nacionalidad, &l.nacimiento, &l.franja, &l.sexo}
}

// pasajero is the passenger read, nil when the ticket names none.
func (l pasajeroLeido) pasajero() *domain.Pasajero {
	if !l.nombre.Valid {
		return nil
	}
	return &domain.Pasajero{Nombre: l.nombre.String, DocumentoTipo: l.tipo.String, DocumentoNumero: l.numero.String,
		Nacionalidad: l.nacionalidad.String, FechaNacimiento: l.nacimiento.String, FranjaEdad: l.franja.String,
		Sexo: l.sexo.String}
}

// nombrarPasajeros checks the passengers of a sale of cantidad tickets
// (domain.PasajerosVenta) and answers how many tickets name nobody when the
// sale's section requires a named passenger per ticket (0 when it does not).
// A one-ticket sale that names none names its customer (pasajeroDe).
func (p *ventaPreparada) nombrarPasajeros(cab cabeceraVenta, cantidad int) (faltan int, err error) {
	if p.pasajeros, err = domain.PasajerosVenta(p.Pasajeros, cantidad, p.FechaViaje); err != nil {
		return 0, err
	}
	if cab.requierePasajeros == nil || !*cab.requierePasajeros {
		return 0, nil
	}
	for i := range p.pasajeros {
		if p.pasajeroDe(i) == nil {
			faltan++
		}
	}
	return faltan, nil
}

// exigirPasajeros refuses a sale of cantidad tickets whose section requires
// a named passenger per ticket when one names nobody.
func (p *ventaPreparada) exigirPasajeros(cab cabeceraVenta, cantidad int) error {
	faltan, err := p.nombrarPasajeros(cab, cantidad)
	if err != nil || faltan == 0 {
		return err
	}
	return domain.Invalid(domain.MsgPasajerosRequeridos(*cab.seccion.nombre, faltan, cantidad))
}

// pasajeroDe is the passenger of the sale's ticket i: the one named, or for
// the only ticket of a sale the customer (domain.PasajeroDelCliente).
func (p ventaPreparada) pasajeroDe(i int) *domain.Pasajero {
	if i < len(p.pasajeros) && p.pasajeros[i] != nil {
		return p.pasajeros[i]
	}
	if len(p.pasajeros) == 1 {
		return domain.PasajeroDelCliente(p.ClienteNombre, p.ClienteDocumento)
	}
	return nil
}

// insertarPasajeros writes the passengers of the sale's tickets that name
// one, at most pasajesPorInsert rows per statement.
func insertarPasajeros(ctx context.Context, c sqldb.Conn, empresaID int64, pasajes []Pasaje) error {
	var filas []Pasaje
	for _, ps := range pasajes {
		if ps.Pasajero != nil {
			filas = append(filas, ps)
		}
	}
	for len(filas) > 0 {
		lote := filas[:min(len(filas), pasajesPorInsert)]
		filas = filas[len(lote):]
		args := make([]any, 0, 10*len(lote))
		for _, ps := range lote {
			x := ps.Pasajero
			args = append(args, empresaID, ps.ID, ps.FechaViaje, x.Nombre, vacioNulo(x.DocumentoTipo),
				vacioNulo(x.DocumentoNumero), vacioNulo(x.Nacionalidad), vacioNulo(x.FechaNacimiento),
				vacioNulo(x.FranjaEdad), vacioNulo(x.Sexo))
		}
		// nothing reads them back in the sale: sent with the next statement on PostgreSQL (sqldb.Conn.ExecLater)
		if err := c.ExecLater(ctx, `INSERT INTO pasajeros (empresa_id, pasaje_id, fecha_viaje, nombre, documento_tipo,
			documento_numero, nacionalidad, fecha_nacimiento, franja_edad, sexo) VALUES `+
			strings.TrimSuffix(strings.Repeat(`(?, ?, ?, ?, ?, ?, ?, ?, ?, ?), `, len(lote)), `, `), args...); err != nil {
			return wrap("guardar pasajeros", err)
		}
	}
	return nil
}

// ceroNulo is n, or NULL when 0.
func ceroNulo(n int) any {
	if n == 0 {
		return nil
	}
	return n
}

// vacioNulo is s, or NULL when empty.
func vacioNulo(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// AnonimizarPasajeros anonymises up to lote passengers whose trip is older
// than their company keeps them (empresas.dias_retencion_pasajeros, counted
// in the company's time zone; domain.LimiteRetencion), Ley 25.326: the name
// becomes domain.NombreAnonimizado and the document, nationality, date of
// birth and sex are erased; the age band stays for the statistics, and so
// does the ticket (the buyer's data is the customer's, not the passenger's).
// A frozen manifest (the legal list of a departure that sailed) keeps its
// rows. It answers how many it anonymised; a passenger is anonymised once.
func (s *Store) AnonimizarPasajeros(ctx context.Context, lote int) (int64, error) {
	type retencion struct {
		id   int64
		zona string
		dias int
	}
	c := s.db.Conn()
	empresas, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (e retencion, err error) {
		return e, sc.Scan(&e.id, &e.zona, &e.dias)
	}, `SELECT e.id, e.timezone, e.dias_retencion_pasajeros FROM empresas e WHERE EXISTS (SELECT 1 FROM pasajeros px
		WHERE px.empresa_id = e.id AND px.anonimizado_en IS NULL) ORDER BY e.id`)
	if err != nil {
		return 0, wrap("buscar pasajeros a anonimizar", err)
	}
	ahora, total := s.Now(), int64(0)
	for _, e := range empresas {
		if total >= int64(lote) {
			break
		}
		limite := domain.LimiteRetencion(domain.DiaDe(ahora, domain.Location(e.zona)).Fecha, e.dias)
		res, err := c.Exec(ctx, `UPDATE pasajeros SET nombre = ?, documento_tipo = NULL, documento_numero = NULL,
			nacionalidad = NULL, fecha_nacimiento = NULL, sexo = NULL, anonimizado_en = ?
			WHERE empresa_id = ? AND pasaje_id IN (SELECT pasaje_id FROM pasajeros WHERE empresa_id = ?
			AND anonimizado_en IS NULL AND fecha_viaje < ? LIMIT ?)`,
			domain.NombreAnonimizado, ahora, e.id, e.id, limite, int64(lote)-total)
		if err != nil {
			return total, wrap("anonimizar pasajeros", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return total, wrap("anonimizar pasajeros", err)
		}
		total += n
	}
	return total, nil
}

// tareaPasajeros: the passengers past their company's retention are
// anonymised every hour, in bounded batches (AnonimizarPasajeros).
func (s *Store) tareaPasajeros(r *jobs.Runner) {
	r.Every("anonimizar_pasajeros", time.Hour, enLotes(s.AnonimizarPasajeros))
}

// NombrarPasajero names (or renames) the passenger of one of the company's
// tickets after its sale (another company's: 404), checked as a sale's
// (domain.Pasajero.Normalizar by its travel day), through idempotent,
// audited NOMBRAR_PASAJEROS: how a departure whose section requires names
// completes its rol before it sails. A cancelled ticket is 409. It answers
// the passenger as stored.
func (s *Store) NombrarPasajero(ctx context.Context, a Actor, pasajeID int64, x domain.Pasajero) (domain.Pasajero, error) {
	return idempotent(ctx, s, a, "pasajes.nombrar_pasajero", func(c sqldb.Conn) (domain.Pasajero, error) {
		ps, err := s.pasajes(ctx, c, `WHERE p.empresa_id = ? AND p.id = ?`, a.EmpresaID, pasajeID)
		if err != nil {
			return x, err
		}
		if len(ps) == 0 {
			return x, domain.NotFound(domain.MsgPasajeNoEncontrado)
		}
		p := ps[0]
		if p.Estado == domain.PasajeCancelado {
			return x, domain.Conflict(domain.MsgPasajeroDeAnulado)
		}
		if x, err = x.Normalizar(1, p.FechaViaje); err != nil {
			return x, err
		}
		if err := guardarPasajero(ctx, c, a.EmpresaID, p, x); err != nil {
			return x, err
		}
		return x, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionNombrarPasajeros,
			IP: a.IP, Exito: true, Detalles: "Pasajero nombrado en " + p.NumeroPasaje})
	})
}

// sinNombrar counts the legs boarded into a departure whose section requires
// named passengers (secciones.requiere_pasajeros) that name none: 0 for a
// section that does not require them.
func sinNombrar(ctx context.Context, c sqldb.Conn, empresaID, salidaID int64) (int64, error) {
	var n int64
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM salidas s JOIN secciones sec ON sec.id = s.seccion_id
		JOIN pasajes p ON p.empresa_id = s.empresa_id
			AND ((p.salida_id = s.id AND p.fecha_embarque IS NOT NULL)
				OR (p.salida_vuelta_id = s.id AND p.fecha_embarque_vuelta IS NOT NULL))
		`+pasajeroJoin+`
		WHERE s.empresa_id = ? AND s.id = ? AND sec.requiere_pasajeros AND px.pasaje_id IS NULL`, empresaID, salidaID).Scan(&n)
	return n, wrap("contar pasajeros sin nombre de la salida", err)
}
