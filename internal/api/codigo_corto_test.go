package api

import (
	"crypto/ed25519"
	"crypto/rand"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// The short form of an offline ticket's code (issue 36 item 30): MUELLE2.<payload>.<firma>,
// the device's certificate read from the company's register, not from the code.

// certificados reads GET /dispositivos/certificados as usuario.
func (e *env) certificados(usuario string, out *[]store.CertificadoDispositivo) {
	e.t.Helper()
	r := e.do("GET", "/api/dispositivos/certificados", e.token(usuario), nil)
	r.expect(e.t, http.StatusOK, "")
	r.decode(e.t, out)
}

// corto is the short form of an offline ticket as pasajeOffline made it: its
// code without the device's certificate.
func corto(t *testing.T, pasaje map[string]any) map[string]any {
	t.Helper()
	codigo := pasaje["codigo_qr"].(string)
	i := strings.Index(codigo, ".MUELLEDISP1.")
	if i < 0 {
		t.Fatalf("código sin certificado: %s", codigo)
	}
	out := map[string]any{}
	for k, v := range pasaje {
		out[k] = v
	}
	out["codigo_qr"] = codigo[:i]
	return out
}

func TestAShortOfflineCodeSyncsAndBoardsWithTheDevicesRegisteredCertificate(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		vendedor, lancha := e.nuevoDispositivo("vendedor"), e.nuevoDispositivo("lancha")
		p1, p2 := corto(t, vendedor.pasajeOffline(e, "General", 450000)), corto(t, vendedor.pasajeOffline(e, "Jubilado", 225000))
		c1 := p1["codigo_qr"].(string)
		if len(c1) >= 300 || strings.Count(c1, ".") != 2 {
			t.Fatalf("código corto de %d caracteres: %s", len(c1), c1)
		}
		out := e.syncOK(vendedor, e.now, accion(nuevoID(t), "venta", e.now.Add(-10*time.Minute), e.ventaOffline(caja, p1, p2)))
		if r := out.Resultados[0]; r.Estado != "aplicada" || len(r.Pasajes) != 2 {
			t.Fatalf("venta con códigos cortos: %+v", r)
		}
		// the ticket keeps the code as printed
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE codigo_qr IN (?, ?) AND estado = 'activo'`, c1, p2["codigo_qr"]); n != 2 {
			t.Fatalf("%d pasajes con su código corto", n)
		}
		// online, the crew boards the first by its short code
		e.validarQR(e.token("lancha"), c1).expect(t, http.StatusOK, "Embarque validado exitosamente")
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE codigo_qr = ? AND estado = 'usado'`, c1); n != 1 {
			t.Fatal("el pasaje del código corto no quedó embarcado")
		}
		// offline, a crew phone boarded the second: its sync applies it
		r := e.syncOK(lancha, e.now, accion(nuevoID(t), "embarque", e.now.Add(-time.Minute), map[string]any{"codigo": p2["codigo_qr"]})).Resultados[0]
		if r.Estado != "aplicada" || r.ConflictoID != nil {
			t.Fatalf("embarque offline del código corto: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE codigo_qr = ? AND estado = 'usado'`, p2["codigo_qr"]); n != 1 {
			t.Fatal("el embarque sincronizado no embarcó el pasaje")
		}
	})
}

func TestAShortOfflineCodeOfAnotherDeviceOrCompanyIsRefusedAndChangesNothing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		vendedor, lancha := e.nuevoDispositivo("vendedor"), e.nuevoDispositivo("lancha")
		ajeno := e.nuevoDispositivo("vendedor2") // a device of company 2
		// company 2's device under the code of company 1's: only company 1's register is read
		if _, err := e.st.DB().Exec(e.st.Rebind(`UPDATE dispositivos SET codigo = ? WHERE id = ?`), vendedor.reg.Codigo, ajeno.reg.ID); err != nil {
			t.Fatal(err)
		}
		ajeno.reg.Codigo = vendedor.reg.Codigo
		numeros := e.count(`SELECT COUNT(*) FROM pasajes`)
		// a ticket of the seller's series signed by company 2's device (its key, its code): no certificate
		// of company 1 certifies that key
		firmadoAjeno := corto(t, ajeno.pasajeOffline(e, "General", 450000))
		venta := e.ventaOffline(caja, firmadoAjeno)
		r := e.syncOK(vendedor, e.now, accion(nuevoID(t), "venta", e.now.Add(-time.Minute), venta)).Resultados[0]
		if r.Estado != "rechazada" || r.Mensaje != domain.MsgSyncCodigoOffline {
			t.Fatalf("venta firmada por un dispositivo de otra empresa: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes`); n != numeros {
			t.Fatalf("%d pasajes tras las ventas rechazadas, había %d", n, numeros)
		}
		if n := e.count(`SELECT COUNT(*) FROM caja_movimientos WHERE caja_id = ?`, caja); n != 0 {
			t.Fatalf("%d movimientos en la caja", n)
		}
		// a boarding of such a code, synced by a crew phone, is a conflict and boards nothing
		r = e.syncOK(lancha, e.now, accion(nuevoID(t), "embarque", e.now.Add(-time.Minute), map[string]any{"codigo": firmadoAjeno["codigo_qr"]})).Resultados[0]
		if r.Estado != "rechazada" || r.ConflictoID == nil || r.Reintentar {
			t.Fatalf("embarque de un código de otra empresa: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE estado = 'usado'`); n != 0 {
			t.Fatalf("%d pasajes embarcados", n)
		}
		// a code signed by a device company 1 never registered: refused, not left to retry as a
		// genuine ticket whose sale has not synced yet would be
		_, sinRegistro, _ := ed25519.GenerateKey(rand.Reader)
		desconocido, err := domain.FirmarCodigoOffline(sinRegistro, "", domain.CodigoOffline{EmpresaID: 1,
			NumeroPasaje: "X-0000-20261120-000001", FechaViaje: "2026-11-20", Dispositivo: "0000", SeccionID: 1, TipoViajeID: 1, Precio: 100})
		if err != nil {
			t.Fatal(err)
		}
		r = e.syncOK(lancha, e.now, accion(nuevoID(t), "embarque", e.now.Add(-time.Minute), map[string]any{"codigo": desconocido})).Resultados[0]
		if r.Estado != "rechazada" || r.ConflictoID == nil || r.Reintentar {
			t.Fatalf("embarque de un dispositivo desconocido: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE estado = 'usado'`); n != 0 {
			t.Fatalf("%d pasajes embarcados", n)
		}
		// online: not found
		e.validarQR(e.token("lancha"), firmadoAjeno["codigo_qr"].(string)).expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
	})
}

