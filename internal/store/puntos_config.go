package store

import (
	"context"
	"database/sql"
	"fmt"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Audit actions of the points.
const (
	AccionConfiguracionPuntos    = "CONFIGURACION_PUNTOS"
	AccionCreacionBeneficio      = "CREACION_BENEFICIO"
	AccionActualizacionBeneficio = "ACTUALIZACION_BENEFICIO"
	AccionEliminacionBeneficio   = "ELIMINACION_BENEFICIO"
	AccionAjustePuntos           = "AJUSTE_PUNTOS"
)

// ConfiguracionPuntos reads the company's points configuration (the defaults
// of backoffice §9 until one is saved).
func (s *Store) ConfiguracionPuntos(ctx context.Context, empresaID int64) (domain.ConfigPuntos, error) {
	return configPuntos(ctx, s.db.Conn(), empresaID)
}

const configPuntosColumnas = `activo, puntos_por_peso, puntos_minimos_canje, vencimiento_puntos_dias,
	multiplicador_viajero_frecuente, viajes_para_frecuente, dias_para_frecuente, anulacion_puntos_canjeados`

func configPuntos(ctx context.Context, c sqldb.Conn, empresaID int64) (domain.ConfigPuntos, error) {
	cfg := domain.ConfigPuntosPorDefecto()
	var dias sql.NullInt64
	err := c.QueryRow(ctx, `SELECT `+configPuntosColumnas+` FROM puntos_configuracion WHERE empresa_id = ?`, empresaID).
		Scan(&cfg.Activo, &cfg.PuntosPorPeso, &cfg.PuntosMinimosCanje, &dias, &cfg.Multiplicador,
			&cfg.ViajesFrecuente, &cfg.DiasFrecuente, &cfg.AnulacionCanjeados)
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return domain.ConfigPuntosPorDefecto(), wrap("leer configuración de puntos", err)
	}
	cfg.VencimientoDias = nil
	if dias.Valid {
		d := int(dias.Int64)
		cfg.VencimientoDias = &d
	}
	return cfg, nil
}

// GuardarConfiguracionPuntos saves the company's points configuration,
// audited with its new values.
func (s *Store) GuardarConfiguracionPuntos(ctx context.Context, a Actor, cfg domain.ConfigPuntos) (domain.ConfigPuntos, error) {
	if err := cfg.Validar(); err != nil {
		return cfg, err
	}
	return idempotent(ctx, s, a, "puntos.configurar", func(c sqldb.Conn) (domain.ConfigPuntos, error) {
		_, err := c.Exec(ctx, `INSERT INTO puntos_configuracion (empresa_id, `+configPuntosColumnas+`, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (empresa_id) DO UPDATE SET activo = excluded.activo,
			puntos_por_peso = excluded.puntos_por_peso, puntos_minimos_canje = excluded.puntos_minimos_canje,
			vencimiento_puntos_dias = excluded.vencimiento_puntos_dias,
			multiplicador_viajero_frecuente = excluded.multiplicador_viajero_frecuente,
			viajes_para_frecuente = excluded.viajes_para_frecuente, dias_para_frecuente = excluded.dias_para_frecuente,
			anulacion_puntos_canjeados = excluded.anulacion_puntos_canjeados,
			updated_at = excluded.updated_at`, a.EmpresaID, cfg.Activo, cfg.PuntosPorPeso, cfg.PuntosMinimosCanje,
			cfg.VencimientoDias, cfg.Multiplicador, cfg.ViajesFrecuente, cfg.DiasFrecuente, cfg.AnulacionCanjeados, c.Now())
		if err != nil {
			return cfg, wrap("guardar configuración de puntos", err)
		}
		vence := "sin vencimiento"
		if cfg.VencimientoDias != nil {
			vence = fmt.Sprintf("vencen a los %d días", *cfg.VencimientoDias)
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "puntos_configuracion"}})
		return cfg, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionConfiguracionPuntos,
			IP: a.IP, Exito: true, Detalles: fmt.Sprintf("Activo: %v; %s puntos por peso; mínimo para canjear %d; %s; "+
				"viajero frecuente ×%s con %d viajes en %d días; al cancelar con puntos canjeados: %s", cfg.Activo,
				domain.Centavos(cfg.PuntosPorPeso).Numero(), cfg.PuntosMinimosCanje, vence, domain.Centavos(cfg.Multiplicador).Numero(),
				cfg.ViajesFrecuente, cfg.DiasFrecuente, cfg.AnulacionCanjeados)})
	})
}

