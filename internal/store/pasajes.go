package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/events"
)

// Pasaje is a ticket as the API shows it (operaciones §3).
type Pasaje struct {
	ID                int64
	NumeroPasaje      string
	CodigoQR          string
	FechaViaje        string
	FechaEmbarque     *time.Time
	Precio            domain.Centavos
	PrecioTotal       domain.Centavos
	Estado            string
	ClienteNombre     string
	ClienteTelefono   string
	ClienteEmail      string
	SeccionID         int64
	SeccionNombre     string
	TipoViajeID       int64
	TipoViajeNombre   string
	MedioPagoID       int64
	MedioPagoNombre   string
	CantidadPasajeros int
	Observaciones     string
	UsuarioNombre     string
	NombreUsuario     string // the seller's login (kept in idempotent replays)
	CreatedAt         time.Time
}

type nombreRef struct {
	Nombre string
}

const pasajeColumns = `p.id, p.numero_pasaje, p.codigo_qr, CAST(p.fecha_viaje AS TEXT), p.fecha_embarque, p.precio,
	p.estado, p.cliente_nombre, p.cliente_telefono, p.cliente_email, p.seccion_id, s.nombre, p.tipo_viaje_id, t.nombre,
	p.medio_pago_id, m.nombre, p.observaciones, u.nombre_usuario, u.nombre, u.apellido, p.created_at`

const pasajeFrom = `FROM pasajes p JOIN secciones s ON s.id = p.seccion_id JOIN tipos_viaje t ON t.id = p.tipo_viaje_id
	JOIN medios_pago m ON m.id = p.medio_pago_id JOIN usuarios u ON u.id = p.usuario_id `

func scanPasaje(sc scanner) (Pasaje, error) {
	var (
		p                Pasaje
		nombre, apellido string
	)
	err := sc.Scan(&p.ID, &p.NumeroPasaje, &p.CodigoQR, &p.FechaViaje, &p.FechaEmbarque, &p.Precio, &p.Estado,
		&p.ClienteNombre, &p.ClienteTelefono, &p.ClienteEmail, &p.SeccionID, &p.SeccionNombre, &p.TipoViajeID,
		&p.TipoViajeNombre, &p.MedioPagoID, &p.MedioPagoNombre, &p.Observaciones, &p.NombreUsuario,
		&nombre, &apellido, &p.CreatedAt)
	p.PrecioTotal, p.CantidadPasajeros = p.Precio, 1
	p.UsuarioNombre = nombreCompleto(nombre, apellido, p.NombreUsuario)
	return p, err
}

func (s *Store) pasajes(ctx context.Context, c conn, where string, args ...any) ([]Pasaje, error) {
	out, err := queryAll(ctx, c, scanPasaje, `SELECT `+pasajeColumns+` `+pasajeFrom+` `+where, args...)
	return out, wrap("listar pasajes", err)
}

// Venta is a whole sale: one section, date and payment method, several lines.
type Venta struct {
	SeccionID       int64
	FechaViaje      string
	MedioPagoID     int64
	ClienteNombre   string
	ClienteTelefono string
	ClienteEmail    string
	Observaciones   string
	Lineas          []domain.LineaVenta
	// PrecioEsperado, when set, must equal the price table's unit price (the
	// single-ticket call carries the price the seller saw).
	PrecioEsperado *domain.Centavos
}

// Vender sells every ticket of a sale in one transaction: the tickets, the
// income movement in the seller's open register and the audit entry are all
// written, or none is. Prices come from the price table.
func (s *Store) Vender(ctx context.Context, a Actor, v Venta) ([]Pasaje, error) {
	v.FechaViaje = strings.TrimSpace(v.FechaViaje)
	return idempotent(ctx, s, a, "pasajes.vender", func(c conn) ([]Pasaje, error) {
		empresa, err := empresa(ctx, c, a.EmpresaID)
		if err != nil {
			return nil, err
		}
		hoy := domain.DiaDe(c.now, domain.Location(empresa.Timezone)).Fecha
		if err := domain.ValidarVenta(v.SeccionID, v.MedioPagoID, v.FechaViaje, hoy, v.Lineas); err != nil {
			return nil, err
		}
		cajaID, err := s.cajaAbiertaID(ctx, c, a)
		if err != nil || cajaID == 0 {
			return nil, firstErr(err, domain.Invalid(domain.MsgDebeAbrirCaja))
		}
		lineas, total, err := s.preciosVenta(ctx, c, a.EmpresaID, v)
		if err != nil {
			return nil, err
		}
		return s.emitir(ctx, c, a, empresa, cajaID, v, lineas, total, hoy)
	})
}

// lineaPrecio is a sale line with its unit price and the trip type's name.
type lineaPrecio struct {
	domain.LineaVenta
	precio domain.Centavos
}

