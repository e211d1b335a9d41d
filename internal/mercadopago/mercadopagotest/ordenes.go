package mercadopagotest

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"muelle/internal/domain"
	"muelle/internal/mercadopago"
)

// Orden is an order the fake holds, in Mercado Pago's shape: what GET
// /v1/orders/{id} answers.
type Orden struct {
	ID                string         `json:"id"`
	Type              string         `json:"type"`
	UserID            string         `json:"user_id"`
	ExternalReference string         `json:"external_reference"`
	Description       string         `json:"description,omitempty"`
	ExpirationTime    string         `json:"expiration_time"`
	ProcessingMode    string         `json:"processing_mode"`
	CountryCode       string         `json:"country_code"`
	TotalAmount       string         `json:"total_amount"`
	TotalPaidAmount   string         `json:"total_paid_amount,omitempty"`
	Status            string         `json:"status"`
	StatusDetail      string         `json:"status_detail"`
	CreatedDate       string         `json:"created_date"`
	LastUpdatedDate   string         `json:"last_updated_date"`
	Config            ConfigOrden    `json:"config"`
	Transactions      Transacciones  `json:"transactions"`
	Items             []Item         `json:"items,omitempty"`
	TypeResponse      *RespuestaTipo `json:"type_response,omitempty"`
	// Clave is the X-Idempotency-Key that created it (not in the answer).
	Clave   string `json:"-"`
	version int
}

// ConfigOrden is an order's config: its QR's POS and mode.
type ConfigOrden struct {
	QR struct {
		ExternalPosID string `json:"external_pos_id"`
		Mode          string `json:"mode"`
	} `json:"qr"`
}

// Transacciones are an order's payment (one) and its refunds.
type Transacciones struct {
	Payments []Pago      `json:"payments"`
	Refunds  []Reembolso `json:"refunds,omitempty"`
}

// Pago is an order's payment transaction.
type Pago struct {
	ID           string `json:"id"`
	Amount       string `json:"amount"`
	PaidAmount   string `json:"paid_amount,omitempty"`
	Status       string `json:"status"`
	StatusDetail string `json:"status_detail"`
}

// Reembolso is a refund of an order's payment.
type Reembolso struct {
	ID            string `json:"id"`
	TransactionID string `json:"transaction_id"`
	Amount        string `json:"amount"`
	Status        string `json:"status"`
}

// Item is a line of an order.
type Item struct {
	Title       string `json:"title"`
	UnitPrice   string `json:"unit_price"`
	Quantity    int    `json:"quantity"`
	UnitMeasure string `json:"unit_measure"`
}

// RespuestaTipo is what an order of a dynamic or hybrid QR answers: the QR's content.
type RespuestaTipo struct {
	QRData string `json:"qr_data"`
}

// falloMP is a refusal in Mercado Pago's error shape.
type falloMP struct {
	status        int
	codigo, texto string
}

// usoClave is what an idempotency key did: the request it came with (method,
// path and a hash of the body), the order it touched and the status answered.
type usoClave struct {
	firma  string
	orden  string
	status int
}

// maxCuerpoPedido bounds a request's body.
const maxCuerpoPedido = 1 << 16

// idempotente runs hacer once per X-Idempotency-Key, as Mercado Pago does:
// no key is 400; the same key with the same request answers the order it
// touched (as it is now) with the first answer's status and does nothing
// more; the same key with another request is 409. A refusal is not kept:
// the key may be used again.
func (f *Fake) idempotente(w http.ResponseWriter, r *http.Request, hacer func(cuerpo []byte) (*Orden, int, *falloMP)) {
	clave := r.Header.Get(mercadopago.EncabezadoIdempotencia)
	if clave == "" {
		responderError(w, http.StatusBadRequest, "empty_required_header", "The header X-Idempotency-Key is required")
		return
	}
	cuerpo, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxCuerpoPedido))
	if err != nil {
		responderError(w, http.StatusBadRequest, "json_syntax_error", err.Error())
		return
	}
	suma := sha256.Sum256(cuerpo)
	firma := r.Method + " " + r.URL.Path + " " + hex.EncodeToString(suma[:])
	if uso, ok := f.claves[clave]; ok {
		if uso.firma != firma {
			responderError(w, http.StatusConflict, "idempotency_key_already_used", "The idempotency key was used by another request")
			return
		}
		responder(w, uso.status, f.buscarOrden(uso.orden))
		return
	}
	o, status, fallo := hacer(cuerpo)
	if fallo != nil {
		responderError(w, fallo.status, fallo.codigo, fallo.texto)
		return
	}
	f.claves[clave] = usoClave{firma: firma, orden: o.ID, status: status}
	responder(w, status, o)
}

