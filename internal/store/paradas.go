package store

import (
	"context"
	"strings"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Routes with stops (docs/features/salidas.md "Recorridos y paradas"): a
// section's ordered stops, each at its minutes from the first.

// TablaParadas is the table named by the configActualizada of a route's stops.
const TablaParadas = "paradas"

// AccionActualizacionParadas audits a route's new stops.
const AccionActualizacionParadas = "ACTUALIZACION_PARADAS"

// paradasAuditadas is the before/after image of a route in the audit.
type paradasAuditadas struct {
	SeccionID int64           `json:"seccion_id"`
	Paradas   []domain.Parada `json:"paradas"`
}

// paradaGuardada is a stored stop with its id.
type paradaGuardada struct {
	id, seccionID int64
	domain.Parada
}

func scanParada(sc sqldb.Scanner) (paradaGuardada, error) {
	var p paradaGuardada
	err := sc.Scan(&p.id, &p.seccionID, &p.Nombre, &p.Minutos)
	return p, err
}

const paradaColumnas = `SELECT id, seccion_id, nombre, minutos FROM paradas `

// paradasDeSeccion are one section's stops in order.
func paradasDeSeccion(ctx context.Context, c sqldb.Conn, empresaID, seccionID int64) ([]paradaGuardada, error) {
	ps, err := sqldb.QueryAll(ctx, c, scanParada, paradaColumnas+`WHERE empresa_id = ? AND seccion_id = ? ORDER BY orden`,
		empresaID, seccionID)
	return ps, wrap("leer paradas", err)
}

// paradasPorSeccion are the company's routes, by section: each section's
// stops in order (at most domain.MaxParadas each).
func paradasPorSeccion(ctx context.Context, c sqldb.Conn, empresaID int64) (map[int64][]domain.Parada, error) {
	ps, err := sqldb.QueryAll(ctx, c, scanParada, paradaColumnas+`WHERE empresa_id = ? ORDER BY seccion_id, orden`, empresaID)
	if err != nil {
		return nil, wrap("leer paradas", err)
	}
	out := map[int64][]domain.Parada{}
	for _, p := range ps {
		out[p.seccionID] = append(out[p.seccionID], p.Parada)
	}
	return out, nil
}

func soloParadas(ps []paradaGuardada) []domain.Parada {
	out := make([]domain.Parada, len(ps))
	for i, p := range ps {
		out[i] = p.Parada
	}
	return out
}

// Paradas are the stops of the company's section, in order; another
// company's section is 404.
func (s *Store) Paradas(ctx context.Context, empresaID, seccionID int64) ([]domain.Parada, error) {
	c := s.db.Conn()
	if _, err := seccionDe(ctx, c, empresaID, seccionID); err != nil {
		return nil, err
	}
	ps, err := paradasDeSeccion(ctx, c, empresaID, seccionID)
	return soloParadas(ps), err
}

// insertarParadas writes a section's stops in order inside the caller's transaction.
func insertarParadas(ctx context.Context, c sqldb.Conn, empresaID, seccionID int64, ps []domain.Parada) error {
	for i, p := range ps {
		if _, err := c.Exec(ctx, `INSERT INTO paradas (empresa_id, seccion_id, orden, nombre, minutos) VALUES (?, ?, ?, ?, ?)`,
			empresaID, seccionID, i+1, p.Nombre, p.Minutos); err != nil {
			return wrap("crear parada", err)
		}
	}
	return nil
}

// ReemplazarParadas replaces a section's stops by ps, in that order
// (domain.NormalizarParadas), through idempotent, audited
// ACTUALIZACION_PARADAS with the route before and after, and announces
// configActualizada (paradas). A stop keeps its row (and id) while its name
// stays, whatever the case; a stop whose name is gone is deleted, a new name
// is a new stop. The section is looked up first: another company's is 404
// whatever the stops.
func (s *Store) ReemplazarParadas(ctx context.Context, a Actor, seccionID int64, ps []domain.Parada) ([]domain.Parada, error) {
	return idempotent(ctx, s, a, "paradas.reemplazar", func(c sqldb.Conn) ([]domain.Parada, error) {
		// Another company's section is 404 whatever the body says.
		if _, err := seccionDe(ctx, c, a.EmpresaID, seccionID); err != nil {
			return nil, err
		}
		ps, err := domain.NormalizarParadas(ps)
		if err != nil {
			return nil, err
		}
		antes, err := paradasDeSeccion(ctx, c, a.EmpresaID, seccionID)
		if err != nil {
			return nil, err
		}
		// Out of the way of the new order first (orden is unique in the route).
		if _, err := c.Exec(ctx, `UPDATE paradas SET orden = orden + ? WHERE empresa_id = ? AND seccion_id = ?`,
			domain.MaxParadas+1000, a.EmpresaID, seccionID); err != nil {
			return nil, wrap("reordenar paradas", err)
		}
		porNombre := make(map[string]int64, len(antes))
		for _, p := range antes {
			porNombre[strings.ToLower(p.Nombre)] = p.id
		}
		quedan := make(map[int64]bool, len(ps))
		for _, p := range ps {
			if id, ok := porNombre[strings.ToLower(p.Nombre)]; ok {
				quedan[id] = true
			}
		}
		for _, p := range antes {
			if !quedan[p.id] {
				if _, err := c.Exec(ctx, `DELETE FROM paradas WHERE empresa_id = ? AND id = ?`, a.EmpresaID, p.id); err != nil {
					return nil, wrap("eliminar parada", err)
				}
			}
		}
		for i, p := range ps {
			if id, ok := porNombre[strings.ToLower(p.Nombre)]; ok {
				_, err = c.Exec(ctx, `UPDATE paradas SET orden = ?, nombre = ?, minutos = ? WHERE empresa_id = ? AND id = ?`,
					i+1, p.Nombre, p.Minutos, a.EmpresaID, id)
			} else {
				_, err = c.Exec(ctx, `INSERT INTO paradas (empresa_id, seccion_id, orden, nombre, minutos) VALUES (?, ?, ?, ?, ?)`,
					a.EmpresaID, seccionID, i+1, p.Nombre, p.Minutos)
			}
			if err != nil {
				return nil, wrap("guardar parada", err)
			}
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaParadas}})
		return ps, s.auditarCambio(ctx, c, a, AccionActualizacionParadas,
			paradasAuditadas{SeccionID: seccionID, Paradas: soloParadas(antes)}, paradasAuditadas{SeccionID: seccionID, Paradas: ps})
	})
}