// preciosVenta checks that section, payment method and trip types are active
// and the company's own, and prices every line from the price table.
func (s *Store) preciosVenta(ctx context.Context, c conn, empresaID int64, v Venta) ([]lineaPrecio, domain.Centavos, error) {
	if err := s.activo(ctx, c, empresaID, domain.CatSecciones, v.SeccionID); err != nil {
		return nil, 0, err
	}
	if err := s.activo(ctx, c, empresaID, domain.CatMediosPago, v.MedioPagoID); err != nil {
		return nil, 0, err
	}
	var (
		out   []lineaPrecio
		total domain.Centavos
	)
	for _, l := range v.Lineas {
		if err := s.activo(ctx, c, empresaID, domain.CatTiposViaje, l.TipoViajeID); err != nil {
			return nil, 0, err
		}
		precio, ok, err := s.precio(ctx, c, empresaID, v.SeccionID, l.TipoViajeID)
		if err != nil {
			return nil, 0, err
		}
		if !ok {
			return nil, 0, domain.Invalid("No hay un precio configurado para esa sección y tipo de viaje")
		}
		if v.PrecioEsperado != nil && *v.PrecioEsperado != precio {
			return nil, 0, domain.Invalid(fmt.Sprintf("El precio enviado (%s) no coincide con el precio vigente (%s)",
				*v.PrecioEsperado, precio))
		}
		out = append(out, lineaPrecio{l, precio})
		total += precio * domain.Centavos(l.Cantidad)
	}
	return out, total, nil
}

// activo fails unless the catalog entry exists in the company and is active.
func (s *Store) activo(ctx context.Context, c conn, empresaID int64, cat domain.Catalogo, id int64) error {
	it, err := s.itemCatalogo(ctx, c, empresaID, cat, id)
	if err != nil {
		return err
	}
	if !it.Activo {
		return cat.Inactivo(it.Nombre)
	}
	return nil
}

// emitir writes the movement, the tickets and the audit entry of a priced sale.
func (s *Store) emitir(ctx context.Context, c conn, a Actor, e Empresa, cajaID int64, v Venta, lineas []lineaPrecio,
	total domain.Centavos, hoy string) ([]Pasaje, error) {
	cantidad := 0
	for _, l := range lineas {
		cantidad += l.Cantidad
	}
	key, err := s.claveEmpresa(ctx, c, a.EmpresaID)
	if err != nil {
		return nil, err
	}
	var ultimo int64
	err = c.row(ctx, `INSERT INTO secuencias (empresa_id, nombre, valor) VALUES (?, 'pasajes', ?)
		ON CONFLICT (empresa_id, nombre) DO UPDATE SET valor = secuencias.valor + excluded.valor RETURNING valor`,
		a.EmpresaID, cantidad).Scan(&ultimo)
	if err != nil {
		return nil, wrap("numerar pasajes", err)
	}
	movID, err := c.insertID(ctx, `INSERT INTO caja_movimientos (empresa_id, caja_id, usuario_id, tipo, monto,
		descripcion, medio_pago_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, a.EmpresaID, cajaID, a.UsuarioID,
		domain.MovVentaPasaje, total, fmt.Sprintf("Venta de %d pasaje(s)", cantidad), v.MedioPagoID, c.now)
	if err != nil {
		return nil, wrap("registrar venta en caja", err)
	}
	prefijo, seq := domain.PrefijoEmpresa(e.Nombre), ultimo-int64(cantidad)
	var numeros []string
	for _, l := range lineas {
		for i := 0; i < l.Cantidad; i++ {
			seq++
			numero := domain.NumeroPasaje(prefijo, hoy, seq)
			codigo, err := domain.FirmarCodigoQR(key, a.EmpresaID, numero, v.FechaViaje)
			if err != nil {
				return nil, err
			}
			_, err = c.exec(ctx, `INSERT INTO pasajes (empresa_id, numero_pasaje, codigo_qr, fecha_viaje, precio, estado,
				cliente_nombre, cliente_telefono, cliente_email, seccion_id, tipo_viaje_id, medio_pago_id, caja_id,
				movimiento_id, usuario_id, observaciones, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				a.EmpresaID, numero, codigo, v.FechaViaje, l.precio, domain.PasajeActivo, domain.NombreCliente(v.ClienteNombre),
				strings.TrimSpace(v.ClienteTelefono), strings.TrimSpace(v.ClienteEmail), v.SeccionID, l.TipoViajeID,
				v.MedioPagoID, cajaID, movID, a.UsuarioID, strings.TrimSpace(v.Observaciones), c.now)
			if err != nil {
				return nil, wrap("crear pasaje", err)
			}
			numeros = append(numeros, numero)
		}
	}
	err = s.audit(ctx, c, Auditoria{EmpresaID: a.EmpresaID, UsuarioID: a.UsuarioID, Accion: AccionVentaPasaje, IP: a.IP,
		Exito: true, Detalles: fmt.Sprintf("%d pasaje(s) por %s: %s", cantidad, total, strings.Join(numeros, ", "))})
	if err != nil {
		return nil, err
	}
	pasajes, err := s.pasajes(ctx, c, `WHERE p.empresa_id = ? AND p.movimiento_id = ? ORDER BY p.id`, a.EmpresaID, movID)
	for _, p := range pasajes {
		c.emit(events.PasajeCreado, a.EmpresaID, EventoPasaje{PasajeID: p.ID, NumeroPasaje: p.NumeroPasaje,
			FechaViaje: p.FechaViaje, UsuarioID: a.UsuarioID})
	}
	return pasajes, err
}
