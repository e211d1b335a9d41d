package arca

import (
	"errors"
	"strings"
)

// WSAA's fault codes Muelle tells apart (the faultcode without its prefix).
const (
	FallaYaAutenticado = "coe.alreadyAuthenticated"
	FallaNoAutorizado  = "coe.notAuthorized"
	FallaCertVencido   = "cms.cert.expired"
)

// Spanish messages of WSAA's faults, for users.
const (
	MsgWSAAYaAutenticado = "ARCA ya entregó un ticket de acceso vigente para este certificado que Muelle no tiene: " +
		"se pedirá otro cuando venza (hasta 12 horas)"
	MsgWSAANoAutorizado = "El certificado no está autorizado para facturación electrónica (wsfe): " +
		"asócielo en ARCA desde el Administrador de Relaciones de Clave Fiscal"
	MsgWSAACertVencido   = "ARCA informa que el certificado está vencido: genere uno nuevo y súbalo en Facturación electrónica"
	MsgWSAACertRechazado = "ARCA no reconoce el certificado: verifique que sea del entorno elegido (homologación o producción)"
	MsgWSAANoDisponible  = "El servicio de autenticación de ARCA no está disponible: se reintentará más tarde"
	MsgWSAARechazo       = "ARCA rechazó el pedido de acceso"
)

// ErrorWSAA is a SOAP fault of WSAA: Error is the Spanish message users see;
// Codigo and Texto are WSAA's, for the log.
type ErrorWSAA struct {
	Codigo, Texto string
}

func (e *ErrorWSAA) Error() string {
	switch {
	case e.Codigo == FallaYaAutenticado:
		return MsgWSAAYaAutenticado
	case e.Codigo == FallaNoAutorizado:
		return MsgWSAANoAutorizado
	case e.Codigo == FallaCertVencido:
		return MsgWSAACertVencido
	case strings.HasPrefix(e.Codigo, "cms."):
		return MsgWSAACertRechazado
	case e.Temporal():
		return MsgWSAANoDisponible
	}
	return MsgWSAARechazo
}

// Temporal reports whether a later login may succeed without a person:
// WSAA or the service unavailable, or a ticket held until it expires.
func (e *ErrorWSAA) Temporal() bool {
	return e.Codigo == FallaYaAutenticado || strings.HasSuffix(e.Codigo, ".unavailable") ||
		strings.HasSuffix(e.Codigo, ".internalError")
}

// Detalle is the fault as WSAA wrote it.
func (e *ErrorWSAA) Detalle() string { return "ARCA WSAA " + e.Codigo + ": " + e.Texto }

// nuevoErrorWSAA is the fault of faultcode (with its namespace prefix, "ns1:cms.bad").
func nuevoErrorWSAA(faultcode, texto string) *ErrorWSAA {
	codigo := strings.TrimSpace(faultcode)
	if i := strings.LastIndex(codigo, ":"); i >= 0 {
		codigo = codigo[i+1:]
	}
	return &ErrorWSAA{Codigo: codigo, Texto: strings.TrimSpace(texto)}
}

// esYaAutenticado reports whether err is WSAA's coe.alreadyAuthenticated.
func esYaAutenticado(err error) bool {
	var e *ErrorWSAA
	return errors.As(err, &e) && e.Codigo == FallaYaAutenticado
}
