package api

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// claveDispositivo is a fresh device key pair's public half, as the browser sends it.
func claveDispositivo(t testing.TB) string {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(pub)
}

// dispositivoDe1 is a device of company 1 for the route walk, registered once per database.
func (e *env) dispositivoDe1(t testing.TB) string {
	if id := e.count(`SELECT COALESCE(MIN(id), 0) FROM dispositivos WHERE empresa_id = 1`); id != 0 {
		return strconv.FormatInt(id, 10)
	}
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	d, err := e.st.RegistrarDispositivo(context.Background(), store.Actor{UsuarioID: e.userID("admin"), EmpresaID: 1},
		"Celular del recorrido", pub)
	if err != nil {
		t.Fatal(err)
	}
	return strconv.FormatInt(d.ID, 10)
}

// registrar registers a device as usuario and answers the registration.
func (e *env) registrar(usuario, nombre, clave string) store.DispositivoRegistrado {
	e.t.Helper()
	r := e.do("POST", "/api/dispositivos", e.token(usuario), map[string]string{"nombre": nombre, "clave_publica": clave})
	r.expect(e.t, http.StatusCreated, domain.MsgDispositivoRegistrado)
	var d store.DispositivoRegistrado
	r.decode(e.t, &d)
	return d
}

func TestARegisteredDeviceGetsACertificateTheCompanyKeyVerifies(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		clave := claveDispositivo(t)
		d := e.registrar("vendedor", "  Mostrador 1 ", clave)
		if d.Nombre != "Mostrador 1" || len(d.Codigo) != 4 || !d.Desde.Equal(e.now) || !d.Hasta.Equal(e.now.AddDate(1, 0, 0)) {
			t.Fatalf("registro %+v", d)
		}
		pub, err := e.st.ClavePublica(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if d.ClaveEmpresa != base64.RawURLEncoding.EncodeToString(pub) {
			t.Fatalf("clave_empresa %q no es la clave pública de la empresa", d.ClaveEmpresa)
		}
		cert, err := domain.VerificarCertificado(pub, 1, d.Certificado, e.now.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if cert.Codigo != d.Codigo || cert.Clave != clave {
			t.Fatalf("certificado %+v del registro %+v", cert, d)
		}
		if _, err := domain.VerificarCertificado(pub, 2, d.Certificado, e.now); err == nil {
			t.Fatal("el certificado vale para otra empresa")
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionRegistroDispositivo); n != 1 {
			t.Fatalf("%d registros auditados", n)
		}
		// the crew registers its phone too; the same key twice is refused
		e.registrar("lancha", "Celular de proa", claveDispositivo(t))
		e.do("POST", "/api/dispositivos", e.token("admin"), map[string]string{"nombre": "Otro", "clave_publica": clave}).
			expect(t, http.StatusConflict, domain.MsgDispositivoYaRegistrado)
	})
}

func TestDeviceRegistrationRefusals(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		clave := claveDispositivo(t)
		casos := []struct {
			cuerpo  map[string]any
			mensaje string
		}{
			{map[string]any{"nombre": "Caja", "clave_publica": clave[:42]}, domain.MsgClaveDispositivoInvalida},
			{map[string]any{"nombre": "Caja", "clave_publica": clave[:42] + "="}, domain.MsgClaveDispositivoInvalida},
			{map[string]any{"nombre": "Caja", "clave_publica": base64.StdEncoding.EncodeToString(make([]byte, 32))}, ""},
			{map[string]any{"nombre": "Caja", "clave_publica": ""}, domain.MsgClaveDispositivoInvalida},
			{map[string]any{"nombre": " ", "clave_publica": clave}, domain.MsgNombreDispositivo},
			{map[string]any{"nombre": "Caja", "clave_publica": clave, "extra": 1}, ""},
			{map[string]any{"nombre": "Caja"}, ""},
		}
		vendedor := e.token("vendedor")
		for _, c := range casos {
			e.do("POST", "/api/dispositivos", vendedor, c.cuerpo).expect(t, http.StatusBadRequest, c.mensaje)
		}
		if r := e.do("POST", "/api/dispositivos", vendedor, map[string]any{"nombre": strings.Repeat("a", 61), "clave_publica": clave}); r.Status != http.StatusBadRequest {
			t.Fatalf("61 caracteres: %d", r.Status)
		}
		_, err := e.st.EnsureUsuario(context.Background(), store.NuevoUsuario{EmpresaID: 1, Rol: domain.RolPasajero,
			NombreUsuario: "pasajero", PasswordHash: "x", Activo: true})
		if err != nil {
			t.Fatal(err)
		}
		e.do("POST", "/api/dispositivos", e.token("pasajero"), map[string]any{"nombre": "Caja", "clave_publica": clave}).
			expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		if n := e.count(`SELECT COUNT(*) FROM dispositivos`); n != 0 {
			t.Fatalf("%d dispositivos por pedidos rechazados", n)
		}
	})
}

