package store

import (
	"context"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// FiltroHistorialCajas chooses the closed registers of one user, newest first.
type FiltroHistorialCajas struct {
	UsuarioID int64
	Pagina
}

// CajaCerrada is a past register with the figures of its close.
type CajaCerrada struct {
	ID               int64
	FechaApertura    time.Time
	FechaCierre      time.Time
	MontoApertura    domain.Centavos
	TotalVentas      domain.Centavos
	EfectivoEsperado domain.Centavos
	MontoCierre      domain.Centavos
	Diferencia       domain.Centavos
}

func scanCajaCerrada(sc sqldb.Scanner) (CajaCerrada, error) {
	var k CajaCerrada
	err := sc.Scan(&k.ID, &k.FechaApertura, &k.FechaCierre, &k.MontoApertura, &k.TotalVentas,
		&k.EfectivoEsperado, &k.MontoCierre, &k.Diferencia)
	return k, err
}

// HistorialCajas lists one page of a user's closed registers in the company,
// newest close first, with the total the filter matched.
func (s *Store) HistorialCajas(ctx context.Context, empresaID int64, f FiltroHistorialCajas) ([]CajaCerrada, int64, error) {
	out, total, err := sqldb.QueryPage(ctx, s.db.Conn(), scanCajaCerrada, f.Pagina.page(), sqldb.List{
		Columns: `id, fecha_apertura, fecha_cierre, monto_apertura, total_ventas, efectivo_esperado, monto_cierre, diferencia`,
		From:    `FROM cajas WHERE empresa_id = ? AND usuario_id = ? AND estado = ?`,
		OrderBy: `ORDER BY fecha_cierre DESC, id DESC`,
		Args:    []any{empresaID, f.UsuarioID, domain.CajaCerrada},
	})
	return out, total, wrap("listar historial de cajas", err)
}
