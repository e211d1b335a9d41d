package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store"
)

func TestDeshacerEmbarque(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		p := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))[0]
		if _, err := e.st.ValidarPorID(ctx, e.vendedor, p.ID); err != nil {
			t.Fatal(err)
		}
		a := e.vendedor
		a.Clave = "deshacer-1"
		antes := len(e.rec.Events())
		first, err := e.st.DeshacerEmbarque(ctx, a, p.ID)
		if err != nil || first.Estado != domain.PasajeActivo || first.FechaEmbarque != nil {
			t.Fatalf("deshacer: %+v %v", first, err)
		}
		if n := storeInt(t, e, `SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'activo'
			AND fecha_embarque IS NULL AND usuario_embarque_id IS NULL`, p.ID); n != 1 {
			t.Fatal("el pasaje no volvió a pendiente")
		}
		// The same key returns the first answer and publishes nothing more.
		again, err := e.st.DeshacerEmbarque(ctx, a, p.ID)
		if err != nil || jsonOf(t, again) != jsonOf(t, first) {
			t.Fatalf("la repetición difiere: %v", err)
		}
		if got := nombres(e.rec.Events()[antes:]); strings.Join(got, ",") != events.PasajeValidacionDeshecha {
			t.Fatalf("eventos: %v", got)
		}
		audit, _ := e.st.AuditoriaPorAccion(ctx, store.AccionDeshacerValidacion)
		if len(audit) != 1 || !strings.Contains(audit[0].Detalles, p.NumeroPasaje) || *audit[0].UsuarioID != e.vendedor.UsuarioID {
			t.Fatalf("auditoría: %+v", audit)
		}
		// Without a key, a second undo finds nothing to undo.
		_, err = e.st.DeshacerEmbarque(ctx, e.vendedor, p.ID)
		wantError(t, err, domain.KindConflict, domain.MsgPasajeNoEmbarcado)
		// Boarded again, then the window passes: the server's clock decides.
		if _, err := e.st.ValidarPorID(ctx, e.vendedor, p.ID); err != nil {
			t.Fatal(err)
		}
		e.st.Now = func() time.Time { return ahora.Add(domain.PlazoDeshacerEmbarque + time.Second) }
		_, err = e.st.DeshacerEmbarque(ctx, e.vendedor, p.ID)
		wantError(t, err, domain.KindConflict, domain.MsgPlazoDeshacerVencido)
		if n := storeInt(t, e, `SELECT COUNT(*) FROM pasajes WHERE id = ? AND estado = 'usado'`, p.ID); n != 1 {
			t.Fatal("un deshacer tardío cambió el pasaje")
		}
		// Another company's ticket does not exist.
		otra := e.vendedor
		otra.EmpresaID = e.empresaID + 1
		_, err = e.st.DeshacerEmbarque(ctx, otra, p.ID)
		wantError(t, err, domain.KindNotFound, domain.MsgPasajeNoEncontrado)
	})
}