func TestARetriedRegistrationMakesOneDevice(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		cuerpo := map[string]string{"nombre": "Mostrador", "clave_publica": claveDispositivo(t)}
		clave := map[string]string{"Idempotency-Key": "registro-1"}
		var codigos []string
		for range 2 {
			r := e.doWith("POST", "/api/dispositivos", e.token("vendedor"), cuerpo, clave)
			r.expect(t, http.StatusCreated, "")
			var d store.DispositivoRegistrado
			r.decode(t, &d)
			codigos = append(codigos, d.Certificado)
		}
		if codigos[0] != codigos[1] {
			t.Fatal("el reintento respondió otro certificado")
		}
		if n := e.count(`SELECT COUNT(*) FROM dispositivos`); n != 1 {
			t.Fatalf("%d dispositivos por un registro reintentado", n)
		}
	})
}

func TestAdminListsRenamesAndRevokesDevices(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		d := e.registrar("vendedor", "Mostrador", claveDispositivo(t))
		admin, ruta := e.token("admin"), "/api/dispositivos/"+strconv.FormatInt(d.ID, 10)
		e.do("GET", "/api/dispositivos", e.token("vendedor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("GET", "/api/dispositivos", e.token("supervisor"), nil).expect(t, http.StatusForbidden, domain.MsgSinPermisos)
		e.do("PUT", ruta, admin, map[string]string{"nombre": "Boletería norte"}).expect(t, http.StatusOK, domain.MsgDispositivoRenombrado)
		e.now = e.now.Add(time.Hour)
		for range 2 { // the second revocation changes nothing
			e.do("DELETE", ruta, e.token("admin"), nil).expect(t, http.StatusOK, domain.MsgDispositivoRevocado)
			e.now = e.now.Add(time.Hour)
		}
		var lista ListadoDispositivos
		e.do("GET", "/api/dispositivos", e.token("admin"), nil).decode(t, &lista)
		if len(lista.Dispositivos) != 1 || lista.Total != 1 || lista.Activos != 0 {
			t.Fatalf("lista %+v", lista)
		}
		got := lista.Dispositivos[0]
		revocado := time.Date(2026, 11, 20, 14, 0, 0, 0, time.UTC)
		if got.Codigo != d.Codigo || got.Nombre != "Boletería norte" || got.Usuario != "vendedor" || got.UltimoUso != nil ||
			got.RevocadoEn == nil || !got.RevocadoEn.Equal(revocado) || got.RevocadoPor == nil || *got.RevocadoPor != "admin" {
			t.Fatalf("dispositivo %+v", got)
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionRevocacionDispositivo); n != 1 {
			t.Fatalf("%d revocaciones auditadas, want 1", n)
		}
		// another company's administrator neither sees nor touches it
		otra := e.token("admin2")
		var ajena ListadoDispositivos
		e.do("GET", "/api/dispositivos", otra, nil).decode(t, &ajena)
		if len(ajena.Dispositivos) != 0 || ajena.Total != 0 {
			t.Fatalf("otra empresa ve %+v", ajena)
		}
		e.do("PUT", ruta, otra, map[string]string{"nombre": "Mío"}).expect(t, http.StatusNotFound, domain.MsgDispositivoNoEncontrado)
		e.do("DELETE", ruta, otra, nil).expect(t, http.StatusNotFound, domain.MsgDispositivoNoEncontrado)
		if n := e.count(`SELECT COUNT(*) FROM dispositivos WHERE nombre = 'Boletería norte'`); n != 1 {
			t.Fatal("otra empresa cambió el dispositivo")
		}
	})
}

