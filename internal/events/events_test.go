package events

import (
	"context"
	"reflect"
	"testing"
)

func TestLocalDeliversEveryEventToEverySubscriberInOrder(t *testing.T) {
	var l Local
	a, b := &Recorder{}, &Recorder{}
	l.Subscribe(a.Record)
	l.Subscribe(b.Record)
	evs := []Event{{Nombre: CajaAbierta, EmpresaID: 1}, {Nombre: PasajeCreado, EmpresaID: 1, Datos: 7}}
	l.Publish(context.Background(), evs)
	l.Publish(context.Background(), nil)
	if !reflect.DeepEqual(a.Events(), evs) || !reflect.DeepEqual(b.Events(), evs) {
		t.Fatalf("a = %v, b = %v", a.Events(), b.Events())
	}
	var p Publisher = Nop{}
	p.Publish(context.Background(), evs) // discards without failing
}

func TestAlcanzaOnlyTheCompanyUserAndRolesOfTheEvent(t *testing.T) {
	casos := []struct {
		ev      Event
		empresa int64
		usuario int64
		rol     string
		alcanza bool
	}{
		{Event{EmpresaID: 1}, 1, 5, "vendedor", true},
		{Event{EmpresaID: 1}, 2, 5, "vendedor", false},
		{Event{EmpresaID: 1, UsuarioID: 5}, 1, 5, "vendedor", true},
		{Event{EmpresaID: 1, UsuarioID: 5}, 1, 6, "vendedor", false},
		{Event{EmpresaID: 1, UsuarioID: 5}, 2, 5, "vendedor", false},
		{Event{EmpresaID: 1, Roles: []string{"admin", "supervisor"}}, 1, 5, "supervisor", true},
		{Event{EmpresaID: 1, Roles: []string{"admin", "supervisor"}}, 1, 5, "vendedor", false},
		{Event{EmpresaID: 1, Roles: []string{"admin"}}, 2, 5, "admin", false},
	}
	for i, c := range casos {
		if got := c.ev.Alcanza(c.empresa, c.usuario, c.rol); got != c.alcanza {
			t.Errorf("caso %d: Alcanza = %v, want %v", i, got, c.alcanza)
		}
	}
}
