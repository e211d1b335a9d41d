package store

import (
	"context"
	"database/sql"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// Audit actions of the catalogs (sections, trip types, payment methods); the
// entry's image names its catalog.
const (
	AccionCreacionCatalogo      = "CREACION_CATALOGO"
	AccionActualizacionCatalogo = "ACTUALIZACION_CATALOGO"
	AccionEliminacionCatalogo   = "ELIMINACION_CATALOGO"
)

// itemAuditado is the before/after image of a catalog entry in the audit.
type itemAuditado struct {
	Catalogo string `json:"catalogo"`
	domain.ItemCatalogo
}

func itemAuditadoDe(cat domain.Catalogo, it domain.ItemCatalogo) *itemAuditado {
	return &itemAuditado{Catalogo: cat.Tabla, ItemCatalogo: it}
}

// columns of a catalog table; sections also carry capacidad and
// requiere_pasajeros, trip types ida_y_vuelta and dias_vuelta, payment
// methods referencia, referencia_obligatoria and tipo.
func catalogColumns(cat domain.Catalogo) string {
	cols := "id, nombre, descripcion, activo, NULL, NULL"
	if cat.ConCapacidad {
		cols = "id, nombre, descripcion, activo, capacidad, requiere_pasajeros"
	}
	if cat.ConIdaYVuelta {
		cols += ", ida_y_vuelta, dias_vuelta"
	} else {
		cols += ", NULL, NULL"
	}
	if cat.ConReferencia {
		return cols + ", referencia, referencia_obligatoria, tipo"
	}
	return cols + ", NULL, NULL, NULL"
}

func scanItem(sc sqldb.Scanner) (domain.ItemCatalogo, error) {
	var (
		it        domain.ItemCatalogo
		cap       sql.NullInt64
		nombrados sql.NullBool
		ida       sql.NullBool
		dias      sql.NullInt64
	)
	err := sc.Scan(&it.ID, &it.Nombre, &it.Descripcion, &it.Activo, &cap, &nombrados, &ida, &dias, &it.Referencia,
		&it.ReferenciaObligatoria, &it.Tipo)
	if cap.Valid {
		it.Capacidad = &cap.Int64
	}
	if nombrados.Valid {
		it.RequierePasajeros = &nombrados.Bool
	}
	if ida.Valid {
		it.IdaYVuelta = &ida.Bool
	}
	if dias.Valid {
		it.DiasVuelta = &dias.Int64
	}
	return it, err
}

// ListarCatalogo lists a company's catalog by id; soloActivos hides inactive entries.
func (s *Store) ListarCatalogo(ctx context.Context, empresaID int64, cat domain.Catalogo, soloActivos bool) ([]domain.ItemCatalogo, error) {
	q := `SELECT ` + catalogColumns(cat) + ` FROM ` + cat.Tabla + ` WHERE empresa_id = ?`
	if soloActivos {
		q += ` AND activo = TRUE`
	}
	out, err := sqldb.QueryAll(ctx, s.db.Conn(), scanItem, q+` ORDER BY id`, empresaID)
	return out, wrap("listar "+cat.Tabla, err)
}

func (s *Store) itemCatalogo(ctx context.Context, c sqldb.Conn, empresaID int64, cat domain.Catalogo, id int64) (domain.ItemCatalogo, error) {
	it, err := scanItem(c.QueryRow(ctx, `SELECT `+catalogColumns(cat)+` FROM `+cat.Tabla+` WHERE empresa_id = ? AND id = ?`,
		empresaID, id))
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		if missing {
			return it, domain.NotFound(cat.Mensajes.NoEncontrado)
		}
		return it, wrap("leer "+cat.Tabla, err)
	}
	return it, nil
}

// CrearItem adds an entry to the actor's company's catalog, normalized
// (domain.Catalogo.Normalizar), through idempotent, and audits
// CREACION_CATALOGO with the entry.
func (s *Store) CrearItem(ctx context.Context, a Actor, cat domain.Catalogo, it domain.ItemCatalogo) (domain.ItemCatalogo, error) {
	it, err := cat.Normalizar(it)
	if err != nil {
		return it, err
	}
	return idempotent(ctx, s, a, cat.Tabla+".crear", func(c sqldb.Conn) (domain.ItemCatalogo, error) {
		id, err := insertarItem(ctx, c, a.EmpresaID, cat, it)
		if err != nil {
			return it, err
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: cat.Tabla}})
		out, err := s.itemCatalogo(ctx, c, a.EmpresaID, cat, id)
		if err != nil {
			return out, err
		}
		return out, s.auditarCambio(ctx, c, a, AccionCreacionCatalogo, nil, itemAuditadoDe(cat, out))
	})
}

