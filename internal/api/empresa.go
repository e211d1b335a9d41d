package api

import (
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// Empresa is the caller's company.
type Empresa struct {
	ID            int64  `json:"id"`
	Nombre        string `json:"nombre"`
	RUC           string `json:"ruc"`
	Direccion     string `json:"direccion"`
	Telefono      string `json:"telefono"`
	Email         string `json:"email"`
	LogoURL       string `json:"logo_url"`
	Tipo          string `json:"tipo" enum:"operativa,administrativa"`
	Timezone      string `json:"timezone"`
	ColorPrimario string `json:"color_primario"`
	// ColorSecundario: with color_primario, the theme of the company's users.
	ColorSecundario string        `json:"color_secundario"`
	DatosContacto   DatosContacto `json:"datos_contacto"`
	Activa          bool          `json:"activa"`
	// DiasVentaAnticipada is how many days ahead the company sells.
	DiasVentaAnticipada int `json:"dias_venta_anticipada"`
	// VentaConfirmarMasDePasajes: a sale of more tickets than this asks for one confirmation.
	VentaConfirmarMasDePasajes int `json:"venta_confirmar_mas_de_pasajes"`
	// VentaConfirmarMontoMayorA: a sale whose total is above this asks for one confirmation.
	VentaConfirmarMontoMayorA domain.Centavos `json:"venta_confirmar_monto_mayor_a"`
	// PrefijoPasaje starts the company's ticket numbers (LD in LD-20261122-000001).
	PrefijoPasaje string `json:"prefijo_pasaje"`
	// DiasRetencionPasajeros: days after the trip its passengers' data is kept, then anonymised.
	DiasRetencionPasajeros int `json:"dias_retencion_pasajeros"`
}

func empresaDe(e store.Empresa) Empresa {
	return Empresa{ID: e.ID, Nombre: e.Nombre, RUC: e.RUC, Direccion: e.Direccion, Telefono: e.Telefono,
		Email: e.Email, LogoURL: e.LogoURL, Tipo: e.Tipo, Timezone: e.Timezone, ColorPrimario: e.ColorPrimario,
		ColorSecundario: e.ColorSecundario, DatosContacto: DatosContacto(e.DatosContacto), Activa: e.Activa,
		DiasVentaAnticipada: e.DiasVentaAnticipada, VentaConfirmarMasDePasajes: e.VentaGrande.MasDePasajes,
		VentaConfirmarMontoMayorA: e.VentaGrande.MontoMayorA, PrefijoPasaje: domain.PrefijoEmpresa(e.Nombre),
		DiasRetencionPasajeros: e.DiasRetencionPasajeros}
}

func (s *Server) empresaActual(r *http.Request) (Empresa, error) {
	e, ok, err := s.Store.Empresa(r.Context(), actorFrom(r).EmpresaID())
	if err != nil {
		return Empresa{}, err
	}
	if !ok {
		return Empresa{}, domain.NotFound("Empresa no encontrada")
	}
	return empresaDe(e), nil
}
