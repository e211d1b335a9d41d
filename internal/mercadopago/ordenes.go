package mercadopago

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/externo"
)

// The QR payments of Mercado Pago's Orders API (docs/features/mercadopago.md,
// "Orders"): POST /v1/orders with type "qr", GET /v1/orders/{id}, and its
// cancel and refund. Every call that changes something carries the caller's
// X-Idempotency-Key: a repeat with the same key and the same body is the same
// operation at Mercado Pago (one order, one cancellation, one refund).

// An order's status at Mercado Pago (its status field).
const (
	EstadoCreada      = "created"         // waiting for the payment
	EstadoProcesada   = "processed"       // paid and credited (partial refunds keep it)
	EstadoReembolsada = "refunded"        // its whole payment was refunded
	EstadoCancelada   = "canceled"        // canceled through the API
	EstadoVencida     = "expired"         // not paid within its expiration time
	EstadoFallida     = "failed"          // its payment failed
	EstadoEnProceso   = "processing"      // a payment is under way
	EstadoAccion      = "action_required" // the payer (or a terminal) must act
)

// Bounds of an order Mercado Pago accepts.
const (
	MaxDescripcionOrden  = 150
	MaxReferenciaExterna = 64
	MaxClaveIdempotencia = 64
	MinVenceOrden        = 30 * time.Second
	MaxVenceOrden        = 3600 * time.Hour
)

// TipoQR is an order's type for QR payments; ModoQRDinamico its mode
// with a QR of its own (config.qr.mode), whose content the order answers.
const (
	TipoQR         = "qr"
	ModoQRDinamico = "dynamic"
)

// EncabezadoIdempotencia is the header of the key that makes a write safe to repeat.
const EncabezadoIdempotencia = "X-Idempotency-Key"

const rutaOrdenes = "/v1/orders"

// OrdenQR is a QR order to create: Muelle's reference of the sale (letters,
// digits, - and _, at most 64), the seller's POS (its external id), the
// amount, what the payer reads, and how long it may be paid (Mercado Pago
// expires it then; 30 s to 3600 h).
type OrdenQR struct {
	ExternalReference string
	ExternalPosID     string
	Total             domain.Centavos
	Descripcion       string
	Vence             time.Duration
}

// Orden is an order as Mercado Pago answers it, its amounts read exactly.
type Orden struct {
	ID                string
	Estado            string // status: one of Estado…
	DetalleEstado     string // status_detail: accredited, partially_refunded, …
	ExternalReference string
	Total             domain.Centavos
	// QRData is the dynamic QR's content (EMVCo), what the payer scans.
	QRData string
	// PagoID is the payment transaction's id (transactions.payments[0].id),
	// known from the creation; it is paid when the order is Procesada.
	PagoID string
	// Pagado is what the payer paid (0 until paid).
	Pagado domain.Centavos
	// Reembolsado is the sum of the refunds that did not fail.
	Reembolsado domain.Centavos
}

// Procesada reports whether the order was paid (and not wholly refunded).
func (o Orden) Procesada() bool { return o.Estado == EstadoProcesada }

// Terminal reports whether the order's payment has its outcome: paid,
// refunded, canceled, expired or failed. A created order, one under way or
// one waiting for an action may still change.
func (o Orden) Terminal() bool {
	switch o.Estado {
	case EstadoProcesada, EstadoReembolsada, EstadoCancelada, EstadoVencida, EstadoFallida:
		return true
	}
	return false
}

// pedidoOrden is the body of POST /v1/orders for a dynamic QR.
type pedidoOrden struct {
	Type              string          `json:"type"`
	ExternalReference string          `json:"external_reference"`
	Description       string          `json:"description,omitempty"`
	ExpirationTime    string          `json:"expiration_time"`
	TotalAmount       string          `json:"total_amount"`
	Config            configOrden     `json:"config"`
	Transactions      transaccionesMP `json:"transactions"`
	Items             []itemOrden     `json:"items"`
}

