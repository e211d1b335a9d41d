package domain

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"strings"
	"testing"
	"time"
)

func nuevoParDeClaves(t *testing.T) (ed25519.PublicKey, ed25519.PrivateKey) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return pub, priv
}

func TestDeviceCertificateSignedAndVerified(t *testing.T) {
	empresaPub, empresaPriv := nuevoParDeClaves(t)
	dispositivo, _ := nuevoParDeClaves(t)
	desde := time.Date(2026, 11, 20, 13, 0, 0, 500, time.UTC)
	cert, firmado, err := FirmarCertificado(empresaPriv, 7, "K3ZQ", dispositivo, desde)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(cert, "MUELLEDISP1.") || strings.Count(cert, ".") != 2 {
		t.Fatalf("certificado %q", cert)
	}
	got, err := VerificarCertificado(empresaPub, 7, cert, desde.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	want := CertificadoDispositivo{EmpresaID: 7, Codigo: "K3ZQ", Clave: b64.EncodeToString(dispositivo),
		Desde: desde.Truncate(time.Second), Hasta: desde.Truncate(time.Second).AddDate(1, 0, 0)}
	if got != want || firmado != want {
		t.Fatalf("verificado %+v, firmado %+v, want %+v", got, firmado, want)
	}
}

func TestDeviceCertificateRefusals(t *testing.T) {
	empresaPub, empresaPriv := nuevoParDeClaves(t)
	_, otraPriv := nuevoParDeClaves(t)
	dispositivo, _ := nuevoParDeClaves(t)
	desde := time.Date(2026, 11, 20, 13, 0, 0, 0, time.UTC)
	cert, _, _ := FirmarCertificado(empresaPriv, 7, "K3ZQ", dispositivo, desde)
	deOtraEmpresa, _, _ := FirmarCertificado(otraPriv, 8, "K3ZQ", dispositivo, desde)
	// signed by this company's key but naming another company: only a forger could make it
	ajeno, _, _ := FirmarCertificado(empresaPriv, 8, "K3ZQ", dispositivo, desde)
	payload, firma, _ := strings.Cut(strings.TrimPrefix(cert, prefijoCertificado), ".")
	otraClave, _ := nuevoParDeClaves(t)
	forjado, _ := firmarCarga(otraPriv, prefijoCertificado, CertificadoDispositivo{EmpresaID: 7, Codigo: "K3ZQ",
		Clave: b64.EncodeToString(otraClave), Desde: desde, Hasta: desde.AddDate(1, 0, 0)})
	cases := []struct {
		name  string
		cert  string
		ahora time.Time
		want  error
	}{
		{"firmado por otra clave", forjado, desde, ErrCertificado},
		{"carga cambiada", prefijoCertificado + payload + "x." + firma, desde, ErrCertificado},
		{"sin firma", prefijoCertificado + payload, desde, ErrCertificado},
		{"el código QR de un pasaje", "MUELLE1." + payload + "." + firma, desde, ErrCertificado},
		{"de otra empresa, con su clave", deOtraEmpresa, desde, ErrCertificado},
		{"de otra empresa, con esta clave", ajeno, desde, ErrCertificadoOtraEmpresa},
		{"antes de su alta", cert, desde.Add(-time.Second), ErrCertificadoVencido},
		{"vencido", cert, desde.AddDate(1, 0, 0), ErrCertificadoVencido},
	}
	for _, c := range cases {
		if _, err := VerificarCertificado(empresaPub, 7, c.cert, c.ahora); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := VerificarCertificado(empresaPub, 7, cert, desde.AddDate(1, 0, 0).Add(-time.Second)); err != nil {
		t.Errorf("el último segundo de su vigencia: %v", err)
	}
}

func TestDeviceCodeIsFourCrockfordCharacters(t *testing.T) {
	vistos := map[string]bool{}
	for range 200 {
		c, err := NuevoCodigoDispositivo()
		if err != nil {
			t.Fatal(err)
		}
		if len(c) != 4 || strings.Trim(c, alfabetoCrockford) != "" {
			t.Fatalf("código %q", c)
		}
		vistos[c] = true
	}
	if len(vistos) < 190 {
		t.Fatalf("%d códigos distintos de 200: poco azar", len(vistos))
	}
}

func TestDevicePublicKeyIsStrictlyChecked(t *testing.T) {
	pub, _ := nuevoParDeClaves(t)
	buena := b64.EncodeToString(pub)
	if got, err := ClaveDispositivo(buena); err != nil || !got.Equal(pub) {
		t.Fatalf("clave válida rechazada: %v", err)
	}
	// the last character of 32 bytes carries 4 bits of padding: changing them is another spelling of the same key
	noCanonica := buena[:42] + string(alfabetoNoCanonico(buena[42]))
	for _, mala := range []string{"", buena + "=", buena[:42], buena + "AA", " " + buena,
		strings.NewReplacer("-", "+", "_", "/").Replace(buena) + "+/", noCanonica, b64.EncodeToString(make([]byte, 31))} {
		if _, err := ClaveDispositivo(mala); err == nil || err.Error() != MsgClaveDispositivoInvalida {
			t.Errorf("ClaveDispositivo(%q) = %v", mala, err)
		}
	}
}

// alfabetoNoCanonico is another base64url character with the same top two bits as c.
func alfabetoNoCanonico(c byte) byte {
	const alfabeto = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	i := strings.IndexByte(alfabeto, c)
	return alfabeto[i^1]
}

func TestDeviceName(t *testing.T) {
	if n, err := NombreDispositivo("  Celular de proa "); err != nil || n != "Celular de proa" {
		t.Fatalf("NombreDispositivo = %q, %v", n, err)
	}
	if _, err := NombreDispositivo(strings.Repeat("ñ", 60)); err != nil {
		t.Fatalf("60 caracteres: %v", err)
	}
	for nombre, msg := range map[string]string{" ": MsgNombreDispositivo, strings.Repeat("a", 61): MsgNombreDispositivoLargo} {
		if _, err := NombreDispositivo(nombre); err == nil || err.Error() != msg {
			t.Errorf("NombreDispositivo(%q) = %v, want %q", nombre, err, msg)
		}
	}
}

func TestRegisteringADeviceNeedsToSellOrBoard(t *testing.T) {
	for _, rol := range []string{RolAdmin, RolSupervisor, RolVendedor, RolLancha, RolPasajero} {
		r, _ := RolIntegrado(rol)
		if got, want := AccesoRegistroDispositivo.Permite(rol, r.Permisos), rol != RolPasajero; got != want {
			t.Errorf("%s: Permite = %v, want %v", rol, got, want)
		}
	}
	soloEmbarque := build(RolLancha, "validacion.embarque")
	if !AccesoRegistroDispositivo.Permite("marinero", soloEmbarque) || AccesoRegistroDispositivo.Permite("consulta", build(RolLancha, "pasajes.ver")) {
		t.Error("un rol propio pasa por cualquiera de los dos permisos, y solo por ellos")
	}
}

func TestDeviceRegistrationIsBounded(t *testing.T) {
	for _, c := range []struct {
		cupo       CupoDispositivos
		reemplazar bool
		msg        string
	}{
		{CupoDispositivos{}, false, ""},
		{CupoDispositivos{MaxDispositivosPorUsuario - 1, MaxDispositivosPorEmpresa - 1, MaxRegistrosDispositivoPorDia - 1}, false, ""},
		// the user at their bound: their least used device goes, even in a full company
		{CupoDispositivos{MaxDispositivosPorUsuario, 3, 0}, true, ""},
		{CupoDispositivos{MaxDispositivosPorUsuario, MaxDispositivosPorEmpresa, 5}, true, ""},
		{CupoDispositivos{0, MaxDispositivosPorEmpresa, 0}, false, MsgTopeDispositivosEmpresa},
		{CupoDispositivos{MaxDispositivosPorUsuario - 1, MaxDispositivosPorEmpresa + 3, 0}, false, MsgTopeDispositivosEmpresa},
		{CupoDispositivos{0, 0, MaxRegistrosDispositivoPorDia}, false, MsgTopeRegistrosDispositivo},
		{CupoDispositivos{MaxDispositivosPorUsuario, 0, MaxRegistrosDispositivoPorDia}, false, MsgTopeRegistrosDispositivo},
	} {
		reemplazar, err := c.cupo.Registrar()
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if reemplazar != c.reemplazar || msg != c.msg {
			t.Errorf("%+v: reemplazar %v, %q; esperaba %v, %q", c.cupo, reemplazar, msg, c.reemplazar, c.msg)
		}
	}
	var de *Error
	if _, err := (CupoDispositivos{ActivosEmpresa: MaxDispositivosPorEmpresa}).Registrar(); !errors.As(err, &de) || de.Kind != KindConflict {
		t.Errorf("empresa llena: %v, esperaba un conflicto", err)
	}
	if _, err := (CupoDispositivos{RegistrosDia: MaxRegistrosDispositivoPorDia}).Registrar(); !errors.As(err, &de) || de.Kind != KindTooMany {
		t.Errorf("demasiados registros: %v, esperaba 429", err)
	}
}

// TestASyncBatchIsSignedByTheDeviceItself: the batch's signature verifies
// with the device's key only, and only for the acts and clock it signed.
func TestASyncBatchIsSignedByTheDeviceItself(t *testing.T) {
	pub, priv := nuevoParDeClaves(t)
	otraPub, otraPriv := nuevoParDeClaves(t)
	actos := []ActoLote{{ID: "a1", Tipo: "venta", OcurridoEn: 1}, {ID: "a2", Tipo: "embarque", OcurridoEn: 2}}
	msg := MensajeLote(1_700_000_000_000, actos)
	if string(msg) != "MUELLESYNC1\n1700000000000\na1|venta|1\na2|embarque|2\n" {
		t.Fatalf("mensaje %q", msg)
	}
	firma := b64.EncodeToString(ed25519.Sign(priv, msg))
	if err := VerificarFirmaLote(b64.EncodeToString(pub), msg, firma); err != nil {
		t.Fatal(err)
	}
	otroReloj := MensajeLote(1_700_000_000_001, actos)
	otrosActos := MensajeLote(1_700_000_000_000, actos[:1])
	for nombre, c := range map[string]struct {
		clave, firma string
		msg          []byte
	}{
		"otra clave":          {b64.EncodeToString(otraPub), firma, msg},
		"firmado por otro":    {b64.EncodeToString(pub), b64.EncodeToString(ed25519.Sign(otraPriv, msg)), msg},
		"otro reloj":          {b64.EncodeToString(pub), firma, otroReloj},
		"otros actos":         {b64.EncodeToString(pub), firma, otrosActos},
		"sin firma":           {b64.EncodeToString(pub), "", msg},
		"firma no base64url":  {b64.EncodeToString(pub), firma + "=", msg},
		"clave que no es una": {"x", firma, msg},
	} {
		if err := VerificarFirmaLote(c.clave, c.msg, c.firma); err == nil || err.Error() != MsgFirmaLoteInvalida {
			t.Errorf("%s: %v", nombre, err)
		}
	}
}
