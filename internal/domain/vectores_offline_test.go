package domain

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// The cross-language vectors of the offline codes: this test signs MUELLE1 codes,
// device certificates and MUELLE2 codes with keys drawn from fixed seeds, good and
// tampered, and keeps them with what the server decides of each in
// web/src/lib/offline/vectores.json; the client's verifier (web/src/lib/offline/
// verificar.ts) must decide the same (verificar.test.ts). Short MUELLE2 codes (no
// certificate) are resolved from Dispositivos, the company's register as a crew phone
// caches it (GET /dispositivos/certificados). Regenerate with
//
//	go test ./internal/domain -run TestVectoresOffline -update
//
// (the codes carry random parts, so the file changes on each regeneration). Without
// -update the test checks that the committed file still holds what Go decides.
var actualizarVectores = flag.Bool("update", false, "rewrite web/src/lib/offline/vectores.json")

const archivoVectores = "../../web/src/lib/offline/vectores.json"

// Why a vector is refused, by name (as verificar.ts names them).
const (
	motivoCodigo                 = "codigo"
	motivoOtraEmpresa            = "otra_empresa"
	motivoCertificado            = "certificado"
	motivoCertificadoOtraEmpresa = "certificado_otra_empresa"
	motivoCertificadoVencido     = "certificado_vencido"
	motivoDispositivoDesconocido = "dispositivo_desconocido"
)

type vectoresOffline struct {
	Nota         string `json:"nota"`
	EmpresaID    int64  `json:"empresa_id"`
	ClaveEmpresa string `json:"clave_empresa"`
	// Dispositivos is the company's register of devices a short code is resolved from.
	Dispositivos []dispositivoVector `json:"dispositivos"`
	Codigos      []vectorOffline     `json:"codigos"`
	Certificados []vectorOffline     `json:"certificados"`
}

// dispositivoVector is a device of the register, as GET /dispositivos/certificados lists it.
type dispositivoVector struct {
	Codigo      string `json:"codigo"`
	Certificado string `json:"certificado"`
}

// registroDe finds a device's certificate in the vectors' register.
func registroDe(ds []dispositivoVector) CertificadoDe {
	return func(codigo string) (string, bool) {
		for _, d := range ds {
			if d.Codigo == codigo {
				return d.Certificado, true
			}
		}
		return "", false
	}
}

// vectorOffline is a code (or a certificate) checked at Momento for the company
// EmpresaID: valid with its content Carga (and Dispositivo, the certifying device of
// a MUELLE2 code), or refused for Motivo.
type vectorOffline struct {
	Nombre      string          `json:"nombre"`
	Texto       string          `json:"texto"`
	Momento     time.Time       `json:"momento"`
	Valido      bool            `json:"valido"`
	Motivo      string          `json:"motivo,omitempty"`
	Carga       json.RawMessage `json:"carga,omitempty"`
	Dispositivo string          `json:"dispositivo,omitempty"`
}

// claveDeSemilla is the Ed25519 key of a fixed seed named nombre.
func claveDeSemilla(nombre string) ed25519.PrivateKey {
	semilla := sha256.Sum256([]byte("muelle-vectores-offline/" + nombre))
	return ed25519.NewKeyFromSeed(semilla[:])
}

func motivoDe(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrCertificadoOtraEmpresa):
		return motivoCertificadoOtraEmpresa
	case errors.Is(err, ErrCertificadoVencido):
		return motivoCertificadoVencido
	case errors.Is(err, ErrCertificado):
		return motivoCertificado
	case errors.Is(err, ErrDispositivoDesconocido):
		return motivoDispositivoDesconocido
	}
	return motivoCodigo
}

// decidirCodigo is what the server decides of a scanned code for company empresaID
// (store.verificarQR, and codigoOffline at sync): a code of another company is
// refused before its signature is looked at; a MUELLE2 code is checked at momento (a
// short one with its device's certificate found by certificadoDe).
func decidirCodigo(pub ed25519.PublicKey, empresaID int64, codigo string, momento time.Time, certificadoDe CertificadoDe) (any, string, string) {
	in, err := LeerCodigoIngresado(codigo)
	if err != nil || in.QR == nil {
		return nil, "", motivoCodigo
	}
	if in.QR.EmpresaID != empresaID {
		return nil, "", motivoOtraEmpresa
	}
	if in.Offline {
		c, cert, err := VerificarCodigoOffline(pub, empresaID, codigo, momento, certificadoDe)
		return c, cert.Codigo, motivoDe(err)
	}
	c, err := VerificarCodigoQR(pub, codigo)
	return c, "", motivoDe(err)
}

