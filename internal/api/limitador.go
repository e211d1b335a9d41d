package api

import (
	"sync"
	"time"
)

// limitador counts calls per key (a company) over a sliding window, in this
// process: each instance counts its own. The zero value is ready to use.
type limitador struct {
	mu       sync.Mutex
	llamadas map[int64][]time.Time
}

// permitir records a call of key at now when fewer than max were recorded in
// the ventana before it, and answers 0; otherwise it records nothing and
// answers how long until the oldest of them leaves the window.
func (l *limitador) permitir(key int64, now time.Time, max int, ventana time.Duration) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.llamadas == nil {
		l.llamadas = map[int64][]time.Time{}
	}
	recientes := l.llamadas[key]
	for len(recientes) > 0 && !recientes[0].Add(ventana).After(now) {
		recientes = recientes[1:]
	}
	if len(recientes) >= max {
		l.llamadas[key] = recientes
		return recientes[0].Add(ventana).Sub(now)
	}
	l.llamadas[key] = append(recientes, now)
	return 0
}
