package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// The register report benchmark (issue 23: "200,000 register movements across
// 20 companies") seeds, in each of benchEmpresas companies, one closed
// register a day for a year, each with benchMovimientosPorCaja movements
// (7,300 registers, 197,100 movements), and measures the register report as
// its screen calls it (its figures and its first page) over a month and over
// a year, against the targets (reported, never enforced):
//
//	MUELLE_TEST_POSTGRES=... go test -run '^$' -bench ReporteCajas ./internal/store
const benchMovimientosPorCaja = 27

func BenchmarkReporteCajas(b *testing.B) {
	casos := []struct {
		nombre     string
		dias       int
		objetivoMs float64
	}{{"mes", 30, benchObjetivoMesMs}, {"anio", 365, benchObjetivoAnioMs}}
	for _, m := range benchMotores() {
		name, st := m.nombre, m.abrir(b)
		start := time.Now()
		empresas := benchSembrarCajas(b, st)
		b.Logf("%s: %d cajas con %d movimientos cada una sembradas en %s", name, 365*len(empresas),
			benchMovimientosPorCaja, time.Since(start).Round(time.Millisecond))
		for _, c := range casos {
			f := store.FiltroReporteCajas{Desde: ahora.AddDate(0, 0, -c.dias), Hasta: ahora}
			b.Run(name+"/"+c.nombre, func(b *testing.B) {
				ctx := context.Background()
				tiempos := make([]time.Duration, 0, b.N)
				for i := 0; i < b.N; i++ {
					e := empresas[i%len(empresas)]
					t0 := time.Now()
					if _, err := st.EstadisticasReporteCajas(ctx, e.empresaID, f); err != nil {
						b.Fatal(err)
					}
					if _, _, err := st.ReporteCajas(ctx, e.empresaID, f, store.Pagina{Limite: 15}); err != nil {
						b.Fatal(err)
					}
					tiempos = append(tiempos, time.Since(t0))
				}
				reportarPercentilesContra(b, "cajas_"+c.nombre, tiempos, c.objetivoMs)
			})
		}
	}
}

// benchSembrarCajas makes the companies and, in each, a year of closed
// registers of its sellers with their movements, by multi-row INSERTs.
func benchSembrarCajas(b *testing.B, st *store.Store) []benchSiembra {
	b.Helper()
	ctx := context.Background()
	st.Now = func() time.Time { return ahora }
	var empresas []benchSiembra
	for k := range benchEmpresas {
		empresas = append(empresas, benchEmpresa(b, st, k))
	}
	db := st.DB()
	for _, e := range empresas {
		for d := 1; d <= 365; d++ {
			apertura := ahora.AddDate(0, 0, -d)
			var cajaID int64
			err := db.QueryRowContext(ctx, st.Rebind(`INSERT INTO cajas (empresa_id, usuario_id, estado, monto_apertura,
				fecha_apertura, monto_cierre, efectivo_esperado, diferencia, total_ventas, fecha_cierre)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`), e.empresaID, e.vendedores[d%benchVendedores],
				domain.CajaCerrada, 1000000, apertura, 1000000, 1000000, 0, 0, apertura.Add(10*time.Hour)).Scan(&cajaID)
			if err != nil {
				b.Fatal(err)
			}
			fila := "(?, ?, ?, ?, ?, ?, ?)"
			q := `INSERT INTO caja_movimientos (empresa_id, caja_id, usuario_id, tipo, monto, descripcion, created_at) VALUES ` +
				strings.TrimSuffix(strings.Repeat(fila+", ", benchMovimientosPorCaja), ", ")
			args := make([]any, 0, 7*benchMovimientosPorCaja)
			for m := range benchMovimientosPorCaja {
				args = append(args, e.empresaID, cajaID, e.vendedores[d%benchVendedores], domain.MovIngresoExtra,
					1000+m, "Movimiento de prueba", apertura.Add(time.Duration(m)*time.Minute))
			}
			if _, err := db.ExecContext(ctx, st.Rebind(q), args...); err != nil {
				b.Fatal(err)
			}
		}
	}
	var movimientos int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM caja_movimientos`).Scan(&movimientos); err != nil ||
		movimientos < len(empresas)*365*benchMovimientosPorCaja {
		b.Fatalf("%d movimientos sembrados (%v)", movimientos, err)
	}
	if st.Dialect() == "postgres" {
		if _, err := db.ExecContext(ctx, "VACUUM ANALYZE caja_movimientos"); err != nil { // as autovacuum would
			b.Fatal(err)
		}
	}
	if _, err := db.ExecContext(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	return empresas
}
