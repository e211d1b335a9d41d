package store

import (
	"context"
	"math"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// Who a passenger is, in the passenger report (backoffice §2.15): every
// ticket not cancelled is one passenger's trip. A sale with a document links
// each of its tickets to the customer of that document (the one identity the
// customer list uses, unique per company: clienteDeVenta); a ticket sold
// without a document belongs to no customer, so it is a passenger of its own,
// counted in the trips, the passengers and the routes but never named. The
// figures about registered customers say so: PasajerosRegistrados,
// ClientesNuevos, and the lists of passengers (the top and the list, which
// name people). A passenger's name, document, phone and e-mail are the
// customer's as the customer list shows them today.

// MaxRutasPopulares is the most routes the popular routes answer.
const MaxRutasPopulares = 20

// TopPasajeros is how many passengers 'Pasajeros Frecuentes' ranks (backoffice §9).
const TopPasajeros = 10

// FiltroPasajerosPeriodo is the period of a passenger report in the company's
// time zone Loc, on the sale date (the default) or on the travel date
// (PorViaje). The period is at most domain.MaxDiasRango days, which bounds
// every read of it.
type FiltroPasajerosPeriodo struct {
	Periodo  domain.Periodo
	Loc      *time.Location
	PorViaje bool
}

// where is the filter over pasajes p of the company's tickets of the period
// that count in the report: not cancelled; sold in [desde, hasta) of its
// business days or travelling on one of its days. registrados: only those of a
// customer.
func (f FiltroPasajerosPeriodo) where(empresaID int64, registrados bool) (string, []any) {
	w, args := `WHERE p.empresa_id = ? AND p.estado <> ?`, []any{empresaID, domain.PasajeCancelado}
	if registrados {
		w += ` AND p.cliente_id IS NOT NULL`
	}
	if f.PorViaje {
		return w + ` AND p.fecha_viaje BETWEEN ? AND ?`, append(args, f.Periodo.Desde, f.Periodo.Hasta)
	}
	desde, hasta := f.Periodo.Limites(cmpLoc(f.Loc))
	return w + ` AND p.created_at >= ? AND p.created_at < ?`, append(args, desde, hasta)
}

// antes is the filter over pasajes q of a customer's earlier trips: its
// tickets not cancelled sold (or travelling) before the period.
func (f FiltroPasajerosPeriodo) antes() (string, any) {
	if f.PorViaje {
		return `q.fecha_viaje < ?`, f.Periodo.Desde
	}
	desde, _ := f.Periodo.Limites(cmpLoc(f.Loc))
	return `q.created_at < ?`, desde
}

func cmpLoc(loc *time.Location) *time.Location {
	if loc == nil {
		return time.UTC
	}
	return loc
}

// EstadisticasPasajeros are the passenger report's figures: how many
// passengers travelled (each registered customer once, each ticket without one
// as a passenger of its own), how many trips (tickets) they made, how many of
// the passengers are registered customers, and how many of those had never
// travelled before the period.
type EstadisticasPasajeros struct {
	TotalPasajeros       int64
	TotalViajes          int64
	PasajerosRegistrados int64
	ClientesNuevos       int64
}

// PromedioViajes is the trips per passenger, to one decimal (0 with none).
func (e EstadisticasPasajeros) PromedioViajes() float64 {
	if e.TotalPasajeros == 0 {
		return 0
	}
	return math.Round(float64(e.TotalViajes)*10/float64(e.TotalPasajeros)) / 10
}

// Pasajero is one passenger of the report: the customer and its trips of the
// period, what they paid, and the last day they travel.
type Pasajero struct {
	ID           int64
	Nombre       string
	Documento    string
	Telefono     string
	Email        string
	TotalViajes  int64
	TotalGastado domain.Centavos
	UltimoViaje  string // YYYY-MM-DD
}

// RutaPopular is a section and trip type with its tickets of the period, the
// passengers who bought them and what they paid.
type RutaPopular struct {
	SeccionID      int64
	Seccion        string
	TipoViajeID    int64
	TipoViaje      string
	TotalPasajes   int64
	TotalPasajeros int64
	TotalIngresos  domain.Centavos
}

// EstadisticasPasajeros counts the period's passengers, trips, registered
// passengers and new ones: registered customers with no trip before the
// period (on the same date basis). Two queries on the company's indexes: the
// period's tickets grouped by customer (those without one, one group), and for
// each of its customers one probe of pasajes_cliente_idx.
func (s *Store) EstadisticasPasajeros(ctx context.Context, empresaID int64, f FiltroPasajerosPeriodo) (EstadisticasPasajeros, error) {
	where, args := f.where(empresaID, false)
	antes, desde := f.antes()
	var e EstadisticasPasajeros
	err := s.db.Conn().QueryRow(ctx, `WITH del_periodo AS (SELECT p.cliente_id, COUNT(*) AS viajes FROM pasajes p `+where+`
		GROUP BY p.cliente_id)
		SELECT CAST(COALESCE(SUM(CASE WHEN d.cliente_id IS NULL THEN d.viajes ELSE 1 END), 0) AS BIGINT),
			CAST(COALESCE(SUM(d.viajes), 0) AS BIGINT), CAST(COUNT(d.cliente_id) AS BIGINT),
			CAST(COALESCE(SUM(CASE WHEN d.cliente_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pasajes q
				WHERE q.empresa_id = ? AND q.cliente_id = d.cliente_id AND q.estado <> ? AND `+antes+`) THEN 1 ELSE 0 END), 0) AS BIGINT)
		FROM del_periodo d`, append(args, empresaID, domain.PasajeCancelado, desde)...).
		Scan(&e.TotalPasajeros, &e.TotalViajes, &e.PasajerosRegistrados, &e.ClientesNuevos)
	return e, wrap("estadísticas de pasajeros", err)
}

// pasajerosFrom is the period's registered passengers: each customer with its
// trips, amount and last travel day, joined to its names.
func (f FiltroPasajerosPeriodo) pasajerosFrom(empresaID int64) (string, []any) {
	where, args := f.where(empresaID, true)
	return `FROM (SELECT p.cliente_id, COUNT(*) AS viajes, SUM(p.precio) AS gastado, MAX(p.fecha_viaje) AS ultimo
		FROM pasajes p ` + where + ` GROUP BY p.cliente_id) a JOIN clientes c ON c.id = a.cliente_id AND c.empresa_id = ?`,
		append(args, empresaID)
}

const pasajeroColumns = `c.id, c.nombre, c.apellido, c.documento, c.telefono, c.email, CAST(a.viajes AS BIGINT),
	CAST(a.gastado AS BIGINT), CAST(a.ultimo AS TEXT)`

// ordenPasajeros ranks the passengers: most trips first, then the most
// spent, then by name (ties stay in a stable order).
const ordenPasajeros = ` ORDER BY a.viajes DESC, a.gastado DESC, c.nombre, c.apellido, c.id`

func scanPasajero(sc sqldb.Scanner, p *Pasajero) error {
	var apellido string
	err := sc.Scan(&p.ID, &p.Nombre, &apellido, &p.Documento, &p.Telefono, &p.Email, &p.TotalViajes, &p.TotalGastado,
		&p.UltimoViaje)
	p.Nombre = strings.TrimSpace(p.Nombre + " " + apellido)
	if len(p.UltimoViaje) > len(time.DateOnly) {
		p.UltimoViaje = p.UltimoViaje[:len(time.DateOnly)] // a DATE read as text on PostgreSQL is already a day; SQLite keeps the text
	}
	return err
}

// ClientesTop are the period's TopPasajeros passengers with the most trips,
// then the most spent.
func (s *Store) ClientesTop(ctx context.Context, empresaID int64, f FiltroPasajerosPeriodo) ([]Pasajero, error) {
	from, args := f.pasajerosFrom(empresaID)
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (Pasajero, error) {
		var p Pasajero
		return p, scanPasajero(sc, &p)
	}, `SELECT `+pasajeroColumns+` `+from+ordenPasajeros+` LIMIT ?`, append(args, TopPasajeros)...)
	return out, wrap("pasajeros frecuentes", err)
}

