package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// buscables seeds, in e's company, tickets whose texts the search must tell
// apart: two María González (one cancelled), one María Gómez sold yesterday,
// Ana_Luz and Ana Luz, two Ana Luz of which one is renamed Luz Ramírez by
// hand (the name may change one day), 'Pedro 50%', 'Rosa "la" Díaz', JOSÉ
// PÉREZ and a deleted ticket; another company sells a María González too.
// It returns the ticket of María Gómez and the other company's ticket.
func buscables(t *testing.T, e *empresaDePrueba) (gomez, ajeno store.Pasaje) {
	t.Helper()
	ctx := context.Background()
	vender := func(nombre, telefono string, n int) []store.Pasaje {
		v := e.venta(e.norte, e.efectivo, hoy, n)
		v.ClienteNombre, v.ClienteTelefono = nombre, telefono
		return e.vender(t, v)
	}
	e.st.Now = func() time.Time { return ahora.Add(-24 * time.Hour) }
	e.abrir(t, 0)
	gomez = vender("María Gómez", "", 1)[0]
	e.st.Now = func() time.Time { return ahora }
	gonzalez := vender("María González", "1155667788", 2)
	if _, err := e.st.CancelarPasaje(ctx, e.vendedor, gonzalez[1].ID, store.Anulacion{}, false); err != nil {
		t.Fatal(err)
	}
	vender("Ana_Luz", "", 1)
	renombrado := vender("Ana Luz", "", 2)[1]
	vender("Pedro 50%", "1199", 1)
	vender(`Rosa "la" Díaz`, "", 1)
	vender("JOSÉ PÉREZ", "4321", 1)
	borrado := vender("Borrado Uno", "", 1)[0]
	for _, q := range []struct {
		sql string
		id  int64
	}{{`UPDATE pasajes SET cliente_nombre = 'Luz Ramírez' WHERE id = ?`, renombrado.ID},
		// its passenger first (a one-ticket sale names its customer)
		{`DELETE FROM pasajeros WHERE pasaje_id = ?`, borrado.ID}, {`DELETE FROM pasajes WHERE id = ?`, borrado.ID}} {
		if _, err := e.st.DB().ExecContext(ctx, e.st.Rebind(q.sql), q.id); err != nil {
			t.Fatal(err)
		}
	}
	otra := nuevaEmpresa(t, e.st, "Otra Empresa", "otro")
	otra.abrir(t, 0)
	v := otra.venta(otra.norte, otra.efectivo, hoy, 1)
	v.ClienteNombre, v.ClienteTelefono = "María González", "1155667788"
	ajeno = otra.vender(t, v)[0]
	e.st.Now = func() time.Time { return ahora }
	return gomez, ajeno
}