// activos counts the active devices of a user of company 1 (every user: "").
func (e *env) activos(usuario string) int64 {
	if usuario == "" {
		return e.count(`SELECT COUNT(*) FROM dispositivos WHERE empresa_id = 1 AND revocado_en IS NULL`)
	}
	return e.count(`SELECT COUNT(*) FROM dispositivos WHERE revocado_en IS NULL AND usuario_id = ?`, e.userID(usuario))
}

// A user keeps MaxDispositivosPorUsuario active devices: the next one revokes
// the one they used least lately, audited, and says so.
func TestANewDeviceRevokesTheUsersLeastUsedOneAtTheBound(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		var ds []store.DispositivoRegistrado
		for i := range domain.MaxDispositivosPorUsuario {
			ds = append(ds, e.registrar("vendedor", "Caja "+strconv.Itoa(i), claveDispositivo(t)))
			e.now = e.now.Add(time.Minute)
		}
		// the first synced since: the second is the one used least lately
		e.exec(t, `UPDATE dispositivos SET ultimo_uso = ? WHERE id = ?`, e.now, ds[0].ID)
		auditadas := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionRevocacionDispositivo)
		r := e.do("POST", "/api/dispositivos", e.token("vendedor"), map[string]string{"nombre": "Caja nueva",
			"clave_publica": claveDispositivo(t)})
		r.expect(t, http.StatusCreated, domain.MsgDispositivoReemplazado("Caja 1", ds[1].Codigo))
		var nuevo store.DispositivoRegistrado
		r.decode(t, &nuevo)
		if nuevo.Reemplazado == nil || nuevo.Reemplazado.ID != ds[1].ID || nuevo.Reemplazado.RevocadoEn == nil {
			t.Fatalf("reemplazado %+v", nuevo.Reemplazado)
		}
		if n := e.activos("vendedor"); n != domain.MaxDispositivosPorUsuario {
			t.Fatalf("%d activos, want %d", n, domain.MaxDispositivosPorUsuario)
		}
		if n := e.count(`SELECT COUNT(*) FROM dispositivos WHERE id = ? AND revocado_en = ? AND revocado_por = ?`,
			ds[1].ID, e.now, e.userID("vendedor")); n != 1 {
			t.Fatal("el menos usado no quedó revocado por su usuario")
		}
		if n := e.count(`SELECT COUNT(*) FROM auditoria WHERE accion = ?`, store.AccionRevocacionDispositivo); n != auditadas+1 {
			t.Fatalf("%d revocaciones auditadas, want %d", n, auditadas+1)
		}
		// another user's devices are not touched
		e.registrar("supervisor", "Oficina", claveDispositivo(t))
		if n := e.activos("vendedor"); n != domain.MaxDispositivosPorUsuario {
			t.Fatalf("%d activos del vendedor tras otro usuario", n)
		}
	})
}

