package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"muelle/internal/jobs"
	"muelle/internal/store/sqldb"
)

// States of queued work.
const (
	TrabajoPendiente = "pendiente"
	TrabajoHecho     = "hecho"
	TrabajoFallido   = "fallido"
)

// NuevoTrabajo is work to queue: its kind, its key (with the company and the
// kind, what makes a retried enqueue queue nothing more; EmpresaID 0 for the
// installation's own work), its payload (JSON) and when it is due (zero: now).
type NuevoTrabajo struct {
	EmpresaID int64
	Tipo      string
	Clave     string
	Datos     any
	En        time.Time
}

var _ jobs.Cola = (*Store)(nil)

// AlEncolarTrabajo registers the runner's wake-up, called after the commit of
// a transaction that queued work (never on a rollback).
func (s *Store) AlEncolarTrabajo(despertar func()) { s.despertarTrabajos = despertar }

// EncolarTrabajo queues n in a transaction of its own; creado is false when
// work with its key was already queued.
func (s *Store) EncolarTrabajo(ctx context.Context, n NuevoTrabajo) (creado bool, err error) {
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		creado, err = s.encolarTrabajo(ctx, c, n)
		return err
	})
	return creado, err
}

// encolarTrabajo queues n inside c's write transaction and wakes the runner
// once it commits.
func (s *Store) encolarTrabajo(ctx context.Context, c sqldb.Conn, n NuevoTrabajo) (bool, error) {
	if n.Tipo == "" || n.Clave == "" {
		return false, errors.New("store: un trabajo necesita tipo y clave")
	}
	datos, err := json.Marshal(n.Datos)
	if err != nil {
		return false, wrap("codificar trabajo", err)
	}
	en := n.En
	if en.IsZero() {
		en = c.Now()
	}
	res, err := c.Exec(ctx, `INSERT INTO trabajos (empresa_id, tipo, clave, datos, estado, proximo_intento, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (empresa_id, tipo, clave) DO NOTHING`,
		n.EmpresaID, n.Tipo, n.Clave, string(datos), TrabajoPendiente, en, c.Now(), c.Now())
	if err != nil {
		return false, wrap("encolar trabajo", err)
	}
	filas, err := res.RowsAffected()
	if err != nil || filas == 0 {
		return false, wrap("encolar trabajo", err)
	}
	if despertar := s.despertarTrabajos; despertar != nil {
		c.AfterCommit(despertar)
	}
	return true, nil
}

// ReclamarTrabajo claims the due work of the kinds for lease, counting the attempt.
func (s *Store) ReclamarTrabajo(ctx context.Context, tipos []string, lease time.Duration) (t jobs.Trabajo, ok bool, err error) {
	if len(tipos) == 0 {
		return t, false, nil
	}
	args := []any{TrabajoPendiente}
	for _, tipo := range tipos {
		args = append(args, tipo)
	}
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		id, reclamado, err := reclamarFila(ctx, c, filaReclamable{tabla: "trabajos", vence: "proximo_intento",
			donde: `estado = ? AND tipo IN (` + sqldb.Placeholders(len(tipos)) + `)`, intentos: true}, lease, args...)
		if err != nil || !reclamado {
			return err
		}
		var datos string
		err = c.QueryRow(ctx, `SELECT id, empresa_id, tipo, clave, datos, intentos FROM trabajos WHERE id = ?`, id).
			Scan(&t.ID, &t.EmpresaID, &t.Tipo, &t.Clave, &datos, &t.Intento)
		t.Datos, ok = json.RawMessage(datos), err == nil
		return wrap("leer trabajo", err)
	})
	return t, ok, err
}

// TerminarTrabajo records the claimed work done with its result.
func (s *Store) TerminarTrabajo(ctx context.Context, t jobs.Trabajo, resultado string) error {
	return s.cerrarTrabajo(ctx, t, `estado = ?, resultado = ?, error = NULL`, TrabajoHecho, resultado)
}

// ReintentarTrabajo leaves the claimed work pending for espera, with motivo as its last error.
func (s *Store) ReintentarTrabajo(ctx context.Context, t jobs.Trabajo, espera time.Duration, motivo string) error {
	return s.cerrarTrabajo(ctx, t, `proximo_intento = ?, error = ?`, s.Now().Add(espera), motivo)
}

// FallarTrabajo records the claimed work failed for good with motivo.
func (s *Store) FallarTrabajo(ctx context.Context, t jobs.Trabajo, motivo string) error {
	return s.cerrarTrabajo(ctx, t, `estado = ?, error = ?`, TrabajoFallido, motivo)
}

// SoltarTrabajo frees the claim at once, the attempt not counted: work cut
// short by a shutdown is due again for another worker.
func (s *Store) SoltarTrabajo(ctx context.Context, t jobs.Trabajo) error {
	return s.cerrarTrabajo(ctx, t, `intentos = intentos - 1`)
}

// cerrarTrabajo applies set to the work if this claim still holds it (a
// claim taken over after its lease ran out counts another attempt, so the
// old one's close changes nothing).
func (s *Store) cerrarTrabajo(ctx context.Context, t jobs.Trabajo, set string, args ...any) error {
	args = append(args, s.Now(), t.ID, t.Intento, TrabajoPendiente)
	_, err := s.db.Conn().Exec(ctx, `UPDATE trabajos SET `+set+`, updated_at = ?, reclamado_hasta = NULL
		WHERE id = ? AND intentos = ? AND estado = ? AND reclamado_hasta IS NOT NULL`, args...)
	return wrap("cerrar trabajo", err)
}

// RegistrarTareas registers the store's periodic work on r, each beside the
// code it runs: the idempotency keys' and the events' purges, the points'
// expiry, the departures' generation, the seat counters' nightly check and
// the passengers' anonymisation.
func (s *Store) RegistrarTareas(r *jobs.Runner) {
	for _, registrar := range []func(*jobs.Runner){s.tareaIdempotencia, s.tareaEventos, s.tareaPuntos, s.tareaSalidas, s.tareaCupos,
		s.tareaPasajeros} {
		registrar(r)
	}
}

// TomarTurno takes the periodic job's turn when it is due (its row is
// created due the first time) and sets the next one cada later: of several
// instances looking, one gets each turn.
func (s *Store) TomarTurno(ctx context.Context, nombre string, cada time.Duration) (bool, error) {
	ahora := s.Now()
	c := s.db.Conn()
	if _, err := c.Exec(ctx, `INSERT INTO tareas_periodicas (nombre, proxima) VALUES (?, ?) ON CONFLICT (nombre) DO NOTHING`,
		nombre, ahora); err != nil {
		return false, wrap("crear turno de tarea", err)
	}
	res, err := c.Exec(ctx, `UPDATE tareas_periodicas SET proxima = ? WHERE nombre = ? AND proxima <= ?`,
		ahora.Add(cada), nombre, ahora)
	if err != nil {
		return false, wrap("tomar turno de tarea", err)
	}
	n, err := res.RowsAffected()
	return n == 1, wrap("tomar turno de tarea", err)
}
