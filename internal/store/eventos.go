package store

// The payloads of the events the store's writes emit (names in package events).

// EventoPasaje is the payload of pasajeCreado and pasajeValidado: one ticket.
type EventoPasaje struct {
	PasajeID     int64  `json:"pasaje_id"`
	NumeroPasaje string `json:"numero_pasaje"`
	FechaViaje   string `json:"fecha_viaje"`
	UsuarioID    int64  `json:"usuario_id"`
}

// EventoCaja is the payload of cajaAbierta, cajaCerrada and movimientoCaja
// (MovimientoID only for the latter).
type EventoCaja struct {
	CajaID       int64 `json:"caja_id"`
	UsuarioID    int64 `json:"usuario_id"`
	MovimientoID int64 `json:"movimiento_id,omitempty"`
}

// EventoConfig is the payload of configActualizada: which table changed
// (secciones, tipos_viaje, medios_pago or precios).
type EventoConfig struct {
	Tabla string `json:"tabla"`
}
