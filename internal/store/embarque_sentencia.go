package store

import (
	"context"
	"errors"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// The boarding in one statement (issue 39 item 2). On PostgreSQL the plain
// boarding of a scan or a typed number (no departure) is one data-modifying
// CTE run outside any transaction (sqldb.DB.InStatement): one round trip does
// what the transaction of validar does in five statements and a BEGIN and a
// COMMIT. Its arms:
//
//   - previa: the key already held, unexpired (a replay, or a key in use):
//     then nothing boards and validar's transaction answers (the replay, or
//     422 for another request);
//   - upd: the conditional UPDATE of validar (activo → usado), whose row
//     count decides as there;
//   - clave: the key claimed with the answer already in it, built from upd's
//     row (resultadoEmbarque), only when upd boarded;
//   - aud, ev: the audit entry and the event pasajeValidado, from upd's row;
//   - the SELECT answers upd's row as embarqueColumnas, the event's id, and
//     its one assert: with a key, upd boarded only if the key was claimed. A
//     key claimed meanwhile by another request of the same user (previa saw
//     none) fails the cast, the whole statement rolls back and validar's
//     transaction decides.
//
// Any other outcome (nothing boarded: a round trip's return, another day, a
// ticket boarded or cancelled, not found, a replay) writes nothing and goes
// on to validar's transaction, the rare path, which explains or boards it.
// SQLite keeps the transaction: its WITH cannot write.

// asertoClave names the statement's assert (sqldb.Assert); errClaveTomada is its failure.
const asertoClave = "clave_tomada"

var errClaveTomada = errors.New("clave tomada")

// sentenciaEmbarque is the statement with ? for: previa (usuario, clave,
// vigente desde), upd (now, usuario, empresa, where's argument[s]), clave
// (usuario, clave, operacion, huella, now, vigente desde), aud (empresa,
// usuario, ip, now), ev (empresa, usuario, now). conClave drops the arms of
// the key when the request carries none.
func sentenciaEmbarque(where string, conClave bool) string {
	previa, sinPrevia, clave, assert := "", "", "", `1`
	if conClave {
		previa = `previa AS (SELECT 1 FROM idempotencia WHERE usuario_id = ? AND clave = ? AND created_at >= ?),`
		sinPrevia = ` AND NOT EXISTS (SELECT 1 FROM previa)`
		clave = `clave AS (INSERT INTO idempotencia (usuario_id, clave, operacion, huella, created_at, resultado)
			SELECT ?, ?, ?, ?, ?, ` + resultadoEmbarque + ` FROM upd
			ON CONFLICT (usuario_id, clave) DO UPDATE SET operacion = excluded.operacion, huella = excluded.huella,
			resultado = excluded.resultado, created_at = excluded.created_at WHERE idempotencia.created_at < ?
			RETURNING 1),`
		assert = sqldb.Assert(`EXISTS (SELECT 1 FROM clave)`, asertoClave)
	}
	return `WITH ` + previa + `
	upd AS (UPDATE pasajes SET estado = '` + domain.PasajeUsado + `', fecha_embarque = ?, usuario_embarque_id = ?,
		salida_id = NULL WHERE empresa_id = ? AND estado = '` + domain.PasajeActivo + `' AND ` + where + sinPrevia + `
		RETURNING id, numero_pasaje, CAST(fecha_viaje AS TEXT) AS fecha_viaje, fecha_embarque, estado, cliente_nombre,
		seccion_id, tipo_viaje_id, usuario_embarque_id, usuario_id, salida_id, ida_y_vuelta, vuelta_hasta,
		fecha_embarque_vuelta,
		(SELECT s.nombre FROM secciones s WHERE s.id = pasajes.seccion_id) AS seccion,
		(SELECT t.nombre FROM tipos_viaje t WHERE t.id = pasajes.tipo_viaje_id) AS tipo_viaje,
		(SELECT ` + nombreValidador + ` FROM usuarios v WHERE v.id = pasajes.usuario_embarque_id) AS validador),
	` + clave + `
	aud AS (INSERT INTO auditoria (empresa_id, usuario_id, accion, detalles, ip_address, exito, created_at)
		SELECT ?, ?, '` + AccionValidacionEmbarque + `', CASE WHEN ida_y_vuelta THEN 'Embarque de ida del pasaje '
		ELSE 'Embarque del pasaje ' END || numero_pasaje, ?, TRUE, ? FROM upd),
	ev AS (INSERT INTO eventos (empresa_id, usuario_id, roles, lecturas, nombre, datos, created_at)
		SELECT ?, NULL, '', ` + lecturasPasajeSQL + `, '` + events.PasajeValidado + `',
		json_build_object('pasaje_id', id, 'numero_pasaje', numero_pasaje, 'fecha_viaje', fecha_viaje,
		'usuario_id', usuario_embarque_id)::text, ? FROM upd RETURNING id)
	SELECT id, numero_pasaje, fecha_viaje, fecha_embarque, estado, cliente_nombre, seccion, tipo_viaje, validador,
		usuario_embarque_id, usuario_id, seccion_id, salida_id, ida_y_vuelta, vuelta_hasta, fecha_embarque_vuelta,
		(SELECT id FROM ev), ` + assert + ` FROM upd`
}

// lecturasPasajeSQL is lecturasPasaje(upd.usuario_id) as the JSON the event stores.
const lecturasPasajeSQL = `json_build_array(json_build_object('permiso', 'pasajes.ver', 'vendedor_id', usuario_id),
		json_build_object('permiso', 'validacion.embarque'))::text`

// resultadoEmbarque is upd's row as json.Marshal writes an Embarque (the
// idempotent answer a replay decodes): the same fields, times in UTC.
var resultadoEmbarque = `json_build_object('ID', id, 'NumeroPasaje', numero_pasaje, 'FechaViaje', fecha_viaje,
	'FechaEmbarque', ` + instanteJSON("fecha_embarque") + `, 'Estado', estado,
	'Cliente', json_build_object('Nombre', cliente_nombre), 'Seccion', json_build_object('Nombre', seccion),
	'TipoViaje', json_build_object('Nombre', tipo_viaje), 'ValidadoPor', COALESCE(validador, ''),
	'ValidadorID', COALESCE(usuario_embarque_id, 0), 'VendedorID', usuario_id, 'SeccionID', seccion_id,
	'SalidaID', salida_id, 'IdaYVuelta', ida_y_vuelta,
	'Tramo', CASE WHEN ida_y_vuelta THEN '` + domain.SentidoIda + `' ELSE '' END,
	'VueltaHasta', vuelta_hasta, 'FechaEmbarqueVuelta', ` + instanteJSON("fecha_embarque_vuelta") + `)::text`

// instanteJSON is a TIMESTAMPTZ column as time.Time's JSON in UTC (RFC 3339, microseconds).
func instanteJSON(col string) string {
	return `to_char(` + col + ` AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
}

// embarcarEnUnaSentencia boards a ticket with sentenciaEmbarque; hecho is
// false when it boarded nothing and wrote nothing (validar's transaction
// decides then).
func (s *Store) embarcarEnUnaSentencia(ctx context.Context, a Actor, cond condicionEmbarque) (e Embarque, hecho bool, err error) {
	where, condArgs := cond.sql()
	conClave := a.Clave != ""
	err = s.db.InStatement(ctx, func(c sqldb.Conn) error {
		vigente := c.Now().Add(-idempotenciaVigencia)
		var args []any
		if conClave {
			args = append(args, a.UsuarioID, a.Clave, vigente)
		}
		args = append(args, c.Now(), a.UsuarioID, a.EmpresaID)
		args = append(args, condArgs...)
		if conClave {
			args = append(args, a.UsuarioID, a.Clave, "pasajes.validar", "pasajes.validar:"+a.Huella, c.Now(), vigente)
		}
		args = append(args, a.EmpresaID, a.UsuarioID, a.IP, c.Now(), a.EmpresaID, c.Now())
		var (
			evID   int64
			assert int64
		)
		e, hecho, err = scanEmbarqueY(c.QueryRow(ctx, sentenciaEmbarque(where, conClave), args...), &evID, &assert)
		if sqldb.AssertFailed(err, asertoClave) {
			return errClaveTomada
		}
		if err != nil || !hecho {
			return wrap("validar embarque", err)
		}
		if e.IdaYVuelta {
			e.Tramo = domain.SentidoIda
		}
		c.Emit(events.Event{ID: evID, Nombre: events.PasajeValidado, EmpresaID: a.EmpresaID,
			Lecturas: lecturasPasaje(e.VendedorID), Datos: EventoPasaje{PasajeID: e.ID, NumeroPasaje: e.NumeroPasaje,
				FechaViaje: e.FechaViaje, UsuarioID: a.UsuarioID}})
		return nil
	})
	if errors.Is(err, errClaveTomada) {
		return Embarque{}, false, nil
	}
	return e, hecho, err
}
