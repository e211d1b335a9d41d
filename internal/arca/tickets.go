package arca

import (
	"context"
	"fmt"
	"time"

	"muelle/internal/domain"
	"muelle/internal/externo"
	"muelle/internal/store"
)

// Almacen keeps the tickets (store.Store over arca_tickets).
type Almacen interface {
	TicketARCA(ctx context.Context, k domain.ClaveTicket) (store.EstadoTicket, error)
	ReclamarTicketARCA(ctx context.Context, k domain.ClaveTicket, ahora, hasta, renovarAntesDe time.Time) (bool, error)
	GuardarTicketARCA(ctx context.Context, k domain.ClaveTicket, t domain.TicketAcceso, ahora time.Time) error
	SoltarTicketARCA(ctx context.Context, k domain.ClaveTicket, esperarHasta *time.Time, ahora time.Time) error
}

const (
	// MargenRenovacion: a ticket is renewed this long before it expires.
	MargenRenovacion = 10 * time.Minute
	// plazoReclamo bounds an instance's claim of a renewal (beyond the
	// login's 30 s): a crashed instance's claim lapses.
	plazoReclamo = 2 * time.Minute
	// esperaYaAutenticado holds logins back after coe.alreadyAuthenticated
	// when no valid ticket is kept.
	esperaYaAutenticado = 10 * time.Minute
	// sondeo is how often a caller waiting for another's renewal looks again.
	sondeo = 100 * time.Millisecond
)

// Autenticador hands out WSAA's tickets, cached in the database per company,
// CUIT, service and environment until MargenRenovacion before they expire,
// renewed by one caller at a time across instances.
type Autenticador struct {
	almacen Almacen
	wsaa    map[string]*WSAA
	ahora   func() time.Time
}

// NuevoAutenticador is the authenticator over almacen, reaching each
// environment's WSAA at urls (nil: URLsWSAA) through red; ahora is the clock
// (nil: time.Now).
func NuevoAutenticador(almacen Almacen, red externo.Red, urls map[string]string, ahora func() time.Time) (*Autenticador, error) {
	if urls == nil {
		urls = URLsWSAA
	}
	if ahora == nil {
		ahora = time.Now
	}
	a := &Autenticador{almacen: almacen, wsaa: map[string]*WSAA{}, ahora: ahora}
	for entorno, url := range urls {
		w, err := NuevoWSAA(url, red)
		if err != nil {
			return nil, err
		}
		a.wsaa[entorno] = w
	}
	return a, nil
}

// Ticket is k's valid ticket: the cached one while more than
// MargenRenovacion is left, else a new one from WSAA signed with c. Callers
// that find another renewing wait for it (a still valid ticket serves them
// meanwhile). When WSAA answers coe.alreadyAuthenticated the kept ticket
// serves until it expires; without one the *ErrorWSAA is returned and no
// login is tried for esperaYaAutenticado.
func (a *Autenticador) Ticket(ctx context.Context, k domain.ClaveTicket, c Certificado) (domain.TicketAcceso, error) {
	w, ok := a.wsaa[k.Entorno]
	if !ok {
		return domain.TicketAcceso{}, fmt.Errorf("arca: entorno desconocido %q", k.Entorno)
	}
	for {
		est, err := a.almacen.TicketARCA(ctx, k)
		if err != nil {
			return domain.TicketAcceso{}, err
		}
		ahora := a.ahora()
		vigente := est.Ticket != nil && ahora.Before(est.Ticket.Expira)
		switch {
		case vigente && ahora.Add(MargenRenovacion).Before(est.Ticket.Expira):
			return *est.Ticket, nil
		case est.EsperarHasta != nil && ahora.Before(*est.EsperarHasta):
			if vigente {
				return *est.Ticket, nil
			}
			return domain.TicketAcceso{}, &ErrorWSAA{Codigo: FallaYaAutenticado}
		}
		reclamado, err := a.almacen.ReclamarTicketARCA(ctx, k, ahora, ahora.Add(plazoReclamo), ahora.Add(MargenRenovacion))
		if err != nil {
			return domain.TicketAcceso{}, err
		}
		if reclamado {
			return a.renovar(ctx, w, k, c, est.Ticket)
		}
		if vigente {
			return *est.Ticket, nil
		}
		select {
		case <-ctx.Done():
			return domain.TicketAcceso{}, ctx.Err()
		case <-time.After(sondeo):
		}
	}
}

// renovar logs in for k under its claim and stores the new ticket; on a
// failure the claim goes, and the kept ticket serves while valid.
func (a *Autenticador) renovar(ctx context.Context, w *WSAA, k domain.ClaveTicket, c Certificado,
	actual *domain.TicketAcceso) (domain.TicketAcceso, error) {
	t, err := w.Login(ctx, k.Servicio, c, a.ahora())
	ahora := a.ahora()
	if err == nil {
		return t, a.almacen.GuardarTicketARCA(ctx, k, t, ahora)
	}
	vigente := actual != nil && ahora.Before(actual.Expira)
	var esperar *time.Time
	if esYaAutenticado(err) {
		hasta := ahora.Add(esperaYaAutenticado)
		if vigente {
			hasta = actual.Expira
		}
		esperar = &hasta
	}
	if errSoltar := a.almacen.SoltarTicketARCA(ctx, k, esperar, ahora); errSoltar != nil {
		return domain.TicketAcceso{}, errSoltar
	}
	if vigente {
		return *actual, nil
	}
	return domain.TicketAcceso{}, err
}
