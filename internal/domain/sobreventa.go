package domain

import "fmt"

// No silent overbooking (docs/features/sobreventa.md): the seats of a
// travel date and section, the sale that would go past them, and who may
// confirm it.

// PermisoSobreventa lets a role confirm a sale past the day's seats (its own,
// or another seller's with its credentials typed on the seller's screen).
const PermisoSobreventa = "pasajes.sobreventa"

// PuedeSobrevender reports whether a role confirms an oversale.
func PuedeSobrevender(rol string, permisos Permisos) bool {
	return ConPermiso(PermisoSobreventa).Permite(rol, permisos)
}

// Where the seats of a day come from.
const (
	OrigenCupoSalidas = "salidas" // the boats of the day's outbound departures
	OrigenCupoSeccion = "seccion" // the section's capacity
	OrigenCupoLibre   = "libre"   // no limit known
	OrigenCupoSalida  = "salida"  // one departure's boat, for a sale of that departure (salida_venta.go)
)

// SalidaCupo is a departure as the seats rule reads it: its state, its
// direction and its boat's certified capacity (0: no boat).
type SalidaCupo struct {
	Estado    string
	Sentido   string
	Capacidad int64
}

// Cupo is the seats of a travel date and section: Capacidad (0 when Limitado
// is false), the tickets sold for it (Vendidos: active and boarded, not
// cancelled) and what is left (Quedan, negative when oversold).
type Cupo struct {
	Limitado  bool   `json:"limitado"`
	Origen    string `json:"origen" enum:"salidas,seccion,libre,salida"`
	Capacidad int64  `json:"capacidad"`
	Vendidos  int64  `json:"vendidos"`
	Quedan    int64  `json:"quedan"`
	// Salidas counts the day's outbound departures with a boat that make Capacidad.
	Salidas int `json:"salidas"`
}

// CupoDelDia is the seats rule: when the day has outbound ('ida') departures
// of the section, not cancelled and with a boat, its seats are the sum of
// their boats' capacities; otherwise the section's capacity when set (> 0);
// otherwise there is no limit. Return legs ('vuelta') are not counted: a
// ticket takes its seat on its travel date's outbound trips.
func CupoDelDia(salidas []SalidaCupo, capacidadSeccion, vendidos int64) Cupo {
	c := Cupo{Vendidos: vendidos, Origen: OrigenCupoLibre}
	for _, s := range salidas {
		if s.Estado == SalidaCancelada || s.Sentido == SentidoVuelta || s.Capacidad <= 0 {
			continue
		}
		c.Capacidad += s.Capacidad
		c.Salidas++
	}
	switch {
	case c.Salidas > 0:
		c.Limitado, c.Origen = true, OrigenCupoSalidas
	case capacidadSeccion > 0:
		c.Limitado, c.Origen, c.Capacidad = true, OrigenCupoSeccion, capacidadSeccion
	}
	if c.Limitado {
		c.Quedan = c.Capacidad - vendidos
	}
	return c
}

// Exceso is how many of n more tickets would go past the seats (0: they fit,
// or there is no limit).
func (c Cupo) Exceso(n int64) int64 {
	if !c.Limitado {
		return 0
	}
	return max(0, n-max(c.Quedan, 0))
}

// RechazoSobreventa is the data of a sale refused with 409 for lack of seats:
// the day's seats and how many tickets the sale asked for.
type RechazoSobreventa struct {
	Cupo
	Solicitados int64 `json:"solicitados"`
	Exceso      int64 `json:"exceso"`
}

// Messages of the overbooking rule.
const (
	MsgSobreventaSinPermiso = "El usuario no puede confirmar ventas sin lugares: se requiere un supervisor"
	TituloSobreventa        = "Venta confirmada sin lugares"
	TituloSobreventaOffline = "Venta sin conexión sin lugares"
)

// MsgSinLugares is the refusal of a sale past the day's seats.
func MsgSinLugares(quedan int64) string {
	return fmt.Sprintf("No quedan lugares para esa fecha y sección (quedan %d). Requiere confirmación de un supervisor.", max(quedan, 0))
}

// SinLugares is the 409 of a sale of n tickets past the seats c.
func SinLugares(c Cupo, n int64) *Error {
	return &Error{Kind: KindConflict, Message: MsgSinLugares(c.Quedan),
		Data: RechazoSobreventa{Cupo: c, Solicitados: n, Exceso: c.Exceso(n)}}
}

// MensajeSobreventa is the supervisors' notification and the audit of a
// confirmed oversale: "Ana Gómez confirmó 3 pasajes de más en Tigre – Tres
// Bocas el 20/11/2026 (capacidad 60, vendidos 59, venta de Diego Sosa)".
func MensajeSobreventa(confirmo, vendedor, seccion, fecha string, exceso int64, c Cupo) string {
	return fmt.Sprintf("%s confirmó %s de más en %s el %s (capacidad %d, ya vendidos %d, venta de %s)",
		confirmo, CantidadPasajes(int(exceso)), seccion, FechaAR(fecha), c.Capacidad, c.Vendidos, vendedor)
}

// MensajeSobreventaOffline is the notification of an offline sale that, synced,
// went past the day's seats: it went in (it was sold and printed already).
func MensajeSobreventaOffline(vendedor, seccion, fecha string, exceso int64, c Cupo) string {
	return fmt.Sprintf("Una venta sin conexión de %s dejó %s de más en %s el %s (capacidad %d, ya vendidos %d)",
		vendedor, CantidadPasajes(int(exceso)), seccion, FechaAR(fecha), c.Capacidad, c.Vendidos)
}
