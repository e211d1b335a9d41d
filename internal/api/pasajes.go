package api

import (
	"context"
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// DatosVenta is what every sale carries: one section, travel date, payment
// method and customer.
type DatosVenta struct {
	SeccionID       int64  `json:"seccion_id"`
	FechaViaje      string `json:"fecha_viaje" maxLength:"10"`
	MedioPagoID     int64  `json:"medio_pago_id"`
	ClienteNombre   string `json:"cliente_nombre,omitempty" maxLength:"100"`
	ClienteTelefono string `json:"cliente_telefono,omitempty" maxLength:"30"`
	ClienteEmail    string `json:"cliente_email,omitempty" maxLength:"254"`
	// ClienteDocumento links the sale to the customer of that document
	// (created with the sale when the company does not have it yet).
	ClienteDocumento string `json:"cliente_documento,omitempty" maxLength:"20"`
	Observaciones    string `json:"observaciones,omitempty" maxLength:"500" multilinea:"true"`
	// Referencia is the payment's reference, as the payment method's kind
	// takes it (docs/features/referencias-pago.md).
	Referencia *ReferenciaPago `json:"referencia,omitempty"`
	// Sobreventa confirms the sale should it go past its day's seats (a 409
	// with domain.RechazoSobreventa otherwise).
	Sobreventa *ConfirmacionSobreventa `json:"sobreventa,omitempty"`
	// Pasajeros names the tickets' passengers, in the order of the tickets
	// (docs/features/pasajeros.md).
	Pasajeros []PasajeroVenta `json:"pasajeros,omitempty" maxItems:"200" unidad:"pasajeros" description:"Un pasajero por pasaje, en el orden de los pasajes (las líneas, cada una su cantidad); uno vacío no nombra a nadie. Obligatorio para cada pasaje en una sección que exige pasajeros"`
	// SalidaID sells the tickets for that departure (docs/features/salidas.md,
	// "Venta de una salida"); without it, for the travel date.
	SalidaID *int64 `json:"salida_id,omitempty" minimum:"1" description:"La salida del día y la sección para la que se venden los pasajes (GET /api/pasajes/disponibilidad las lista); sin ella, para la fecha de viaje"`
}

// PasajeroVenta is the passenger of one ticket of a sale: a name, and
// optionally the document, nationality, date of birth (which sets the age
// band) or age band, and sex.
type PasajeroVenta struct {
	Nombre          string `json:"nombre,omitempty" maxLength:"100" description:"Nombre y apellido"`
	DocumentoTipo   string `json:"documento_tipo,omitempty" enum:"DNI,PASAPORTE,CI,OTRO" maxLength:"10" description:"DNI si falta y hay número"`
	DocumentoNumero string `json:"documento_numero,omitempty" maxLength:"20"`
	Nacionalidad    string `json:"nacionalidad,omitempty" maxLength:"60"`
	FechaNacimiento string `json:"fecha_nacimiento,omitempty" format:"date" maxLength:"10" description:"AAAA-MM-DD; fija la franja de edad"`
	FranjaEdad      string `json:"franja_edad,omitempty" enum:"bebe,menor,adolescente,adulto,mayor" maxLength:"11" description:"bebe 0–2, menor 3–11, adolescente 12–17, adulto 18–64, mayor 65 o más"`
	Sexo            string `json:"sexo,omitempty" enum:"F,M,X" maxLength:"1"`
}

// PasajeroPasaje is the passenger a ticket names (empty fields: not given;
// an anonymised one is named domain.NombreAnonimizado with only its age band).
type PasajeroPasaje domain.Pasajero

// ReferenciaPago is a payment's reference: a card's last four digits and
// authorization code (a method of kind tarjeta), or a transfer's id (kind
// transferencia). Required when the method says so; a part its kind does not
// take is refused.
type ReferenciaPago struct {
	Ultimos4      string `json:"ultimos4,omitempty" maxLength:"4" description:"Tarjeta: los últimos 4 dígitos"`
	Autorizacion  string `json:"autorizacion,omitempty" maxLength:"12" description:"Tarjeta: el código de autorización (letras y números)"`
	Transferencia string `json:"transferencia,omitempty" maxLength:"40" description:"Transferencia: su número o identificador"`
}

// referencia is the store's reference of a sale (the zero one when absent).
func (r *ReferenciaPago) referencia() domain.Referencia {
	if r == nil {
		return domain.Referencia{}
	}
	return domain.Referencia{Ultimos4: r.Ultimos4, Autorizacion: r.Autorizacion, Transferencia: r.Transferencia}
}

// referenciaPagoDe is a stored reference as answered (nil when empty).
func referenciaPagoDe(r domain.Referencia) *ReferenciaPago {
	if r.CobroMP = nil; r.Vacia() { // the Mercado Pago ids are answered apart (Movimiento.CobroMP)
		return nil
	}
	return &ReferenciaPago{Ultimos4: r.Ultimos4, Autorizacion: r.Autorizacion, Transferencia: r.Transferencia}
}

// ConfirmacionSobreventa confirms a sale past the day's seats
// (docs/features/sobreventa.md): empty, by the seller, whose role must
// have pasajes.sobreventa; with nombre_usuario and password, by that user of
// the company (a supervisor at the seller's side), whose role must have it.
type ConfirmacionSobreventa struct {
	NombreUsuario string `json:"nombre_usuario,omitempty" maxLength:"100"`
	Password      string `json:"password,omitempty" maxLength:"200"`
}

// VenderPasajes is the body of POST /pasajes/lote: a whole sale, several lines.
type VenderPasajes struct {
	DatosVenta
	Lineas []LineaVenta `json:"lineas"`
	// BeneficioID redeems that benefit with the points of the customer of
	// cliente_documento: the server computes the discount and charges the rest.
	BeneficioID *int64 `json:"beneficio_id,omitempty" minimum:"1"`
}

// LineaVenta is a trip type and how many tickets of it (1–50).
type LineaVenta struct {
	TipoViajeID int64 `json:"tipo_viaje_id"`
	Cantidad    int   `json:"cantidad" minimum:"1" maximum:"50"`
}

// VenderPasaje is the body of POST /pasajes: one ticket; a precio that differs
// from the price table is refused.
type VenderPasaje struct {
	DatosVenta
	TipoViajeID int64            `json:"tipo_viaje_id"`
	Precio      *domain.Centavos `json:"precio,omitempty"`
	// BeneficioID redeems a benefit, as in VenderPasajes; precio is still
	// the list price.
	BeneficioID *int64 `json:"beneficio_id,omitempty" minimum:"1"`
}

// Venta is the answer of a whole sale: its tickets and their total.
type Venta struct {
	Pasajes []Pasaje        `json:"pasajes"`
	Total   domain.Centavos `json:"total"`
}

// Pasaje is a ticket as the API shows it (operaciones §3), with the spec's
// nested aliases of the customer, section, trip type and seller.
type Pasaje struct {
	FichaPasaje
	Precio      domain.Centavos `json:"precio"`
	PrecioTotal domain.Centavos `json:"precio_total"`
}

// PasajeConsultado is a ticket as the ticket list ('Mis Ventas' too) and its
// detail show it: its amounts are null for a ticket of the caller's open
// register when they count it blind (docs/features/cierre-ciego.md): added
// up, they give its expected cash.
type PasajeConsultado struct {
	FichaPasaje
	Precio      *domain.Centavos `json:"precio"`
	PrecioTotal *domain.Centavos `json:"precio_total"`
}

// FichaPasaje is everything of a ticket but its amounts.
type FichaPasaje struct {
	ID               int64      `json:"id"`
	NumeroPasaje     string     `json:"numero_pasaje"`
	CodigoQR         string     `json:"codigo_qr"`
	FechaViaje       string     `json:"fecha_viaje"`
	FechaEmbarque    *time.Time `json:"fecha_embarque"`
	Estado           string     `json:"estado" enum:"activo,cancelado,usado"`
	ClienteNombre    string     `json:"cliente_nombre"`
	ClienteTelefono  string     `json:"cliente_telefono"`
	ClienteEmail     string     `json:"cliente_email"`
	ClienteDocumento string     `json:"cliente_documento"`
	ClienteID        *int64     `json:"cliente_id"`
	SeccionID        int64      `json:"seccion_id"`
	SeccionNombre    string     `json:"seccion_nombre"`
	TipoViajeID      int64      `json:"tipo_viaje_id"`
	TipoViajeNombre  string     `json:"tipo_viaje_nombre"`
	MedioPagoID      int64      `json:"medio_pago_id"`
	MedioPagoNombre  string     `json:"medio_pago_nombre"`
	// MedioPagoEfectivo: the payment method goes into the cash drawer
	// (domain.EsEfectivo of its tipo), so its refund leaves the drawer.
	MedioPagoEfectivo bool       `json:"medio_pago_efectivo"`
	CantidadPasajeros int        `json:"cantidad_pasajeros"`
	Observaciones     string     `json:"observaciones"`
	UsuarioNombre     string     `json:"usuario_nombre"`
	CreatedAt         time.Time  `json:"created_at"`
	Cliente           ClienteRef `json:"cliente"`
	Seccion           NombreRef  `json:"seccion"`
	TipoViaje         NombreRef  `json:"tipoViaje"`
	Usuario           UsuarioRef `json:"usuario"`
	// IdaYVuelta: a round trip, which boards once each way (the offline validator keeps these three).
	IdaYVuelta bool `json:"ida_y_vuelta"`
	// VueltaHasta is the last day its return may board (YYYY-MM-DD; null: open-dated).
	VueltaHasta *string `json:"vuelta_hasta"`
	// FechaEmbarqueVuelta is when its return boarded (null: not yet).
	FechaEmbarqueVuelta *time.Time `json:"fecha_embarque_vuelta"`
	// Pasajero is the passenger the ticket names (null: none; the buyer is cliente).
	Pasajero *PasajeroPasaje `json:"pasajero"`
	// Salida is the departure it was sold for (null: sold for its day).
	Salida *SalidaDelPasaje `json:"salida"`
}

// SalidaDelPasaje is the departure a ticket was sold for, as it prints.
type SalidaDelPasaje struct {
	ID             int64  `json:"id"`
	Hora           string `json:"hora" description:"HH:MM, en la zona de la empresa"`
	Embarcacion    string `json:"embarcacion" description:"Vacío si todavía no tiene embarcación"`
	ParadaEmbarque string `json:"parada_embarque" description:"La parada donde se embarca"`
}

// salidaDelPasaje is the ticket's departure as the API shows it (nil: none).
func salidaDelPasaje(s domain.SalidaPasaje) *SalidaDelPasaje {
	if s.SalidaID == 0 {
		return nil
	}
	return &SalidaDelPasaje{ID: s.SalidaID, Hora: s.Hora, Embarcacion: s.Embarcacion, ParadaEmbarque: s.ParadaEmbarque}
}

// ClienteRef is the ticket's customer (the spec's cliente: {nombre, telefono}).
type ClienteRef struct {
	Nombre   string `json:"nombre"`
	Telefono string `json:"telefono"`
}

func pasajeDe(p store.Pasaje) Pasaje {
	return Pasaje{FichaPasaje: fichaDe(p), Precio: p.Precio, PrecioTotal: p.PrecioTotal}
}

func fichaDe(p store.Pasaje) FichaPasaje {
	return FichaPasaje{ID: p.ID, NumeroPasaje: p.NumeroPasaje, CodigoQR: p.CodigoQR, FechaViaje: p.FechaViaje,
		FechaEmbarque: p.FechaEmbarque, Estado: p.Estado,
		ClienteNombre: p.ClienteNombre, ClienteTelefono: p.ClienteTelefono, ClienteEmail: p.ClienteEmail,
		ClienteDocumento: p.ClienteDocumento, ClienteID: p.ClienteID, SeccionID: p.SeccionID, SeccionNombre: p.SeccionNombre, TipoViajeID: p.TipoViajeID,
		TipoViajeNombre: p.TipoViajeNombre, MedioPagoID: p.MedioPagoID, MedioPagoNombre: p.MedioPagoNombre,
		MedioPagoEfectivo: domain.EsEfectivo(p.MedioPagoTipo), CantidadPasajeros: p.CantidadPasajeros, Observaciones: p.Observaciones, UsuarioNombre: p.UsuarioNombre,
		CreatedAt: p.CreatedAt, Cliente: ClienteRef{Nombre: p.ClienteNombre, Telefono: p.ClienteTelefono},
		Seccion: NombreRef{p.SeccionNombre}, TipoViaje: NombreRef{p.TipoViajeNombre}, Usuario: UsuarioRef{p.NombreUsuario},
		IdaYVuelta: p.IdaYVuelta, VueltaHasta: p.VueltaHasta, FechaEmbarqueVuelta: p.FechaEmbarqueVuelta,
		Pasajero: (*PasajeroPasaje)(p.Pasajero), Salida: salidaDelPasaje(p.Salida)}
}

// venta is the store's sale of these lines.
func (d DatosVenta) venta(lineas []domain.LineaVenta) store.Venta {
	return store.Venta{SeccionID: d.SeccionID, FechaViaje: d.FechaViaje, MedioPagoID: d.MedioPagoID,
		ClienteNombre: d.ClienteNombre, ClienteTelefono: d.ClienteTelefono, ClienteEmail: d.ClienteEmail,
		ClienteDocumento: d.ClienteDocumento, Observaciones: d.Observaciones, Referencia: d.Referencia.referencia(), Lineas: lineas,
		Pasajeros: mapRows(d.Pasajeros, func(p PasajeroVenta) domain.Pasajero { return domain.Pasajero(p) }),
		SalidaID:  d.SalidaID}
}

// CanalesEnvio says by which channels the company can send a sale's tickets
// now: e-mail with its SMTP configured and active, WhatsApp with its device
// linked. The counter offers only these after a sale.
type CanalesEnvio struct {
	Email    bool `json:"email"`
	WhatsApp bool `json:"whatsapp"`
}

func (s *Server) canalesEnvio(r *http.Request) (CanalesEnvio, error) {
	empresa := actorFrom(r).EmpresaID()
	email, err := s.estadoEmail(r)
	if err != nil {
		return CanalesEnvio{}, err
	}
	w, err := s.Store.SesionWhatsAppDe(r.Context(), empresa)
	if err != nil {
		return CanalesEnvio{}, err
	}
	return CanalesEnvio{Email: email.Configurado && email.Activo, WhatsApp: w.Estado == domain.WhatsAppConectado}, nil
}

// crearLote sells a whole sale: every ticket or none.
func (s *Server) crearLote(r *http.Request, body VenderPasajes) (createdReply[Venta], error) {
	lineas := mapRows(body.Lineas, func(l LineaVenta) domain.LineaVenta { return domain.LineaVenta(l) })
	v := body.venta(lineas)
	v.BeneficioID = body.BeneficioID
	pasajes, err := s.vender(r, body.DatosVenta, v)
	if err != nil {
		return createdReply[Venta]{}, err
	}
	total, err := domain.Sumar(mapRows(pasajes, func(p store.Pasaje) domain.Centavos { return p.Precio })...)
	if err != nil {
		return createdReply[Venta]{}, err
	}
	return created(Venta{Pasajes: mapRows(pasajes, pasajeDe), Total: total}, domain.Plural(int64(len(pasajes)), "pasaje creado", "pasajes creados")+" exitosamente"), nil
}

// crearPasaje sells one ticket; a precio that differs from the price table is refused.
func (s *Server) crearPasaje(r *http.Request, body VenderPasaje) (createdReply[Pasaje], error) {
	v := body.venta([]domain.LineaVenta{{TipoViajeID: body.TipoViajeID, Cantidad: 1}})
	v.PrecioEsperado, v.BeneficioID = body.Precio, body.BeneficioID
	pasajes, err := s.vender(r, body.DatosVenta, v)
	if err != nil {
		return createdReply[Pasaje]{}, err
	}
	return created(pasajeDe(pasajes[0]), "Pasaje creado exitosamente"), nil
}

func (s *Server) vender(r *http.Request, d DatosVenta, v store.Venta) ([]store.Pasaje, error) {
	a, err := writeActor(r)
	if err != nil {
		return nil, err
	}
	if v.Sobreventa, err = s.confirmaSobreventa(r, a, d.Sobreventa); err != nil {
		return nil, err
	}
	return s.Store.Vender(r.Context(), a, v)
}

// confirmaSobreventa is who confirms a sale past its day's seats: nobody
// without a confirmation, the seller with an empty one, or the user of the
// credentials it carries, checked like the approval of a register's close
// (auth.Service.Verificar: a wrong user or password is 403 and counts towards
// the login lockout; another company's user is 403). Whether that user's role
// may confirm it is the store's to say, and only if the sale goes past them.
func (s *Server) confirmaSobreventa(r *http.Request, a store.Actor, c *ConfirmacionSobreventa) (*store.Aprobador, error) {
	if c == nil {
		return nil, nil
	}
	if c.NombreUsuario == "" && c.Password == "" {
		ap := aprobadorDe(actorFrom(r).Usuario)
		return &ap, nil
	}
	u, err := s.Auth.Verificar(r.Context(), c.NombreUsuario, c.Password, a.IP, "Credenciales verificadas para confirmar una venta sin lugares",
		domain.MsgCredencialesAprobador)
	if err != nil {
		return nil, err
	}
	if u.EmpresaID != a.EmpresaID {
		return nil, domain.Forbidden(domain.MsgSobreventaSinPermiso)
	}
	ap := aprobadorDe(u)
	return &ap, nil
}

// FiltroPasajes is the filter of the ticket list and of its export; dates are
// the sale's business day. A seller's list is always its own, whatever
// usuario_id says.
type FiltroPasajes struct {
	Busqueda    string `query:"busqueda" maxLength:"100" description:"Parte del número, del nombre o del teléfono del cliente"`
	FechaInicio string `query:"fecha_inicio" format:"date" description:"Desde este día de venta (AAAA-MM-DD); sin fechas, los últimos 31 días; hasta 366 días"`
	FechaFin    string `query:"fecha_fin" format:"date" description:"Hasta este día de venta (AAAA-MM-DD), incluido; solo, los 31 días que terminan en él"`
	Estado      string `query:"estado" enum:"activo,cancelado,usado" description:"Solo los pasajes en este estado"`
	SeccionID   int64  `query:"seccion_id" minimum:"1" description:"Solo los pasajes de esta sección"`
	TipoViajeID int64  `query:"tipo_viaje_id" minimum:"1" description:"Solo los pasajes de este tipo de viaje"`
	UsuarioID   int64  `query:"usuario_id" minimum:"1" description:"Solo los pasajes que vendió este usuario"`
	Referencia  string `query:"referencia" maxLength:"40" description:"Solo los pasajes pagados con esta referencia: los últimos 4 dígitos o la autorización de la tarjeta, o el número de transferencia, completos"`
}

func (f FiltroPasajes) comprobar() error {
	if f.FechaInicio != "" && f.FechaFin != "" && f.FechaFin < f.FechaInicio {
		return parametroInvalido("fecha_fin", "El parámetro fecha_fin no puede ser anterior a fecha_inicio")
	}
	return nil
}

// ConsultaPasajes is the query of the ticket list: its filter and the page
// (operaciones §9: 10 tickets by default, at most 100).
type ConsultaPasajes struct {
	FiltroPasajes
	Page  int64 `query:"page" minimum:"1" maximum:"1000000" description:"Número de página, desde 1"`
	Limit int64 `query:"limit" minimum:"1" maximum:"100" default:"10" description:"Pasajes por página"`
}

// ListadoPasajes is the answer of GET /pasajes: one page of tickets and the
// figures of the whole filter. totalItems counts every ticket it matched (the
// pages); totalPasajes and totalVentas are the non-cancelled ones and what
// they sold; cancelados and importeCancelado the cancelled ones, apart.
// totalVentas and importeCancelado are null when the filter may hold tickets
// of the caller's open register and they count it blind (importesOcultos).
type ListadoPasajes struct {
	// FechaInicio and FechaFin are the sale days the list covers: the
	// filter's, or the window it defaulted to (YYYY-MM-DD).
	FechaInicio      string             `json:"fecha_inicio"`
	FechaFin         string             `json:"fecha_fin"`
	Pasajes          []PasajeConsultado `json:"pasajes"`
	TotalPages       int64              `json:"totalPages"`
	TotalItems       int64              `json:"totalItems"`
	TotalPasajes     int64              `json:"totalPasajes"`
	TotalVentas      *domain.Centavos   `json:"totalVentas"`
	Cancelados       int64              `json:"cancelados"`
	ImporteCancelado *domain.Centavos   `json:"importeCancelado"`
}

// AnularPasaje is the optional body of PUT /pasajes/{id}/cancelar and /reactivar: why.
type AnularPasaje struct {
	Motivo string `json:"motivo,omitempty" maxLength:"500"`
	// Referencia is the reference of the money moved by the ticket's method:
	// the refund's own (optional) or the new charge's (as the method requires).
	Referencia *ReferenciaPago `json:"referencia,omitempty" description:"La referencia del dinero que se mueve, según el medio de pago del pasaje: la de la devolución (opcional) o la del nuevo cobro al reactivar (obligatoria si el medio la exige)"`
}

// anulacion is the store's account of the change the clerk typed.
func (b AnularPasaje) anulacion() store.Anulacion {
	return store.Anulacion{Motivo: b.Motivo, Referencia: b.Referencia.referencia()}
}

// vendedorDe is the seller a caller's ticket reads are narrowed to: the caller
// when the role sees only its own sales, 0 (the whole company) otherwise.
func vendedorDe(r *http.Request) int64 {
	a := actorFrom(r)
	return domain.VendedorDeLectura(a.Usuario.Rol, a.Usuario.ID)
}

// filtroListado is the ticket list's filter as the store takes it: a
// seller's list is always its own, and its sale days are a bounded window
// (domain.VentanaListado: the last 31 days without dates, 400 past 366).
func (s *Server) filtroListado(r *http.Request, c FiltroPasajes) (store.FiltroListadoPasajes, error) {
	hoy, err := s.hoyDelModulo(r)
	if err != nil {
		return store.FiltroListadoPasajes{}, err
	}
	v, err := domain.VentanaListado(c.FechaInicio, c.FechaFin, hoy)
	if err != nil {
		return store.FiltroListadoPasajes{}, parametroInvalido("fecha_inicio", domain.MsgPeriodoListadoLargo)
	}
	f := store.FiltroListadoPasajes{Busqueda: c.Busqueda, FechaInicio: v.Desde, FechaFin: v.Hasta,
		Estado: c.Estado, SeccionID: c.SeccionID, TipoViajeID: c.TipoViajeID, UsuarioID: c.UsuarioID, Referencia: c.Referencia}
	if v := vendedorDe(r); v > 0 {
		f.UsuarioID = v
	}
	return f, nil
}

// listarPasajes answers one page of the ticket list with the filter's totals.
func (s *Server) listarPasajes(r *http.Request, c ConsultaPasajes) (ListadoPasajes, error) {
	f, err := s.filtroListado(r, c.FiltroPasajes)
	if err != nil {
		return ListadoPasajes{}, err
	}
	f.Pagina = paginaDe(c.Page, c.Limit)
	pasajes, t, err := s.Store.ListarPasajes(r.Context(), actorFrom(r).EmpresaID(), f)
	if err != nil {
		return ListadoPasajes{}, err
	}
	o, err := s.importesOcultos(r, f)
	out := ListadoPasajes{FechaInicio: f.FechaInicio, FechaFin: f.FechaFin,
		Pasajes: mapRows(pasajes, o.pasaje), TotalItems: t.TotalItems, TotalPasajes: t.Vigentes,
		TotalVentas: &t.TotalVentas, Cancelados: t.Cancelados, ImporteCancelado: &t.ImporteCancelado,
		TotalPages: (t.TotalItems + f.Pagina.Limite - 1) / f.Pagina.Limite}
	if o.totales {
		out.TotalVentas, out.ImporteCancelado = nil, nil
	}
	return out, err
}

// ocultos is what the ticket list and its export leave out for a cashier who
// counts their open register blind (ciego): the amount of each ticket sold
// into it (cajaID; 0: none), and the filter's totals when its seller and its
// days may hold one of those tickets (totales). Added up, with the register's
// opening, they are the expected cash (docs/features/cierre-ciego.md).
type ocultos struct {
	cajaID  int64
	totales bool
}

// oculto reports whether p's amount is hidden.
func (o ocultos) oculto(p store.Pasaje) bool { return o.cajaID != 0 && p.CajaID == o.cajaID }

// pasaje is p as the list shows it: without its amounts when hidden.
func (o ocultos) pasaje(p store.Pasaje) PasajeConsultado {
	out := PasajeConsultado{FichaPasaje: fichaDe(p), Precio: &p.Precio, PrecioTotal: &p.PrecioTotal}
	if o.oculto(p) {
		out.Precio, out.PrecioTotal = nil, nil
	}
	return out
}

// importesOcultos is what the list of the filter f hides from the caller.
func (s *Server) importesOcultos(r *http.Request, f store.FiltroListadoPasajes) (ocultos, error) {
	caja, ok, err := s.cajaCiega(r)
	if err != nil || !ok {
		return ocultos{}, err
	}
	a := actorFrom(r)
	m, err := s.Store.ModulosActivosDe(r.Context(), a.EmpresaID(), a.Usuario.ModulosVersion)
	propias := f.UsuarioID == 0 || f.UsuarioID == a.Usuario.ID
	return ocultos{cajaID: caja.ID, totales: propias && f.FechaFin >= m.DiaDe(caja.FechaApertura)}, err
}

// cajaCiega is the caller's open register (a count pending approval
// included) when they count it blind (ciego). A role that never does
// (domain.CierraACiegas even in a company that closes blind) reads nothing.
func (s *Server) cajaCiega(r *http.Request) (store.Caja, bool, error) {
	a := actorFrom(r)
	if !domain.CierraACiegas(a.Usuario.Rol, a.Usuario.Permisos, true) {
		return store.Caja{}, false, nil
	}
	caja, ok, err := s.Store.CajaAbierta(r.Context(), a.EmpresaID(), a.Usuario.ID)
	return caja, ok && err == nil && ciego(r, caja), err
}

// pasajeDelPedido reads the ticket of the path's {id} as the caller may see it.
func (s *Server) pasajeDelPedido(r *http.Request) (store.Pasaje, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return store.Pasaje{}, err
	}
	return s.Store.PasajePorID(r.Context(), actorFrom(r).EmpresaID(), id, vendedorDe(r))
}

