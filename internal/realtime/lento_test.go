package realtime

import (
	"fmt"
	"io"
	"log/slog"
	"testing"

	"github.com/coder/websocket"

	"muelle/internal/domain"
	"muelle/internal/events"
)

// clienteSinSocket is a socket's state without its connection: nothing
// drains its queue unless the test does.
func clienteSinSocket(usuarioID int64, alDia bool) *cliente {
	c := &cliente{empresaID: 1, usuarioID: usuarioID, rol: domain.RolAdmin, salida: make(chan []byte, maxSalida),
		revisar: make(chan struct{}, 1), fin: make(chan struct{})}
	if !alDia {
		c.pendientes = []pendiente{}
	}
	return c
}

func cerrado(c *cliente) bool {
	select {
	case <-c.fin:
		return true
	default:
		return false
	}
}

func evento(id int64) events.Event {
	return events.Event{ID: id, Nombre: "prueba", EmpresaID: 1, Datos: fmt.Sprint(id)}
}

// A client whose queue is full is dropped with 1013 (it reconnects and
// resumes) by the delivery itself, which never waits for it: the client next
// to it receives every event, in order.
func TestSlowClientIsDroppedAndNeverBlocksTheOthers(t *testing.T) {
	h := NewHub(nil, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	lento, rapido := clienteSinSocket(1, true), clienteSinSocket(2, true)
	for _, c := range []*cliente{lento, rapido} {
		if _, ok := h.registrar(c); !ok {
			t.Fatal("no se registró")
		}
	}
	// leer takes the fast client's next message, as its writer would
	leer := func(id int64) {
		t.Helper()
		select {
		case m := <-rapido.salida:
			if want, _ := codificar(evento(id)); string(m) != string(want) {
				t.Fatalf("el cliente rápido recibió %s, esperaba %s", m, want)
			}
		default:
			t.Fatalf("el evento %d no llegó al cliente rápido", id)
		}
	}
	for id := int64(1); id <= maxSalida; id++ {
		h.Entregar([]events.Event{evento(id)})
		leer(id)
	}
	if cerrado(lento) || len(lento.salida) != maxSalida {
		t.Fatalf("con la cola llena (%d) el cliente lento ya se cerró", len(lento.salida))
	}
	for id := int64(maxSalida + 1); id <= maxSalida+10; id++ {
		h.Entregar([]events.Event{evento(id)})
		leer(id)
	}
	if !cerrado(lento) || lento.codigo != websocket.StatusTryAgainLater || lento.razon != razonLento {
		t.Fatalf("el cliente lento no se cerró con 1013: %v %q", lento.codigo, lento.razon)
	}
	if cerrado(rapido) {
		t.Fatal("el cliente rápido se cerró")
	}
}

// While a client catches up after reconnecting, the live events are held (in
// order, to be sent after what it missed), up to the most a resume sends:
// past that the client is dropped like a slow one.
func TestClientCatchingUpHoldsLiveEventsBounded(t *testing.T) {
	h := NewHub(nil, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	c := clienteSinSocket(1, false)
	h.registrar(c)
	for id := int64(1); id <= maxReanudar; id++ {
		h.Entregar([]events.Event{evento(id)})
	}
	if cerrado(c) || len(c.pendientes) != maxReanudar || len(c.salida) != 0 {
		t.Fatalf("retenidos %d, en cola %d, cerrado %v", len(c.pendientes), len(c.salida), cerrado(c))
	}
	for i, p := range c.pendientes {
		if p.id != int64(i+1) {
			t.Fatalf("retenido %d: id %d", i, p.id)
		}
	}
	h.Entregar([]events.Event{evento(maxReanudar + 1)})
	if !cerrado(c) || c.codigo != websocket.StatusTryAgainLater {
		t.Fatalf("más de %d retenidos: cerrado %v, código %v", maxReanudar, cerrado(c), c.codigo)
	}
}
