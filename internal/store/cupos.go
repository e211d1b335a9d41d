package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/jobs"
	"muelle/internal/store/sqldb"
)

// Seats as a counter (docs/features/sobreventa.md; migration 47): the
// seats sold of a travel date and section are a row of cupos that every
// change of a ticket's seat adjusts in its own transaction: a sale (a
// conditional UPDATE against the day's capacity, read in that same
// statement: no lock is taken before it and no ticket is counted), a
// confirmed oversale and an offline sale, a cancellation and a reactivation.
// A ticket keeps its seat on its travel date whatever departure it boards
// (a move between departures changes no counter), and the day's capacity is
// read when seats are taken (a boat swap changes no counter either). A
// nightly job compares the counters with the tickets.

// claveCupo is the unit seats are counted on: a company's section and travel
// date (YYYY-MM-DD).
type claveCupo struct {
	empresaID, seccionID int64
	fecha                string
}

// capacidadDelDia is domain.CupoDelDia's capacity in SQL, for the cupos row
// of the statement: the boats of the day's outbound departures that are not
// cancelled, else the section's capacity when set, else NULL (no limit)
// (salidas.fecha is text on PostgreSQL, where the counter's is a date). Read
// by the statement that takes the seats, a boat swapped or a departure
// cancelled counts from the next sale on.
const capacidadDelDia = `COALESCE(
	(SELECT SUM(b.capacidad) FROM salidas s JOIN embarcaciones b ON b.id = s.embarcacion_id
		WHERE s.empresa_id = cupos.empresa_id AND s.seccion_id = cupos.seccion_id
		AND s.sentido = '` + domain.SentidoIda + `' AND s.fecha = CAST(cupos.fecha AS TEXT)
		AND s.estado <> '` + domain.SalidaCancelada + `' AND b.capacidad > 0),
	(SELECT sec.capacidad FROM secciones sec WHERE sec.id = cupos.seccion_id AND sec.capacidad > 0))`

// tomarLugares takes n seats of a counter when they fit under the day's
// capacity (always, without one), with one conditional UPDATE in the caller's
// transaction: the row stays locked from there to the commit only, and of
// two sellers of the last seat the second finds it taken (PostgreSQL
// re-evaluates the condition on the row the first one changed; SQLite's
// writers are exclusive). A counter is created by the first sale of its day:
// a miss creates it (a sale creating it at once is waited for by the
// INSERT's conflict) and tries once more. When the UPDATE was sent already
// (intento, with the sale's first batch) its answer is used.
func tomarLugares(ctx context.Context, c sqldb.Conn, k claveCupo, n int64, intento *intentoLugares) (bool, error) {
	tomados, err := intento.tomados(k, n)
	if !intento.enviado() {
		tomados, err = tomarSiCaben(ctx, c, k, n)
	}
	if err != nil || tomados {
		return tomados, err
	}
	if _, err := c.Exec(ctx, `INSERT INTO cupos (empresa_id, seccion_id, fecha, vendidos) VALUES (?, ?, ?, 0)
		ON CONFLICT (empresa_id, seccion_id, fecha) DO NOTHING`, k.empresaID, k.seccionID, k.fecha); err != nil {
		return false, wrap("crear lugares del día", err)
	}
	return tomarSiCaben(ctx, c, k, n)
}

// tomarSiCabenSQL is tomarSiCaben's UPDATE; its arguments are tomarSiCabenArgs'.
const tomarSiCabenSQL = `UPDATE cupos SET vendidos = vendidos + ?
	WHERE empresa_id = ? AND seccion_id = ? AND fecha = ? AND vendidos + ? <= COALESCE(` + capacidadDelDia + `, vendidos + ?)`

func tomarSiCabenArgs(k claveCupo, n int64) []any {
	return []any{n, k.empresaID, k.seccionID, k.fecha, n, n}
}

// tomarSiCaben is tomarLugares' UPDATE: false when the counter is missing
// or n seats do not fit.
func tomarSiCaben(ctx context.Context, c sqldb.Conn, k claveCupo, n int64) (bool, error) {
	res, err := c.Exec(ctx, tomarSiCabenSQL, tomarSiCabenArgs(k, n)...)
	if err != nil {
		return false, wrap("tomar lugares del día", err)
	}
	filas, err := res.RowsAffected()
	return filas == 1, wrap("tomar lugares del día", err)
}

// intentoLugares is tomarSiCaben's UPDATE for a sale's seats sent with its
// first batch on PostgreSQL (Vender: with the key's claim and the sale's
// reads; lugaresYNumeros), before the sale is checked: a sale refused
// afterwards rolls it back with everything else.
type intentoLugares struct {
	k      *claveCupo // nil: not sent
	n      int64
	tomado bool
}