type configOrden struct {
	QR struct {
		ExternalPosID string `json:"external_pos_id"`
		Mode          string `json:"mode"`
	} `json:"qr"`
}

type transaccionesMP struct {
	Payments []montoPago `json:"payments"`
}

type montoPago struct {
	ID     string `json:"id,omitempty"`
	Amount string `json:"amount"`
}

type itemOrden struct {
	Title       string `json:"title"`
	UnitPrice   string `json:"unit_price"`
	Quantity    int    `json:"quantity"`
	UnitMeasure string `json:"unit_measure"`
}

// CrearOrden creates the QR order o at Mercado Pago with the idempotency key
// clave (stored by the caller before the call, repeated on every retry):
// a repeat finds the order the first call created. The answer must be the
// order asked for (same reference and total), so a key reused for another
// sale is an error rather than another sale's order.
func (c *Cliente) CrearOrden(ctx context.Context, o OrdenQR, clave string) (Orden, error) {
	p, err := pedidoDe(o)
	if err == nil {
		err = validarClave(clave)
	}
	if err != nil {
		return Orden{}, err
	}
	creada, err := c.pedirOrden(ctx, externo.Pedido{Metodo: http.MethodPost, Ruta: rutaOrdenes}, clave, p)
	if err == nil && (creada.ExternalReference != o.ExternalReference || creada.Total != o.Total) {
		err = errRespuesta(rutaOrdenes, fmt.Sprintf("la orden %s es de %s por %s, no de %s por %s", creada.ID,
			creada.ExternalReference, creada.Total, o.ExternalReference, o.Total))
	}
	return creada, err
}

// pedidoDe is o as Mercado Pago takes it: one item and one payment of the
// whole total, the amounts with two decimals, the expiration in ISO 8601.
func pedidoDe(o OrdenQR) (pedidoOrden, error) {
	switch {
	case o.Total <= 0 || o.Total > domain.MontoMaximo:
		return pedidoOrden{}, errPedido("total %d fuera de rango", o.Total)
	case !IdentificadorValido(o.ExternalReference, MaxReferenciaExterna, "-_"):
		return pedidoOrden{}, errPedido("referencia externa %q inválida", o.ExternalReference)
	case o.ExternalPosID == "":
		return pedidoOrden{}, errPedido("falta la caja")
	case o.Vence < MinVenceOrden || o.Vence > MaxVenceOrden:
		return pedidoOrden{}, errPedido("vencimiento %s fuera de rango", o.Vence)
	}
	total, descripcion := Decimal(o.Total), recortar(strings.TrimSpace(o.Descripcion), MaxDescripcionOrden)
	p := pedidoOrden{Type: TipoQR, ExternalReference: o.ExternalReference, Description: descripcion,
		ExpirationTime: DuracionISO(o.Vence), TotalAmount: total,
		Transactions: transaccionesMP{Payments: []montoPago{{Amount: total}}},
		Items:        []itemOrden{{Title: descripcion, UnitPrice: total, Quantity: 1, UnitMeasure: "unit"}}}
	if p.Items[0].Title == "" {
		p.Items[0].Title = o.ExternalReference
	}
	p.Config.QR.ExternalPosID, p.Config.QR.Mode = o.ExternalPosID, ModoQRDinamico
	return p, nil
}

// Orden is the order id as Mercado Pago has it now (GET /v1/orders/{id}).
func (c *Cliente) Orden(ctx context.Context, id string) (Orden, error) {
	ruta, err := rutaOrden(id, "")
	if err != nil {
		return Orden{}, err
	}
	return c.pedirOrden(ctx, externo.Pedido{Ruta: ruta}, "", nil)
}

// CancelarOrden cancels the order id with the idempotency key clave. Mercado
// Pago cancels only an order still created: any other (paid, expired,
// canceled, a payment under way) answers 409, an *externo.Error with Status
// 409 that is not temporary; the caller reads the order (Orden) to learn
// which.
func (c *Cliente) CancelarOrden(ctx context.Context, id, clave string) (Orden, error) {
	return c.accion(ctx, id, "cancel", clave, nil)
}

