package api

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/pdftest"
)

type impresionJSON struct {
	ID        int64  `json:"id"`
	PasajeID  int64  `json:"pasaje_id"`
	Numero    int    `json:"numero"`
	Duplicado bool   `json:"duplicado"`
	Leyenda   string `json:"leyenda"`
	Formato   string `json:"formato"`
	Papel     string `json:"papel"`
	UsuarioID int64  `json:"usuario_id"`
}

// TestReimpresionDuplicado: the first print of a ticket is the original, the
// next ones say DUPLICADO and 'Duplicado N' on the page and the PDF, each is
// audited, the detail counts them; a replay answers the same print; another
// company's ticket or print is a 404.
func TestReimpresionDuplicado(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ps := e.ventaA("vendedor", "Ana Paz", 2)
		tok := e.token("vendedor")
		imprimir := func(key string, body any) response {
			return e.doWith("POST", "/api/tickets/impresiones", tok, body, map[string]string{"Idempotency-Key": key})
		}
		var primera []impresionJSON
		r := imprimir("k1", map[string]any{"ids": []int64{ps[0].ID, ps[1].ID}, "formato": "html", "papel": "58mm"})
		if r.Message != domain.MsgImpresionRegistrada {
			t.Fatalf("mensaje: %q", r.Message)
		}
		r.decode(t, &primera)
		if len(primera) != 2 || primera[0].PasajeID != ps[0].ID || primera[0].Numero != 1 || primera[0].Duplicado ||
			primera[0].Leyenda != "" || primera[1].Numero != 1 || primera[0].Papel != "58mm" || primera[0].UsuarioID != e.userID("vendedor") {
			t.Fatalf("primera impresión: %+v", primera)
		}
		page := e.do("GET", fmt.Sprintf("/api/tickets/%d?papel=58mm&impresion=%d", ps[0].ID, primera[0].ID), tok, nil)
		if page.Status != http.StatusOK || strings.Contains(string(page.Body), "DUPLICADO") {
			t.Fatalf("el original dice DUPLICADO: %d\n%s", page.Status, page.Body)
		}

		// A replay of the key answers the same print and records nothing.
		var replay []impresionJSON
		imprimir("k1", map[string]any{"ids": []int64{ps[0].ID, ps[1].ID}, "formato": "html", "papel": "58mm"}).decode(t, &replay)
		if replay[0].ID != primera[0].ID || e.count(`SELECT COUNT(*) FROM pasaje_impresiones`) != 2 {
			t.Fatalf("la repetición registró otra impresión: %+v", replay)
		}

		var segunda []impresionJSON
		imprimir("k2", map[string]any{"ids": []int64{ps[0].ID}, "formato": "pdf"}).decode(t, &segunda)
		if len(segunda) != 1 || segunda[0].Numero != 2 || !segunda[0].Duplicado || segunda[0].Leyenda != "Duplicado 2" ||
			segunda[0].Formato != "pdf" || segunda[0].Papel != "80mm" {
			t.Fatalf("reimpresión: %+v", segunda)
		}
		pdf := e.do("GET", fmt.Sprintf("/api/tickets/ticket/%d/pdf?impresion=%d", ps[0].ID, segunda[0].ID), tok, nil)
		if pdf.Status != http.StatusOK {
			t.Fatalf("pdf: %d %s", pdf.Status, pdf.Message)
		}
		if txt := pdftest.Text(t, pdf.Body); !strings.Contains(txt, "DUPLICADO") || !strings.Contains(txt, "Duplicado 2") {
			t.Fatalf("el PDF no dice Duplicado 2: %q", txt)
		}
		var tercera []impresionJSON
		imprimir("k3", map[string]any{"ids": []int64{ps[0].ID}, "formato": "html", "papel": "80mm"}).decode(t, &tercera)
		lote := e.do("GET", fmt.Sprintf("/api/tickets/batch?ids=%d,%d&papel=80mm&impresiones=%d,%d", ps[0].ID, ps[1].ID,
			tercera[0].ID, primera[1].ID), tok, nil)
		if body := string(lote.Body); lote.Status != http.StatusOK || strings.Count(body, `class="duplicado"`) != 1 ||
			!strings.Contains(body, "DUPLICADO<br>Duplicado 3") {
			t.Fatalf("lote: %d\n%s", lote.Status, body)
		}
		// A page read without its print, of a ticket already printed: DUPLICADO alone.
		copia := string(e.do("GET", fmt.Sprintf("/api/tickets/%d", ps[1].ID), tok, nil).Body)
		if !strings.Contains(copia, `<div class="duplicado">DUPLICADO</div>`) {
			t.Fatalf("copia sin registrar: %s", copia)
		}

		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'REIMPRESION_PASAJE' AND empresa_id = 1 AND usuario_id = ?
			AND detalles = ?`, e.userID("vendedor"), "Reimpresión del pasaje "+ps[0].NumeroPasaje+" (Duplicado 2), pdf 80mm"); n != 1 {
			t.Fatalf("REIMPRESION_PASAJE: %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = 'IMPRESION_PASAJE'`); n != 2 {
			t.Fatalf("IMPRESION_PASAJE: %d", n)
		}
		var detalle struct {
			Impresiones int `json:"impresiones"`
		}
		e.do("GET", fmt.Sprintf("/api/pasajes/%d", ps[0].ID), e.token("admin"), nil).decode(t, &detalle)
		if detalle.Impresiones != 3 {
			t.Fatalf("el detalle cuenta %d impresiones", detalle.Impresiones)
		}

		// Another company: its ticket, and our print asked by it, are 404; nothing written.
		antes := e.count(`SELECT COUNT(*) FROM pasaje_impresiones`)
		e.doWith("POST", "/api/tickets/impresiones", e.token("admin2"), map[string]any{"ids": []int64{ps[0].ID}, "formato": "html"},
			map[string]string{"Idempotency-Key": "k4"}).expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		e.do("GET", fmt.Sprintf("/api/tickets/%d?impresion=%d", ps[1].ID, tercera[0].ID), tok, nil).
			expect(t, http.StatusNotFound, domain.MsgImpresionNoEncontrada)
		imprimir("k5", map[string]any{"ids": []int64{ps[0].ID, ps[0].ID}, "formato": "html"}).
			expect(t, http.StatusBadRequest, domain.MsgImpresionesRepetidas)
		imprimir("k6", map[string]any{"ids": []int64{ps[0].ID}, "formato": "png"}).expect(t, http.StatusBadRequest,
			"El campo formato debe ser uno de: html, pdf")
		imprimir("k7", map[string]any{"ids": []int64{ps[0].ID}, "formato": "html", "papel": "A5"}).expect(t, http.StatusBadRequest,
			"El campo papel debe ser uno de: 58mm, 80mm, A4, letter")
		if e.count(`SELECT COUNT(*) FROM pasaje_impresiones`) != antes {
			t.Fatal("un pedido rechazado registró una impresión")
		}
	})
}

// TestReimpresionesAlMismoTiempo: reprints of one ticket at once take
// consecutive numbers, never the same one twice.
func TestReimpresionesAlMismoTiempo(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := e.ventaA("vendedor", "Ana Paz", 1)[0]
		tok := e.token("vendedor")
		const n = 6
		var wg sync.WaitGroup
		numeros := make([]int, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var got []impresionJSON
				r := e.doWith("POST", "/api/tickets/impresiones", tok, map[string]any{"ids": []int64{p.ID}, "formato": "html"},
					map[string]string{"Idempotency-Key": fmt.Sprintf("c%d", i)})
				if r.Status == http.StatusOK {
					r.decode(t, &got)
					numeros[i] = got[0].Numero
				}
			}()
		}
		wg.Wait()
		visto := map[int]bool{}
		for _, num := range numeros {
			if num < 1 || num > n || visto[num] {
				t.Fatalf("números de impresión: %v", numeros)
			}
			visto[num] = true
		}
		if c := e.count(`SELECT COUNT(DISTINCT numero) FROM pasaje_impresiones WHERE pasaje_id = ?`, p.ID); c != n {
			t.Fatalf("impresiones: %d", c)
		}
	})
}
