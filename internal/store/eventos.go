package store

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/jobs"
	"muelle/internal/store/sqldb"
)

// The payloads of the events the store's writes emit, declared with their
// names in package events.
type (
	EventoPasaje  = events.EventoPasaje
	EventoVenta   = events.EventoVenta
	EventoCaja    = events.EventoCaja
	EventoConfig  = events.EventoConfig
	EventoAlerta  = events.EventoAlerta
	EventoUsuario = events.EventoUsuario
)

// Supervisores are the roles told about a company's operations (sales,
// registers, boarding, alerts, who connects).
var Supervisores = []string{domain.RolAdmin, domain.RolSupervisor}

// lecturasVenta: a sale, read like its tickets (pasajes.ver, a seller's own).
func lecturasVenta(vendedorID int64) []domain.Lectura {
	return []domain.Lectura{{Permiso: "pasajes.ver", VendedorID: vendedorID}}
}

// lecturasPasaje: a ticket sold, cancelled, reactivated, boarded or unboarded;
// besides its seller's reads, it changes the company's boarding lists and
// figures (validacion.embarque).
func lecturasPasaje(vendedorID int64) []domain.Lectura {
	return append(lecturasVenta(vendedorID), domain.Lectura{Permiso: "validacion.embarque"})
}

// lecturasCaja: a register opened, moved or closed (caja.ver, a seller's own).
func lecturasCaja(usuarioID int64) []domain.Lectura {
	return []domain.Lectura{{Permiso: "caja.ver", VendedorID: usuarioID}}
}

// EventosVigencia is how long stored events are kept for clients that
// reconnect (at least a day).
const EventosVigencia = 24 * time.Hour

// maxFilasEvento bounds the rows of one INSERT (7 parameters each).
const maxFilasEvento = 500

// guardarEventos stores a transaction's events in it, before its commit (they
// are announced and published after it: sqldb.DB.InTx), one multi-row INSERT
// per maxFilasEvento, and sets their ids.
func guardarEventos(ctx context.Context, c sqldb.Conn, evs []events.Event) error {
	for inicio := 0; inicio < len(evs); inicio += maxFilasEvento {
		lote := evs[inicio:min(len(evs), inicio+maxFilasEvento)]
		if err := insertarEventos(ctx, c, lote); err != nil {
			return err
		}
	}
	return nil
}

func insertarEventos(ctx context.Context, c sqldb.Conn, lote []events.Event) error {
	var q strings.Builder
	q.WriteString(`INSERT INTO eventos (empresa_id, usuario_id, roles, lecturas, nombre, datos, created_at) VALUES `)
	args := make([]any, 0, 7*len(lote))
	for i, ev := range lote {
		datos, lecturas, err := codificarEvento(ev)
		if err != nil {
			return err
		}
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString(`(?, ?, ?, ?, ?, ?, ?)`)
		var usuario *int64
		if ev.UsuarioID != 0 {
			usuario = &ev.UsuarioID
		}
		args = append(args, ev.EmpresaID, usuario, strings.Join(ev.Roles, ","), lecturas, ev.Nombre, datos, c.Now())
	}
	// the ids are needed once committed: on PostgreSQL read with the commit (sqldb.Conn.QueryLater)
	return wrap("guardar eventos", c.QueryLater(ctx, func(rows sqldb.Rows) error {
		ids := make([]int64, 0, len(lote))
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		if err := rows.Err(); err != nil || len(ids) != len(lote) {
			return firstErr(err, fmt.Errorf("%d ids para %d", len(ids), len(lote)))
		}
		ordenarIDs(ids)
		for i := range lote {
			lote[i].ID = ids[i]
		}
		return nil
	}, q.String()+` RETURNING id`, args...))
}

// codificarEvento is the stored JSON of an event's payload and of its reads
// (empty when every session of its room may read it).
func codificarEvento(ev events.Event) (datos, lecturas string, err error) {
	b, err := json.Marshal(ev.Datos)
	if err == nil && len(ev.Lecturas) > 0 {
		var l []byte
		l, err = json.Marshal(ev.Lecturas)
		lecturas = string(l)
	}
	if err != nil {
		return "", "", wrap("codificar evento "+ev.Nombre, err)
	}
	return string(b), lecturas, nil
}

// ordenarIDs sorts the ids an INSERT ... RETURNING gave: the ids of one
// statement grow in the order of its rows, RETURNING's order is not promised.
func ordenarIDs(ids []int64) { slices.Sort(ids) }

const eventoColumnas = `SELECT id, empresa_id, usuario_id, roles, lecturas, nombre, datos FROM eventos `