func decidirCertificado(pub ed25519.PublicKey, empresaID int64, certificado string, momento time.Time) (any, string) {
	c, err := VerificarCertificado(pub, empresaID, certificado, momento)
	return c, motivoDe(err)
}

// alterarCarga replaces the payload of a signed code (the part after prefijo, up to
// the next dot) by cambiar's edit of its JSON, keeping the signature.
func alterarCarga(t *testing.T, codigo, prefijo string, cambiar func(map[string]any)) string {
	t.Helper()
	resto := strings.TrimPrefix(codigo, prefijo)
	carga, cola, _ := strings.Cut(resto, ".")
	raw, err := b64.DecodeString(carga)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	cambiar(m)
	nuevo, _ := json.Marshal(m)
	return prefijo + b64.EncodeToString(nuevo) + "." + cola
}

// generarVectores signs the vectors afresh, each with the decision it is meant to get.
func generarVectores(t *testing.T) vectoresOffline {
	t.Helper()
	const empresa, otraEmpresa = int64(7), int64(8)
	clave, claveOtra, claveFalsa := claveDeSemilla("empresa"), claveDeSemilla("otra-empresa"), claveDeSemilla("falsificador")
	disp, dispOtro := claveDeSemilla("dispositivo"), claveDeSemilla("otro-dispositivo")
	desde := time.Date(2026, 1, 10, 9, 30, 0, 0, time.UTC)
	momento := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	pubDisp := disp.Public().(ed25519.PublicKey)

	must := func(s string, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	certificado := func(priv ed25519.PrivateKey, empresaID int64, codigo string, desde time.Time) string {
		cert, _, err := FirmarCertificado(priv, empresaID, codigo, pubDisp, desde)
		return must(cert, err)
	}
	cert := certificado(clave, empresa, "K7Q2", desde)
	offline := CodigoOffline{EmpresaID: empresa, NumeroPasaje: "LD-K7Q2-20261126-3", FechaViaje: "2026-11-26", Dispositivo: "K7Q2",
		SeccionID: 2, TipoViajeID: 1, Precio: 150050}
	firmarOffline := func(priv ed25519.PrivateKey, cert string, c CodigoOffline) string {
		return must(FirmarCodigoOffline(priv, cert, c))
	}
	otraEmpresaOffline := offline
	otraEmpresaOffline.EmpresaID = otraEmpresa
	otroDispositivo := offline
	otroDispositivo.Dispositivo = "ZZ99"

	m1 := must(FirmarCodigoQR(clave, empresa, "LD-20261126-000042", "2026-11-26"))
	m2 := firmarOffline(disp, cert, offline)
	// short codes: the device named by its code in the register (K7Q2; V3NC, whose
	// certificate expired; QQ77, not in it)
	corto := firmarOffline(disp, "", offline)
	vencido := offline
	vencido.Dispositivo, vencido.NumeroPasaje = "V3NC", "LD-V3NC-20261126-1"
	desconocido := offline
	desconocido.Dispositivo, desconocido.NumeroPasaje = "QQ77", "LD-QQ77-20261126-1"
	cortoOtraEmpresa := firmarOffline(disp, "", otraEmpresaOffline)
	v := func(nombre, texto string, valido bool, motivo string) vectorOffline {
		return vectorOffline{Nombre: nombre, Texto: texto, Momento: momento, Valido: valido, Motivo: motivo}
	}
	hasta := desde.Add(VigenciaCertificado)
	return vectoresOffline{
		Nota:         "Generado por internal/domain/vectores_offline_test.go (go test ./internal/domain -run TestVectoresOffline -update); no editar a mano.",
		EmpresaID:    empresa,
		ClaveEmpresa: b64.EncodeToString(clave.Public().(ed25519.PublicKey)),
		Dispositivos: []dispositivoVector{
			{Codigo: "K7Q2", Certificado: cert},
			{Codigo: "V3NC", Certificado: certificado(clave, empresa, "V3NC", time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC))},
		},
		Codigos: []vectorOffline{
			v("muelle1 válido", m1, true, ""),
			v("muelle1 válido con blancos alrededor", "  "+m1+"\n", true, ""),
			v("muelle1 de otra empresa con su clave", must(FirmarCodigoQR(claveOtra, otraEmpresa, "OE-20261126-000001", "2026-11-26")), false, motivoOtraEmpresa),
			v("muelle1 de otra empresa firmado con la clave de esta", must(FirmarCodigoQR(clave, otraEmpresa, "OE-20261126-000001", "2026-11-26")), false, motivoOtraEmpresa),
			v("muelle1 con firma falsificada", must(FirmarCodigoQR(claveFalsa, empresa, "LD-20261126-000042", "2026-11-26")), false, motivoCodigo),
			v("muelle1 con la carga alterada", alterarCarga(t, m1, prefijoQR, func(m map[string]any) { m["n"] = "LD-20261126-000043" }), false, motivoCodigo),
			v("muelle1 con la firma cortada", m1[:len(m1)-4], false, motivoCodigo),
			v("muelle1 sin firma", m1[:strings.LastIndexByte(m1, '.')], false, motivoCodigo),
			v("muelle1 con la carga que no es JSON", "MUELLE1.bm8gZXMganNvbg."+m1[strings.LastIndexByte(m1, '.')+1:], false, motivoCodigo),
			v("muelle2 válido", m2, true, ""),
			v("muelle2 con el certificado vencido", firmarOffline(disp, certificado(clave, empresa, "K7Q2", time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)), offline), false, motivoCertificadoVencido),
			v("muelle2 con el certificado aún no vigente", firmarOffline(disp, certificado(clave, empresa, "K7Q2", momento.Add(time.Hour)), offline), false, motivoCertificadoVencido),
			v("muelle2 con el certificado de otra empresa", firmarOffline(disp, certificado(clave, otraEmpresa, "K7Q2", desde), offline), false, motivoCertificadoOtraEmpresa),
			v("muelle2 con el certificado firmado por otra clave", firmarOffline(disp, certificado(claveFalsa, empresa, "K7Q2", desde), offline), false, motivoCertificado),
			v("muelle2 con el certificado alterado", firmarOffline(disp, alterarCarga(t, cert, prefijoCertificado, func(m map[string]any) { m["hasta"] = "2099-01-01T00:00:00Z" }), offline), false, motivoCertificado),
			v("muelle2 firmado por otro dispositivo", firmarOffline(dispOtro, cert, offline), false, motivoCodigo),
			v("muelle2 con la carga alterada", alterarCarga(t, m2, prefijoOffline, func(m map[string]any) { m["p"] = 100 }), false, motivoCodigo),
			v("muelle2 de otro código de dispositivo", firmarOffline(disp, cert, otroDispositivo), false, motivoCodigo),
			v("muelle2 de otra empresa", firmarOffline(disp, cert, otraEmpresaOffline), false, motivoOtraEmpresa),
			v("muelle2 corto válido", corto, true, ""),
			v("muelle2 largo cortado en su certificado", m2[:strings.Index(m2, ".MUELLEDISP1.")], true, ""),
			v("muelle2 corto de otra empresa", cortoOtraEmpresa, false, motivoOtraEmpresa),
			v("muelle2 corto de un dispositivo desconocido", firmarOffline(disp, "", desconocido), false, motivoDispositivoDesconocido),
			v("muelle2 corto con el certificado vencido", firmarOffline(disp, "", vencido), false, motivoCertificadoVencido),
			v("muelle2 corto con la firma alterada", alterarFirma(corto), false, motivoCodigo),
			v("muelle2 corto firmado por otro dispositivo", firmarOffline(dispOtro, "", offline), false, motivoCodigo),
			v("muelle2 corto con la carga alterada", alterarCarga(t, corto, prefijoOffline, func(m map[string]any) { m["n"] = "LD-K7Q2-20261126-4" }), false, motivoCodigo),
			v("muelle2 corto sin firma", corto[:strings.LastIndexByte(corto, '.')], false, motivoCodigo),
		},
		Certificados: []vectorOffline{
			v("certificado vigente", cert, true, ""),
			{Nombre: "certificado en su primer segundo", Texto: cert, Momento: desde, Valido: true},
			{Nombre: "certificado en su último segundo", Texto: cert, Momento: hasta.Add(-time.Second), Valido: true},
			{Nombre: "certificado al vencer", Texto: cert, Momento: hasta, Valido: false, Motivo: motivoCertificadoVencido},
			{Nombre: "certificado antes de su emisión", Texto: cert, Momento: desde.Add(-time.Second), Valido: false, Motivo: motivoCertificadoVencido},
			v("certificado de otra empresa", certificado(clave, otraEmpresa, "K7Q2", desde), false, motivoCertificadoOtraEmpresa),
			v("certificado firmado por otra clave", certificado(claveFalsa, empresa, "K7Q2", desde), false, motivoCertificado),
			v("certificado alterado", alterarCarga(t, cert, prefijoCertificado, func(m map[string]any) { m["d"] = "ZZ99" }), false, motivoCertificado),
			v("certificado con un código de tres caracteres", certificado(clave, empresa, "K7Q", desde), false, motivoCertificado),
		},
	}
}

