package api

import (
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// metricas counts what the API answers, for the global dashboard's Monitoreo
// tab: requests and server errors (5xx) since start and over the last minute.
// They are this instance's figures; each instance counts its own.
type metricas struct {
	inicio     time.Time
	peticiones atomic.Int64
	errores    atomic.Int64

	mu       sync.Mutex
	segundos [60]segundo // ring of the last minute, one slot per second
}

// segundo is one second of the ring: which second it is and what it counted.
type segundo struct {
	unix       int64
	peticiones int64
	errores    int64
}

// contar records one answered API request with its status.
func (m *metricas) contar(now time.Time, status int) {
	esError := status >= http.StatusInternalServerError
	m.peticiones.Add(1)
	if esError {
		m.errores.Add(1)
	}
	unix := now.Unix()
	m.mu.Lock()
	defer m.mu.Unlock()
	s := &m.segundos[unix%int64(len(m.segundos))]
	if s.unix != unix {
		*s = segundo{unix: unix}
	}
	s.peticiones++
	if esError {
		s.errores++
	}
}

// ultimoMinuto sums the requests and errors of the 60 seconds up to now.
func (m *metricas) ultimoMinuto(now time.Time) (peticiones, errores int64) {
	desde := now.Unix() - int64(len(m.segundos))
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, s := range m.segundos {
		if s.unix > desde {
			peticiones += s.peticiones
			errores += s.errores
		}
	}
	return peticiones, errores
}
