package api

import (
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// ComparativoEmpresas is the comparison of the multi-company report (backoffice
// §2.13, the per-company performance the spec announced): every company's
// tickets, income and registers over the period, each on its own business
// days, and the totals of all of them.
type ComparativoEmpresas struct {
	Periodo  PeriodoReporte       `json:"periodo"`
	Empresas []ComparativoEmpresa `json:"empresas"`
	Totales  TotalesComparativo   `json:"totales"`
}

// ComparativoEmpresa is one company's figures: tickets sold and their income
// (cancelled ones apart), and the registers opened in the period by their
// state now, with the differences of the closed ones (negative: short).
type ComparativoEmpresa struct {
	ID               int64           `json:"id"`
	Nombre           string          `json:"nombre"`
	Activa           bool            `json:"activa"`
	Pasajes          int64           `json:"pasajes"`
	Ingresos         domain.Centavos `json:"ingresos"`
	Cancelados       int64           `json:"cancelados"`
	ImporteCancelado domain.Centavos `json:"importe_cancelado"`
	CajasAbiertas    int64           `json:"cajas_abiertas"`
	CajasCerradas    int64           `json:"cajas_cerradas"`
	CajasConFaltante int64           `json:"cajas_con_faltante"`
	DiferenciaCajas  domain.Centavos `json:"diferencia_cajas"`
}

// TotalesComparativo adds up every company's figures.
type TotalesComparativo struct {
	Pasajes          int64           `json:"pasajes"`
	Ingresos         domain.Centavos `json:"ingresos"`
	Cancelados       int64           `json:"cancelados"`
	ImporteCancelado domain.Centavos `json:"importe_cancelado"`
	CajasAbiertas    int64           `json:"cajas_abiertas"`
	CajasCerradas    int64           `json:"cajas_cerradas"`
	CajasConFaltante int64           `json:"cajas_con_faltante"`
	DiferenciaCajas  domain.Centavos `json:"diferencia_cajas"`
}

// comparativoEmpresas compares every company over the period of c.
func (s *Server) comparativoEmpresas(r *http.Request, c ConsultaPeriodo) (ComparativoEmpresas, error) {
	p, _, err := s.periodoReporte(r, c)
	if err != nil {
		return ComparativoEmpresas{}, err
	}
	filas, err := s.Store.ComparativoEmpresas(r.Context(), p, c.Base == BaseViaje)
	if err != nil {
		return ComparativoEmpresas{}, err
	}
	out := ComparativoEmpresas{Periodo: estePeriodo(p, c.Base), Empresas: make([]ComparativoEmpresa, len(filas))}
	for i, f := range filas {
		out.Empresas[i] = ComparativoEmpresa(f)
	}
	out.Totales, err = totalesComparativo(filas)
	return out, err
}

// totalesComparativo adds the companies' figures, amounts with checked sums.
func totalesComparativo(filas []store.ComparativoEmpresa) (TotalesComparativo, error) {
	var t TotalesComparativo
	var err error
	sumar := func(f func(store.ComparativoEmpresa) domain.Centavos) domain.Centavos {
		total, e := domain.Sumar(mapRows(filas, f)...)
		err = firstError(err, e)
		return total
	}
	t.Ingresos = sumar(func(f store.ComparativoEmpresa) domain.Centavos { return f.Ingresos })
	t.ImporteCancelado = sumar(func(f store.ComparativoEmpresa) domain.Centavos { return f.ImporteCancelado })
	t.DiferenciaCajas = sumar(func(f store.ComparativoEmpresa) domain.Centavos { return f.DiferenciaCajas })
	for _, f := range filas {
		t.Pasajes += f.Pasajes
		t.Cancelados += f.Cancelados
		t.CajasAbiertas += f.CajasAbiertas
		t.CajasCerradas += f.CajasCerradas
		t.CajasConFaltante += f.CajasConFaltante
	}
	return t, err
}