// PasajeDetalle is one ticket as its detail view shows it: the ticket and
// how many times it was printed.
type PasajeDetalle struct {
	PasajeConsultado
	Impresiones int `json:"impresiones" minimum:"0" description:"Las veces que se imprimió (la primera es el original; las siguientes, duplicados)"`
}

// verPasaje answers one ticket with its customer, section, trip type and
// seller, and how many times it was printed, and audits the lookup
// (CONSULTA_PASAJE).
func (s *Server) verPasaje(r *http.Request) (PasajeDetalle, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return PasajeDetalle{}, err
	}
	a := actorFrom(r)
	p, impresiones, err := s.Store.ConsultarPasaje(r.Context(), store.Actor{UsuarioID: a.Usuario.ID, EmpresaID: a.EmpresaID(),
		IP: clientIP(r)}, id, vendedorDe(r))
	if err != nil {
		return PasajeDetalle{}, err
	}
	var o ocultos
	caja, ok, err := s.cajaCiega(r)
	if ok {
		o.cajaID = caja.ID
	}
	return PasajeDetalle{PasajeConsultado: o.pasaje(p), Impresiones: impresiones}, err
}

// cancelarPasaje cancels a ticket and refunds it from the caller's open register.
func (s *Server) cancelarPasaje(r *http.Request, body AnularPasaje) (reply[Pasaje], error) {
	soloPropia := actorFrom(r).SoloVentaPropia
	cancelar := func(ctx context.Context, a store.Actor, id int64, an store.Anulacion) (store.Pasaje, error) {
		return s.Store.CancelarPasaje(ctx, a, id, an, soloPropia)
	}
	return s.cambiarEstado(r, body, cancelar, domain.MsgPasajeCanceladoOK)
}

