package store

import (
	"context"
	"fmt"
	"strings"

	"muelle/internal/domain"
	"muelle/internal/events"
	"muelle/internal/store/sqldb"
)

// No silent overbooking (docs/features/sobreventa.md): a sale takes its
// seats from its day's counter (cupos.go) or, past them, needs a
// supervisor's confirmation; an offline sale is marked instead.

// AccionSobreventa audits a sale that went past its day's seats: confirmed
// online (on whoever confirmed it) or synced from an offline sale (on its
// seller).
const AccionSobreventa = "SOBREVENTA"

// cupoDeVenta is the counter a sale's seats are on and how many it takes.
func cupoDeVenta(a Actor, p ventaPreparada) (claveCupo, int64) {
	return claveCupo{empresaID: a.EmpresaID, seccionID: p.SeccionID, fecha: p.FechaViaje}, int64(p.cantidad())
}

// Disponibilidad is the seats of a travel date (YYYY-MM-DD) and section of
// the company (domain.CupoDelDia): another company's section is 404.
func (s *Store) Disponibilidad(ctx context.Context, empresaID, seccionID int64, fecha string) (domain.Cupo, error) {
	return leerCupo(ctx, s.db.Conn(), claveCupo{empresaID: empresaID, seccionID: seccionID, fecha: fecha}, false)
}

// leerCupo reads the seats of a date and section in one statement: the
// section's capacity, its counter and one row per departure of the day. With
// bloquear (a sale the counter refused, PostgreSQL) the counter's row is
// locked first, so that what is read stays true until the sale ends; SQLite's
// write transactions are exclusive already.
func leerCupo(ctx context.Context, c sqldb.Conn, k claveCupo, bloquear bool) (domain.Cupo, error) {
	if bloquear && c.Dialect().Postgres() {
		if _, err := c.Exec(ctx, `SELECT vendidos FROM cupos WHERE empresa_id = ? AND seccion_id = ? AND fecha = ?`+
			c.Dialect().ForNoKeyUpdate(), k.empresaID, k.seccionID, k.fecha); err != nil {
			return domain.Cupo{}, wrap("bloquear lugares del día", err)
		}
	}
	type fila struct {
		capacidad, vendidos int64
		estado, sentido     *string
		barco               int64
	}
	filas, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (f fila, err error) {
		return f, sc.Scan(&f.capacidad, &f.vendidos, &f.estado, &f.sentido, &f.barco)
	}, `SELECT sec.capacidad, COALESCE((SELECT k.vendidos FROM cupos k WHERE k.empresa_id = sec.empresa_id
			AND k.seccion_id = sec.id AND k.fecha = ?), 0),
		s.estado, s.sentido, COALESCE(b.capacidad, 0)
		FROM secciones sec LEFT JOIN salidas s ON s.empresa_id = sec.empresa_id AND s.seccion_id = sec.id AND s.fecha = ?
		LEFT JOIN embarcaciones b ON b.id = s.embarcacion_id
		WHERE sec.empresa_id = ? AND sec.id = ? LIMIT ?`,
		k.fecha, k.fecha, k.empresaID, k.seccionID, MaxSalidasListado)
	if err != nil {
		return domain.Cupo{}, wrap("leer lugares del día", err)
	}
	if len(filas) == 0 {
		return domain.Cupo{}, domain.NotFound(domain.CatSecciones.Mensajes.NoEncontrado)
	}
	var salidas []domain.SalidaCupo
	for _, f := range filas {
		if f.estado != nil {
			salidas = append(salidas, domain.SalidaCupo{Estado: *f.estado, Sentido: *f.sentido, Capacidad: f.barco})
		}
	}
	return domain.CupoDelDia(salidas, filas[0].capacidad, filas[0].vendidos), nil
}

// lugaresOCupo takes n seats of a sale when they fit (nil); otherwise it
// answers the seats that refused them, read with the counter locked (a seat
// freed between the refusal and the read is taken then).
func lugaresOCupo(ctx context.Context, c sqldb.Conn, k claveCupo, n int64, intento *intentoLugares) (*domain.Cupo, error) {
	tomados, err := tomarLugares(ctx, c, k, n, intento)
	if err != nil || tomados {
		return nil, err
	}
	cupo, err := leerCupo(ctx, c, k, true)
	if err != nil {
		return nil, err
	}
	if cupo.Exceso(n) == 0 {
		return nil, sumarLugares(ctx, c, k, n)
	}
	return &cupo, nil
}

// sobreventa is a sale that goes past its day's seats: the seats it found,
// how many tickets are over and who confirmed it (nil: an offline sale,
// synced).
type sobreventa struct {
	cupo     domain.Cupo
	exceso   int64
	confirmo *Aprobador
}

// comprobarCupo takes an online sale's seats in its transaction: one that
// fits goes on (nil); one past them needs the confirmation of a user of the
// company whose role has pasajes.sobreventa (409 domain.SinLugares without
// one, 403 when the confirming user lacks it), and then takes them past the
// capacity.
func comprobarCupo(ctx context.Context, c sqldb.Conn, a Actor, p ventaPreparada) (*sobreventa, error) {
	k, n := cupoDeVenta(a, p)
	cupo, err := lugaresOCupo(ctx, c, k, n, p.lugares)
	if err != nil || cupo == nil {
		return nil, err
	}
	ap := p.Sobreventa
	if ap == nil {
		return nil, domain.SinLugares(*cupo, n)
	}
	if ap.EmpresaID != a.EmpresaID || !domain.PuedeSobrevender(ap.Rol, ap.Permisos) {
		return nil, domain.Forbidden(domain.MsgSobreventaSinPermiso)
	}
	if err := sumarLugares(ctx, c, k, n); err != nil {
		return nil, err
	}
	return &sobreventa{cupo: *cupo, exceso: cupo.Exceso(n), confirmo: ap}, nil
}

// cupoOffline takes an offline sale's seats at its sync: it is never refused
// for them (it was sold and printed already), but one past them is marked,
// audited and notified (registrarSobreventa).
func cupoOffline(ctx context.Context, c sqldb.Conn, a Actor, p ventaPreparada) (*sobreventa, error) {
	k, n := cupoDeVenta(a, p)
	cupo, err := lugaresOCupo(ctx, c, k, n, nil)
	if err != nil || cupo == nil {
		return nil, err
	}
	if err := sumarLugares(ctx, c, k, n); err != nil {
		return nil, err
	}
	return &sobreventa{cupo: *cupo, exceso: cupo.Exceso(n)}, nil
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