// reglaDe is a payment method's referencia and referencia_obligatoria as
// stored: ninguna and not required when not given.
func reglaDe(it domain.ItemCatalogo) []any {
	tipo, obligatoria := domain.ReferenciaNinguna, false
	if it.Referencia != nil {
		tipo = *it.Referencia
	}
	if it.ReferenciaObligatoria != nil {
		obligatoria = *it.ReferenciaObligatoria
	}
	return []any{tipo, obligatoria}
}

// insertarItem writes a normalized entry inside the caller's transaction.
func insertarItem(ctx context.Context, c sqldb.Conn, empresaID int64, cat domain.Catalogo, it domain.ItemCatalogo) (int64, error) {
	cols, vals, args := "empresa_id, nombre, descripcion, activo, created_at", "?, ?, ?, ?, ?",
		[]any{empresaID, it.Nombre, it.Descripcion, it.Activo, c.Now()}
	if cat.ConCapacidad {
		cols, vals, args = cols+", capacidad, requiere_pasajeros", vals+", ?, ?", append(args, *it.Capacidad,
			it.RequierePasajeros != nil && *it.RequierePasajeros)
	}
	if cat.ConIdaYVuelta {
		cols, vals, args = cols+", ida_y_vuelta, dias_vuelta", vals+", ?, ?", append(args, it.IdaYVuelta != nil && *it.IdaYVuelta,
			it.DiasVuelta)
	}
	if cat.ConReferencia {
		cols, vals, args = cols+", referencia, referencia_obligatoria", vals+", ?, ?", append(args, reglaDe(it)...)
	}
	if cat.ConTipo {
		tipo := domain.TipoMedioPagoPorNombre(it.Nombre)
		if it.Tipo != nil {
			tipo = *it.Tipo
		}
		cols, vals, args = cols+", tipo", vals+", ?", append(args, tipo)
	}
	id, err := c.InsertID(ctx, `INSERT INTO `+cat.Tabla+` (`+cols+`) VALUES (`+vals+`)`, args...)
	if sqldb.IsUniqueViolation(err) {
		return 0, domain.Conflict(cat.Mensajes.Duplicado)
	}
	if err != nil {
		return 0, wrap("crear en "+cat.Tabla, err)
	}
	if cat == domain.CatSecciones { // a section is a route of two stops until the company adds more
		return id, insertarParadas(ctx, c, empresaID, id, domain.ParadasIniciales(it.Nombre))
	}
	return id, nil
}

// ActualizarItem changes an entry of the actor's company's catalog,
// normalized (domain.Catalogo.Normalizar), through idempotent, and audits
// ACTUALIZACION_CATALOGO with the entry before and after.
func (s *Store) ActualizarItem(ctx context.Context, a Actor, cat domain.Catalogo, id int64, it domain.ItemCatalogo) (domain.ItemCatalogo, error) {
	it, err := cat.Normalizar(it)
	if err != nil {
		return it, err
	}
	return idempotent(ctx, s, a, cat.Tabla+".actualizar", func(c sqldb.Conn) (domain.ItemCatalogo, error) {
		antes, err := s.itemCatalogo(ctx, c, a.EmpresaID, cat, id)
		if err != nil {
			return antes, err
		}
		if err := tipoCambiable(ctx, c, a.EmpresaID, antes, it); err != nil {
			return antes, err
		}
		set, args := "nombre = ?, descripcion = ?, activo = ?", []any{it.Nombre, it.Descripcion, it.Activo}
		if cat.ConCapacidad {
			set, args = set+", capacidad = ?, requiere_pasajeros = ?", append(args, *it.Capacidad,
				it.RequierePasajeros != nil && *it.RequierePasajeros)
		}
		if cat.ConIdaYVuelta {
			set, args = set+", ida_y_vuelta = ?, dias_vuelta = ?", append(args, it.IdaYVuelta != nil && *it.IdaYVuelta, it.DiasVuelta)
		}
		if cat.ConReferencia {
			set, args = set+", referencia = ?, referencia_obligatoria = ?", append(args, reglaDe(it)...)
		}
		if cat.ConTipo && it.Tipo != nil { // absent: the stored kind stays
			set, args = set+", tipo = ?", append(args, *it.Tipo)
		}
		res, err := c.Exec(ctx, `UPDATE `+cat.Tabla+` SET `+set+` WHERE empresa_id = ? AND id = ?`,
			append(args, a.EmpresaID, id)...)
		if sqldb.IsUniqueViolation(err) {
			return it, domain.Conflict(cat.Mensajes.Duplicado)
		}
		if err != nil {
			return it, wrap("actualizar "+cat.Tabla, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return it, domain.NotFound(cat.Mensajes.NoEncontrado)
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: a.EmpresaID, Datos: EventoConfig{Tabla: cat.Tabla}})
		out, err := s.itemCatalogo(ctx, c, a.EmpresaID, cat, id)
		if err != nil {
			return out, err
		}
		return out, s.auditarCambio(ctx, c, a, AccionActualizacionCatalogo, itemAuditadoDe(cat, antes),
			itemAuditadoDe(cat, out))
	})
}

