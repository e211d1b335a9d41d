package arca_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"muelle/internal/arca"
	"muelle/internal/arca/arcatest"
	"muelle/internal/domain"
	"muelle/internal/externo"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// reloj is the test's clock, shared by the client and the fake WSAA.
type reloj struct{ t atomic.Int64 }

func (r *reloj) ahora() time.Time        { return time.Unix(0, r.t.Load()) }
func (r *reloj) avanzar(d time.Duration) { r.t.Add(int64(d)) }
func nuevoReloj() *reloj                 { r := &reloj{}; r.t.Store(time.Now().UnixNano()); return r }

// entorno is a company with its certificate, a fake WSAA trusting it and an
// authenticator over st.
type entorno struct {
	st    *store.Store
	wsaa  *arcatest.WSAA
	aut   *arca.Autenticador
	cert  arca.Certificado
	clave domain.ClaveTicket
	reloj *reloj
}

func nuevoEntorno(t *testing.T, st *store.Store) *entorno {
	t.Helper()
	r := nuevoReloj()
	certPEM, clavePEM, err := arcatest.Certificado("muelle-delta", "20123456786", time.Now().AddDate(1, 0, 0))
	if err != nil {
		t.Fatal(err)
	}
	cert, err := arca.LeerCertificado(arca.Credenciales{Certificado: string(certPEM), Clave: string(clavePEM)}, r.ahora())
	if err != nil {
		t.Fatal(err)
	}
	w := arcatest.IniciarWSAA(t, cert.Cert, r.ahora)
	aut, err := arca.NuevoAutenticador(st, w.Red(t), map[string]string{domain.EntornoHomologacion: w.URL}, r.ahora)
	if err != nil {
		t.Fatal(err)
	}
	empresa, err := st.EnsureEmpresa(context.Background(), store.Empresa{Nombre: "Lanchas del Delta"})
	if err != nil {
		t.Fatal(err)
	}
	return &entorno{st: st, wsaa: w, aut: aut, cert: cert, reloj: r, clave: domain.ClaveTicket{EmpresaID: empresa,
		CUIT: "20123456786", Servicio: arca.ServicioWSFE, Entorno: domain.EntornoHomologacion}}
}

func (e *entorno) ticket(t *testing.T) domain.TicketAcceso {
	t.Helper()
	tk, err := e.aut.Ticket(context.Background(), e.clave, e.cert)
	if err != nil {
		t.Fatal(err)
	}
	return tk
}

// TestTicketIsSignedCachedSealedAndRenewedNearExpiry: the first call logs in
// (the fake verified the CMS signature), the ticket is kept sealed and served
// without a second login, also to a new authenticator (a restart); ten
// minutes before expiry it is renewed: WSAA still holds it valid
// (coe.alreadyAuthenticated), so the kept one serves until it expires with no
// further login, and once expired a new one comes.
func TestTicketIsSignedCachedSealedAndRenewedNearExpiry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		primero := e.ticket(t)
		if primero.Token != "token-1" || primero.Sign != "sign-1" || e.wsaa.Logins() != 1 {
			t.Fatalf("primer ticket %+v, logins %d", primero, e.wsaa.Logins())
		}
		var sellado string
		if err := st.DB().QueryRow(st.Rebind(`SELECT datos FROM arca_tickets WHERE empresa_id = ?`), e.clave.EmpresaID).
			Scan(&sellado); err != nil || strings.Contains(sellado, "token-1") || strings.Contains(sellado, "sign-1") {
			t.Fatalf("el ticket no se guardó sellado: %.40s, %v", sellado, err)
		}
		reiniciado, err := arca.NuevoAutenticador(st, e.wsaa.Red(t), map[string]string{domain.EntornoHomologacion: e.wsaa.URL}, e.reloj.ahora)
		if err != nil {
			t.Fatal(err)
		}
		e.reloj.avanzar(11 * time.Hour)
		if tk, err := reiniciado.Ticket(context.Background(), e.clave, e.cert); err != nil || tk != primero || e.wsaa.Logins() != 1 {
			t.Fatalf("tras reiniciar: %+v, %v, logins %d", tk, err, e.wsaa.Logins())
		}
		e.reloj.avanzar(55 * time.Minute) // 5 minutes left: renewal, WSAA still holds it
		if tk := e.ticket(t); tk != primero || e.wsaa.Logins() != 1 {
			t.Fatalf("cerca del vencimiento: %+v, logins %d", tk, e.wsaa.Logins())
		}
		e.wsaa.Olvidar() // a login now would succeed: none is tried while the kept one is valid
		if tk := e.ticket(t); tk != primero || e.wsaa.Logins() != 1 {
			t.Fatalf("se volvió a pedir: %+v, logins %d", tk, e.wsaa.Logins())
		}
		e.reloj.avanzar(6 * time.Minute) // expired
		if tk := e.ticket(t); tk.Token != "token-2" || e.wsaa.Logins() != 2 {
			t.Fatalf("vencido: %+v, logins %d", tk, e.wsaa.Logins())
		}
	})
}