// TestBusquedaPorElIndiceComoLaExacta searches the ticket list through the
// search index, through the listing index alone, and through the index of a
// term found too often (UmbralesBusqueda forces each way), and expects the
// same tickets, order, totals, pages and export every way: substrings in the
// middle of a name, of a phone and of a ticket number, any case, % _ and "
// taken literally, nothing across two texts, a renamed and a deleted ticket,
// the id, dates, and never another company's tickets.
func TestBusquedaPorElIndiceComoLaExacta(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		gomez, ajeno := buscables(t, e)
		ctx := context.Background()
		todos, _, err := e.st.ListarPasajes(ctx, e.empresaID, store.FiltroListadoPasajes{})
		if err != nil {
			t.Fatal(err)
		}
		numero := todos[0].NumeroPasaje // the newest: 'JOSÉ PÉREZ'
		cases := []struct {
			busqueda     string
			desde, hasta string
			items        int64 // -1: as the engine's LIKE says (both ways must agree)
			ventas       domain.Centavos
		}{
			{"ía gonz", "", "", 2, 150000}, // the cancelled one counts, but sold nothing
			{"GONZÁLEZ", "", "", 2, 150000},
			{"5566", "", "", 2, 150000},
			{numero[len(numero)-8:], "", "", 1, 150000},
			{"a_l", "", "", 1, 150000},
			{"a l", "", "", 1, 150000},
			{"50%", "", "", 1, 150000},
			{"0%", "", "", 1, 150000},
			{`"la"`, "", "", 1, 150000},
			{"ez1155", "", "", 0, 0},
			{"ez\x1f1155", "", "", 0, 0},
			{"ramír", "", "", 1, 150000},
			{"ana luz", "", "", 1, 150000},
			{"borrado", "", "", 0, 0},
			{"maría", "", "", 3, 300000},
			{"maría", "2026-11-19", "2026-11-19", 1, 150000},
			{"maría", hoy, "", 2, 150000},
			{"MARÍA", "", "2026-11-19", 1, 150000},
			{"luz", "", "", 3, 450000},
			{"ría", "", "", 3, 300000},
			{fmt.Sprintf("+%03d", gomez.ID), "", "", 1, 150000},
			{fmt.Sprintf("+%03d", ajeno.ID), "", "", 0, 0},
			{"zzz", "", "", 0, 0},
			{"josé", "", "", -1, 0},
			{"pérez", "", "", -1, 0}, // 'PÉREZ': SQLite's LIKE ignores the case of ASCII letters alone
		}
		formas := []struct {
			nombre              string
			leidos, encontrados int
		}{{"índice", -1, 2000}, {"listado", 1 << 30, -1}, {"demasiados", -1, 1}}
		for _, c := range cases {
			f := store.FiltroListadoPasajes{Busqueda: c.busqueda, FechaInicio: c.desde, FechaFin: c.hasta}
			var vistos [][]int64
			var totales []store.TotalesListado
			for _, forma := range formas {
				e.st.UmbralesBusqueda(forma.leidos, forma.encontrados)
				var ps []store.Pasaje
				var tot store.TotalesListado
				sentencias := trazar(e.st, func() {
					ps, tot, err = e.st.ListarPasajes(ctx, e.empresaID, f)
				})
				if err != nil {
					t.Fatalf("%q por %s: %v", c.busqueda, forma.nombre, err)
				}
				usoIndice := slices.ContainsFunc(sentencias, func(s store.Sentencia) bool {
					return strings.Contains(s.SQL, "pasajes_busqueda") || strings.Contains(s.SQL, "pasajes_trigramas")
				})
				indexable := len([]rune(c.busqueda)) >= 3 && !strings.ContainsRune(c.busqueda, '\x1f')
				if forma.nombre == "índice" && usoIndice != indexable {
					t.Errorf("%q por %s: ¿usó el índice de búsqueda? %v", c.busqueda, forma.nombre, usoIndice)
				}
				ids := mapear(ps, func(p store.Pasaje) int64 { return p.ID })
				if int64(len(ids)) != tot.TotalItems || slices.Contains(ids, ajeno.ID) {
					t.Errorf("%q por %s: página %v para %+v", c.busqueda, forma.nombre, ids, tot)
				}
				vistos, totales = append(vistos, ids), append(totales, tot)
				// a page further on, and the export, the same every way too
				pag, _, err := e.st.ListarPasajes(ctx, e.empresaID, store.FiltroListadoPasajes{Busqueda: c.busqueda,
					FechaInicio: c.desde, FechaFin: c.hasta, Pagina: store.Pagina{Limite: 1, Desplazamiento: 1}})
				if err != nil || (len(ids) > 1 && (len(pag) != 1 || pag[0].ID != ids[1])) || (len(ids) <= 1 && len(pag) != 0) {
					t.Errorf("%q por %s: segunda página %v de %v (%v)", c.busqueda, forma.nombre,
						mapear(pag, func(p store.Pasaje) int64 { return p.ID }), ids, err)
				}
				exp, expTot, err := e.st.ExportarPasajes(ctx, e.empresaID, f)
				if err != nil || !slices.Equal(mapear(exp, func(p store.Pasaje) int64 { return p.ID }), ids) || expTot != tot {
					t.Errorf("%q por %s: exportación %v %+v, listado %v %+v (%v)", c.busqueda, forma.nombre,
						mapear(exp, func(p store.Pasaje) int64 { return p.ID }), expTot, ids, tot, err)
				}
			}
			for i := 1; i < len(formas); i++ {
				if !slices.Equal(vistos[i], vistos[0]) || totales[i] != totales[0] {
					t.Errorf("%q: por %s %v %+v, por %s %v %+v", c.busqueda, formas[0].nombre, vistos[0], totales[0],
						formas[i].nombre, vistos[i], totales[i])
				}
			}
			if c.items >= 0 && (totales[0].TotalItems != c.items || totales[0].TotalVentas != c.ventas) {
				t.Errorf("%q: %+v, esperaba %d pasajes por %s", c.busqueda, totales[0], c.items, c.ventas)
			}
		}
	})
}