// ListarPasajeros answers one page of the period's passengers, ranked as
// ClientesTop, and how many there are.
func (s *Store) ListarPasajeros(ctx context.Context, empresaID int64, f FiltroPasajerosPeriodo, pg Pagina) ([]Pasajero, int64, error) {
	from, args := f.pasajerosFrom(empresaID)
	out, total, err := sqldb.QueryPage(ctx, s.db.Conn(), func(sc sqldb.Scanner) (Pasajero, error) {
		var p Pasajero
		return p, scanPasajero(sc, &p)
	}, pg.page(), sqldb.List{Columns: pasajeroColumns, From: from, OrderBy: ordenPasajeros, Args: args})
	if out == nil {
		out = []Pasajero{}
	}
	return out, total, wrap("listar pasajeros", err)
}

// RecorrerPasajeros hands fn the period's passengers one at a time, ranked
// as ClientesTop, as the database sends them: an export of any length holds
// one row in memory. fn may stop the walk by returning an error, which
// RecorrerPasajeros returns. tope > 0 stops after that many rows.
func (s *Store) RecorrerPasajeros(ctx context.Context, empresaID int64, f FiltroPasajerosPeriodo, tope int64,
	fn func(Pasajero) error) error {
	from, args := f.pasajerosFrom(empresaID)
	q := `SELECT ` + pasajeroColumns + ` ` + from + ordenPasajeros
	if tope > 0 {
		q, args = q+` LIMIT ?`, append(args, tope)
	}
	rows, err := s.db.Conn().Query(ctx, q, args...)
	if err != nil {
		return wrap("recorrer pasajeros", err)
	}
	defer rows.Close()
	var p Pasajero
	for rows.Next() {
		if err := scanPasajero(rows, &p); err != nil {
			return wrap("recorrer pasajeros", err)
		}
		if err := fn(p); err != nil {
			return err
		}
	}
	return wrap("recorrer pasajeros", rows.Err())
}