// pedidoReembolso is the body of a partial refund.
type pedidoReembolso struct {
	Transactions []montoPago `json:"transactions"`
}

// ReembolsarOrden refunds the paid order id with the idempotency key clave
// (a repeat is the same refund): all that remains when monto is nil, else
// monto of its payment (transactions.payments[0], whose id is read from the
// order first), which Mercado Pago refuses (400) past what remains.
func (c *Cliente) ReembolsarOrden(ctx context.Context, id, clave string, monto *domain.Centavos) (Orden, error) {
	if monto == nil {
		return c.accion(ctx, id, "refund", clave, nil)
	}
	if *monto <= 0 || *monto > domain.MontoMaximo {
		return Orden{}, errPedido("reembolso %d fuera de rango", *monto)
	}
	o, err := c.Orden(ctx, id)
	if err != nil {
		return Orden{}, err
	}
	if o.PagoID == "" {
		return Orden{}, errRespuesta("/v1/orders/"+id, "la orden no tiene pago")
	}
	return c.accion(ctx, id, "refund", clave, pedidoReembolso{Transactions: []montoPago{{ID: o.PagoID, Amount: Decimal(*monto)}}})
}

// accion POSTs the action (cancel, refund) on the order id with clave.
func (c *Cliente) accion(ctx context.Context, id, accion, clave string, cuerpo any) (Orden, error) {
	ruta, err := rutaOrden(id, accion)
	if err == nil {
		err = validarClave(clave)
	}
	if err != nil {
		return Orden{}, err
	}
	return c.pedirOrden(ctx, externo.Pedido{Metodo: http.MethodPost, Ruta: ruta}, clave, cuerpo)
}

// rutaOrden is the route of the order id, or of its action: an id with
// anything but letters and digits is refused before any call.
func rutaOrden(id, accion string) (string, error) {
	if !IdentificadorValido(id, MaxReferenciaExterna, "") {
		return "", errPedido("id de orden %q inválido", id)
	}
	if accion == "" {
		return rutaOrdenes + "/" + id, nil
	}
	return rutaOrdenes + "/" + id + "/" + accion, nil
}

// validarClave refuses an empty or overlong idempotency key before any call.
func validarClave(clave string) error {
	if clave == "" || len(clave) > MaxClaveIdempotencia {
		return errPedido("clave de idempotencia %q inválida", clave)
	}
	return nil
}

// pedirOrden sends p with clave (none when empty) and cuerpo, and reads the order answered.
func (c *Cliente) pedirOrden(ctx context.Context, p externo.Pedido, clave string, cuerpo any) (Orden, error) {
	if clave != "" {
		p.Encabezados = http.Header{EncabezadoIdempotencia: {clave}}
	}
	var r respuestaOrden
	if err := c.llamar(ctx, p, cuerpo, &r); err != nil {
		return Orden{}, err
	}
	o, err := r.orden()
	if err != nil {
		return Orden{}, errRespuesta(p.Ruta, err.Error())
	}
	return o, nil
}

// respuestaOrden is the part of an order Muelle reads; the amounts are
// decimal strings (a number is accepted too), read into centavos exactly.
type respuestaOrden struct {
	ID                string      `json:"id"`
	Status            string      `json:"status"`
	StatusDetail      string      `json:"status_detail"`
	ExternalReference string      `json:"external_reference"`
	TotalAmount       json.Number `json:"total_amount"`
	TotalPaidAmount   json.Number `json:"total_paid_amount"`
	TypeResponse      struct {
		QRData string `json:"qr_data"`
	} `json:"type_response"`
	Transactions struct {
		Payments []struct {
			ID         string      `json:"id"`
			PaidAmount json.Number `json:"paid_amount"`
		} `json:"payments"`
		Refunds []struct {
			Amount json.Number `json:"amount"`
			Status string      `json:"status"`
		} `json:"refunds"`
	} `json:"transactions"`
}

