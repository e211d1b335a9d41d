package domain

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"strings"
	"testing"
	"time"
)

// dispositivoDePrueba is a device of company 1 certified at desde by the company key empresa.
func dispositivoDePrueba(t *testing.T, empresa ed25519.PrivateKey, codigo string, desde time.Time) (ed25519.PrivateKey, string) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	cert, _, err := FirmarCertificado(empresa, 1, codigo, pub, desde)
	if err != nil {
		t.Fatal(err)
	}
	return priv, cert
}

func TestAnOfflineCodeVerifiesWithTheCompanyKeyAlone(t *testing.T) {
	empresaPub, empresa, _ := ed25519.GenerateKey(rand.Reader)
	desde := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	priv, cert := dispositivoDePrueba(t, empresa, "AB12", desde)
	c := CodigoOffline{EmpresaID: 1, NumeroPasaje: "LD-AB12-20261120-000001", FechaViaje: "2026-11-20", Dispositivo: "AB12",
		SeccionID: 3, TipoViajeID: 4, Precio: 450000}
	codigo, err := FirmarCodigoOffline(priv, cert, c)
	if err != nil {
		t.Fatal(err)
	}
	got, certificado, err := VerificarCodigoOffline(empresaPub, 1, codigo, desde.Add(time.Hour), nil)
	if err != nil || got.NumeroPasaje != c.NumeroPasaje || got.Precio != 450000 || certificado.Codigo != "AB12" || got.Nonce == "" {
		t.Fatalf("verificar: %+v %+v %v", got, certificado, err)
	}
	otro, _ := FirmarCodigoOffline(priv, cert, c)
	if otro == codigo {
		t.Fatal("dos códigos del mismo pasaje son iguales: falta la parte al azar")
	}
	// another device's certificate with this device's signature; a code of another company;
	// a tampered payload; an act before the certificate
	_, certAjeno := dispositivoDePrueba(t, empresa, "ZZ99", desde)
	partes := strings.SplitN(strings.TrimPrefix(codigo, prefijoOffline), ".", 3)
	for name, caso := range map[string]struct {
		codigo   string
		empresa  int64
		momento  time.Time
		esperado error
	}{
		"certificado ajeno":  {prefijoOffline + partes[0] + "." + partes[1] + "." + certAjeno, 1, desde.Add(time.Hour), ErrCodigoOffline},
		"otra empresa":       {codigo, 2, desde.Add(time.Hour), ErrCertificadoOtraEmpresa},
		"carga adulterada":   {prefijoOffline + partes[0] + "x." + partes[1] + "." + partes[2], 1, desde.Add(time.Hour), ErrCodigoOffline},
		"antes del alta":     {codigo, 1, desde.Add(-time.Hour), ErrCertificadoVencido},
		"truncado":           {prefijoOffline + partes[0], 1, desde.Add(time.Hour), ErrCodigoOffline},
		"corto sin registro": {prefijoOffline + partes[0] + "." + partes[1], 1, desde.Add(time.Hour), ErrDispositivoDesconocido},
	} {
		if _, _, err := VerificarCodigoOffline(empresaPub, caso.empresa, caso.codigo, caso.momento, nil); !errors.Is(err, caso.esperado) {
			t.Errorf("%s: %v, esperaba %v", name, err, caso.esperado)
		}
	}
}

