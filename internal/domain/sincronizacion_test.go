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
	got, certificado, err := VerificarCodigoOffline(empresaPub, 1, codigo, desde.Add(time.Hour))
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
		"certificado ajeno": {prefijoOffline + partes[0] + "." + partes[1] + "." + certAjeno, 1, desde.Add(time.Hour), ErrCodigoOffline},
		"otra empresa":      {codigo, 2, desde.Add(time.Hour), ErrCertificadoOtraEmpresa},
		"carga adulterada":  {prefijoOffline + partes[0] + "x." + partes[1] + "." + partes[2], 1, desde.Add(time.Hour), ErrCodigoOffline},
		"antes del alta":    {codigo, 1, desde.Add(-time.Hour), ErrCertificadoVencido},
		"truncado":          {prefijoOffline + partes[0], 1, desde.Add(time.Hour), ErrCodigoOffline},
	} {
		if _, _, err := VerificarCodigoOffline(empresaPub, caso.empresa, caso.codigo, caso.momento); !errors.Is(err, caso.esperado) {
			t.Errorf("%s: %v, esperaba %v", name, err, caso.esperado)
		}
	}
}

func TestAnOfflineActCountsAtTheDeviceTimeCorrectedAndNeverAfterItArrived(t *testing.T) {
	recibido := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	adelantado := 3 * time.Hour // the device's clock runs 3 hours ahead
	hecho := recibido.Add(-20 * time.Minute)
	if got := MomentoOffline(hecho.Add(adelantado).UnixMilli(), adelantado, recibido); !got.Equal(hecho) {
		t.Fatalf("momento %v, esperaba %v", got, hecho)
	}
	// an act dated after its arrival (a clock that jumped) counts when it arrived
	if got := MomentoOffline(recibido.Add(time.Hour).UnixMilli(), 0, recibido); !got.Equal(recibido) {
		t.Fatalf("momento futuro %v", got)
	}
	if Desfase(recibido.Add(adelantado).UnixMilli(), recibido) != adelantado {
		t.Fatal("desfase mal medido")
	}
	if RelojDesfasado(2*time.Minute) || !RelojDesfasado(2*time.Minute+time.Second) || !RelojDesfasado(-3*time.Minute) {
		t.Fatal("el umbral de 2 minutos no se respeta")
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