// TestTicketRenewedNearExpiryWhenWSAAAllows: with ten minutes left a new
// ticket is asked for and, given, replaces the kept one.
func TestTicketRenewedNearExpiryWhenWSAAAllows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		e.ticket(t)
		e.wsaa.Olvidar()
		e.reloj.avanzar(12*time.Hour - 9*time.Minute)
		if tk := e.ticket(t); tk.Token != "token-2" || e.wsaa.Logins() != 2 {
			t.Fatalf("renovado: %+v, logins %d", tk, e.wsaa.Logins())
		}
		if tk := e.ticket(t); tk.Token != "token-2" || e.wsaa.Logins() != 2 {
			t.Fatalf("el renovado no se guardó: %+v, logins %d", tk, e.wsaa.Logins())
		}
	})
}

// TestAlreadyAuthenticatedWithoutTicketIsTypedAndHoldsLoginsBack: WSAA holds
// a valid ticket this installation lost; the error says so in Spanish, and
// no login is tried again for ten minutes.
func TestAlreadyAuthenticatedWithoutTicketIsTypedAndHoldsLoginsBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		e.wsaa.Fallar(arca.FallaYaAutenticado)
		for range 2 {
			_, err := e.aut.Ticket(context.Background(), e.clave, e.cert)
			var falla *arca.ErrorWSAA
			if !errors.As(err, &falla) || falla.Codigo != arca.FallaYaAutenticado || err.Error() != arca.MsgWSAAYaAutenticado ||
				!falla.Temporal() {
				t.Fatalf("%v", err)
			}
		}
		e.wsaa.Fallar("")
		e.reloj.avanzar(11 * time.Minute)
		if tk := e.ticket(t); tk.Token != "token-1" || e.wsaa.Logins() != 1 {
			t.Fatalf("tras la espera: %+v, logins %d", tk, e.wsaa.Logins())
		}
	})
}

// TestFaultsAreSpanishAndAnUntrustedCertificateIsRefused: a certificate the
// fake does not trust is cms.cert.untrusted; coe.notAuthorized names what to
// do; nothing is cached and the claim is let go (the next call logs in).
func TestFaultsAreSpanishAndAnUntrustedCertificateIsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		otroPEM, otraClave, err := arcatest.Certificado("otro", "20123456786", time.Now().AddDate(1, 0, 0))
		if err != nil {
			t.Fatal(err)
		}
		otro, err := arca.LeerCertificado(arca.Credenciales{Certificado: string(otroPEM), Clave: string(otraClave)}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.aut.Ticket(context.Background(), e.clave, otro); err == nil || err.Error() != arca.MsgWSAACertRechazado {
			t.Fatalf("certificado no confiable: %v", err)
		}
		e.wsaa.Fallar(arca.FallaNoAutorizado)
		if _, err := e.aut.Ticket(context.Background(), e.clave, e.cert); err == nil || err.Error() != arca.MsgWSAANoAutorizado {
			t.Fatalf("no autorizado: %v", err)
		}
		e.wsaa.Fallar("")
		if tk := e.ticket(t); tk.Token != "token-1" {
			t.Fatalf("%+v", tk)
		}
	})
}

// TestConcurrentCallersLogInOnce: eight callers (two authenticators, as two
// instances) without a ticket: one logs in, the others wait for its ticket.
func TestConcurrentCallersLogInOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := nuevoEntorno(t, st)
		e.wsaa.Demorar(300 * time.Millisecond)
		otra, err := arca.NuevoAutenticador(st, e.wsaa.Red(t), map[string]string{domain.EntornoHomologacion: e.wsaa.URL}, e.reloj.ahora)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		tickets := make([]domain.TicketAcceso, 8)
		errs := make([]error, 8)
		for i := range 8 {
			aut := e.aut
			if i%2 == 1 {
				aut = otra
			}
			wg.Go(func() { tickets[i], errs[i] = aut.Ticket(context.Background(), e.clave, e.cert) })
		}
		wg.Wait()
		for i := range 8 {
			if errs[i] != nil || tickets[i].Token != "token-1" {
				t.Fatalf("llamante %d: %+v, %v", i, tickets[i], errs[i])
			}
		}
		if e.wsaa.Logins() != 1 {
			t.Fatalf("logins: %d", e.wsaa.Logins())
		}
	})
}

// TestAnUnreachableWSAAIsAnOutsideServiceError: no server is a temporary
// *externo.Error with its Spanish category.
func TestAnUnreachableWSAAIsAnOutsideServiceError(t *testing.T) {
	st := storetest.SQLite(t)
	e := nuevoEntorno(t, st)
	aut, err := arca.NuevoAutenticador(st, e.wsaa.Red(t), map[string]string{domain.EntornoHomologacion: "https://127.0.0.1:1/ws"}, e.reloj.ahora)
	if err != nil {
		t.Fatal(err)
	}
	_, err = aut.Ticket(context.Background(), e.clave, e.cert)
	var ext *externo.Error
	if !errors.As(err, &ext) || !ext.Temporal || err.Error() != domain.MsgServicioSinConexion {
		t.Fatalf("%v", err)
	}
}