// A short code (no certificate) verifies with the certificate the company's
// register holds for the device it names, under the same checks as a carried one.
func TestAShortOfflineCodeVerifiesWithTheRegisteredCertificate(t *testing.T) {
	empresaPub, empresa, _ := ed25519.GenerateKey(rand.Reader)
	desde := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	priv, cert := dispositivoDePrueba(t, empresa, "AB12", desde)
	c := CodigoOffline{EmpresaID: 1, NumeroPasaje: "LD-AB12-20261120-000001", FechaViaje: "2026-11-20", Dispositivo: "AB12",
		SeccionID: 3, TipoViajeID: 4, Precio: 450000}
	corto, err := FirmarCodigoOffline(priv, "", c)
	if err != nil {
		t.Fatal(err)
	}
	largo := corto + "." + cert
	if strings.Count(corto, ".") != 2 || len(corto) >= 300 || len(largo)-len(corto) != len(cert)+1 {
		t.Fatalf("código corto %q (%d caracteres), largo %d", corto, len(corto), len(largo))
	}
	var pedidos []string
	registro := func(certs map[string]string) CertificadoDe {
		return func(codigo string) (string, bool) {
			pedidos = append(pedidos, codigo)
			cert, ok := certs[codigo]
			return cert, ok
		}
	}
	momento := desde.Add(time.Hour)
	got, certificado, err := VerificarCodigoOffline(empresaPub, 1, corto, momento, registro(map[string]string{"AB12": cert}))
	if err != nil || got.NumeroPasaje != c.NumeroPasaje || certificado.Codigo != "AB12" || len(pedidos) != 1 || pedidos[0] != "AB12" {
		t.Fatalf("corto: %+v %+v %v (pedidos %v)", got, certificado, err, pedidos)
	}
	// the long form of the same code needs no register (the receipts printed before)
	pedidos = nil
	if _, _, err := VerificarCodigoOffline(empresaPub, 1, largo, momento, registro(nil)); err != nil || len(pedidos) != 0 {
		t.Fatalf("largo: %v (pedidos %v)", err, pedidos)
	}
	_, certAjeno := dispositivoDePrueba(t, empresa, "ZZ99", desde)
	otraEmpresa := c
	otraEmpresa.EmpresaID = 2
	deOtra, _ := FirmarCodigoOffline(priv, "", otraEmpresa)
	certOtra, _, _ := FirmarCertificado(empresa, 2, "AB12", priv.Public().(ed25519.PublicKey), desde)
	_, falsa, _ := ed25519.GenerateKey(rand.Reader)
	certFalso, _, _ := FirmarCertificado(falsa, 1, "AB12", priv.Public().(ed25519.PublicKey), desde)
	for name, caso := range map[string]struct {
		codigo   string
		certs    map[string]string
		momento  time.Time
		esperado error
	}{
		"dispositivo desconocido":         {corto, map[string]string{"ZZ99": certAjeno}, momento, ErrDispositivoDesconocido},
		"sin registro":                    {corto, nil, momento, ErrDispositivoDesconocido},
		"certificado de otro dispositivo": {corto, map[string]string{"AB12": certAjeno}, momento, ErrCodigoOffline},
		"certificado de otra empresa":     {corto, map[string]string{"AB12": certOtra}, momento, ErrCertificadoOtraEmpresa},
		"certificado de otra clave":       {corto, map[string]string{"AB12": certFalso}, momento, ErrCertificado},
		"certificado vencido":             {corto, map[string]string{"AB12": cert}, desde.Add(VigenciaCertificado), ErrCertificadoVencido},
		"código de otra empresa":          {deOtra, map[string]string{"AB12": cert}, momento, ErrCodigoOffline},
		"firma alterada":                  {alterarFirma(corto), map[string]string{"AB12": cert}, momento, ErrCodigoOffline},
	} {
		pedidos = nil
		_, _, err := VerificarCodigoOffline(empresaPub, 1, caso.codigo, caso.momento, registro(caso.certs))
		if !errors.Is(err, caso.esperado) {
			t.Errorf("%s: %v, esperaba %v", name, err, caso.esperado)
		}
		if name == "código de otra empresa" && len(pedidos) != 0 {
			t.Errorf("%s: buscó %v en el registro de esta empresa", name, pedidos)
		}
	}
	// nil finds nothing
	if _, _, err := VerificarCodigoOffline(empresaPub, 1, corto, momento, nil); !errors.Is(err, ErrDispositivoDesconocido) {
		t.Errorf("sin buscador: %v", err)
	}
}

