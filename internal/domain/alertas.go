package domain

import (
	"fmt"
	"time"
)

// Kinds of a system alert (operaciones §2: error, warning or info).
const (
	AlertaError       = "error"
	AlertaAdvertencia = "warning"
	AlertaInfo        = "info"
)

// CajaAbiertaLarga is how long a register may stay open before the global
// dashboard warns about it.
const CajaAbiertaLarga = 12 * time.Hour

// LatenciaBaseLenta is the database round trip above which the database counts as slow.
const LatenciaBaseLenta = 500 * time.Millisecond

// Alerta is one item of the global dashboard's alerts banner.
type Alerta struct {
	Tipo     string
	Mensaje  string
	Cantidad int64
}

// EmpresaConCajasLargas is a company with registers open longer than CajaAbiertaLarga.
type EmpresaConCajasLargas struct {
	Empresa string
	Cajas   int64
}

// EstadoSistema is what the alerts are computed from.
type EstadoSistema struct {
	CajasLargas       []EmpresaConCajasLargas
	EmpresasInactivas int64
	LatenciaBase      time.Duration
}

// Alertas lists the alerts the system state raises, most serious first: a slow
// database, each company with a register open for more than 12 hours, and the
// inactive companies.
func Alertas(e EstadoSistema) []Alerta {
	out := []Alerta{}
	if e.LatenciaBase > LatenciaBaseLenta {
		out = append(out, Alerta{AlertaAdvertencia,
			fmt.Sprintf("La base de datos responde lento (%d ms)", e.LatenciaBase.Milliseconds()), 1})
	}
	for _, c := range e.CajasLargas {
		out = append(out, Alerta{AlertaAdvertencia,
			c.Empresa + ": " + Plural(c.Cajas, "caja abierta", "cajas abiertas") + " hace más de 12 horas", c.Cajas})
	}
	if e.EmpresasInactivas > 0 {
		out = append(out, Alerta{AlertaInfo, Plural(e.EmpresasInactivas, "empresa inactiva", "empresas inactivas"),
			e.EmpresasInactivas})
	}
	return out
}

// Plural writes n with the singular or plural noun.
func Plural(n int64, singular, plural string) string {
	if n == 1 {
		return "1 " + singular
	}
	return fmt.Sprintf("%d %s", n, plural)
}
