package store

import (
	"context"
	"slices"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// Audit actions of printing (issue 41 item 8): the first print of a ticket
// and every later one, with who and when.
const (
	AccionImpresionPasaje   = "IMPRESION_PASAJE"
	AccionReimpresionPasaje = "REIMPRESION_PASAJE"
)

// Impresion is one recorded print of a ticket: its number among the ticket's
// prints (1 the original, N ≥ 2 'Duplicado N'), what it was printed as, who
// printed it and when.
type Impresion struct {
	ID        int64     `json:"id"`
	PasajeID  int64     `json:"pasaje_id"`
	Numero    int       `json:"numero"`
	Formato   string    `json:"formato"`
	Papel     string    `json:"papel"`
	UsuarioID int64     `json:"usuario_id"`
	CreatedAt time.Time `json:"created_at"`
}

// RegistrarImpresiones records one print of each ticket of ids (in the order
// given; at most once each) as formato on papel, by the actor, in one
// transaction: each ticket's row is locked (in ascending id order, so two
// prints of overlapping tickets never deadlock) and its print takes the next
// number, so two reprints at once get 2 and 3, never both 2. Each print is
// audited (IMPRESION_PASAJE for the first, REIMPRESION_PASAJE after). A ticket
// of another company, or of another seller when vendedorID > 0, is a 404.
// Idempotent by the actor's key: a replay answers the same numbers.
func (s *Store) RegistrarImpresiones(ctx context.Context, a Actor, ids []int64, formato, papel string,
	vendedorID int64) ([]Impresion, error) {
	orden := slices.Clone(ids)
	slices.Sort(orden)
	if len(slices.Compact(orden)) != len(ids) {
		return nil, domain.Invalid(domain.MsgImpresionesRepetidas)
	}
	return idempotent(ctx, s, a, "pasajes.imprimir", func(c sqldb.Conn) ([]Impresion, error) {
		porPasaje := make(map[int64]Impresion, len(ids))
		for _, id := range orden {
			var vendedor int64
			var numeroPasaje string
			err := c.QueryRow(ctx, `SELECT usuario_id, numero_pasaje FROM pasajes WHERE empresa_id = ? AND id = ?`+
				c.Dialect().ForUpdate(), a.EmpresaID, id).Scan(&vendedor, &numeroPasaje)
			missing, err := sqldb.NoRows(err)
			if err != nil {
				return nil, wrap("bloquear pasaje a imprimir", err)
			}
			if missing || (vendedorID > 0 && vendedor != vendedorID) {
				return nil, domain.NotFound(domain.MsgPasajeNoEncontrado)
			}
			im := Impresion{PasajeID: id, Formato: formato, Papel: papel, UsuarioID: a.UsuarioID, CreatedAt: c.Now()}
			if err := c.QueryRow(ctx, `SELECT COALESCE(MAX(numero), 0) + 1 FROM pasaje_impresiones WHERE empresa_id = ? AND pasaje_id = ?`,
				a.EmpresaID, id).Scan(&im.Numero); err != nil {
				return nil, wrap("numerar impresión", err)
			}
			im.ID, err = c.InsertID(ctx, `INSERT INTO pasaje_impresiones (empresa_id, pasaje_id, numero, formato, papel, usuario_id, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?)`, a.EmpresaID, id, im.Numero, formato, papel, nulo(a.UsuarioID), im.CreatedAt)
			if err != nil {
				return nil, wrap("registrar impresión", err)
			}
			accion, detalle := AccionImpresionPasaje, "Impresión del pasaje "+numeroPasaje
			if domain.EsDuplicado(im.Numero) {
				accion, detalle = AccionReimpresionPasaje, "Reimpresión del pasaje "+numeroPasaje+" ("+domain.LeyendaDuplicado(im.Numero)+")"
			}
			if err := s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: accion, IP: a.IP,
				Exito: true, Detalles: detalle + ", " + formato + " " + papel}); err != nil {
				return nil, err
			}
			porPasaje[id] = im
		}
		out := make([]Impresion, 0, len(ids))
		for _, id := range ids {
			out = append(out, porPasaje[id])
		}
		return out, nil
	})
}

// CopiaSinRegistrar marks, in NumerosDeImpresion, a ticket already printed
// whose page is read without a print of its own: a copy, shown as DUPLICADO.
const CopiaSinRegistrar = -1

