package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/secretbox"
	"muelle/internal/store/sqldb"
)

// WSAA's access tickets cached per company, CUIT, service and environment
// (docs/features/facturacion.md "WSAA"): internal/arca asks for one while
// none is valid; one instance at a time, by the claim of renovando_hasta.

// EstadoTicket is a cached ticket as internal/arca reads it.
type EstadoTicket struct {
	Ticket *domain.TicketAcceso // nil when none was ever stored
	// EsperarHasta: WSAA refused a login until then (it holds a valid
	// ticket this installation does not have); nil when free.
	EsperarHasta *time.Time
}

// claveTicketTexto is a ticket's row as text, "{empresa}/{cuit}/{servicio}/{entorno}".
const claveTicketTexto = `CAST(empresa_id AS TEXT) || '/' || cuit || '/' || servicio || '/' || entorno`

// claveTicket is k as claveTicketTexto writes it.
func claveTicket(k domain.ClaveTicket) string {
	return strings.Join([]string{strconv.FormatInt(k.EmpresaID, 10), k.CUIT, k.Servicio, k.Entorno}, "/")
}

// contextoTicket binds a sealed ticket to its row.
func contextoTicket(clave string) string { return "arca_tickets.datos/" + clave }

// ticketsARCA is the column of the sealed tickets, for a rotation and the secrets check.
func (s *Store) ticketsARCA() columnaSellada[string] {
	return columnaSellada[string]{que: "tickets de ARCA",
		leer: `SELECT ` + claveTicketTexto + `, datos FROM arca_tickets WHERE datos <> '' ORDER BY 1` +
			s.db.Dialect().ForUpdate(),
		escribir: `UPDATE arca_tickets SET datos = ? WHERE ` + claveTicketTexto + ` = ?`,
		contexto: contextoTicket}
}

// resellarTicketsARCA re-seals, inside a rotation, every cached ticket.
func (s *Store) resellarTicketsARCA(ctx context.Context, c sqldb.Conn, vieja, nueva *secretbox.Box) (int, error) {
	return resellarColumna(ctx, c, vieja, nueva, s.ticketsARCA())
}

const ticketDonde = ` WHERE empresa_id = ? AND cuit = ? AND servicio = ? AND entorno = ?`

func argsTicket(k domain.ClaveTicket, antes ...any) []any {
	return append(antes, k.EmpresaID, k.CUIT, k.Servicio, k.Entorno)
}

// TicketARCA reads the cached ticket of k, opened.
func (s *Store) TicketARCA(ctx context.Context, k domain.ClaveTicket) (EstadoTicket, error) {
	var (
		out     EstadoTicket
		sellado string
		esperar sql.NullTime
	)
	err := s.db.Conn().QueryRow(ctx, `SELECT datos, esperar_hasta FROM arca_tickets`+ticketDonde, argsTicket(k)...).
		Scan(&sellado, &esperar)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return out, wrap("leer ticket de ARCA", err)
	}
	if esperar.Valid {
		t := esperar.Time.UTC()
		out.EsperarHasta = &t
	}
	if sellado == "" {
		return out, nil
	}
	if s.secretos == nil {
		return out, errSinClaveInstalacion
	}
	plano, err := s.secretos.Open(sellado, contextoTicket(claveTicket(k)))
	if err != nil {
		return out, wrap("abrir ticket de ARCA", err)
	}
	out.Ticket = &domain.TicketAcceso{}
	return out, wrap("leer ticket de ARCA", json.Unmarshal(plano, out.Ticket))
}

// ReclamarTicketARCA claims the renewal of k's ticket until hasta: true for
// the one caller whose conditional UPDATE took it (no claim, or one that
// lapsed before ahora) while the stored ticket still needs one (none, or one
// expiring before renovarAntesDe, and no refusal holding logins back past
// ahora); the others wait for its ticket. A caller that read the row before
// another renewal stored its ticket thus never logs in again.
func (s *Store) ReclamarTicketARCA(ctx context.Context, k domain.ClaveTicket, ahora, hasta, renovarAntesDe time.Time) (bool, error) {
	c := s.db.Conn()
	if _, err := c.Exec(ctx, `INSERT INTO arca_tickets (empresa_id, cuit, servicio, entorno, updated_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (empresa_id, cuit, servicio, entorno) DO NOTHING`,
		append(argsTicket(k), ahora.UTC())...); err != nil {
		return false, wrap("crear ticket de ARCA", err)
	}
	res, err := c.Exec(ctx, `UPDATE arca_tickets SET renovando_hasta = ?, updated_at = ?`+ticketDonde+`
		AND (renovando_hasta IS NULL OR renovando_hasta < ?) AND (expira IS NULL OR expira < ?)
		AND (esperar_hasta IS NULL OR esperar_hasta <= ?)`,
		append(argsTicket(k, hasta.UTC(), ahora.UTC()), ahora.UTC(), renovarAntesDe.UTC(), ahora.UTC())...)
	if err != nil {
		return false, wrap("reclamar ticket de ARCA", err)
	}
	n, err := res.RowsAffected()
	return n == 1, wrap("reclamar ticket de ARCA", err)
}

// GuardarTicketARCA stores k's new ticket sealed and lets the claim go.
func (s *Store) GuardarTicketARCA(ctx context.Context, k domain.ClaveTicket, t domain.TicketAcceso, ahora time.Time) error {
	if s.secretos == nil {
		return errSinClaveInstalacion
	}
	plano, err := json.Marshal(t)
	if err != nil {
		return err
	}
	sellado, err := s.secretos.Seal(plano, contextoTicket(claveTicket(k)))
	if err != nil {
		return err
	}
	_, err = s.db.Conn().Exec(ctx, `UPDATE arca_tickets SET datos = ?, expira = ?, renovando_hasta = NULL,
		esperar_hasta = NULL, updated_at = ?`+ticketDonde, argsTicket(k, sellado, t.Expira.UTC(), ahora.UTC())...)
	return wrap("guardar ticket de ARCA", err)
}

// SoltarTicketARCA lets k's claim go without a new ticket; esperarHasta
// (nil: none) holds the next logins back.
func (s *Store) SoltarTicketARCA(ctx context.Context, k domain.ClaveTicket, esperarHasta *time.Time, ahora time.Time) error {
	var esperar any
	if esperarHasta != nil {
		esperar = esperarHasta.UTC()
	}
	_, err := s.db.Conn().Exec(ctx, `UPDATE arca_tickets SET renovando_hasta = NULL, esperar_hasta = ?, updated_at = ?`+
		ticketDonde, argsTicket(k, esperar, ahora.UTC())...)
	return wrap("soltar ticket de ARCA", err)
}
