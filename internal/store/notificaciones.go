package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Notificacion is one of a user's stored notifications (operaciones §3).
type Notificacion struct {
	ID        int64
	Tipo      string
	Titulo    string
	Mensaje   string
	Datos     json.RawMessage
	Leida     bool
	CreatedAt time.Time
}

// EventoNotificacion is the payload of the notificacion event (package events).
type EventoNotificacion = events.EventoNotificacion

// NuevaNotificacion is a notification to create for one user: its kind
// (domain.Notif*) and a payload of a type that kind carries
// (events.ClasesNotificacion).
type NuevaNotificacion struct {
	EmpresaID, UsuarioID  int64
	Tipo, Titulo, Mensaje string
	Datos                 events.DatosNotificacion
}

// FiltroNotificaciones selects a user's notifications: by state (nil: all)
// and by stored types (empty: all).
type FiltroNotificaciones struct {
	Leida *bool
	Tipos []string
}

const notificacionColumnas = `SELECT id, tipo, titulo, mensaje, datos, leida, created_at FROM notificaciones `

func scanNotificacion(sc sqldb.Scanner) (Notificacion, error) {
	var (
		n     Notificacion
		datos string
	)
	err := sc.Scan(&n.ID, &n.Tipo, &n.Titulo, &n.Mensaje, &datos, &n.Leida, &n.CreatedAt)
	n.Datos, n.CreatedAt = json.RawMessage(datos), n.CreatedAt.UTC()
	return n, err
}

// Notificaciones lists the actor's own notifications, newest first, and
// counts the unread ones (of every type and state).
func (s *Store) Notificaciones(ctx context.Context, a Actor, f FiltroNotificaciones) (items []Notificacion, noLeidas int64, err error) {
	where, args := `WHERE empresa_id = ? AND usuario_id = ?`, []any{a.EmpresaID, a.UsuarioID}
	if f.Leida != nil {
		where, args = where+` AND leida = ?`, append(args, *f.Leida)
	}
	if len(f.Tipos) > 0 {
		where += ` AND tipo IN (` + sqldb.Placeholders(len(f.Tipos)) + `)`
		for _, t := range f.Tipos {
			args = append(args, t)
		}
	}
	c := s.db.Conn()
	items, err = sqldb.QueryAll(ctx, c, scanNotificacion, notificacionColumnas+where+` ORDER BY id DESC LIMIT ?`,
		append(args, domain.MaxNotificaciones)...)
	if err != nil {
		return nil, 0, wrap("listar notificaciones", err)
	}
	err = c.QueryRow(ctx, `SELECT COUNT(*) FROM notificaciones WHERE empresa_id = ? AND usuario_id = ? AND leida = ?`,
		a.EmpresaID, a.UsuarioID, false).Scan(&noLeidas)
	return items, noLeidas, wrap("contar notificaciones", err)
}

// MarcarNotificacionLeida marks one of the actor's notifications read; another
// user's (or a missing) id is 404.
func (s *Store) MarcarNotificacionLeida(ctx context.Context, a Actor, id int64) error {
	return s.cambiarNotificaciones(ctx, a, "notificaciones.leer",
		`UPDATE notificaciones SET leida = ? WHERE empresa_id = ? AND usuario_id = ? AND id = ?`, true, id)
}

// EliminarNotificacion deletes one of the actor's notifications; another
// user's (or a missing) id is 404.
func (s *Store) EliminarNotificacion(ctx context.Context, a Actor, id int64) error {
	return s.cambiarNotificaciones(ctx, a, "notificaciones.eliminar",
		`DELETE FROM notificaciones WHERE empresa_id = ? AND usuario_id = ? AND id = ?`, nil, id)
}

// MarcarTodasLeidas marks every notification of the actor read and returns how many changed.
func (s *Store) MarcarTodasLeidas(ctx context.Context, a Actor) (int64, error) {
	return s.cambiarTodas(ctx, a, "notificaciones.leer_todas",
		`UPDATE notificaciones SET leida = ? WHERE empresa_id = ? AND usuario_id = ? AND leida = ?`, true, false)
}

// LimpiarNotificaciones deletes every notification of the actor and returns how many.
func (s *Store) LimpiarNotificaciones(ctx context.Context, a Actor) (int64, error) {
	return s.cambiarTodas(ctx, a, "notificaciones.limpiar",
		`DELETE FROM notificaciones WHERE empresa_id = ? AND usuario_id = ?`, nil, nil)
}