// A short code is vouched for by its device while the device is not revoked: a ticket sold before
// the revocation no longer boards by its short code after it (its number still boards), a scan
// before the revocation synced later does, and a revoked device is not among the certificates a
// validator caches.
func TestAShortCodeOfADeviceRevokedBeforeTheScanIsRefusedAndBeforeItIsNot(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		caja := e.cajaAbierta("vendedor")
		vendedor := e.nuevoDispositivo("vendedor")
		p := corto(t, vendedor.pasajeOffline(e, "General", 450000))
		e.syncOK(vendedor, e.now, accion(nuevoID(t), "venta", e.now.Add(-10*time.Minute), e.ventaOffline(caja, p)))
		e.do("DELETE", "/api/dispositivos/"+strconv.FormatInt(vendedor.reg.ID, 10), e.token("admin"), nil).expect(t, http.StatusOK, domain.MsgDispositivoRevocado)
		e.validarQR(e.token("lancha"), p["codigo_qr"].(string)).expect(t, http.StatusNotFound, domain.MsgPasajeNoEncontrado)
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE estado = 'usado'`); n != 0 {
			t.Fatalf("%d pasajes embarcados", n)
		}
		// a crew phone that scanned it offline before the revocation: its boarding applies
		lancha := e.nuevoDispositivo("lancha")
		r := e.syncOK(lancha, e.now, accion(nuevoID(t), "embarque", e.now.Add(-5*time.Minute), map[string]any{"codigo": p["codigo_qr"]})).Resultados[0]
		if r.Estado != "aplicada" || r.ConflictoID != nil {
			t.Fatalf("embarque escaneado antes de la revocación: %+v", r)
		}
		if n := e.count(`SELECT COUNT(*) FROM pasajes WHERE codigo_qr = ? AND estado = 'usado'`, p["codigo_qr"]); n != 1 {
			t.Fatal("el embarque anterior a la revocación no embarcó el pasaje")
		}
		var certs []store.CertificadoDispositivo
		e.certificados("lancha", &certs)
		for _, c := range certs {
			if c.Codigo == vendedor.reg.Codigo {
				t.Fatalf("el dispositivo revocado figura entre los certificados: %+v", certs)
			}
		}
	})
}

func TestAValidatorReadsTheCertificatesOfItsCompanysActiveDevices(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		vendedor, lancha, ajeno := e.nuevoDispositivo("vendedor"), e.nuevoDispositivo("lancha"), e.nuevoDispositivo("vendedor2")
		var certs []store.CertificadoDispositivo
		e.certificados("lancha", &certs)
		porCodigo := map[string]string{}
		for _, c := range certs {
			porCodigo[c.Codigo] = c.Certificado
		}
		if porCodigo[vendedor.reg.Codigo] != vendedor.reg.Certificado || porCodigo[lancha.reg.Codigo] != lancha.reg.Certificado {
			t.Fatalf("certificados %+v", certs)
		}
		if c, ok := porCodigo[ajeno.reg.Codigo]; ok && c == ajeno.reg.Certificado {
			t.Fatal("un validador leyó el certificado de un dispositivo de otra empresa")
		}
		if n := e.count(`SELECT COUNT(*) FROM dispositivos WHERE empresa_id = 1 AND revocado_en IS NULL`); int64(len(certs)) != n {
			t.Fatalf("%d certificados de %d dispositivos activos", len(certs), n)
		}
		// company 2's validator reads its own
		var otros []store.CertificadoDispositivo
		e.certificados("admin2", &otros)
		if len(otros) != 1 || otros[0].Certificado != ajeno.reg.Certificado {
			t.Fatalf("certificados de la empresa 2: %+v", otros)
		}
		// a seller does not board: 403
		e.do("GET", "/api/dispositivos/certificados", e.token("vendedor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
	})
}