// tipoCambiable refuses changing the tipo of a payment method that has
// register movements (409 MsgTipoConMovimientos): what past registers and
// reports say would change; the company makes a new method instead.
func tipoCambiable(ctx context.Context, c sqldb.Conn, empresaID int64, antes, it domain.ItemCatalogo) error {
	if it.Tipo == nil || antes.Tipo == nil || *it.Tipo == *antes.Tipo {
		return nil
	}
	var usado bool
	err := c.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM caja_movimientos WHERE empresa_id = ? AND medio_pago_id = ?)`,
		empresaID, antes.ID).Scan(&usado)
	switch {
	case err != nil:
		return wrap("buscar movimientos del medio de pago", err)
	case usado:
		return domain.Conflict(domain.MsgTipoConMovimientos)
	}
	return nil
}

// EliminarItem deletes an entry, or deactivates it when tickets or register
// movements already use it so history keeps its names; desactivado tells
// which. It runs through idempotent and audits ELIMINACION_CATALOGO with the
// entry before and after (null when deleted).
func (s *Store) EliminarItem(ctx context.Context, a Actor, cat domain.Catalogo, id int64) (desactivado bool, err error) {
	empresaID := a.EmpresaID
	return idempotent(ctx, s, a, cat.Tabla+".eliminar", func(c sqldb.Conn) (bool, error) {
		antes, err := s.itemCatalogo(ctx, c, empresaID, cat, id)
		if err != nil {
			return false, err
		}
		// every sale writes a register movement with its payment method
		usedIn := `pasajes WHERE empresa_id = ? AND ` + cat.ColumnaPasaje + ` = ?`
		if cat == domain.CatMediosPago {
			usedIn = `caja_movimientos WHERE empresa_id = ? AND medio_pago_id = ?`
		}
		var usos int64
		if err := c.QueryRow(ctx, `SELECT COUNT(*) FROM `+usedIn, empresaID, id).Scan(&usos); err != nil {
			return false, wrap("contar usos", err)
		}
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: empresaID, Datos: EventoConfig{Tabla: cat.Tabla}})
		var despues *itemAuditado
		if usos > 0 {
			if _, err := c.Exec(ctx, `UPDATE `+cat.Tabla+` SET activo = FALSE WHERE empresa_id = ? AND id = ?`,
				empresaID, id); err != nil {
				return false, wrap("desactivar "+cat.Tabla, err)
			}
			desactivado := antes
			desactivado.Activo = false
			despues = itemAuditadoDe(cat, desactivado)
		} else {
			if cat != domain.CatMediosPago {
				if _, err := c.Exec(ctx, `DELETE FROM precios WHERE empresa_id = ? AND `+cat.ColumnaPasaje+` = ?`,
					empresaID, id); err != nil {
					return false, wrap("eliminar precios", err)
				}
				if _, err := c.Exec(ctx, `UPDATE precios_historial SET hasta = ? WHERE empresa_id = ? AND `+cat.ColumnaPasaje+
					` = ? AND hasta IS NULL`, c.Now(), empresaID, id); err != nil {
					return false, wrap("cerrar precios eliminados", err)
				}
			}
			if cat == domain.CatSecciones {
				if _, err := c.Exec(ctx, `DELETE FROM paradas WHERE empresa_id = ? AND seccion_id = ?`, empresaID, id); err != nil {
					return false, wrap("eliminar paradas", err)
				}
			}
			if _, err := c.Exec(ctx, `DELETE FROM `+cat.Tabla+` WHERE empresa_id = ? AND id = ?`, empresaID, id); err != nil {
				return false, wrap("eliminar de "+cat.Tabla, err)
			}
		}
		return usos > 0, s.auditarCambio(ctx, c, a, AccionEliminacionCatalogo, itemAuditadoDe(cat, antes), despues)
	})
}
