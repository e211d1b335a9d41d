package store_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"muelle/internal/store"
)

// The audit benchmark seeds MUELLE_BENCH_AUDITORIA entries (default 100,000;
// the target figure is 1,000,000) over benchEmpresas companies and a year,
// with multi-row INSERTs, then measures the audit reports' list per filter
// and the 7-day summary, and reports the p95 in milliseconds:
//
//	MUELLE_BENCH_AUDITORIA=1000000 MUELLE_TEST_POSTGRES=... go test -run '^$' -bench ListarAuditoria ./internal/store
func benchAuditorias() int {
	n, err := strconv.Atoi(os.Getenv("MUELLE_BENCH_AUDITORIA"))
	if err != nil || n <= 0 {
		return 100000
	}
	return n
}

// benchAcciones are the seeded actions, LOGIN the most common as in real use.
var benchAcciones = []string{store.AccionLogin, store.AccionLogin, store.AccionVentaPasaje, store.AccionVentaPasaje,
	store.AccionVentaPasaje, store.AccionLogout, store.AccionAperturaCaja, store.AccionCierreCaja,
	store.AccionValidacionEmbarque, store.AccionConfiguracionSistema}

// BenchmarkListarAuditoria reports the p95 of the audit reports on SQLite and,
// with MUELLE_TEST_POSTGRES, on PostgreSQL.
func BenchmarkListarAuditoria(b *testing.B) {
	for _, m := range benchMotores() {
		name, st := m.nombre, m.abrir(b)
		total := benchAuditorias()
		start := time.Now()
		empresas := benchSembrarAuditoria(b, st, total)
		b.Logf("%s: %d entradas de auditoría sembradas en %s", name, total, time.Since(start).Round(time.Millisecond))
		for _, c := range benchConsultasAuditoria(empresas) {
			b.Run(name+"/"+c.nombre, func(b *testing.B) {
				ctx := context.Background()
				tiempos := make([]time.Duration, 0, b.N)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					t0 := time.Now()
					if err := c.consulta(ctx, st, i); err != nil {
						b.Fatal(err)
					}
					tiempos = append(tiempos, time.Since(t0))
				}
				b.StopTimer()
				reportarPercentiles(b, c.nombre, tiempos)
			})
		}
	}
}

type benchCasoAuditoria struct {
	nombre   string
	consulta func(ctx context.Context, st *store.Store, i int) error
}

// benchConsultasAuditoria are what the audit screens ask for: the first page
// of everything (the default), one action, one company, one user (the user
// logs), the last week, a deep page, the 7-day summary and the action choices.
func benchConsultasAuditoria(empresas []benchSiembra) []benchCasoAuditoria {
	pag := store.Pagina{Limite: 50}
	listar := func(f func(i int) store.FiltroAuditoria) func(context.Context, *store.Store, int) error {
		return func(ctx context.Context, st *store.Store, i int) error {
			_, _, err := st.ListarAuditoria(ctx, f(i))
			return err
		}
	}
	e := func(i int) benchSiembra { return empresas[i%len(empresas)] }
	return []benchCasoAuditoria{
		{"todo", listar(func(int) store.FiltroAuditoria { return store.FiltroAuditoria{Pagina: pag} })},
		{"accion", listar(func(i int) store.FiltroAuditoria {
			return store.FiltroAuditoria{Accion: benchAcciones[i%len(benchAcciones)], Pagina: pag}
		})},
		{"empresa", listar(func(i int) store.FiltroAuditoria {
			return store.FiltroAuditoria{EmpresaID: e(i).empresaID, Pagina: pag}
		})},
		{"usuario", listar(func(i int) store.FiltroAuditoria {
			return store.FiltroAuditoria{UsuarioID: e(i).vendedores[i%benchVendedores], Pagina: pag}
		})},
		{"empresa_accion_semana", listar(func(i int) store.FiltroAuditoria {
			return store.FiltroAuditoria{EmpresaID: e(i).empresaID, Accion: store.AccionVentaPasaje,
				Desde: ahora.AddDate(0, 0, -7), Hasta: ahora, Pagina: pag}
		})},
		{"pagina_200", listar(func(int) store.FiltroAuditoria {
			return store.FiltroAuditoria{Pagina: store.Pagina{Limite: 50, Desplazamiento: 199 * 50}}
		})},
		{"resumen_7_dias", func(ctx context.Context, st *store.Store, _ int) error {
			_, err := st.ResumirAuditoria(ctx, ahora.AddDate(0, 0, -7))
			return err
		}},
		{"acciones", func(ctx context.Context, st *store.Store, _ int) error {
			_, err := st.AccionesAuditadas(ctx)
			return err
		}},
	}
}

// benchSembrarAuditoria creates the companies and their audit entries, a year
// of them ending on the tests' today.
func benchSembrarAuditoria(b testing.TB, st *store.Store, total int) []benchSiembra {
	empresas := benchCrearEmpresas(b, st)
	paso := 365 * 24 * time.Hour / time.Duration(total+1)
	benchInsertar(b, st, `auditoria (empresa_id, usuario_id, accion, detalles, ip_address, exito, created_at)`, total,
		func(i int) []any {
			e := empresas[i%benchEmpresas]
			return []any{e.empresaID, e.vendedores[(i/benchEmpresas)%benchVendedores], benchAcciones[i%len(benchAcciones)],
				fmt.Sprintf("Entrada %d", i), "10.0.0.1", i%17 != 0, ahora.Add(-time.Duration(i) * paso)}
		})
	return empresas
}
