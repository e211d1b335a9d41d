package domain

import (
	"crypto/ed25519"
	"crypto/rand"
	"testing"
)

func TestValidarSalidaVenta(t *testing.T) {
	s := SalidaVendible{ID: 9, SeccionID: 1, Fecha: "2026-11-20", Hora: "10:30", Estado: SalidaProgramada, Capacidad: 3}
	cases := []struct {
		name    string
		cambio  func(*SalidaVendible)
		seccion int64
		fecha   string
		kind    Kind
		msg     string
	}{
		{"la suya", func(*SalidaVendible) {}, 1, "2026-11-20", 0, ""},
		{"embarcando", func(x *SalidaVendible) { x.Estado = SalidaEmbarcando }, 1, "2026-11-20", 0, ""},
		{"otra sección", func(*SalidaVendible) {}, 2, "2026-11-20", KindInvalid, MsgSalidaOtraSeccion},
		{"otro día", func(*SalidaVendible) {}, 1, "2026-11-21", KindInvalid, MsgSalidaOtroDia},
		{"zarpó", func(x *SalidaVendible) { x.Estado = SalidaZarpo }, 1, "2026-11-20", KindConflict,
			"La salida de las 10:30 ya zarpó: elija otra salida"},
		{"cancelada", func(x *SalidaVendible) { x.Estado = SalidaCancelada }, 1, "2026-11-20", KindConflict,
			"La salida de las 10:30 fue cancelada: elija otra salida"},
	}
	for _, c := range cases {
		x := s
		c.cambio(&x)
		err := ValidarSalidaVenta(x, c.seccion, c.fecha)
		if c.msg == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if e, ok := AsError(err); !ok || e.Kind != c.kind || e.Message != c.msg {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func TestCupoSalida(t *testing.T) {
	c := CupoSalida(SalidaVendible{Capacidad: 3, Vendidos: 2})
	if !c.Limitado || c.Origen != OrigenCupoSalida || c.Quedan != 1 || c.Exceso(2) != 1 || c.Exceso(1) != 0 {
		t.Fatalf("con embarcación %+v", c)
	}
	if c := CupoSalida(SalidaVendible{Vendidos: 40}); c.Limitado || c.Exceso(100) != 0 {
		t.Fatalf("sin embarcación no limita: %+v", c)
	}
	e := SinLugaresSalida(SalidaVendible{Hora: "10:30", Capacidad: 3, Vendidos: 5}, 1)
	if e.Kind != KindConflict || e.Message != "No quedan lugares en la salida de las 10:30 (quedan 0). Requiere confirmación de un supervisor." {
		t.Fatalf("%+v", e)
	}
	if r := e.Data.(RechazoSobreventa); r.Quedan != -2 || r.Exceso != 1 || r.Solicitados != 1 {
		t.Fatalf("datos %+v", r)
	}
}

func TestElQRLlevaLaSalida(t *testing.T) {
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	codigo, err := FirmarCodigoQRDeSalida(priv, 7, "LD-20261120-000001", "2026-11-20",
		SalidaPasaje{SalidaID: 9, Hora: "10:30", Embarcacion: "Delta I", ParadaEmbarque: "Tigre"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := VerificarCodigoQR(pub, codigo)
	if err != nil || c.SalidaID != 9 || c.Hora != "10:30" || c.Embarcacion != "Delta I" || c.ParadaEmbarque != "Tigre" {
		t.Fatalf("%+v %v", c, err)
	}
	sin, _ := FirmarCodigoQR(priv, 7, "LD-20261120-000002", "2026-11-20")
	if c, err := LeerCodigoQR(sin); err != nil || c.SalidaPasaje != (SalidaPasaje{}) {
		t.Fatalf("sin salida %+v %v", c, err)
	}
}