// eventos reads up to limite stored events, oldest first; their Datos are the
// stored JSON.
func (s *Store) eventos(ctx context.Context, where string, limite int, args ...any) ([]events.Event, error) {
	rows, err := s.db.Conn().Query(ctx, eventoColumnas+where+` ORDER BY id LIMIT ?`, append(args, limite)...)
	if err != nil {
		return nil, wrap("leer eventos", err)
	}
	defer rows.Close()
	var out []events.Event
	for rows.Next() {
		ev, err := scanEvento(rows)
		if err != nil {
			return nil, wrap("leer eventos", err)
		}
		out = append(out, ev)
	}
	return out, wrap("leer eventos", rows.Err())
}

func scanEvento(sc sqldb.Scanner) (events.Event, error) {
	var (
		ev                     events.Event
		usuario                *int64
		roles, lecturas, datos string
	)
	if err := sc.Scan(&ev.ID, &ev.EmpresaID, &usuario, &roles, &lecturas, &ev.Nombre, &datos); err != nil {
		return ev, err
	}
	if usuario != nil {
		ev.UsuarioID = *usuario
	}
	if roles != "" {
		ev.Roles = strings.Split(roles, ",")
	}
	ev.Datos = json.RawMessage(datos)
	if lecturas != "" {
		return ev, json.Unmarshal([]byte(lecturas), &ev.Lecturas)
	}
	return ev, nil
}

// EventosPorID reads the announced events (a NOTIFY payload), oldest first.
func (s *Store) EventosPorID(ctx context.Context, ids []int64) ([]events.Event, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	lista := sqldb.Placeholders(len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return s.eventos(ctx, `WHERE id IN (`+lista+`)`, len(ids), args...)
}

// EventosPosteriores reads up to limite events of every company after id,
// oldest first (a listener that reconnects catches up with them).
func (s *Store) EventosPosteriores(ctx context.Context, id int64, limite int) ([]events.Event, error) {
	return s.eventos(ctx, `WHERE id > ?`, limite, id)
}

// Reanudar reads the company's events after desde, the last one a client
// received, for a client that reconnects. completo is false when the server
// cannot fill the gap (the event desde was swept, or more than limite events
// followed it): the client must then refetch everything.
func (s *Store) Reanudar(ctx context.Context, empresaID, desde int64, limite int) (evs []events.Event, completo bool, err error) {
	var existe int64
	err = s.db.Conn().QueryRow(ctx, `SELECT COUNT(*) FROM eventos WHERE id = ?`, desde).Scan(&existe)
	if err != nil || existe == 0 {
		return nil, false, wrap("reanudar eventos", err)
	}
	evs, err = s.eventos(ctx, `WHERE empresa_id = ? AND id > ?`, limite+1, empresaID, desde)
	if err != nil || len(evs) > limite {
		return nil, false, err
	}
	return evs, true, nil
}

// UltimoEvento is the id of the newest stored event (0: none): a client that
// connects starts from it.
func (s *Store) UltimoEvento(ctx context.Context) (int64, error) {
	var id int64
	err := s.db.Conn().QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM eventos`).Scan(&id)
	return id, wrap("leer último evento", err)
}

// Escucha reports whether events of other instances arrive by Escuchar
// (PostgreSQL); on SQLite one instance delivers its own events after commit.
func (s *Store) Escucha() bool { return s.db.Announces() }

// Escuchar hands entregar, oldest first and each once, every event stored
// after desde (read with UltimoEvento before any socket is served) by any
// instance, until ctx ends: a dedicated PostgreSQL connection LISTENs for the
// ids announced and reads those events (sqldb/pubsub).
func (s *Store) Escuchar(ctx context.Context, log *slog.Logger, desde int64, entregar func([]events.Event)) {
	l := s.db.Listener()
	l.ByID, l.After, l.Log = s.EventosPorID, s.EventosPosteriores, log
	l.Run(ctx, desde, entregar)
}

// PublicarEventos stores and publishes events that no business write causes
// (a user connects, a notification is created, an alert): one transaction.
func (s *Store) PublicarEventos(ctx context.Context, evs ...events.Event) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		for _, ev := range evs {
			c.Emit(ev)
		}
		return nil
	})
}

// PurgarEventos forgets up to lote events older than EventosVigencia through
// the created_at index, and returns how many it removed.
func (s *Store) PurgarEventos(ctx context.Context, lote int) (int64, error) {
	res, err := s.db.Conn().Exec(ctx, `DELETE FROM eventos WHERE id IN (
		SELECT id FROM eventos WHERE created_at < ? ORDER BY created_at LIMIT ?)`,
		s.Now().Add(-EventosVigencia), lote)
	if err != nil {
		return 0, wrap("purgar eventos", err)
	}
	n, err := res.RowsAffected()
	return n, wrap("purgar eventos", err)
}

// tareaEventos: the events past EventosVigencia are purged every 5 minutes.
func (s *Store) tareaEventos(r *jobs.Runner) {
	r.Every("purgar_eventos", 5*time.Minute, enLotes(s.PurgarEventos))
}