// pedidoOrden is what POST /v1/orders takes (any other field is refused).
type pedidoOrden struct {
	Type              string      `json:"type"`
	ExternalReference string      `json:"external_reference"`
	Description       string      `json:"description"`
	ExpirationTime    string      `json:"expiration_time"`
	ProcessingMode    string      `json:"processing_mode"`
	TotalAmount       string      `json:"total_amount"`
	Config            ConfigOrden `json:"config"`
	Transactions      struct {
		Payments []struct {
			Amount string `json:"amount"`
		} `json:"payments"`
	} `json:"transactions"`
	Items []Item `json:"items"`
}

var (
	// montoMP is an amount as Mercado Pago takes it: a string, two decimals or none.
	montoMP = regexp.MustCompile(`^(0|[1-9][0-9]*)(\.[0-9]{2})?$`)
	// duracionISO is the ISO 8601 duration the fake reads: hours, minutes, seconds.
	duracionISO = regexp.MustCompile(`^PT(?:([0-9]+)H)?(?:([0-9]+)M)?(?:([0-9]+)S)?$`)
	// idOrden is an order's id: ORD and 26 letters or digits.
	idOrden = regexp.MustCompile(`^ORD[0-9A-Z]{26}$`)
)

// crearOrden is POST /v1/orders: a QR order, checked as Mercado Pago does,
// created once per idempotency key.
func (f *Fake) crearOrden(w http.ResponseWriter, r *http.Request) {
	f.idempotente(w, r, func(cuerpo []byte) (*Orden, int, *falloMP) {
		var p pedidoOrden
		dec := json.NewDecoder(bytes.NewReader(cuerpo))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil {
			return nil, 0, &falloMP{http.StatusBadRequest, "unsupported_properties", err.Error()}
		}
		total, fallo := validarOrden(p)
		if fallo != nil {
			return nil, 0, fallo
		}
		o := f.nuevaOrden(p, total)
		o.Clave = r.Header.Get(mercadopago.EncabezadoIdempotencia)
		return o, http.StatusCreated, nil
	})
}

// validarOrden checks an order's fields and answers its total.
func validarOrden(p pedidoOrden) (domain.Centavos, *falloMP) {
	invalido := func(campo string) *falloMP {
		return &falloMP{http.StatusBadRequest, "property_value", "invalid value for " + campo}
	}
	total, err := monto(p.TotalAmount)
	switch {
	case p.Type != mercadopago.TipoQR:
		return 0, invalido("type")
	case err != nil || total <= 0:
		return 0, invalido("total_amount")
	case !mercadopago.IdentificadorValido(p.ExternalReference, mercadopago.MaxReferenciaExterna, "-_"):
		return 0, invalido("external_reference")
	case len([]rune(p.Description)) > mercadopago.MaxDescripcionOrden:
		return 0, invalido("description")
	case p.ExpirationTime != "" && !venceValido(p.ExpirationTime):
		return 0, invalido("expiration_time")
	case !mercadopago.IdentificadorValido(p.Config.QR.ExternalPosID, 255, ""):
		return 0, invalido("config.qr.external_pos_id")
	case p.Config.QR.Mode != "" && p.Config.QR.Mode != "static" && p.Config.QR.Mode != mercadopago.ModoQRDinamico &&
		p.Config.QR.Mode != "hybrid":
		return 0, invalido("config.qr.mode")
	case len(p.Transactions.Payments) != 1:
		return 0, invalido("transactions.payments")
	}
	if pago, err := monto(p.Transactions.Payments[0].Amount); err != nil || pago != total {
		return 0, invalido("transactions.payments.amount")
	}
	if p.Items != nil && !itemsSuman(p.Items, total) {
		return 0, invalido("items")
	}
	return total, nil
}