// NumerosDeImpresion is the print number each of the company's tickets
// pasajeIDs is printed with: the number of its print among impresionIDs (the
// company's recorded prints, at most one per ticket, each of one of these
// tickets: otherwise a 404), else CopiaSinRegistrar when the ticket was
// printed before, else nothing (never printed: the original).
func (s *Store) NumerosDeImpresion(ctx context.Context, empresaID int64, pasajeIDs, impresionIDs []int64) (map[int64]int, error) {
	out := make(map[int64]int, len(pasajeIDs))
	if len(impresionIDs) > 0 {
		type fila struct {
			id, pasaje int64
			numero     int
		}
		filas, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (f fila, err error) {
			return f, sc.Scan(&f.id, &f.pasaje, &f.numero)
		}, `SELECT id, pasaje_id, numero FROM pasaje_impresiones WHERE empresa_id = ? AND id IN (`+
			sqldb.Placeholders(len(impresionIDs))+`)`, append([]any{empresaID}, int64Args(impresionIDs)...)...)
		if err != nil {
			return nil, wrap("leer impresiones", err)
		}
		for _, f := range filas {
			if _, repetido := out[f.pasaje]; repetido || !slices.Contains(pasajeIDs, f.pasaje) {
				return nil, domain.NotFound(domain.MsgImpresionNoEncontrada)
			}
			out[f.pasaje] = f.numero
		}
		if len(filas) != len(slices.Compact(slices.Sorted(slices.Values(impresionIDs)))) {
			return nil, domain.NotFound(domain.MsgImpresionNoEncontrada)
		}
	}
	var resto []int64
	for _, id := range pasajeIDs {
		if _, ok := out[id]; !ok {
			resto = append(resto, id)
		}
	}
	if len(resto) == 0 {
		return out, nil
	}
	impresos, err := sqldb.QueryIDs(ctx, s.db.Conn(), `SELECT DISTINCT pasaje_id FROM pasaje_impresiones WHERE empresa_id = ? AND pasaje_id IN (`+
		sqldb.Placeholders(len(resto))+`)`, append([]any{empresaID}, int64Args(resto)...)...)
	if err != nil {
		return nil, wrap("leer impresiones", err)
	}
	for _, id := range impresos {
		out[id] = CopiaSinRegistrar
	}
	return out, nil
}

// ReferenciasDePago are the payment references of the company's tickets ids
// as their sale's register movement stored them (a card's last four and
// authorization, a transfer's id, Mercado Pago's order and payment), for the
// printed ticket; a ticket sold without one is absent.
func (s *Store) ReferenciasDePago(ctx context.Context, empresaID int64, ids []int64) (map[int64]domain.Referencia, error) {
	out := make(map[int64]domain.Referencia, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	type fila struct {
		pasaje int64
		ref    domain.Referencia
	}
	filas, err := sqldb.QueryAll(ctx, s.db.Conn(), func(sc sqldb.Scanner) (f fila, err error) {
		return f, sc.Scan(append([]any{&f.pasaje}, referenciaDestinos(&f.ref)...)...)
	}, `SELECT p.id, `+referenciaColumns+` FROM pasajes p
		JOIN caja_movimientos m ON m.empresa_id = p.empresa_id AND m.id = p.movimiento_id
		JOIN medios_pago mp ON mp.id = m.medio_pago_id
		WHERE p.empresa_id = ? AND p.id IN (`+sqldb.Placeholders(len(ids))+`)`, append([]any{empresaID}, int64Args(ids)...)...)
	if err != nil {
		return nil, wrap("leer referencias de pago", err)
	}
	for _, f := range filas {
		if !f.ref.Vacia() {
			out[f.pasaje] = f.ref
		}
	}
	return out, nil
}

// ImpresionesDe is how many times the company's ticket id was printed (its
// recorded prints; the detail view shows it).
func (s *Store) ImpresionesDe(ctx context.Context, c sqldb.Conn, empresaID, id int64) (int, error) {
	var n int
	err := c.QueryRow(ctx, `SELECT COUNT(*) FROM pasaje_impresiones WHERE empresa_id = ? AND pasaje_id = ?`, empresaID, id).Scan(&n)
	return n, wrap("contar impresiones", err)
}

func int64Args(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}
