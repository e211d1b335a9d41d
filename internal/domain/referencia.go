package domain

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Payment references (issue 41 item 7; docs/features/referencias-pago.md): a
// payment method's kind of reference says what its sales record, and the
// method says whether that is required. The kind, never the method's name,
// decides: a method called «Débito» of kind tarjeta asks for a card's data.
const (
	// ReferenciaNinguna: the method records nothing (cash, vouchers).
	ReferenciaNinguna = "ninguna"
	// ReferenciaTarjeta: the card's last four digits and the authorization code.
	ReferenciaTarjeta = "tarjeta"
	// ReferenciaTransferencia: the transfer's id (operation number, COELSA id).
	ReferenciaTransferencia = "transferencia"
)

// TiposReferencia are the kinds of reference, in the order screens offer them.
var TiposReferencia = []string{ReferenciaNinguna, ReferenciaTarjeta, ReferenciaTransferencia}

// Bounds of a reference's parts.
const (
	MaxAutorizacion  = 12
	MaxTransferencia = 40
)

// Messages of payment references.
const (
	MsgTipoReferencia     = "El tipo de referencia debe ser uno de: ninguna, tarjeta, transferencia"
	MsgUltimos4           = "Los últimos 4 dígitos de la tarjeta deben ser exactamente 4 números"
	MsgAutorizacion       = "El código de autorización debe tener entre 1 y 12 letras o números"
	MsgTransferencia      = "El número de transferencia debe tener entre 1 y 40 caracteres, sin caracteres de control"
	msgReferenciaAjena    = "El medio de pago «%s» no lleva esa referencia"
	msgFaltaTarjeta       = "El medio de pago «%s» requiere los últimos 4 dígitos de la tarjeta y el código de autorización"
	msgFaltaTransferencia = "El medio de pago «%s» requiere el número de transferencia"
	MsgObligatoriaSinTipo = "Solo un medio de pago con referencia puede exigirla"
)

// Referencia is a payment's reference as a sale carries it and its register
// movement stores it: the card's last four digits and authorization code, or
// the transfer's id. Empty parts were not given.
type Referencia struct {
	Ultimos4      string `json:"ultimos4,omitempty"`
	Autorizacion  string `json:"autorizacion,omitempty"`
	Transferencia string `json:"transferencia,omitempty"`
	// CobroMP is the Mercado Pago order and payment of a sale charged by QR or
	// of its refund: stored by Muelle, never typed (nil: none).
	CobroMP *CobroMP `json:"cobro_mp,omitempty"`
}

// CobroMP is a Mercado Pago QR payment's ids at the provider: its order and
// the order's payment, what the treasurer matches against Mercado Pago.
type CobroMP struct {
	Orden string `json:"orden"`
	Pago  string `json:"pago"`
}

// Vacia says the reference has no part.
func (r Referencia) Vacia() bool { return r == Referencia{} }

// Texto is the reference as reports and the close print it: "•••• 1234 ·
// Aut. ABC123", "Transf. 0001234", "" when empty.
func (r Referencia) Texto() string {
	var partes []string
	if r.Ultimos4 != "" {
		partes = append(partes, "•••• "+r.Ultimos4)
	}
	if r.Autorizacion != "" {
		partes = append(partes, "Aut. "+r.Autorizacion)
	}
	if r.Transferencia != "" {
		partes = append(partes, "Transf. "+r.Transferencia)
	}
	if r.CobroMP != nil {
		partes = append(partes, "Mercado Pago: orden "+r.CobroMP.Orden+" · pago "+r.CobroMP.Pago)
	}
	return strings.Join(partes, " · ")
}

// ReglaReferencia is what a payment method asks of its sales' references.
type ReglaReferencia struct {
	Medio       string // the method's name, for the messages
	Tipo        string // ReferenciaNinguna, ReferenciaTarjeta or ReferenciaTransferencia
	Obligatoria bool
}

// NormalizarTipoReferencia checks a method's kind of reference ("" is
// ninguna) and that only a method with a kind requires it.
func NormalizarTipoReferencia(tipo string, obligatoria bool) (string, bool, error) {
	if tipo = strings.TrimSpace(tipo); tipo == "" {
		tipo = ReferenciaNinguna
	}
	switch {
	case !slices.Contains(TiposReferencia, tipo):
		return tipo, obligatoria, Invalid(MsgTipoReferencia)
	case tipo == ReferenciaNinguna && obligatoria:
		return tipo, obligatoria, Invalid(MsgObligatoriaSinTipo)
	}
	return tipo, obligatoria, nil
}

// Validar checks a sale's reference against the method's rule and answers it
// normalized (trimmed; the authorization in capitals): a part the kind does
// not take is refused, a malformed part too, and a required one missing.
// Parts of a method that does not require them are optional, one by one.
func (rg ReglaReferencia) Validar(r Referencia) (Referencia, error) {
	r = Referencia{Ultimos4: strings.TrimSpace(r.Ultimos4), Autorizacion: strings.ToUpper(strings.TrimSpace(r.Autorizacion)),
		Transferencia: strings.TrimSpace(r.Transferencia)}
	tarjeta := r.Ultimos4 != "" || r.Autorizacion != ""
	if (tarjeta && rg.Tipo != ReferenciaTarjeta) || (r.Transferencia != "" && rg.Tipo != ReferenciaTransferencia) {
		return r, Invalid(fmt.Sprintf(msgReferenciaAjena, rg.Medio))
	}
	if err := r.validarPartes(); err != nil {
		return r, err
	}
	switch {
	case rg.Obligatoria && rg.Tipo == ReferenciaTarjeta && (r.Ultimos4 == "" || r.Autorizacion == ""):
		return r, Invalid(fmt.Sprintf(msgFaltaTarjeta, rg.Medio))
	case rg.Obligatoria && rg.Tipo == ReferenciaTransferencia && r.Transferencia == "":
		return r, Invalid(fmt.Sprintf(msgFaltaTransferencia, rg.Medio))
	}
	return r, nil
}

// validarPartes checks each part given: four digits, 1–12 letters or digits,
// 1–40 characters without control characters.
func (r Referencia) validarPartes() error {
	switch {
	case r.Ultimos4 != "" && (len(r.Ultimos4) != 4 || strings.ContainsFunc(r.Ultimos4, noEsDigito)):
		return Invalid(MsgUltimos4)
	case utf8.RuneCountInString(r.Autorizacion) > MaxAutorizacion || strings.ContainsFunc(r.Autorizacion, noEsAlfanumerico):
		return Invalid(MsgAutorizacion)
	case !transferenciaValida(r.Transferencia):
		return Invalid(MsgTransferencia)
	}
	return nil
}

// transferenciaValida says a transfer id is at most MaxTransferencia
// characters of valid text without control or format characters.
func transferenciaValida(s string) bool {
	return utf8.ValidString(s) && utf8.RuneCountInString(s) <= MaxTransferencia &&
		!strings.ContainsFunc(s, controlOFormato)
}

func noEsAlfanumerico(r rune) bool {
	return !(r >= '0' && r <= '9' || r >= 'A' && r <= 'Z')
}
