package domain

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Electronic invoicing with ARCA (issue 42; docs/features/facturacion.md):
// the company's tax profile and the rules it follows.

// IVA conditions of an issuing company.
const (
	CondicionResponsableInscripto = "responsable_inscripto"
	CondicionMonotributo          = "monotributo"
	CondicionExento               = "exento"
)

// CondicionesIVA lists the issuer's IVA conditions.
var CondicionesIVA = []string{CondicionResponsableInscripto, CondicionMonotributo, CondicionExento}

// ARCA's environments.
const (
	EntornoHomologacion = "homologacion"
	EntornoProduccion   = "produccion"
)

// EntornosARCA lists ARCA's environments.
var EntornosARCA = []string{EntornoHomologacion, EntornoProduccion}

// Tax treatments of a section's fare.
const (
	TratamientoExento = "exento"
	TratamientoIVA105 = "iva_10_5"
	TratamientoIVA21  = "iva_21"
)

// TratamientosIVA lists a section's tax treatments; exento is the default
// (a passenger's leg of at most 100 km, the Delta's case).
var TratamientosIVA = []string{TratamientoExento, TratamientoIVA105, TratamientoIVA21}

// MaxPuntoVenta is the largest point of sale ARCA numbers (five digits).
const MaxPuntoVenta = 99999

// TipoComprobante is an ARCA document type: its code (CbteTipo), its credit
// note's code and its name.
type TipoComprobante struct {
	Codigo      int    `json:"codigo"`
	NotaCredito int    `json:"nota_credito"`
	Nombre      string `json:"nombre" maxLength:"40"`
}

// ARCA's document types a passenger company issues.
var (
	FacturaA = TipoComprobante{Codigo: 1, NotaCredito: 3, Nombre: "Factura A"}
	FacturaB = TipoComprobante{Codigo: 6, NotaCredito: 8, Nombre: "Factura B"}
	FacturaC = TipoComprobante{Codigo: 11, NotaCredito: 13, Nombre: "Factura C"}
)

// ComprobantesPermitidos are the document types an issuer of condicion may
// issue: a responsable inscripto issues A (to another registered company) and
// B (to consumers and the rest); a monotributista and an IVA-exempt company
// issue C, as RG 1415 has the exempt issue class C.
func ComprobantesPermitidos(condicion string) []TipoComprobante {
	switch condicion {
	case CondicionResponsableInscripto:
		return []TipoComprobante{FacturaA, FacturaB}
	case CondicionMonotributo, CondicionExento:
		return []TipoComprobante{FacturaC}
	}
	return nil
}

// Spanish messages of the tax profile.
const (
	MsgFacturacionCUIT          = "El CUIT debe tener 11 dígitos y un dígito verificador válido"
	MsgFacturacionCondicion     = "La condición frente al IVA debe ser responsable_inscripto, monotributo o exento"
	MsgFacturacionEntorno       = "El entorno debe ser homologacion o produccion"
	MsgFacturacionPuntosIguales = "El punto de venta de CAEA debe ser distinto del de CAE"
	MsgFacturacionSinPerfil     = "Guarde primero el perfil fiscal de la empresa"
	MsgFacturacionGuardada      = "Perfil fiscal guardado exitosamente"
	MsgCertificadoGuardado      = "Certificado de ARCA guardado exitosamente"
	MsgTratamientoIVA           = "El tratamiento impositivo debe ser exento, iva_10_5 o iva_21"
	MsgTratamientoGuardado      = "Tratamiento impositivo de la sección guardado"
	TituloCertificadoFiscal     = "Certificado de ARCA por vencer"
)

// MsgFacturacionPuntoVenta is the refusal of a point of sale out of bounds.
var MsgFacturacionPuntoVenta = fmt.Sprintf("Los puntos de venta deben ser números entre 1 y %d", MaxPuntoVenta)

// PerfilFiscal is a company's tax profile for ARCA.
type PerfilFiscal struct {
	CUIT           string
	CondicionIVA   string
	PuntoVentaCAE  int
	PuntoVentaCAEA int
	Entorno        string
}

// NormalizarCUIT is cuit as 11 digits without dashes, or the refusal of one
// without the shape or the check digit of a CUIT.
func NormalizarCUIT(cuit string) (string, error) {
	if !CUITValido(cuit) {
		return "", Invalid(MsgFacturacionCUIT)
	}
	return strings.ReplaceAll(strings.TrimSpace(cuit), "-", ""), nil
}

// Normalizar checks the profile's rules: a valid CUIT (kept as 11 digits),
// a known IVA condition and environment, and two distinct points of sale in
// 1…MaxPuntoVenta (CAEA's is dedicated: ARCA refuses CAE documents on it).
func (p PerfilFiscal) Normalizar() (PerfilFiscal, error) {
	cuit, err := NormalizarCUIT(p.CUIT)
	if err != nil {
		return p, err
	}
	p.CUIT = cuit
	switch {
	case !slices.Contains(CondicionesIVA, p.CondicionIVA):
		return p, Invalid(MsgFacturacionCondicion)
	case !slices.Contains(EntornosARCA, p.Entorno):
		return p, Invalid(MsgFacturacionEntorno)
	case !puntoVentaValido(p.PuntoVentaCAE) || !puntoVentaValido(p.PuntoVentaCAEA):
		return p, Invalid(MsgFacturacionPuntoVenta)
	case p.PuntoVentaCAE == p.PuntoVentaCAEA:
		return p, Invalid(MsgFacturacionPuntosIguales)
	}
	return p, nil
}

func puntoVentaValido(n int) bool { return n >= 1 && n <= MaxPuntoVenta }

// ValidarTratamientoIVA refuses a section's tax treatment outside TratamientosIVA.
func ValidarTratamientoIVA(t string) error {
	if !slices.Contains(TratamientosIVA, t) {
		return Invalid(MsgTratamientoIVA)
	}
	return nil
}

// MensajeCertificadoFiscalPorVencer is the admins' warning of the company's
// ARCA certificate about to expire (vence and hoy YYYY-MM-DD, the company's day).
func MensajeCertificadoFiscalPorVencer(cn, vence, hoy string) string {
	verbo := "vence"
	if vence < hoy {
		verbo = "venció"
	}
	return fmt.Sprintf("El certificado de ARCA %s %s el %s. Genere uno nuevo en ARCA y súbalo en Facturación electrónica para seguir facturando.",
		cn, verbo, FechaAR(vence))
}

// DiaVencimientoCertificado is the company's day (YYYY-MM-DD in zona) of a
// certificate's NotAfter.
func DiaVencimientoCertificado(notAfter time.Time, zona string) string {
	return notAfter.In(Location(zona)).Format(time.DateOnly)
}

// TicketAcceso is WSAA's access ticket (TA) for one service: the token and
// sign every call to the service carries, valid until Expira.
type TicketAcceso struct {
	Token  string    `json:"token"`
	Sign   string    `json:"sign"`
	Expira time.Time `json:"expira"`
}

// ClaveTicket names a cached access ticket: the company, its CUIT, the
// service (wsfe) and ARCA's environment.
type ClaveTicket struct {
	EmpresaID               int64
	CUIT, Servicio, Entorno string
}