// cambiarNotificaciones runs q on one notification of the actor: its first
// argument set (nil: none) then company, user and id. No row is 404.
func (s *Store) cambiarNotificaciones(ctx context.Context, a Actor, operacion, q string, set any, id int64) error {
	_, err := idempotent(ctx, s, a, operacion, func(c sqldb.Conn) (struct{}, error) {
		res, err := c.Exec(ctx, q, argumentos(set, a.EmpresaID, a.UsuarioID, id)...)
		if err != nil {
			return struct{}{}, wrap("cambiar notificación", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return struct{}{}, domain.NotFound(domain.MsgNotificacionNoEncontrada)
		}
		return struct{}{}, nil
	})
	return err
}

// cambiarTodas runs q on every notification of the actor (set first, then
// company and user, then cond) and returns how many rows changed.
func (s *Store) cambiarTodas(ctx context.Context, a Actor, operacion, q string, set, cond any) (int64, error) {
	return idempotent(ctx, s, a, operacion, func(c sqldb.Conn) (int64, error) {
		args := argumentos(set, a.EmpresaID, a.UsuarioID)
		if cond != nil {
			args = append(args, cond)
		}
		res, err := c.Exec(ctx, q, args...)
		if err != nil {
			return 0, wrap("cambiar notificaciones", err)
		}
		return res.RowsAffected()
	})
}

// argumentos puts an optional first argument before the rest.
func argumentos(primero any, resto ...any) []any {
	if primero == nil {
		return resto
	}
	return append([]any{primero}, resto...)
}

// CrearNotificaciones stores notifications (one multi-row INSERT), keeps each
// user's newest domain.MaxNotificaciones, and emits one notificacion event to
// each notification's user: one transaction.
func (s *Store) CrearNotificaciones(ctx context.Context, ns []NuevaNotificacion) error {
	if len(ns) == 0 {
		return nil
	}
	return s.db.InTx(ctx, func(c sqldb.Conn) error { return s.notificar(ctx, c, ns) })
}

// notificar is CrearNotificaciones inside the caller's transaction: the
// notifications that are pushed are queued for their users' browsers too
// (encolarPush).
func (s *Store) notificar(ctx context.Context, c sqldb.Conn, ns []NuevaNotificacion) error {
	creadas, err := insertarNotificaciones(ctx, c, ns)
	if err != nil {
		return err
	}
	if err := recortarNotificaciones(ctx, c, ns); err != nil {
		return err
	}
	if err := s.encolarPush(ctx, c, ns); err != nil {
		return err
	}
	for i, n := range creadas {
		c.Emit(events.Event{Nombre: events.Notificacion, EmpresaID: ns[i].EmpresaID,
			UsuarioID: ns[i].UsuarioID, Datos: n})
	}
	return nil
}

func insertarNotificaciones(ctx context.Context, c sqldb.Conn, ns []NuevaNotificacion) ([]EventoNotificacion, error) {
	var q strings.Builder
	q.WriteString(`INSERT INTO notificaciones (empresa_id, usuario_id, tipo, titulo, mensaje, datos, leida, created_at) VALUES `)
	args := make([]any, 0, 8*len(ns))
	creadas := make([]EventoNotificacion, len(ns))
	for i, n := range ns {
		if !events.NotificacionLleva(n.Tipo, n.Datos) {
			return nil, fmt.Errorf("store: una notificación %s no lleva datos %T (events.ClasesNotificacion)", n.Tipo, n.Datos)
		}
		datos, err := json.Marshal(n.Datos)
		if err != nil {
			return nil, wrap("codificar notificación", err)
		}
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString(`(?, ?, ?, ?, ?, ?, ?, ?)`)
		args = append(args, n.EmpresaID, n.UsuarioID, n.Tipo, n.Titulo, n.Mensaje, string(datos), false, c.Now())
		creadas[i] = EventoNotificacion{Tipo: n.Tipo, Titulo: n.Titulo, Mensaje: n.Mensaje, Datos: datos, Timestamp: c.Now()}
	}
	ids, err := sqldb.QueryIDs(ctx, c, q.String()+` RETURNING id`, args...)
	if err != nil || len(ids) != len(ns) {
		return nil, firstErr(wrap("crear notificaciones", err), fmt.Errorf("store: crear notificaciones: %d ids", len(ids)))
	}
	ordenarIDs(ids)
	for i := range creadas {
		creadas[i].ID = ids[i]
	}
	return creadas, nil
}

// recortarNotificaciones deletes, for the users just notified, every
// notification past their newest domain.MaxNotificaciones.
func recortarNotificaciones(ctx context.Context, c sqldb.Conn, ns []NuevaNotificacion) error {
	usuarios := map[int64]bool{}
	args := []any{}
	for _, n := range ns {
		if !usuarios[n.UsuarioID] {
			usuarios[n.UsuarioID] = true
			args = append(args, n.UsuarioID)
		}
	}
	lista := sqldb.Placeholders(len(args))
	_, err := c.Exec(ctx, `DELETE FROM notificaciones WHERE id IN (
		SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY usuario_id ORDER BY id DESC) AS orden
			FROM notificaciones WHERE usuario_id IN (`+lista+`)) recientes WHERE orden > ?)`,
		append(args, domain.MaxNotificaciones)...)
	return wrap("recortar notificaciones", err)
}