// monto reads an amount Mercado Pago takes.
func monto(s string) (domain.Centavos, error) {
	if !montoMP.MatchString(s) {
		return 0, fmt.Errorf("monto %q", s)
	}
	return mercadopago.LeerDecimal(s)
}

// venceValido reports whether d is an ISO 8601 duration of 30 s to 3600 h.
func venceValido(d string) bool {
	m := duracionISO.FindStringSubmatch(d)
	if m == nil || d == "PT" {
		return false
	}
	var total time.Duration
	for i, unidad := range []time.Duration{time.Hour, time.Minute, time.Second} {
		n, _ := strconv.Atoi(m[i+1])
		total += time.Duration(n) * unidad
	}
	return total >= mercadopago.MinVenceOrden && total <= mercadopago.MaxVenceOrden
}

// itemsSuman reports whether every item is whole and they add up to total.
func itemsSuman(items []Item, total domain.Centavos) bool {
	var lineas []domain.Centavos
	for _, it := range items {
		precio, err := monto(it.UnitPrice)
		if err != nil || it.Title == "" || it.Quantity < 1 || it.UnitMeasure == "" {
			return false
		}
		linea, err := domain.Multiplicar(precio, it.Quantity)
		if err != nil {
			return false
		}
		lineas = append(lineas, linea)
	}
	suma, err := domain.Sumar(lineas...)
	return err == nil && suma == total
}

// nuevaOrden keeps a created order: its ids, its payment waiting, and the
// QR's content when its mode has one.
func (f *Fake) nuevaOrden(p pedidoOrden, total domain.Centavos) *Orden {
	f.siguiente++
	ahora := f.Ahora().UTC().Format(time.RFC3339Nano)
	o := &Orden{ID: fmt.Sprintf("ORD%026d", f.siguiente), Type: p.Type, UserID: strconv.Itoa(CuentaID),
		ExternalReference: p.ExternalReference, Description: p.Description,
		ExpirationTime: cmp.Or(p.ExpirationTime, "PT15M"), ProcessingMode: "automatic", CountryCode: "ARG",
		TotalAmount: mercadopago.Decimal(total), Status: mercadopago.EstadoCreada,
		StatusDetail: mercadopago.EstadoCreada, CreatedDate: ahora, LastUpdatedDate: ahora, Config: p.Config,
		Items: p.Items, version: 1}
	o.Config.QR.Mode = cmp.Or(o.Config.QR.Mode, "static")
	o.Transactions.Payments = []Pago{{ID: fmt.Sprintf("PAY%026d", f.siguiente), Amount: o.TotalAmount,
		Status: mercadopago.EstadoCreada, StatusDetail: mercadopago.EstadoCreada}}
	if o.Config.QR.Mode != "static" {
		o.TypeResponse = &RespuestaTipo{QRData: "00020101021243650016COM.MERCADOLIBRE0201306" + o.ID +
			"5204970053030325802AR5906MUELLE6004CABA6304ABCD"}
	}
	f.ordenes = append(f.ordenes, o)
	return o
}

// buscarOrdenes is GET /v1/orders: the orders created between begin_date and
// end_date (RFC 3339, both required, at most 720 hours apart) of the type
// asked, by creation, a page of limit (≤ 50) from offset.
func (f *Fake) buscarOrdenes(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	desde, err1 := time.Parse(time.RFC3339, q.Get("begin_date"))
	hasta, err2 := time.Parse(time.RFC3339, q.Get("end_date"))
	limite, err3 := strconv.Atoi(cmp.Or(q.Get("limit"), "50"))
	desplazamiento, err4 := strconv.Atoi(cmp.Or(q.Get("offset"), "0"))
	if err1 != nil || err2 != nil || hasta.Sub(desde) > 720*time.Hour || hasta.Before(desde) {
		responderError(w, http.StatusBadRequest, "missing_required_params", "begin_date and end_date are required")
		return
	}
	if err3 != nil || err4 != nil || limite < 1 || limite > 50 || desplazamiento < 0 {
		responderError(w, http.StatusBadRequest, "invalid_parameter", "invalid paging")
		return
	}
	var todas []*Orden
	for _, o := range f.ordenes {
		creada, _ := time.Parse(time.RFC3339Nano, o.CreatedDate)
		if !creada.Before(desde) && !creada.After(hasta) && (q.Get("type") == "" || o.Type == q.Get("type")) {
			todas = append(todas, o)
		}
	}
	pagina := todas[min(desplazamiento, len(todas)):min(desplazamiento+limite, len(todas))]
	responder(w, http.StatusOK, map[string]any{"data": pagina,
		"paging": map[string]int{"total": len(todas), "offset": desplazamiento, "limit": limite}})
}