func TestAnOfflineActCountsAtTheDeviceTimeCorrectedAndNeverAfterItArrived(t *testing.T) {
	recibido := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	registro := recibido.Add(-24 * time.Hour)
	adelantado := 3 * time.Hour // the device's clock runs 3 hours ahead
	hecho := recibido.Add(-20 * time.Minute)
	if got, movido := MomentoOffline(hecho.Add(adelantado).UnixMilli(), adelantado, registro, recibido); !got.Equal(hecho) || movido {
		t.Fatalf("momento %v (movido %v), esperaba %v", got, movido, hecho)
	}
	// an act dated after its arrival (a clock that jumped) counts when it arrived
	if got, movido := MomentoOffline(recibido.Add(time.Hour).UnixMilli(), 0, registro, recibido); !got.Equal(recibido) || !movido {
		t.Fatalf("momento futuro %v (movido %v)", got, movido)
	}
	// a few milliseconds past its arrival (the call's own latency) is no clock fault
	if _, movido := MomentoOffline(recibido.Add(time.Second).UnixMilli(), 0, registro, recibido); movido {
		t.Fatal("un segundo de latencia marcó el reloj")
	}
	if Desfase(recibido.Add(adelantado).UnixMilli(), recibido) != adelantado {
		t.Fatal("desfase mal medido")
	}
	if RelojDesfasado(2*time.Minute) || !RelojDesfasado(2*time.Minute+time.Second) || !RelojDesfasado(-3*time.Minute) {
		t.Fatal("el umbral de 2 minutos no se respeta")
	}
}

// An act dated before its device existed (a boarding 'of 2020', a revoked device's sale dated
// before the revocation) counts no earlier than the device's registration, or its last sync.
func TestAnOfflineActNeverCountsBeforeItCanHaveHappened(t *testing.T) {
	recibido := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	registro := recibido.Add(-2 * time.Hour)
	if got, movido := MomentoOffline(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli(), 0, registro, recibido); !got.Equal(registro) || !movido {
		t.Fatalf("acto de 2020: %v (movido %v)", got, movido)
	}
	// the previous sync bounds the acts the device's own clock puts after it
	previa := &SincronizacionPrevia{Recibida: recibido.Add(-time.Hour), Reloj: recibido.Add(-time.Hour).UnixMilli()}
	despues := recibido.Add(-30 * time.Minute).UnixMilli()
	if got := CotaInferior(despues, registro, previa); !got.Equal(previa.Recibida) {
		t.Fatalf("cota de un acto posterior a la sincronización: %v", got)
	}
	// the device's clock was set 3 hours forward after the act: corrected by today's offset it would
	// fall before the last sync, so it counts at it
	if got, movido := MomentoOffline(despues, 3*time.Hour, CotaInferior(despues, registro, previa), recibido); !got.Equal(previa.Recibida) || !movido {
		t.Fatalf("reloj cambiado entre el acto y la sincronización: %v (movido %v)", got, movido)
	}
	// an act queued before that sync (a later batch, a retry) is bound by the registration only
	antes := recibido.Add(-90 * time.Minute).UnixMilli()
	if got := CotaInferior(antes, registro, previa); !got.Equal(registro) {
		t.Fatalf("cota de un acto anterior a la sincronización: %v", got)
	}
	if got := CotaInferior(despues, registro, nil); !got.Equal(registro) {
		t.Fatalf("sin sincronización previa: %v", got)
	}
}

func TestAnOfflineNumberCarriesTheDeviceCode(t *testing.T) {
	for numero, ok := range map[string]bool{
		"LD-AB12-20261120-000001": true,
		"LD-AB12-20261120-7":      true,
		"LD-ZZ99-20261120-000001": false,
		"XX-AB12-20261120-000001": false,
		"LD-20261120-000001":      false,
		"LD-AB12-2026112-000001":  false,
	} {
		if NumeroOfflineValido(numero, "LD", "AB12") != ok {
			t.Errorf("%s: esperaba %v", numero, ok)
		}
	}
}

// alterarFirma changes one character inside a code's last part, its signature.
func alterarFirma(codigo string) string {
	i := strings.LastIndexByte(codigo, '.') + 5
	nuevo := byte('A')
	if codigo[i] == 'A' {
		nuevo = 'B'
	}
	return codigo[:i] + string(nuevo) + codigo[i+1:]
}