// reactivarPasaje reactivates a cancelled ticket and charges it into the caller's open register.
func (s *Server) reactivarPasaje(r *http.Request, body AnularPasaje) (reply[Pasaje], error) {
	return s.cambiarEstado(r, body, s.Store.ReactivarPasaje, domain.MsgPasajeReactivadoOK)
}

func (s *Server) cambiarEstado(r *http.Request, body AnularPasaje,
	run func(context.Context, store.Actor, int64, store.Anulacion) (store.Pasaje, error), msg string) (reply[Pasaje], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[Pasaje]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[Pasaje]{}, err
	}
	p, err := run(r.Context(), a, id, body.anulacion())
	return withMessage(pasajeDe(p), msg), err
}

// ConsultaDisponibilidad is the query of a day's seats.
type ConsultaDisponibilidad struct {
	SeccionID int64  `query:"seccion_id" minimum:"1" required:"true" description:"La sección"`
	Fecha     string `query:"fecha" format:"date" description:"Día de viaje (AAAA-MM-DD); hoy si falta"`
}

// Disponibilidad is the seats of a travel date and section and the
// departures the sale may choose.
type Disponibilidad struct {
	domain.Cupo
	// SalidasDelDia are the day's departures of the section, by time, with
	// their own seats (none: the company does not run departures that day).
	SalidasDelDia []SalidaDisponible `json:"salidas_del_dia"`
}