// decidirVectores fills each vector's content from what Go decides, and fails
// where the decision is not the one the vector states.
func decidirVectores(t *testing.T, vs *vectoresOffline) {
	t.Helper()
	pub := claveDeSemilla("empresa").Public().(ed25519.PublicKey)
	comprobar := func(x *vectorOffline, carga any, dispositivo, motivo string) {
		t.Helper()
		if (motivo == "") != x.Valido || motivo != x.Motivo {
			t.Errorf("%s: Go decide motivo %q, el vector dice válido=%v motivo %q", x.Nombre, motivo, x.Valido, x.Motivo)
		}
		if motivo != "" {
			carga, dispositivo = nil, ""
		}
		var raw json.RawMessage
		if carga != nil {
			raw, _ = json.Marshal(carga)
		}
		if x.Carga == nil {
			x.Carga, x.Dispositivo = raw, dispositivo
		} else if !jsonIgual(t, x.Carga, raw) || x.Dispositivo != dispositivo {
			t.Errorf("%s: carga %s (%q), Go lee %s (%q)", x.Nombre, x.Carga, x.Dispositivo, raw, dispositivo)
		}
	}
	for i := range vs.Codigos {
		x := &vs.Codigos[i]
		carga, dispositivo, motivo := decidirCodigo(pub, vs.EmpresaID, x.Texto, x.Momento, registroDe(vs.Dispositivos))
		comprobar(x, carga, dispositivo, motivo)
	}
	for i := range vs.Certificados {
		x := &vs.Certificados[i]
		carga, motivo := decidirCertificado(pub, vs.EmpresaID, x.Texto, x.Momento)
		comprobar(x, carga, "", motivo)
	}
}

