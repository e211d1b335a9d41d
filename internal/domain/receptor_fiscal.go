package domain

import (
	"fmt"
	"slices"
	"strings"
)

// The invoice's receiver (issue 42 item 1; docs/features/facturacion.md): a
// customer's IVA condition and CUIT decide the document type ARCA is told
// (DocTipo: CUIT 80, DNI 96, none 99) and, with the issuer's condition, the
// invoice's class.

// CondicionConsumidorFinal is a customer's IVA condition unless staff say
// otherwise; the others are the issuer's (CondicionesIVA).
const CondicionConsumidorFinal = "consumidor_final"

// CondicionesIVACliente lists a customer's IVA conditions.
var CondicionesIVACliente = append([]string{CondicionConsumidorFinal}, CondicionesIVA...)

// ARCA's receiver document types (DocTipo).
const (
	DocTipoCUIT       = 80
	DocTipoDNI        = 96
	DocTipoSinIdentif = 99
)

// MontoConsumidorFinalSinIdentificar is the total from which an invoice to a
// consumidor final must identify the buyer (RG 5700/2025: $ 10.000.000);
// below it one without a document goes as DocTipo 99.
const MontoConsumidorFinalSinIdentificar Centavos = 10_000_000_00

// Messages of the customer's fiscal data.
var (
	MsgCondicionIVACliente  = "La condición frente al IVA del cliente debe ser " + strings.Join(CondicionesIVACliente, ", ")
	MsgCUITCliente          = "El CUIT del cliente debe tener 11 dígitos y un dígito verificador válido"
	MsgCUITRequerido        = "Un cliente responsable inscripto, monotributista o exento necesita su CUIT"
	MsgIdentificarComprador = fmt.Sprintf("Una venta de %s o más a consumidor final debe identificar al comprador con su DNI o CUIT",
		MontoConsumidorFinalSinIdentificar)
)

// normalizarFiscal checks the customer's IVA condition (consumidor final when
// empty) and CUIT (11 digits, dashes dropped), required for any other condition.
func (c Cliente) normalizarFiscal() (Cliente, error) {
	c.CondicionIVA = strings.ToLower(strings.TrimSpace(c.CondicionIVA))
	if c.CondicionIVA == "" {
		c.CondicionIVA = CondicionConsumidorFinal
	}
	if !slices.Contains(CondicionesIVACliente, c.CondicionIVA) {
		return c, Invalid(MsgCondicionIVACliente)
	}
	if c.CUIT = strings.TrimSpace(c.CUIT); c.CUIT != "" {
		cuit, err := NormalizarCUIT(c.CUIT)
		if err != nil {
			return c, Invalid(MsgCUITCliente)
		}
		c.CUIT = cuit
	}
	if c.CUIT == "" && c.CondicionIVA != CondicionConsumidorFinal {
		return c, Invalid(MsgCUITRequerido)
	}
	return c, nil
}

// Receptor is who an invoice names: ARCA's document type and number and the
// receiver's IVA condition.
type Receptor struct {
	DocTipo      int
	DocNro       string
	CondicionIVA string
}

// ReceptorDeFactura is the receiver of an invoice of total to customer c (nil:
// a sale without a customer, a consumidor final): its CUIT when it has one
// (80), else its document when it is a DNI (96, 7 or 8 digits once the dots
// are dropped), else none (99, number 0) below MontoConsumidorFinalSinIdentificar;
// from that amount an unidentified consumidor final is refused.
func ReceptorDeFactura(c *Cliente, total Centavos) (Receptor, error) {
	r := Receptor{DocTipo: DocTipoSinIdentif, DocNro: "0", CondicionIVA: CondicionConsumidorFinal}
	if c != nil {
		r.CondicionIVA = c.CondicionIVA
		if r.CondicionIVA == "" {
			r.CondicionIVA = CondicionConsumidorFinal
		}
		if c.CUIT != "" {
			return Receptor{DocTipo: DocTipoCUIT, DocNro: c.CUIT, CondicionIVA: r.CondicionIVA}, nil
		}
		if dni := strings.ReplaceAll(strings.TrimSpace(c.Documento), ".", ""); (len(dni) == 7 || len(dni) == 8) &&
			!strings.ContainsFunc(dni, noEsDigito) {
			return Receptor{DocTipo: DocTipoDNI, DocNro: dni, CondicionIVA: r.CondicionIVA}, nil
		}
	}
	if total >= MontoConsumidorFinalSinIdentificar {
		return r, Invalid(MsgIdentificarComprador)
	}
	return r, nil
}

// ComprobanteParaReceptor is the invoice class an issuer of condicion
// emisor gives a receiver of condicion receptor: a responsable inscripto
// issues A to a responsable inscripto or a monotributista (RG 5003/2021) and
// B to the rest; a monotributista or exempt issuer issues C.
func ComprobanteParaReceptor(emisor, receptor string) (TipoComprobante, bool) {
	switch emisor {
	case CondicionResponsableInscripto:
		if receptor == CondicionResponsableInscripto || receptor == CondicionMonotributo {
			return FacturaA, true
		}
		return FacturaB, true
	case CondicionMonotributo, CondicionExento:
		return FacturaC, true
	}
	return TipoComprobante{}, false
}

// CondicionIVAReceptorID is ARCA's code of the receiver's IVA condition
// (CondicionIVAReceptorId, RG 5616): 1 responsable inscripto, 4 exento,
// 5 consumidor final, 6 monotributo.
func CondicionIVAReceptorID(condicion string) int {
	switch condicion {
	case CondicionResponsableInscripto:
		return 1
	case CondicionExento:
		return 4
	case CondicionMonotributo:
		return 6
	}
	return 5
}
