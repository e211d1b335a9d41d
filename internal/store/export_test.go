package store

import (
	"context"

	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// EmitirEnTx runs a transaction that emits a configActualizada event, writes,
// and then returns fallo: nil commits, anything else rolls back. It lets the
// tests prove that a rolled-back transaction publishes nothing.
func (s *Store) EmitirEnTx(ctx context.Context, empresaID int64, fallo error) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		c.Emit(events.Event{Nombre: events.ConfigActualizada, EmpresaID: empresaID, Datos: EventoConfig{Tabla: "empresas"}})
		if _, err := c.Exec(ctx, `UPDATE empresas SET telefono = ? WHERE id = ?`, "111", empresaID); err != nil {
			return err
		}
		return fallo
	})
}

// UmbralesBusqueda changes how many tickets of the filter a search of the
// ticket list reads in the listing index (leidos) and how many the search
// index may find (encontrados) before the search reads the other way: a test
// forces either way with them.
func (s *Store) UmbralesBusqueda(leidos, encontrados int) {
	s.busqueda = umbralesBusqueda{leidos: leidos, encontrados: encontrados}
}

// EncolarEnTx queues n in a transaction that then returns fallo: nil commits,
// anything else rolls back (a rolled-back enqueue must wake nothing).
func (s *Store) EncolarEnTx(ctx context.Context, n NuevoTrabajo, fallo error) error {
	return s.db.InTx(ctx, func(c sqldb.Conn) error {
		if _, err := s.encolarTrabajo(ctx, c, n); err != nil {
			return err
		}
		return fallo
	})
}