// preparar names the seats of sale v, when its travel date and quantities
// are well formed (a sale that is not is refused before its seats are
// looked at, domain.ValidarVenta): false otherwise, and nothing is sent.
func (i *intentoLugares) preparar(a Actor, v Venta) (claveCupo, int64, bool) {
	n := int64(domain.TotalPasajes(v.Lineas))
	fecha, err := time.Parse(time.DateOnly, v.FechaViaje)
	if err != nil || fecha.Year() < 2000 || v.SeccionID <= 0 || n < 1 || n > domain.MaxPasajesPorVenta {
		return claveCupo{}, 0, false
	}
	k := claveCupo{empresaID: a.EmpresaID, seccionID: v.SeccionID, fecha: v.FechaViaje}
	i.k, i.n = &k, n
	return k, n, true
}

// consulta is the UPDATE of the seats preparar named.
func (i *intentoLugares) consulta() sqldb.Piped {
	return sqldb.Piped{SQL: tomarSiCabenSQL + ` RETURNING vendidos`, Args: tomarSiCabenArgs(*i.k, i.n),
		Rows: func(rows sqldb.Rows) error {
			i.tomado = rows.Next()
			return nil
		}}
}

// enviado reports whether the UPDATE was sent (i nil: no attempt).
func (i *intentoLugares) enviado() bool { return i != nil && i.k != nil }

// tomados is the sent UPDATE's answer for the seats k, n that the sale takes:
// another counter or quantity is a fault (the attempt took those).
func (i *intentoLugares) tomados(k claveCupo, n int64) (bool, error) {
	if !i.enviado() {
		return false, nil
	}
	if *i.k != k || i.n != n {
		return false, fmt.Errorf("store: los lugares tomados con la lectura (%v, %d) no son los de la venta (%v, %d)", *i.k, i.n, k, n)
	}
	return i.tomado, nil
}

// sumarLugares moves a counter by n (negative: seats freed) whatever the
// capacity, creating it when missing: a cancellation, a reactivation, a
// confirmed oversale, an offline sale.
func sumarLugares(ctx context.Context, c sqldb.Conn, k claveCupo, n int64) error {
	_, err := c.Exec(ctx, `INSERT INTO cupos (empresa_id, seccion_id, fecha, vendidos) VALUES (?, ?, ?, ?)
		ON CONFLICT (empresa_id, seccion_id, fecha) DO UPDATE SET vendidos = cupos.vendidos + excluded.vendidos`,
		k.empresaID, k.seccionID, k.fecha, n)
	return wrap("sumar lugares del día", err)
}

// lugarAlCambiarEstado adjusts the counters of ticket p's day and of the
// departure it was sold for (salida_venta.go) for a change
// of its state, in the change's transaction: a cancellation frees its seat, a
// reactivation takes it back whatever the capacity (it was never refused for
// seats).
func lugarAlCambiarEstado(ctx context.Context, c sqldb.Conn, empresaID int64, p Pasaje, cambio domain.CambioEstado) error {
	n := lugaresDeEstado(cambio.Hasta) - lugaresDeEstado(cambio.Desde)
	if n == 0 {
		return nil
	}
	if err := sumarLugares(ctx, c, claveCupo{empresaID: empresaID, seccionID: p.SeccionID, fecha: p.FechaViaje}, n); err != nil {
		return err
	}
	return sumarASalidaVendida(ctx, c, empresaID, p.Salida.SalidaID, n)
}

// lugaresDeEstado is the seats a ticket in that state holds: one while
// active or boarded, none once cancelled.
func lugaresDeEstado(estado string) int64 {
	if estado == domain.PasajeCancelado {
		return 0
	}
	return 1
}

// DiferenciaCupo is a counter that does not match its tickets: the seats it
// holds and the tickets (active or boarded) of its date and section, with
// the seats pending orders hold (pedidos.go).
type DiferenciaCupo struct {
	SeccionID int64
	Fecha     string
	Contador  int64
	Pasajes   int64
}

// maxDiferenciasCupo bounds the differences read of one company.
const maxDiferenciasCupo = 100

