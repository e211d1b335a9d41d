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
