package domain

import (
	"errors"
	"testing"
)

func TestElClienteEsConsumidorFinalSalvoQueTengaCUIT(t *testing.T) {
	base := Cliente{Nombre: "Ana", Documento: "30.111.222"}
	c, err := base.Normalizar()
	if err != nil || c.CondicionIVA != CondicionConsumidorFinal || c.CUIT != "" {
		t.Fatalf("por defecto: %+v %v", c, err)
	}
	ri := base
	ri.CondicionIVA, ri.CUIT = " Responsable_Inscripto ", "20-12345678-6"
	if c, err = ri.Normalizar(); err != nil || c.CondicionIVA != CondicionResponsableInscripto || c.CUIT != "20123456786" {
		t.Fatalf("inscripto: %+v %v", c, err)
	}
	for _, caso := range []struct {
		condicion, cuit, msg string
	}{
		{"monotributo", "", MsgCUITRequerido},
		{"exento", "20-12345678-0", MsgCUITCliente},
		{"jubilado", "", MsgCondicionIVACliente},
		{"consumidor_final", "123", MsgCUITCliente},
	} {
		x := base
		x.CondicionIVA, x.CUIT = caso.condicion, caso.cuit
		var e *Error
		if _, err := x.Normalizar(); !errors.As(err, &e) || e.Message != caso.msg {
			t.Errorf("%+v: %v, esperaba %q", caso, err, caso.msg)
		}
	}
}

func TestElReceptorDeLaFacturaSegunElCliente(t *testing.T) {
	limite := MontoConsumidorFinalSinIdentificar
	for _, caso := range []struct {
		nombre string
		c      *Cliente
		total  Centavos
		want   Receptor
		err    bool
	}{
		{"sin cliente", nil, 450000, Receptor{DocTipoSinIdentif, "0", CondicionConsumidorFinal}, false},
		{"sin cliente desde el límite", nil, limite, Receptor{}, true},
		{"DNI con puntos", &Cliente{Documento: "30.111.222"}, limite, Receptor{DocTipoDNI, "30111222", CondicionConsumidorFinal}, false},
		{"pasaporte", &Cliente{Documento: "AB123456"}, limite - 1, Receptor{DocTipoSinIdentif, "0", CondicionConsumidorFinal}, false},
		{"pasaporte desde el límite", &Cliente{Documento: "AB123456"}, limite, Receptor{}, true},
		{"con CUIT", &Cliente{Documento: "30111222", CUIT: "20123456786", CondicionIVA: CondicionMonotributo}, 100,
			Receptor{DocTipoCUIT, "20123456786", CondicionMonotributo}, false},
	} {
		got, err := ReceptorDeFactura(caso.c, caso.total)
		if (err != nil) != caso.err || (!caso.err && got != caso.want) {
			t.Errorf("%s: %+v %v", caso.nombre, got, err)
		}
		if caso.err && err.Error() != MsgIdentificarComprador {
			t.Errorf("%s: %q", caso.nombre, err)
		}
	}
}

func TestLaClaseDeFacturaSegunEmisorYReceptor(t *testing.T) {
	for _, caso := range []struct {
		emisor, receptor string
		want             TipoComprobante
	}{
		{CondicionResponsableInscripto, CondicionResponsableInscripto, FacturaA},
		{CondicionResponsableInscripto, CondicionMonotributo, FacturaA},
		{CondicionResponsableInscripto, CondicionConsumidorFinal, FacturaB},
		{CondicionResponsableInscripto, CondicionExento, FacturaB},
		{CondicionMonotributo, CondicionResponsableInscripto, FacturaC},
		{CondicionExento, CondicionConsumidorFinal, FacturaC},
	} {
		if got, ok := ComprobanteParaReceptor(caso.emisor, caso.receptor); !ok || got != caso.want {
			t.Errorf("%s → %s: %v", caso.emisor, caso.receptor, got)
		}
	}
	if _, ok := ComprobanteParaReceptor("", CondicionConsumidorFinal); ok {
		t.Fatal("un emisor sin condición emite")
	}
	for condicion, id := range map[string]int{CondicionResponsableInscripto: 1, CondicionExento: 4, CondicionConsumidorFinal: 5,
		CondicionMonotributo: 6} {
		if got := CondicionIVAReceptorID(condicion); got != id {
			t.Errorf("%s: %d", condicion, got)
		}
	}
}