// DiferenciasDeCupos compares every counter of the company with its tickets
// in one statement (one snapshot: a sale writes both in one transaction):
// the dates and sections where they differ, a counter missing for tickets
// included. There must be none.
func (s *Store) DiferenciasDeCupos(ctx context.Context, empresaID int64) ([]DiferenciaCupo, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (d DiferenciaCupo, err error) {
		return d, sc.Scan(&d.SeccionID, &d.Fecha, &d.Contador, &d.Pasajes)
	}, `SELECT seccion_id, CAST(fecha AS TEXT), CAST(SUM(vendidos) AS BIGINT), CAST(SUM(pasajes) AS BIGINT) FROM (
			SELECT seccion_id, fecha, vendidos, 0 AS pasajes FROM cupos WHERE empresa_id = ?
			UNION ALL
			SELECT seccion_id, fecha_viaje, 0, COUNT(*) FROM pasajes WHERE empresa_id = ? AND estado IN (?, ?)
			GROUP BY seccion_id, fecha_viaje
			UNION ALL
			SELECT seccion_id, fecha_viaje, 0, SUM(cantidad) FROM pedidos WHERE empresa_id = ? AND estado = ?
			GROUP BY seccion_id, fecha_viaje
		) t GROUP BY seccion_id, fecha HAVING SUM(vendidos) <> SUM(pasajes) ORDER BY 2, 1 LIMIT ?`,
		empresaID, empresaID, domain.PasajeActivo, domain.PasajeUsado, empresaID, domain.PedidoPendiente, maxDiferenciasCupo)
	return out, wrap("comparar lugares con pasajes", err)
}

// DiferenciaSalida is a departure whose seats sold (salidas.vendidos) do
// not match the tickets sold for it, active or boarded, with the seats its
// pending orders hold (salida_venta.go).
type DiferenciaSalida struct {
	SalidaID          int64
	Contador, Pasajes int64
}

// DiferenciasDeSalidas compares the seats sold of every departure of the
// company that sold any with its tickets, in one statement. There must be none.
func (s *Store) DiferenciasDeSalidas(ctx context.Context, empresaID int64) ([]DiferenciaSalida, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (d DiferenciaSalida, err error) {
		return d, sc.Scan(&d.SalidaID, &d.Contador, &d.Pasajes)
	}, `SELECT id, vendidos, pasajes FROM (
			SELECT s.id, s.vendidos, (SELECT COUNT(*) FROM pasajes p WHERE p.salida_venta_id = s.id AND p.estado IN (?, ?))
				+ (SELECT COALESCE(SUM(o.cantidad), 0) FROM pedidos o WHERE o.empresa_id = s.empresa_id AND o.salida_id = s.id
					AND o.estado = ?) AS pasajes
			FROM salidas s WHERE s.empresa_id = ?
				AND (s.vendidos <> 0 OR EXISTS (SELECT 1 FROM pasajes p WHERE p.salida_venta_id = s.id))
		) t WHERE vendidos <> pasajes ORDER BY id LIMIT ?`,
		domain.PasajeActivo, domain.PasajeUsado, domain.PedidoPendiente, empresaID, maxDiferenciasCupo)
	return out, wrap("comparar lugares de las salidas con pasajes", err)
}

// tareaCupos registers the nightly check of the counters.
func (s *Store) tareaCupos(r *jobs.Runner) {
	r.Every("comprobar_cupos", 24*time.Hour, s.ComprobarCupos)
}

// ComprobarCupos is one turn of tareaCupos: every company's counters against
// their tickets; any difference is an error that lists them (the runner logs
// it and the service status shows the job failing).
func (s *Store) ComprobarCupos(ctx context.Context) error {
	ids, err := sqldb.QueryIDs(ctx, s.db.Conn(), `SELECT id FROM empresas ORDER BY id`)
	if err != nil {
		return wrap("leer las empresas para comprobar lugares", err)
	}
	var distintos []string
	for _, id := range ids {
		ds, err := s.DiferenciasDeCupos(ctx, id)
		if err != nil {
			return err
		}
		for _, d := range ds {
			distintos = append(distintos, fmt.Sprintf("empresa %d, sección %d, %s: %d lugares contados, %d pasajes",
				id, d.SeccionID, domain.FechaAR(d.Fecha), d.Contador, d.Pasajes))
		}
		salidas, err := s.DiferenciasDeSalidas(ctx, id)
		if err != nil {
			return err
		}
		for _, d := range salidas {
			distintos = append(distintos, fmt.Sprintf("empresa %d, salida %d: %d lugares contados, %d pasajes",
				id, d.SalidaID, d.Contador, d.Pasajes))
		}
	}
	if len(distintos) > 0 {
		return fmt.Errorf("store: lugares vendidos distintos de sus pasajes: %s", strings.Join(distintos, "; "))
	}
	return nil
}
