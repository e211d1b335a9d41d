package store

import (
	"context"
	"fmt"
	"strings"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// No silent overbooking (docs/features/sobreventa.md).

// AccionSobreventa audits a sale that went past its day's seats: confirmed
// online (on whoever confirmed it) or synced from an offline sale (on its
// seller).
const AccionSobreventa = "SOBREVENTA"

// Disponibilidad is the seats of a travel date (YYYY-MM-DD) and section of
// the company (domain.CupoDelDia): another company's section is 404.
func (s *Store) Disponibilidad(ctx context.Context, empresaID, seccionID int64, fecha string) (domain.Cupo, error) {
	return leerCupo(ctx, s.db.Conn(), empresaID, seccionID, fecha, false)
}

// leerCupo reads the seats of a date and section in one statement: the
// section's capacity, the tickets sold (active or boarded) and one row per
// departure of the day. With bloquear (a sale's transaction, PostgreSQL) the
// section's row is locked first, NO KEY UPDATE (the tickets' foreign keys
// still go in), and the seats are read after the lock, by a statement of its
// own that sees every sale committed meanwhile: two sellers of the last seat
// are served one after the other and the second counts the first one's
// ticket. SQLite's write transactions are exclusive already.
func leerCupo(ctx context.Context, c sqldb.Conn, empresaID, seccionID int64, fecha string, bloquear bool) (domain.Cupo, error) {
	noEncontrada := domain.NotFound(domain.CatSecciones.Mensajes.NoEncontrado)
	if bloquear && c.Dialect().Postgres() {
		var id int64
		err := c.QueryRow(ctx, `SELECT id FROM secciones WHERE empresa_id = ? AND id = ?`+c.Dialect().ForNoKeyUpdate(),
			empresaID, seccionID).Scan(&id)
		if missing, err := sqldb.NoRows(err); missing || err != nil {
			return domain.Cupo{}, firstErr(wrap("bloquear sección", err), noEncontrada)
		}
	}
	type fila struct {
		capacidad, vendidos int64
		estado, sentido     *string
		barco               int64
	}
	filas, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (f fila, err error) {
		return f, sc.Scan(&f.capacidad, &f.vendidos, &f.estado, &f.sentido, &f.barco)
	}, `SELECT sec.capacidad, (SELECT COUNT(*) FROM pasajes p WHERE p.empresa_id = sec.empresa_id AND p.fecha_viaje = ?
			AND p.seccion_id = sec.id AND p.estado IN (?, ?)),
		s.estado, s.sentido, COALESCE(b.capacidad, 0)
		FROM secciones sec LEFT JOIN salidas s ON s.empresa_id = sec.empresa_id AND s.seccion_id = sec.id AND s.fecha = ?
		LEFT JOIN embarcaciones b ON b.id = s.embarcacion_id
		WHERE sec.empresa_id = ? AND sec.id = ? LIMIT ?`,
		fecha, domain.PasajeActivo, domain.PasajeUsado, fecha, empresaID, seccionID, MaxSalidasListado)
	if err != nil {
		return domain.Cupo{}, wrap("leer lugares del día", err)
	}
	if len(filas) == 0 {
		return domain.Cupo{}, noEncontrada
	}
	var salidas []domain.SalidaCupo
	for _, f := range filas {
		if f.estado != nil {
			salidas = append(salidas, domain.SalidaCupo{Estado: *f.estado, Sentido: *f.sentido, Capacidad: f.barco})
		}
	}
	return domain.CupoDelDia(salidas, filas[0].capacidad, filas[0].vendidos), nil
}

// sobreventa is a sale that goes past its day's seats: the seats it found,
// how many tickets are over and who confirmed it (nil: an offline sale,
// synced).
type sobreventa struct {
	cupo     domain.Cupo
	exceso   int64
	confirmo *Aprobador
}

// comprobarCupo checks an online sale against its day's seats, in its
// transaction: one that fits goes on (nil); one past them needs the
// confirmation of a user of the company whose role has pasajes.sobreventa
// (409 domain.SinLugares without one, 403 when the confirming user lacks it).
func comprobarCupo(ctx context.Context, c sqldb.Conn, a Actor, p ventaPreparada) (*sobreventa, error) {
	cupo, err := leerCupo(ctx, c, a.EmpresaID, p.SeccionID, p.FechaViaje, true)
	if err != nil {
		return nil, err
	}
	n := int64(p.cantidad())
	exceso := cupo.Exceso(n)
	if exceso == 0 {
		return nil, nil
	}
	ap := p.Sobreventa
	if ap == nil {
		return nil, domain.SinLugares(cupo, n)
	}
	if ap.EmpresaID != a.EmpresaID || !domain.PuedeSobrevender(ap.Rol, ap.Permisos) {
		return nil, domain.Forbidden(domain.MsgSobreventaSinPermiso)
	}
	return &sobreventa{cupo: cupo, exceso: exceso, confirmo: ap}, nil
}

// cupoOffline reads the seats an offline sale found at its sync: it is never
// refused for them (it was sold and printed already), but one past them is
// marked, audited and notified (registrarSobreventa).
func cupoOffline(ctx context.Context, c sqldb.Conn, a Actor, p ventaPreparada) (*sobreventa, error) {
	cupo, err := leerCupo(ctx, c, a.EmpresaID, p.SeccionID, p.FechaViaje, false)
	if err != nil {
		return nil, err
	}
	if exceso := cupo.Exceso(int64(p.cantidad())); exceso > 0 {
		return &sobreventa{cupo: cupo, exceso: exceso}, nil
	}
	return nil, nil
}

// registrarSobreventa audits a sale that went past its day's seats (on who
// confirmed it, or on the seller of an offline sale) with its tickets, and
// tells the company's supervisors.
func (s *Store) registrarSobreventa(ctx context.Context, c sqldb.Conn, a Actor, p ventaPreparada, sv *sobreventa, pasajes []Pasaje) error {
	if sv == nil {
		return nil
	}
	numeros := make([]string, len(pasajes))
	for i, ps := range pasajes {
		numeros[i] = ps.NumeroPasaje
	}
	vendedor := nombreCompleto(p.vendedor.Nombre, p.vendedor.Apellido, p.vendedor.NombreUsuario)
	quien, titulo := a.UsuarioID, domain.TituloSobreventaOffline
	mensaje := domain.MensajeSobreventaOffline(vendedor, p.seccion, p.FechaViaje, sv.exceso, sv.cupo)
	if sv.confirmo != nil {
		quien, titulo = sv.confirmo.UsuarioID, domain.TituloSobreventa
		mensaje = domain.MensajeSobreventa(sv.confirmo.Nombre, vendedor, p.seccion, p.FechaViaje, sv.exceso, sv.cupo)
	}
	err := s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: quien, Accion: AccionSobreventa, IP: a.IP, Exito: true,
		Detalles: fmt.Sprintf("%s: %s", mensaje, strings.Join(numeros, ", "))})
	if err != nil {
		return err
	}
	c.Emit(events.Event{Nombre: events.AlertaSistema, EmpresaID: a.EmpresaID, Roles: Supervisores,
		Datos: EventoAlerta{Tipo: "sobreventa", Titulo: titulo, Mensaje: mensaje}})
	return nil
}
