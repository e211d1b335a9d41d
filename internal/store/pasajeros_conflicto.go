package store

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// An offline sale on a section that requires a named passenger per ticket is
// accepted without every name (it was sold and printed) and goes to the
// conflicts marked domain.MarcaSinNombres; the supervisor names its
// passengers there (docs/features/pasajeros.md).

// MaxPasajesConflicto bounds the tickets of a conflict named in one request
// (an offline sale's tickets).
const MaxPasajesConflicto = 200

// AccionNombrarPasajeros is the audit action of passengers named after the sale.
const AccionNombrarPasajeros = "NOMBRAR_PASAJEROS"

// PasajeroNombrado names the passenger of one ticket.
type PasajeroNombrado struct {
	PasajeID int64
	Pasajero domain.Pasajero
}

// PasajesDelConflicto are the company's tickets a conflict names (an offline
// sale's, in their order), each with its passenger: 404 for another
// company's conflict.
func (s *Store) PasajesDelConflicto(ctx context.Context, empresaID, id int64) ([]Pasaje, error) {
	return s.pasajesDelConflicto(ctx, s.db.Conn(), empresaID, id)
}

func (s *Store) pasajesDelConflicto(ctx context.Context, c sqldb.Conn, empresaID, id int64) ([]Pasaje, error) {
	ps, _, err := s.pasajesYMarcasDelConflicto(ctx, c, empresaID, id)
	return ps, err
}

// pasajesYMarcasDelConflicto are the conflict's tickets and the marks its act
// left (domain.Marca…).
func (s *Store) pasajesYMarcasDelConflicto(ctx context.Context, c sqldb.Conn, empresaID, id int64) ([]Pasaje, []string, error) {
	var numeros, marcas string
	err := c.QueryRow(ctx, `SELECT k.numero_pasaje, COALESCE((SELECT a.marcas FROM acciones_offline a WHERE a.id = k.accion_id), '')
		FROM conflictos_offline k WHERE k.empresa_id = ? AND k.id = ?`, empresaID, id).Scan(&numeros, &marcas)
	if missing, err := sqldb.NoRows(err); err != nil || missing {
		return nil, nil, firstErr(wrap("leer conflicto", err), domain.NotFound(domain.MsgConflictoNoEncontrado))
	}
	var args []any
	for n := range strings.SplitSeq(numeros, ",") {
		if n = strings.TrimSpace(n); n != "" && len(args) < MaxPasajesConflicto {
			args = append(args, n)
		}
	}
	if len(args) == 0 {
		return []Pasaje{}, strings.Split(marcas, ","), nil
	}
	ps, err := s.pasajes(ctx, c, `WHERE p.empresa_id = ? AND p.numero_pasaje IN (`+sqldb.Placeholders(len(args))+`) ORDER BY p.id`,
		append([]any{empresaID}, args...)...)
	return ps, strings.Split(marcas, ","), err
}

// NombrarPasajerosDelConflicto names (or renames) the passengers of tickets
// the conflict id names, in one transaction, only for an offline sale marked
// domain.MarcaSinNombres (any other conflict is 409): each checked as a sale's
// (domain.Pasajero.Normalizar, by the ticket's travel day); a ticket the
// conflict does not name is 404, and nothing is written. Audited; a retried
// key names once. It answers the conflict's tickets as they are now.
func (s *Store) NombrarPasajerosDelConflicto(ctx context.Context, a Actor, id int64, nombres []PasajeroNombrado) ([]Pasaje, error) {
	return idempotent(ctx, s, a, "sync.nombrar_pasajeros", func(c sqldb.Conn) ([]Pasaje, error) {
		pasajes, marcas, err := s.pasajesYMarcasDelConflicto(ctx, c, a.EmpresaID, id)
		if err != nil {
			return nil, err // another company's conflict is 404 before its body is read
		}
		if !slices.Contains(marcas, domain.MarcaSinNombres) {
			return nil, domain.Conflict(domain.MsgConflictoSinNombresFaltantes)
		}
		if len(nombres) == 0 || len(nombres) > MaxPasajesConflicto {
			return nil, domain.Invalid(fmt.Sprintf(domain.MsgPasajerosANombrar, MaxPasajesConflicto))
		}
		var numeros []string
		for i, n := range nombres {
			k := slices.IndexFunc(pasajes, func(p Pasaje) bool { return p.ID == n.PasajeID })
			if k < 0 {
				return nil, domain.NotFound(domain.MsgPasajeNoEncontrado)
			}
			x, err := n.Pasajero.Normalizar(i+1, pasajes[k].FechaViaje)
			if err != nil {
				return nil, err
			}
			if err := guardarPasajero(ctx, c, a.EmpresaID, pasajes[k], x); err != nil {
				return nil, err
			}
			numeros = append(numeros, pasajes[k].NumeroPasaje)
		}
		err = s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionNombrarPasajeros, IP: a.IP,
			Exito: true, Detalles: fmt.Sprintf("Conflicto #%d: pasajeros nombrados en %s", id, strings.Join(numeros, ", "))})
		if err != nil {
			return nil, err
		}
		return s.pasajesDelConflicto(ctx, c, a.EmpresaID, id)
	})
}

// guardarPasajero writes the passenger of ticket p, replacing the one it named.
func guardarPasajero(ctx context.Context, c sqldb.Conn, empresaID int64, p Pasaje, x domain.Pasajero) error {
	if _, err := c.Exec(ctx, `DELETE FROM pasajeros WHERE empresa_id = ? AND pasaje_id = ?`, empresaID, p.ID); err != nil {
		return wrap("reemplazar pasajero", err)
	}
	_, err := c.Exec(ctx, `INSERT INTO pasajeros (empresa_id, pasaje_id, fecha_viaje, nombre, documento_tipo,
		documento_numero, nacionalidad, fecha_nacimiento, franja_edad, sexo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		empresaID, p.ID, p.FechaViaje, x.Nombre, vacioNulo(x.DocumentoTipo), vacioNulo(x.DocumentoNumero),
		vacioNulo(x.Nacionalidad), vacioNulo(x.FechaNacimiento), vacioNulo(x.FranjaEdad), vacioNulo(x.Sexo))
	return wrap("guardar pasajero", err)
}