// SalidaDisponible is a departure of the day as the quick sale offers it.
type SalidaDisponible struct {
	ID             int64  `json:"id"`
	Hora           string `json:"hora"`
	Sentido        string `json:"sentido" enum:"ida,vuelta"`
	Estado         string `json:"estado" enum:"programada,embarcando,zarpo,cancelada"`
	Embarcacion    string `json:"embarcacion" description:"Vacío si todavía no tiene embarcación"`
	ParadaEmbarque string `json:"parada_embarque"`
	// Capacidad is its boat's certified capacity (0: no boat, no limit of its own).
	Capacidad int64 `json:"capacidad"`
	Vendidos  int64 `json:"vendidos"`
	// Quedan is Capacidad − Vendidos (negative when oversold; 0 without a boat).
	Quedan int64 `json:"quedan"`
}

// disponibilidad answers the seats of a travel date and section
// (domain.CupoDelDia) and its departures: the quick sale shows what is left
// before selling.
func (s *Server) disponibilidad(r *http.Request, q ConsultaDisponibilidad) (Disponibilidad, error) {
	empresaID := actorFrom(r).EmpresaID()
	fecha := q.Fecha
	if fecha == "" {
		hoy, err := s.hoy(r)
		if err != nil {
			return Disponibilidad{}, err
		}
		fecha = hoy.Fecha
	}
	cupo, err := s.Store.Disponibilidad(r.Context(), empresaID, q.SeccionID, fecha)
	if err != nil {
		return Disponibilidad{}, err
	}
	salidas, err := s.Store.SalidasDeVenta(r.Context(), empresaID, q.SeccionID, fecha)
	return Disponibilidad{Cupo: cupo, SalidasDelDia: mapRows(salidas, func(x domain.SalidaVendible) SalidaDisponible {
		c := domain.CupoSalida(x)
		return SalidaDisponible{ID: x.ID, Hora: x.Hora, Sentido: x.Sentido, Estado: x.Estado, Embarcacion: x.Embarcacion,
			ParadaEmbarque: x.ParadaEmbarque, Capacidad: c.Capacidad, Vendidos: x.Vendidos, Quedan: c.Quedan}
	})}, err
}