// verOrden is GET /v1/orders/{id}.
func (f *Fake) verOrden(w http.ResponseWriter, r *http.Request) {
	o, fallo := f.ordenDe(r.PathValue("id"))
	if fallo != nil {
		responderError(w, fallo.status, fallo.codigo, fallo.texto)
		return
	}
	responder(w, http.StatusOK, o)
}

// ordenDe is the order id, or the refusal of a malformed or unknown id.
func (f *Fake) ordenDe(id string) (*Orden, *falloMP) {
	if !idOrden.MatchString(id) {
		return nil, &falloMP{http.StatusBadRequest, "invalid_path_param", "invalid order id"}
	}
	if o := f.buscarOrden(id); o != nil {
		return o, nil
	}
	return nil, &falloMP{http.StatusNotFound, "order_not_found", "order not found"}
}

func (f *Fake) buscarOrden(id string) *Orden {
	for _, o := range f.ordenes {
		if o.ID == id {
			return o
		}
	}
	return nil
}

// cancelarOrden is POST /v1/orders/{id}/cancel: only a created order is
// canceled; any other is 409.
func (f *Fake) cancelarOrden(w http.ResponseWriter, r *http.Request) {
	f.idempotente(w, r, func([]byte) (*Orden, int, *falloMP) {
		o, fallo := f.ordenDe(r.PathValue("id"))
		if fallo != nil {
			return nil, 0, fallo
		}
		if o.Status != mercadopago.EstadoCreada {
			return nil, 0, &falloMP{http.StatusConflict, "order_already_canceled",
				"orders can only be canceled when status=created; it is " + o.Status}
		}
		cambiar(o, mercadopago.EstadoCancelada, mercadopago.EstadoCancelada)
		return o, http.StatusOK, nil
	})
}

// cambiar sets the order's status and its payment's.
func cambiar(o *Orden, estado, detalle string) {
	o.Status, o.StatusDetail = estado, detalle
	p := &o.Transactions.Payments[0]
	p.Status, p.StatusDetail = estado, detalle
	o.version++
	o.LastUpdatedDate = time.Now().UTC().Format(time.RFC3339Nano)
}

// pedidoReembolso is a partial refund's body.
type pedidoReembolso struct {
	Transactions []struct {
		ID     string `json:"id"`
		Amount string `json:"amount"`
	} `json:"transactions"`
}

// reembolsarOrden is POST /v1/orders/{id}/refund of a paid order: all that
// remains without a body, or the amount of its payment the body names, never
// past what remains.
func (f *Fake) reembolsarOrden(w http.ResponseWriter, r *http.Request) {
	f.idempotente(w, r, func(cuerpo []byte) (*Orden, int, *falloMP) {
		o, fallo := f.ordenDe(r.PathValue("id"))
		if fallo != nil {
			return nil, 0, fallo
		}
		if o.Status != mercadopago.EstadoProcesada {
			return nil, 0, &falloMP{http.StatusConflict, "cannot_refund_order", "only a processed order is refunded; it is " + o.Status}
		}
		queda := restante(o)
		pedido, fallo := montoReembolso(cuerpo, o, queda)
		if fallo != nil {
			return nil, 0, fallo
		}
		reembolsar(o, pedido, queda)
		return o, http.StatusCreated, nil
	})
}

