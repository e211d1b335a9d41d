package domain

import (
	"testing"
	"time"
)

// The delay of a document's attempts past the limit doubles from 1 s and
// stops at MaxEsperaDocumentoCliente (issue 36 item 11); within the limit none.
func TestEsperaDocumentoClienteGrowsAndIsBounded(t *testing.T) {
	for exceso, want := range map[int]time.Duration{-3: 0, 0: 0, 1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second,
		4: MaxEsperaDocumentoCliente, 5: MaxEsperaDocumentoCliente, 1000: MaxEsperaDocumentoCliente} {
		if got := EsperaDocumentoCliente(exceso); got != want {
			t.Errorf("exceso %d: %v, quería %v", exceso, got, want)
		}
	}
}
