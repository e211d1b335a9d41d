package store

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"muelle/internal/store/sqldb"
	"muelle/internal/webhooks"
)

var _ webhooks.Almacen = (*Store)(nil)

// RecibirEntrante keeps a verified event once by (proveedor, id_externo) and,
// in the same transaction, queues the job that processes it (kind
// webhooks.TipoTrabajo of its provider, key the event's id). A second
// delivery of an event already kept, even one arriving at the same moment,
// stores and queues nothing: nuevo is false.
func (s *Store) RecibirEntrante(ctx context.Context, r webhooks.Recibido) (id int64, nuevo bool, err error) {
	encabezados, err := json.Marshal(r.Encabezados)
	if err != nil {
		return 0, false, wrap("codificar encabezados del aviso", err)
	}
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		err := c.QueryRow(ctx, `INSERT INTO entrantes (proveedor, id_externo, empresa_id, tipo, recibido_en, cuerpo,
			encabezados, estado) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (proveedor, id_externo) DO NOTHING RETURNING id`,
			r.Proveedor, r.Evento.IDExterno, r.Evento.EmpresaID, r.Evento.Tipo, c.Now(), r.Cuerpo, string(encabezados),
			webhooks.EstadoRecibido).Scan(&id)
		if repetido, err := sqldb.NoRows(err); err != nil || repetido {
			return wrap("guardar aviso", err)
		}
		nuevo = true
		_, err = s.encolarTrabajo(ctx, c, NuevoTrabajo{EmpresaID: r.Evento.EmpresaID,
			Tipo: webhooks.TipoTrabajo(r.Proveedor), Clave: strconv.FormatInt(id, 10)})
		return err
	})
	return id, nuevo, err
}

// Entrante is the stored event id.
func (s *Store) Entrante(ctx context.Context, id int64) (webhooks.Entrante, error) {
	var e webhooks.Entrante
	var encabezados string
	var motivo *string
	err := s.db.Conn().QueryRow(ctx, `SELECT id, proveedor, id_externo, empresa_id, tipo, recibido_en, cuerpo, encabezados,
		estado, procesado_en, error FROM entrantes WHERE id = ?`, id).Scan(&e.ID, &e.Proveedor, &e.Evento.IDExterno,
		&e.Evento.EmpresaID, &e.Evento.Tipo, &e.RecibidoEn, &e.Cuerpo, &encabezados, &e.Estado, &e.ProcesadoEn, &motivo)
	if err != nil {
		return e, wrap("leer aviso", err)
	}
	if motivo != nil {
		e.Error = *motivo
	}
	return e, wrap("leer encabezados del aviso", json.Unmarshal([]byte(encabezados), &e.Encabezados))
}

// AnotarEntrante records the event's state and, when it failed, why (motivo,
// "" clears it); procesado_en is when it left recibido.
func (s *Store) AnotarEntrante(ctx context.Context, id int64, estado, motivo string) error {
	var procesadoEn *time.Time
	if estado != webhooks.EstadoRecibido {
		procesadoEn = new(s.Now())
	}
	var falla *string
	if motivo != "" {
		falla = &motivo
	}
	_, err := s.db.Conn().Exec(ctx, `UPDATE entrantes SET estado = ?, procesado_en = ?, error = ? WHERE id = ?`,
		estado, procesadoEn, falla, id)
	return wrap("anotar aviso", err)
}