// orden is r in Go terms; an order without id, status or total, or with an
// amount that is not a non-negative decimal of at most two places, is an
// error.
func (r respuestaOrden) orden() (Orden, error) {
	if r.ID == "" || r.Status == "" {
		return Orden{}, fmt.Errorf("orden sin id o sin estado")
	}
	o := Orden{ID: r.ID, Estado: r.Status, DetalleEstado: r.StatusDetail, ExternalReference: r.ExternalReference,
		QRData: r.TypeResponse.QRData}
	pagado := r.TotalPaidAmount
	if len(r.Transactions.Payments) > 0 {
		o.PagoID = r.Transactions.Payments[0].ID
		if pagado == "" {
			pagado = r.Transactions.Payments[0].PaidAmount
		}
	}
	var err error
	if o.Total, err = LeerDecimal(string(r.TotalAmount)); err != nil {
		return Orden{}, fmt.Errorf("total_amount: %w", err)
	}
	if o.Pagado, err = leerOpcional(pagado); err != nil {
		return Orden{}, fmt.Errorf("total_paid_amount: %w", err)
	}
	if o.Reembolsado, err = r.reembolsado(); err != nil {
		return Orden{}, fmt.Errorf("refunds: %w", err)
	}
	return o, nil
}

// reembolsado adds the refunds that did not fail.
func (r respuestaOrden) reembolsado() (domain.Centavos, error) {
	var montos []domain.Centavos
	for _, rf := range r.Transactions.Refunds {
		if rf.Status == EstadoFallida {
			continue
		}
		m, err := LeerDecimal(string(rf.Amount))
		if err != nil {
			return 0, err
		}
		montos = append(montos, m)
	}
	return domain.Sumar(montos...)
}

// Decimal is an amount (zero or more) as Mercado Pago writes it: a string
// with two decimals ("1500.50"), never through a float.
func Decimal(c domain.Centavos) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

// LeerDecimal reads an amount Mercado Pago wrote ("1500.50", "1500.5",
// "1500") into centavos exactly; anything else (empty, negative, more than
// two decimals, an exponent, past domain.MontoMaximo) is an error.
func LeerDecimal(s string) (domain.Centavos, error) {
	c, err := domain.ParseMonto(s)
	if err != nil || c < 0 || strings.HasPrefix(s, "-") {
		return 0, fmt.Errorf("monto %q ilegible", s)
	}
	return c, nil
}

// leerOpcional is LeerDecimal of an amount that may be absent (0).
func leerOpcional(s json.Number) (domain.Centavos, error) {
	if s == "" {
		return 0, nil
	}
	return LeerDecimal(string(s))
}

// DuracionISO is d in whole seconds as an ISO 8601 duration: PT10M, PT1H30M, PT45S.
func DuracionISO(d time.Duration) string {
	s := int64(d / time.Second)
	var b strings.Builder
	b.WriteString("PT")
	for _, p := range []struct {
		n      int64
		unidad string
	}{{s / 3600, "H"}, {s % 3600 / 60, "M"}, {s % 60, "S"}} {
		if p.n > 0 {
			b.WriteString(strconv.FormatInt(p.n, 10) + p.unidad)
		}
	}
	if b.Len() == 2 {
		b.WriteString("0S")
	}
	return b.String()
}

// IdentificadorValido reports whether s is 1 to max ASCII letters, digits or
// characters of extra: what Mercado Pago takes as an order's id ("") or its
// external reference ("-_").
func IdentificadorValido(s string, max int, extra string) bool {
	return s != "" && len(s) <= max && !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(extra, r))
	})
}

// recortar is s cut to at most n runes.
func recortar(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// errPedido is a request Muelle refuses to send (a bug of its caller): never
// sent, not temporary.
func errPedido(formato string, args ...any) *externo.Error {
	return &externo.Error{Categoria: domain.MsgServicioError,
		Detalle: fmt.Errorf("Mercado Pago: pedido inválido: "+formato, args...)}
}