// Benefits.

const beneficioColumnas = `id, nombre, descripcion, tipo, valor, puntos_requeridos, maximo_usos, usos, vigencia_dias,
	fecha_inicio, fecha_fin, activo`

func scanBeneficio(sc sqldb.Scanner) (domain.Beneficio, error) {
	var (
		b             domain.Beneficio
		maximo, vigor sql.NullInt64
		inicio, fin   sql.NullString
	)
	err := sc.Scan(&b.ID, &b.Nombre, &b.Descripcion, &b.Tipo, &b.Valor, &b.PuntosRequeridos, &maximo, &b.Usos, &vigor,
		&inicio, &fin, &b.Activo)
	b.MaximoUsos, b.VigenciaDias = entero(maximo), entero(vigor)
	if inicio.Valid {
		b.FechaInicio = &inicio.String
	}
	if fin.Valid {
		b.FechaFin = &fin.String
	}
	return b, err
}

func entero(v sql.NullInt64) *int {
	if !v.Valid {
		return nil
	}
	n := int(v.Int64)
	return &n
}

// maxBeneficios bounds the list of a company's benefits.
const maxBeneficios = 1000

// ListarBeneficios lists the company's benefits by name.
func (s *Store) ListarBeneficios(ctx context.Context, empresaID int64) ([]domain.Beneficio, error) {
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanBeneficio, `SELECT `+beneficioColumnas+` FROM puntos_beneficios
		WHERE empresa_id = ? ORDER BY nombre, id LIMIT ?`, empresaID, maxBeneficios)
	return out, wrap("listar beneficios", err)
}

// BeneficioPorID reads one of the company's benefits; another company's is not found.
func (s *Store) BeneficioPorID(ctx context.Context, empresaID, id int64) (domain.Beneficio, error) {
	return beneficio(ctx, s.db.Conn(), empresaID, id)
}

func beneficio(ctx context.Context, c sqldb.Conn, empresaID, id int64) (domain.Beneficio, error) {
	b, err := scanBeneficio(c.QueryRow(ctx, `SELECT `+beneficioColumnas+` FROM puntos_beneficios WHERE empresa_id = ? AND id = ?`,
		empresaID, id))
	if missing, err := sqldb.NoRows(err); missing || err != nil {
		return b, firstErr(wrap("leer beneficio", err), domain.NotFound(domain.MsgBeneficioNoEncontrado))
	}
	return b, nil
}

