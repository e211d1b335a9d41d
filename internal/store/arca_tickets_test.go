package store_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// TestARCATicketsAreSealedRotatedAndClaimedOnce: a stored ticket is sealed
// (neither token nor sign in clear), opens back after `secret rotate` and not
// with the old key; a renewal is claimed by one caller until the claim
// lapses or is let go.
func TestARCATicketsAreSealedRotatedAndClaimedOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		a, _ := dosEmpresas(t, st)
		k := domain.ClaveTicket{EmpresaID: a, CUIT: "20123456786", Servicio: "wsfe", Entorno: domain.EntornoHomologacion}
		ahora := time.Now().UTC().Truncate(time.Second)
		if ok, err := st.ReclamarTicketARCA(ctx, k, ahora, ahora.Add(time.Minute), ahora); err != nil || !ok {
			t.Fatalf("primer reclamo: %v, %v", ok, err)
		}
		if ok, err := st.ReclamarTicketARCA(ctx, k, ahora.Add(time.Second), ahora.Add(time.Minute), ahora); err != nil || ok {
			t.Fatalf("segundo reclamo: %v, %v", ok, err)
		}
		if ok, err := st.ReclamarTicketARCA(ctx, k, ahora.Add(2*time.Minute), ahora.Add(3*time.Minute), ahora); err != nil || !ok {
			t.Fatalf("reclamo vencido: %v, %v", ok, err)
		}
		tk := domain.TicketAcceso{Token: "token-secreto", Sign: "sign-secreto", Expira: ahora.Add(12 * time.Hour)}
		if err := st.GuardarTicketARCA(ctx, k, tk, ahora); err != nil {
			t.Fatal(err)
		}
		// a caller that read the row before the ticket was stored cannot claim it again
		if ok, err := st.ReclamarTicketARCA(ctx, k, ahora, ahora.Add(time.Minute), ahora.Add(time.Hour)); err != nil || ok {
			t.Fatalf("reclamo de un ticket vigente: %v, %v", ok, err)
		}
		if ok, err := st.ReclamarTicketARCA(ctx, k, ahora, ahora.Add(time.Minute), ahora.Add(13*time.Hour)); err != nil || !ok {
			t.Fatalf("reclamo del ticket por vencer: %v, %v", ok, err)
		}
		var sellado string
		if err := st.DB().QueryRow(st.Rebind(`SELECT datos FROM arca_tickets WHERE empresa_id = ?`), a).Scan(&sellado); err != nil ||
			strings.Contains(sellado, "secreto") {
			t.Fatalf("ticket en claro: %.40s, %v", sellado, err)
		}
		vieja, nueva := st.SecretBox(), storetest.Box(t)
		if _, err := st.RotarClaveSecreta(ctx, nueva); err != nil {
			t.Fatal(err)
		}
		contexto := "arca_tickets.datos/" + strings.Join([]string{strconv.FormatInt(a, 10), k.CUIT, k.Servicio, k.Entorno}, "/")
		var rotado string
		if err := st.DB().QueryRow(st.Rebind(`SELECT datos FROM arca_tickets WHERE empresa_id = ?`), a).Scan(&rotado); err != nil {
			t.Fatal(err)
		}
		if _, err := vieja.Open(rotado, contexto); err == nil || rotado == sellado {
			t.Fatal("la rotación no volvió a sellar el ticket")
		}
		est, err := st.TicketARCA(ctx, k)
		if err != nil || est.Ticket == nil || est.Ticket.Token != tk.Token || !est.Ticket.Expira.Equal(tk.Expira) {
			t.Fatalf("después de rotar: %+v, %v", est, err)
		}
	})
}