// A company holds MaxDispositivosPorEmpresa active devices: past it a
// registration is a 409 that writes nothing, until one is revoked; another
// company is not affected.
func TestACompanyWithItsDevicesFullRefusesAnother(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		d := e.registrar("admin", "Oficina", claveDispositivo(t))
		e.exec(t, `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
			INSERT INTO dispositivos (empresa_id, codigo, nombre, clave_publica, certificado, usuario_id, created_at)
			SELECT 1, 'L' || CAST(i AS TEXT), 'Lleno', 'clave' || CAST(i AS TEXT), 'x', ?, ? FROM n`,
			domain.MaxDispositivosPorEmpresa-1, e.userID("supervisor"), e.now)
		antes := e.estado()
		r := e.do("POST", "/api/dispositivos", e.token("vendedor"), map[string]string{"nombre": "Caja",
			"clave_publica": claveDispositivo(t)})
		r.expect(t, http.StatusConflict, domain.MsgTopeDispositivosEmpresa)
		if e.estado() != antes {
			t.Fatal("un registro rechazado escribió")
		}
		e.registrar("vendedor2", "Caja de la otra empresa", claveDispositivo(t))
		e.do("DELETE", "/api/dispositivos/"+strconv.FormatInt(d.ID, 10), e.token("admin"), nil).
			expect(t, http.StatusOK, domain.MsgDispositivoRevocado)
		e.registrar("vendedor", "Caja", claveDispositivo(t))
		if n := e.activos(""); n != domain.MaxDispositivosPorEmpresa {
			t.Fatalf("%d activos, want %d", n, domain.MaxDispositivosPorEmpresa)
		}
	})
}

// A user registers at most MaxRegistrosDispositivoPorDia devices in 24
// hours, revoked ones included: the code space cannot be filled.
func TestAUserRegistersABoundedNumberOfDevicesADay(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		for i := range domain.MaxRegistrosDispositivoPorDia {
			r := e.do("POST", "/api/dispositivos", e.token("lancha"), map[string]string{"nombre": "Celular " + strconv.Itoa(i),
				"clave_publica": claveDispositivo(t)})
			r.expect(t, http.StatusCreated, "")
		}
		total := e.count(`SELECT COUNT(*) FROM dispositivos`)
		r := e.do("POST", "/api/dispositivos", e.token("lancha"), map[string]string{"nombre": "Otro", "clave_publica": claveDispositivo(t)})
		r.expect(t, http.StatusTooManyRequests, domain.MsgTopeRegistrosDispositivo)
		if n := e.count(`SELECT COUNT(*) FROM dispositivos`); n != total {
			t.Fatal("un registro rechazado escribió")
		}
		e.now = e.now.Add(24 * time.Hour)
		e.do("POST", "/api/dispositivos", e.token("lancha"), map[string]string{"nombre": "Celular de mañana",
			"clave_publica": claveDispositivo(t)}).expect(t, http.StatusCreated, "")
	})
}

// The admin's list pages (pagina, limite or por_pagina), newest first, with
// the total and the company's active devices.
func TestTheAdminsDeviceListPages(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		var ids []int64
		for i := range 7 {
			ids = append(ids, e.registrar("vendedor", "Caja "+strconv.Itoa(i), claveDispositivo(t)).ID)
		}
		e.do("DELETE", "/api/dispositivos/"+strconv.FormatInt(ids[0], 10), e.token("admin"), nil).expect(t, http.StatusOK, "")
		admin := e.token("admin")
		for _, q := range []string{"pagina=2&limite=3", "pagina=2&por_pagina=3"} {
			var l struct {
				Dispositivos []store.Dispositivo
				Total        int64
				Activos      int64
				MaxActivos   int64 `json:"max_activos"`
			}
			e.do("GET", "/api/dispositivos?"+q, admin, nil).decode(t, &l)
			if len(l.Dispositivos) != 3 || l.Dispositivos[0].ID != ids[3] || l.Dispositivos[2].ID != ids[1] || l.Total != 7 ||
				l.Activos != 6 || l.MaxActivos != domain.MaxDispositivosPorEmpresa {
				t.Fatalf("%s: %+v", q, l)
			}
		}
		e.do("GET", "/api/dispositivos?limite=501", admin, nil).expect(t, http.StatusBadRequest, "El parámetro limite no debe superar 500")
	})
}
