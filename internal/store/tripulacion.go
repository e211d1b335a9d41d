package store

import (
	"context"
	"fmt"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// The crew roster of a departure (issue 40 item 4;
// docs/features/manifiesto.md): replaced whole until the departure sails,
// frozen with its manifest then.

// TripulanteSalida is a crew member of a departure as it is shown: the
// roster's entry with its name resolved (a user's, when none was typed) and
// how its function reads.
type TripulanteSalida struct {
	domain.Tripulante
	FuncionEtiqueta string `json:"funcion_etiqueta"`
}

// tripulacion reads a departure's roster in its order (the departure is the
// company's: the caller read it).
func tripulacion(ctx context.Context, c sqldb.Conn, empresaID, salidaID int64) ([]TripulanteSalida, error) {
	out, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (t TripulanteSalida, err error) {
		err = sc.Scan(&t.UsuarioID, &t.Nombre, &t.Funcion)
		t.FuncionEtiqueta = domain.NombreFuncion[t.Funcion]
		return t, err
	}, `SELECT usuario_id, nombre, funcion FROM salida_tripulantes WHERE empresa_id = ? AND salida_id = ?
		ORDER BY orden LIMIT ?`, empresaID, salidaID, domain.MaxTripulantes)
	if out == nil {
		out = []TripulanteSalida{}
	}
	return out, wrap("leer tripulación de la salida", err)
}

// Tripulacion is the crew roster of one of the company's departures
// (another company's: 404).
func (s *Store) Tripulacion(ctx context.Context, empresaID, salidaID int64) ([]TripulanteSalida, error) {
	c := s.db.Conn()
	if _, err := salida(ctx, c, empresaID, salidaID); err != nil {
		return nil, err
	}
	return tripulacion(ctx, c, empresaID, salidaID)
}

// AsignarTripulacion replaces the crew roster of a departure that has not
// sailed nor been cancelled (409 otherwise), through idempotent, audited:
// each member a user of the company (404 otherwise; its name when none is
// typed) or a typed name. It answers the roster as stored.
func (s *Store) AsignarTripulacion(ctx context.Context, a Actor, salidaID int64, ts []domain.Tripulante) ([]TripulanteSalida, error) {
	return idempotent(ctx, s, a, "salidas.tripulacion", func(c sqldb.Conn) ([]TripulanteSalida, error) {
		x, err := salida(ctx, c, a.EmpresaID, salidaID)
		if err != nil {
			return nil, err
		}
		if ts, err = domain.NormalizarTripulacion(ts); err != nil {
			return nil, err
		}
		if x.Estado == domain.SalidaZarpo || x.Estado == domain.SalidaCancelada {
			return nil, domain.Conflict(domain.MsgTripulacionZarpada)
		}
		antes, err := tripulacion(ctx, c, a.EmpresaID, salidaID)
		if err != nil {
			return nil, err
		}
		if _, err := c.Exec(ctx, `DELETE FROM salida_tripulantes WHERE empresa_id = ? AND salida_id = ?`, a.EmpresaID, salidaID); err != nil {
			return nil, wrap("reemplazar tripulación", err)
		}
		for i, t := range ts {
			if err := insertarTripulante(ctx, c, a.EmpresaID, salidaID, i, t); err != nil {
				return nil, err
			}
		}
		out, err := tripulacion(ctx, c, a.EmpresaID, salidaID)
		if err != nil {
			return nil, err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: TablaSalidas}})
		return out, s.auditarCambio(ctx, c, a, AccionTripulacionSalida, antes, out)
	})
}

// insertarTripulante stores the roster's i-th member: a user's, named as the
// user when no name was typed, must be of the company.
func insertarTripulante(ctx context.Context, c sqldb.Conn, empresaID, salidaID int64, i int, t domain.Tripulante) error {
	res, err := c.Exec(ctx, `INSERT INTO salida_tripulantes (empresa_id, salida_id, usuario_id, nombre, funcion, orden)
		SELECT ?, ?, u.id, CASE WHEN ? = '' THEN TRIM(u.nombre || ' ' || u.apellido) ELSE ? END, ?, ?
		FROM (SELECT 1 AS uno) x LEFT JOIN usuarios u ON u.id = ? AND u.empresa_id = ?
		WHERE CAST(? AS BIGINT) IS NULL OR u.id IS NOT NULL`,
		empresaID, salidaID, t.Nombre, t.Nombre, t.Funcion, i, t.UsuarioID, empresaID, t.UsuarioID)
	if err != nil {
		return wrap(fmt.Sprintf("guardar tripulante %d", i+1), err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.NotFound(domain.MsgUsuarioNoEncontrado)
	}
	return nil
}
