package api

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"muelle/internal/arca"
	"muelle/internal/arca/arcatest"
	"muelle/internal/domain"
	"muelle/internal/store"
)

// perfilRI is a valid tax profile of a responsable inscripto.
var perfilRI = map[string]any{"cuit": "20-12345678-6", "condicion_iva": "responsable_inscripto",
	"punto_venta_cae": 3, "punto_venta_caea": 4, "entorno": "homologacion"}

func conCambio(base map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for kk, vv := range base {
		out[kk] = vv
	}
	out[k] = v
	return out
}

// TestTaxProfileIsValidatedAuditedAndTheCompanysOwn: an admin sees an empty
// profile, every rule refuses with its message and writes nothing, a seller
// is 403; the saved profile answers its document types, is audited, done
// once per Idempotency-Key, and another company does not see it; the
// super-admin reads any company's.
func TestTaxProfileIsValidatedAuditedAndTheCompanysOwn(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		var f Facturacion
		e.do("GET", "/api/config/facturacion", admin, nil).decode(t, &f)
		if f.Configurado || f.Certificado != nil || len(f.Secciones) == 0 || f.Secciones[0].TratamientoIVA != domain.TratamientoExento {
			t.Fatalf("perfil inicial: %+v", f)
		}
		for _, c := range []struct {
			body map[string]any
			msg  string
		}{
			{conCambio(perfilRI, "cuit", "20-12345678-5"), domain.MsgFacturacionCUIT},
			{conCambio(perfilRI, "condicion_iva", "consumidor_final"), domain.MsgFacturacionCondicion},
			{conCambio(perfilRI, "entorno", "pruebas"), domain.MsgFacturacionEntorno},
			{conCambio(perfilRI, "punto_venta_caea", 100000), domain.MsgFacturacionPuntoVenta},
			{conCambio(perfilRI, "punto_venta_caea", 3), domain.MsgFacturacionPuntosIguales},
		} {
			e.do("PUT", "/api/config/facturacion", admin, c.body).expect(t, http.StatusBadRequest, c.msg)
		}
		e.do("PUT", "/api/config/facturacion", e.token("vendedor"), perfilRI).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		if n := e.count(`SELECT COUNT(*) FROM empresa_facturacion`); n != 0 {
			t.Fatalf("un pedido rechazado escribió %d perfiles", n)
		}

		clave := map[string]string{"Idempotency-Key": "perfil-1"}
		for range 2 {
			r := e.doWith("PUT", "/api/config/facturacion", admin, perfilRI, clave)
			r.expect(t, http.StatusOK, domain.MsgFacturacionGuardada)
			r.decode(t, &f)
		}
		if !f.Configurado || f.CUIT != "20123456786" || len(f.ComprobantesPermitidos) != 2 ||
			f.ComprobantesPermitidos[1] != domain.FacturaB {
			t.Fatalf("guardado: %+v", f)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND empresa_id = 1 AND usuario_id = ?`,
			store.AccionPerfilFiscal, e.userID("admin")); n != 1 {
			t.Fatalf("auditoría PERFIL_FISCAL = %d", n)
		}
		mono := conCambio(perfilRI, "condicion_iva", "monotributo")
		e.do("PUT", "/api/config/facturacion", admin, mono).decode(t, &f)
		if len(f.ComprobantesPermitidos) != 1 || f.ComprobantesPermitidos[0] != domain.FacturaC {
			t.Fatalf("monotributo: %+v", f.ComprobantesPermitidos)
		}
		if n := e.count(`SELECT COUNT(*) FROM empresa_facturacion WHERE empresa_id = 1 AND condicion_iva = 'monotributo'
			AND punto_venta_cae = 3 AND punto_venta_caea = 4`); n != 1 {
			t.Fatalf("perfil en la base = %d", n)
		}

		var ajeno Facturacion
		e.do("GET", "/api/config/facturacion", e.token("admin2"), nil).decode(t, &ajeno)
		if ajeno.Configurado {
			t.Fatalf("otra empresa ve el perfil: %+v", ajeno)
		}
		super := e.token("superadmin")
		var visto Facturacion
		e.do("GET", "/api/admin/empresas/1/facturacion", super, nil).decode(t, &visto)
		if visto.CUIT != "20123456786" {
			t.Fatalf("el super-admin ve %+v", visto)
		}
		e.do("GET", "/api/admin/empresas/999/facturacion", super, nil).expect(t, http.StatusNotFound, domain.MsgEmpresaNoEncontrada)
		e.do("GET", "/api/admin/empresas/1/facturacion", admin, nil).expect(t, http.StatusForbidden, "")
	})
}

// TestCertificateUploadIsCheckedSealedAndNeverAnswered: a certificate needs
// the profile first (409); garbage, a key of another certificate and a
// certificate of another CUIT are refused in Spanish; the good one is stored
// sealed in credenciales_servicios, audited, answered as CN and expiry only,
// and warned of once when it expires within 30 days.
func TestCertificateUploadIsCheckedSealedAndNeverAnswered(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		vence := e.st.Now().Add(20 * 24 * time.Hour).Truncate(time.Second)
		cert, clave, err := arcatest.Certificado("muelle-delta", "20123456786", vence)
		if err != nil {
			t.Fatal(err)
		}
		_, otraClave, err := arcatest.Certificado("otro", "20123456786", vence)
		if err != nil {
			t.Fatal(err)
		}
		otroCUIT, otroCUITClave, err := arcatest.Certificado("ajeno", "30714443549", vence)
		if err != nil {
			t.Fatal(err)
		}
		subir := func(c, k []byte) response {
			return e.do("PUT", "/api/config/facturacion/certificado", admin, map[string]any{"certificado": string(c), "clave": string(k)})
		}
		subir(cert, clave).expect(t, http.StatusConflict, domain.MsgFacturacionSinPerfil)
		e.do("PUT", "/api/config/facturacion", admin, perfilRI).expect(t, http.StatusOK, "")
		subir([]byte("hola"), clave).expect(t, http.StatusBadRequest, arca.MsgCertificadoIlegible)
		subir(cert, otraClave).expect(t, http.StatusBadRequest, arca.MsgClaveNoCorresponde)
		subir(otroCUIT, otroCUITClave).expect(t, http.StatusBadRequest, arca.MsgCertificadoOtroCUIT)
		if n := e.count(`SELECT COUNT(*) FROM credenciales_servicios`); n != 0 {
			t.Fatalf("un certificado rechazado se guardó: %d", n)
		}

		r := subir(cert, clave)
		r.expect(t, http.StatusOK, domain.MsgCertificadoGuardado)
		if strings.Contains(string(r.Body), "PRIVATE") || strings.Contains(string(r.Body), "CERTIFICATE") {
			t.Fatalf("la respuesta trae el certificado o la clave: %s", r.Body)
		}
		var f Facturacion
		r.decode(t, &f)
		if f.Certificado == nil || f.Certificado.CN != "muelle-delta" || !f.Certificado.Vence.Equal(vence) {
			t.Fatalf("certificado: %+v", f.Certificado)
		}
		datos, err := e.st.CredencialesDe(t.Context(), 1, store.ServicioARCA)
		if err != nil || !strings.Contains(string(datos), "BEGIN RSA PRIVATE KEY") {
			t.Fatalf("credenciales: %v", err)
		}
		if n := e.count(`SELECT COUNT(*) FROM credenciales_servicios WHERE datos LIKE '%PRIVATE%'`); n != 0 {
			t.Fatal("la clave se guardó en claro")
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND empresa_id = 1 AND detalles NOT LIKE '%PRIVATE%'`,
			store.AccionCertificadoFiscal); n != 1 {
			t.Fatalf("auditoría CERTIFICADO_FISCAL = %d", n)
		}

		for want := range []int{1, 0} {
			if n, err := e.st.AvisarCertificadosFiscales(t.Context()); err != nil || n != 1-want {
				t.Fatalf("aviso %d: %d, %v", want, n, err)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM notificaciones WHERE empresa_id = 1 AND usuario_id = ? AND titulo = ?`,
			e.userID("admin"), domain.TituloCertificadoFiscal); n != 1 {
			t.Fatalf("avisos al admin = %d", n)
		}
	})
}

// TestSectionTaxTreatment: the admin sets a section's treatment; a bad one
// is 400, another company's section 404, a seller 403; audited.
func TestSectionTaxTreatment(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		admin := e.token("admin")
		propia := e.count(`SELECT MIN(id) FROM secciones WHERE empresa_id = 1`)
		ajena := e.count(`SELECT MIN(id) FROM secciones WHERE empresa_id <> 1`)
		ruta := func(id int64) string {
			return "/api/config/secciones/" + strconv.FormatInt(id, 10) + "/tratamiento-iva"
		}
		e.do("PUT", ruta(propia), admin, map[string]any{"tratamiento_iva": "iva_27"}).expect(t, http.StatusBadRequest, domain.MsgTratamientoIVA)
		e.do("PUT", ruta(ajena), admin, map[string]any{"tratamiento_iva": "iva_21"}).
			expect(t, http.StatusNotFound, domain.CatSecciones.Mensajes.NoEncontrado)
		e.do("PUT", ruta(propia), e.token("vendedor"), map[string]any{"tratamiento_iva": "iva_21"}).expect(t, http.StatusForbidden, "")
		var s SeccionFiscal
		r := e.do("PUT", ruta(propia), admin, map[string]any{"tratamiento_iva": "iva_10_5"})
		r.expect(t, http.StatusOK, domain.MsgTratamientoGuardado)
		r.decode(t, &s)
		if s.ID != propia || s.TratamientoIVA != domain.TratamientoIVA105 {
			t.Fatalf("%+v", s)
		}
		if n := e.count(`SELECT COUNT(*) FROM secciones WHERE tratamiento_iva <> 'exento'`); n != 1 {
			t.Fatalf("secciones cambiadas = %d", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ? AND empresa_id = 1`, store.AccionTratamientoIVA); n != 1 {
			t.Fatalf("auditoría TRATAMIENTO_IVA = %d", n)
		}
	})
}