// CrearBeneficio adds a benefit to the company.
func (s *Store) CrearBeneficio(ctx context.Context, a Actor, b domain.Beneficio) (domain.Beneficio, error) {
	b, err := b.Normalizar()
	if err != nil {
		return b, err
	}
	return idempotent(ctx, s, a, "puntos.beneficios.crear", func(c sqldb.Conn) (domain.Beneficio, error) {
		id, err := c.InsertID(ctx, `INSERT INTO puntos_beneficios (empresa_id, nombre, descripcion, tipo, valor,
			puntos_requeridos, maximo_usos, vigencia_dias, fecha_inicio, fecha_fin, activo, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, a.EmpresaID, b.Nombre, b.Descripcion, b.Tipo, b.Valor,
			b.PuntosRequeridos, b.MaximoUsos, b.VigenciaDias, b.FechaInicio, b.FechaFin, b.Activo, c.Now(), c.Now())
		if err != nil {
			return b, wrap("crear beneficio", err)
		}
		return s.beneficioEscrito(ctx, c, a, id, AccionCreacionBeneficio)
	})
}

// ActualizarBeneficio changes one of the company's benefits (its uses so far stay).
func (s *Store) ActualizarBeneficio(ctx context.Context, a Actor, id int64, b domain.Beneficio) (domain.Beneficio, error) {
	b, err := b.Normalizar()
	if err != nil {
		return b, err
	}
	return idempotent(ctx, s, a, "puntos.beneficios.actualizar", func(c sqldb.Conn) (domain.Beneficio, error) {
		res, err := c.Exec(ctx, `UPDATE puntos_beneficios SET nombre = ?, descripcion = ?, tipo = ?, valor = ?,
			puntos_requeridos = ?, maximo_usos = ?, vigencia_dias = ?, fecha_inicio = ?, fecha_fin = ?, activo = ?,
			updated_at = ? WHERE empresa_id = ? AND id = ?`, b.Nombre, b.Descripcion, b.Tipo, b.Valor, b.PuntosRequeridos,
			b.MaximoUsos, b.VigenciaDias, b.FechaInicio, b.FechaFin, b.Activo, c.Now(), a.EmpresaID, id)
		if err != nil {
			return b, wrap("actualizar beneficio", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return b, domain.NotFound(domain.MsgBeneficioNoEncontrado)
		}
		return s.beneficioEscrito(ctx, c, a, id, AccionActualizacionBeneficio)
	})
}

// ActivarBeneficio turns one of the company's benefits on or off (the
// table's inline toggle).
func (s *Store) ActivarBeneficio(ctx context.Context, a Actor, id int64, activo bool) (domain.Beneficio, error) {
	return idempotent(ctx, s, a, "puntos.beneficios.activar", func(c sqldb.Conn) (domain.Beneficio, error) {
		res, err := c.Exec(ctx, `UPDATE puntos_beneficios SET activo = ?, updated_at = ? WHERE empresa_id = ? AND id = ?`,
			activo, c.Now(), a.EmpresaID, id)
		if err != nil {
			return domain.Beneficio{}, wrap("activar beneficio", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.Beneficio{}, domain.NotFound(domain.MsgBeneficioNoEncontrado)
		}
		return s.beneficioEscrito(ctx, c, a, id, AccionActualizacionBeneficio)
	})
}

// EliminarBeneficio deletes a benefit never redeemed, or deactivates one
// that was (its movements keep it). desactivado tells which.
func (s *Store) EliminarBeneficio(ctx context.Context, a Actor, id int64) (desactivado bool, err error) {
	return idempotent(ctx, s, a, "puntos.beneficios.eliminar", func(c sqldb.Conn) (bool, error) {
		b, err := beneficio(ctx, c, a.EmpresaID, id)
		if err != nil {
			return false, err
		}
		var usado bool
		if err := c.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM puntos_movimientos WHERE empresa_id = ? AND beneficio_id = ?)`,
			a.EmpresaID, id).Scan(&usado); err != nil {
			return false, wrap("buscar canjes del beneficio", err)
		}
		q := `DELETE FROM puntos_beneficios WHERE empresa_id = ? AND id = ?`
		if usado {
			q = `UPDATE puntos_beneficios SET activo = FALSE WHERE empresa_id = ? AND id = ?`
		}
		if _, err := c.Exec(ctx, q, a.EmpresaID, id); err != nil {
			return false, wrap("eliminar beneficio", err)
		}
		hecho := "eliminado"
		if usado {
			hecho = "desactivado"
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "puntos_beneficios"}})
		return usado, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionEliminacionBeneficio,
			IP: a.IP, Exito: true, Detalles: fmt.Sprintf("Beneficio %d (%s) %s", id, b.Nombre, hecho)})
	})
}

// beneficioEscrito reads back the benefit just written, audits the write and announces it.
func (s *Store) beneficioEscrito(ctx context.Context, c sqldb.Conn, a Actor, id int64, accion string) (domain.Beneficio, error) {
	b, err := beneficio(ctx, c, a.EmpresaID, id)
	if err != nil {
		return b, err
	}
	c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: "puntos_beneficios"}})
	return b, s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: accion, IP: a.IP,
		Exito: true, Detalles: fmt.Sprintf("Beneficio %d: %s (%s, %d puntos, activo: %v)", b.ID, b.Nombre, b.Tipo,
			b.PuntosRequeridos, b.Activo)})
}