// RutasPopulares are the period's limite (1 to MaxRutasPopulares) sections ×
// trip types with the most tickets, then the most income, then by name; every
// ticket counts, its passengers as EstadisticasPasajeros counts them.
func (s *Store) RutasPopulares(ctx context.Context, empresaID int64, f FiltroPasajerosPeriodo, limite int) ([]RutaPopular, error) {
	limite = min(max(limite, 1), MaxRutasPopulares)
	where, args := f.where(empresaID, false)
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (RutaPopular, error) {
		var r RutaPopular
		err := sc.Scan(&r.SeccionID, &r.Seccion, &r.TipoViajeID, &r.TipoViaje, &r.TotalPasajes, &r.TotalPasajeros, &r.TotalIngresos)
		return r, err
	}, `SELECT s.id, s.nombre, t.id, t.nombre, CAST(a.pasajes AS BIGINT), CAST(a.pasajeros AS BIGINT), CAST(a.ingresos AS BIGINT)
		FROM (SELECT p.seccion_id, p.tipo_viaje_id, COUNT(*) AS pasajes,
			COUNT(DISTINCT p.cliente_id) + SUM(CASE WHEN p.cliente_id IS NULL THEN 1 ELSE 0 END) AS pasajeros,
			SUM(p.precio) AS ingresos FROM pasajes p `+where+` GROUP BY p.seccion_id, p.tipo_viaje_id) a
		JOIN secciones s ON s.id = a.seccion_id JOIN tipos_viaje t ON t.id = a.tipo_viaje_id
		ORDER BY a.pasajes DESC, a.ingresos DESC, s.nombre, t.nombre, s.id, t.id LIMIT ?`, append(args, limite)...)
	return out, wrap("rutas populares", err)
}
