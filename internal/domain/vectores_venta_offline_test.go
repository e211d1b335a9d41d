package domain

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// The web client signs offline tickets itself (web/src/lib/offline/ventaSinConexion.ts, WebCrypto).
// testdata/venta_offline.json holds a sale it made from fixed keys, counter, clock and random bytes:
// its test (ventaSinConexion.test.ts) checks that it still makes exactly that sale, and this one that
// the sale passes the server's checks. Regenerate it with
// `cd web && ACTUALIZAR_VECTORES=1 npx vitest run src/lib/offline/ventaSinConexion.test.ts`.

// vectorVentaOffline is the file: the inputs both sides share and the client's sale.
type vectorVentaOffline struct {
	EmpresaID          int64  `json:"empresa_id"`
	Prefijo            string `json:"prefijo"`
	Codigo             string `json:"codigo"`
	SemillaEmpresa     string `json:"semilla_empresa"`     // hex, 32 bytes
	SemillaDispositivo string `json:"semilla_dispositivo"` // hex, 32 bytes
	CertificadoDesde   string `json:"certificado_desde"`   // RFC 3339
	Certificado        string `json:"certificado"`
	Accion             struct {
		OcurridoEn int64 `json:"ocurrido_en"`
		Venta      struct {
			CajaID      int64  `json:"caja_id"`
			SeccionID   int64  `json:"seccion_id"`
			FechaViaje  string `json:"fecha_viaje"`
			MedioPagoID int64  `json:"medio_pago_id"`
			Pasajes     []struct {
				TipoViajeID  int64    `json:"tipo_viaje_id"`
				Precio       Centavos `json:"precio"`
				NumeroPasaje string   `json:"numero_pasaje"`
				CodigoQR     string   `json:"codigo_qr"`
			} `json:"pasajes"`
		} `json:"venta"`
	} `json:"accion"`
}

func semilla(t *testing.T, h string) ed25519.PrivateKey {
	t.Helper()
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != ed25519.SeedSize {
		t.Fatalf("semilla %q", h)
	}
	return ed25519.NewKeyFromSeed(b)
}

func TestVectoresVentaOfflineDelCliente(t *testing.T) {
	raw, err := os.ReadFile("testdata/venta_offline.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectorVentaOffline
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	empresa, dispositivo := semilla(t, v.SemillaEmpresa), semilla(t, v.SemillaDispositivo)
	desde, err := time.Parse(time.RFC3339, v.CertificadoDesde)
	if err != nil {
		t.Fatal(err)
	}
	// The certificate the client signed with is the one the server issues for that device.
	cert, _, err := FirmarCertificado(empresa, v.EmpresaID, v.Codigo, dispositivo.Public().(ed25519.PublicKey), desde)
	if err != nil || cert != v.Certificado {
		t.Fatalf("certificado del vector = %q, el servidor emite %q (%v)", v.Certificado, cert, err)
	}

	pub := empresa.Public().(ed25519.PublicKey)
	// the server's register: this device's certificate
	registro := func(codigo string) (string, bool) { return v.Certificado, codigo == v.Codigo }
	venta := v.Accion.Venta
	momento := time.UnixMilli(v.Accion.OcurridoEn)
	if len(venta.Pasajes) < 2 {
		t.Fatalf("el vector trae %d pasajes; se esperan varios", len(venta.Pasajes))
	}
	vistos := map[string]bool{}
	for _, p := range venta.Pasajes {
		if !NumeroOfflineValido(p.NumeroPasaje, v.Prefijo, v.Codigo) || len(p.NumeroPasaje) > 40 {
			t.Errorf("número %q no es de la serie de %s-%s", p.NumeroPasaje, v.Prefijo, v.Codigo)
		}
		if vistos[p.NumeroPasaje] {
			t.Errorf("número %q repetido", p.NumeroPasaje)
		}
		vistos[p.NumeroPasaje] = true
		if len(p.CodigoQR) > MaxCodigoOffline {
			t.Errorf("código de %d caracteres, máximo %d", len(p.CodigoQR), MaxCodigoOffline)
		}
		// the code is short (the device's certificate is the register's), as printed
		if strings.Count(p.CodigoQR, ".") != 2 || len(p.CodigoQR) >= 300 {
			t.Errorf("código de %s: %d caracteres, %d partes; se espera el corto", p.NumeroPasaje, len(p.CodigoQR), strings.Count(p.CodigoQR, ".")+1)
		}
		q, c, err := VerificarCodigoOffline(pub, v.EmpresaID, p.CodigoQR, momento, registro)
		if err != nil {
			t.Fatalf("VerificarCodigoOffline(%s): %v", p.NumeroPasaje, err)
		}
		// What store.verificarPasajesOffline compares with the sale's data.
		if c.Codigo != v.Codigo || q.NumeroPasaje != p.NumeroPasaje || q.FechaViaje != venta.FechaViaje ||
			q.SeccionID != venta.SeccionID || q.TipoViajeID != p.TipoViajeID || q.Precio != int64(p.Precio) || p.Precio <= 0 {
			t.Errorf("el código de %s lleva %+v (certificado %s), la venta %+v", p.NumeroPasaje, q, c.Codigo, p)
		}
		if len(q.Nonce) != 32 {
			t.Errorf("parte aleatoria %q: se esperan 16 bytes en hex", q.Nonce)
		}
	}
	// A byte changed in the payload breaks the signature.
	p := venta.Pasajes[0].CodigoQR
	mal := p[:10] + string(rune(p[10]^1)) + p[11:]
	if _, _, err := VerificarCodigoOffline(pub, v.EmpresaID, mal, momento, registro); err == nil {
		t.Error("un código alterado pasó la verificación")
	}
}