// montoReembolso is the amount a refund's body asks (all of queda without one).
func montoReembolso(cuerpo []byte, o *Orden, queda domain.Centavos) (domain.Centavos, *falloMP) {
	if len(bytes.TrimSpace(cuerpo)) == 0 {
		return queda, nil
	}
	var p pedidoReembolso
	dec := json.NewDecoder(bytes.NewReader(cuerpo))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil || len(p.Transactions) != 1 {
		return 0, &falloMP{http.StatusBadRequest, "property_value", "invalid refund body"}
	}
	if p.Transactions[0].ID != o.Transactions.Payments[0].ID {
		return 0, &falloMP{http.StatusBadRequest, "property_value", "unknown transaction " + p.Transactions[0].ID}
	}
	m, err := monto(p.Transactions[0].Amount)
	switch {
	case err != nil || m <= 0:
		return 0, &falloMP{http.StatusBadRequest, "property_value", "invalid amount"}
	case m > queda:
		return 0, &falloMP{http.StatusBadRequest, "refund_amount_exceeds", "the amount exceeds the available balance"}
	}
	return m, nil
}

// restante is what of the order's payment is not refunded yet.
func restante(o *Orden) domain.Centavos {
	pagado, _ := mercadopago.LeerDecimal(o.Transactions.Payments[0].PaidAmount)
	for _, rf := range o.Transactions.Refunds {
		m, _ := mercadopago.LeerDecimal(rf.Amount)
		pagado -= m
	}
	return pagado
}

// reembolsar records a refund of m out of queda: the order is refunded once
// nothing remains, partially refunded before.
func reembolsar(o *Orden, m, queda domain.Centavos) {
	o.Transactions.Refunds = append(o.Transactions.Refunds, Reembolso{
		ID:            fmt.Sprintf("REF%s%02d", o.ID[5:], len(o.Transactions.Refunds)+1),
		TransactionID: o.Transactions.Payments[0].ID, Amount: mercadopago.Decimal(m), Status: mercadopago.EstadoProcesada})
	if m == queda {
		cambiar(o, mercadopago.EstadoReembolsada, mercadopago.EstadoReembolsada)
		return
	}
	o.StatusDetail = "partially_refunded"
	o.version++
}

// Pagar pays the created order id whole, as a payer scanning its QR does.
func (f *Fake) Pagar(id string) {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	o := f.ordenCreada(id)
	f.pagar(o, o.TotalAmount)
}

// PagarMonto pays the created order id with an amount other than its total.
func (f *Fake) PagarMonto(id string, m domain.Centavos) {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	f.pagar(f.ordenCreada(id), mercadopago.Decimal(m))
}

func (f *Fake) pagar(o *Orden, m string) {
	cambiar(o, mercadopago.EstadoProcesada, "accredited")
	o.Transactions.Payments[0].PaidAmount, o.TotalPaidAmount = m, m
}

// Expirar expires the created order id, as its expiration time does.
func (f *Fake) Expirar(id string) {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	cambiar(f.ordenCreada(id), mercadopago.EstadoVencida, mercadopago.EstadoVencida)
}

// Rechazar fails the created order id, as a payment the payer's bank refused
// does (Mercado Pago's "failed" with its detail).
func (f *Fake) Rechazar(id string) {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	cambiar(f.ordenCreada(id), mercadopago.EstadoFallida, "rejected_by_issuer")
}

// ordenCreada is the order id, which must exist and wait for its payment.
func (f *Fake) ordenCreada(id string) *Orden {
	f.t.Helper()
	o := f.buscarOrden(id)
	if o == nil || o.Status != mercadopago.EstadoCreada {
		f.t.Fatalf("mercadopagotest: la orden %s no existe o no está creada (%+v)", id, o)
	}
	return o
}

// Ordenes are the orders created, oldest first, as they are now.
func (f *Fake) Ordenes() []Orden {
	f.mu.Lock()
	defer f.mu.Unlock()
	ordenes := make([]Orden, len(f.ordenes))
	for i, o := range f.ordenes {
		ordenes[i] = copiar(o)
	}
	return ordenes
}

// Orden is the order id as it is now; the test fails when there is none.
func (f *Fake) Orden(id string) Orden {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	o := f.buscarOrden(id)
	if o == nil {
		f.t.Fatalf("mercadopagotest: no hay orden %s", id)
	}
	return copiar(o)
}

// copiar is o with slices of its own, safe from the server's later changes.
func copiar(o *Orden) Orden {
	c := *o
	c.Items = append([]Item(nil), o.Items...)
	c.Transactions.Payments = append([]Pago(nil), o.Transactions.Payments...)
	c.Transactions.Refunds = append([]Reembolso(nil), o.Transactions.Refunds...)
	return c
}