func jsonIgual(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func nombres(vs []vectorOffline) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.Nombre
	}
	return out
}

func TestVectoresOffline(t *testing.T) {
	nuevos := generarVectores(t)
	decidirVectores(t, &nuevos)
	if *actualizarVectores {
		raw, err := json.MarshalIndent(nuevos, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(archivoVectores, append(raw, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	raw, err := os.ReadFile(archivoVectores)
	if err != nil {
		t.Fatalf("%v: regenerarlo con -update", err)
	}
	var guardados vectoresOffline
	if err := json.Unmarshal(raw, &guardados); err != nil {
		t.Fatal(err)
	}
	if guardados.EmpresaID != nuevos.EmpresaID || guardados.ClaveEmpresa != nuevos.ClaveEmpresa {
		t.Fatalf("empresa %d clave %s; se esperaba %d %s", guardados.EmpresaID, guardados.ClaveEmpresa, nuevos.EmpresaID, nuevos.ClaveEmpresa)
	}
	if !reflect.DeepEqual(nombres(guardados.Codigos), nombres(nuevos.Codigos)) ||
		!reflect.DeepEqual(nombres(guardados.Certificados), nombres(nuevos.Certificados)) {
		t.Fatal("los vectores guardados no son los que genera este test: regenerarlos con -update")
	}
	for _, x := range append(append([]vectorOffline{}, guardados.Codigos...), guardados.Certificados...) {
		if x.Valido && x.Carga == nil {
			t.Errorf("%s: un vector válido lleva su carga", x.Nombre)
		}
	}
	decidirVectores(t, &guardados)
}
