package api

import (
	"context"
	"encoding/base64"
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/impresion"
)

// Salud is the answer of GET /health.
type Salud struct {
	Status   string `json:"status"`
	Database string `json:"database"`
}

// ContactoPublico is the contact block of the landing page; {} on an
// installation without companies.
type ContactoPublico struct {
	*EmpresaPublica
}

// EmpresaPublica is what the landing page shows of the company.
type EmpresaPublica struct {
	Nombre    string `json:"nombre"`
	Telefono  string `json:"telefono"`
	Email     string `json:"email"`
	Direccion string `json:"direccion"`
	LogoURL   string `json:"logo_url"`
}

// EstadisticasPublicas are the landing page's figures, all computed from data.
type EstadisticasPublicas struct {
	PasajerosAtendidos int64 `json:"pasajeros_atendidos"`
	RutasDisponibles   int64 `json:"rutas_disponibles"`
	AniosExperiencia   int   `json:"años_experiencia"`
	ViajesDiarios      int64 `json:"viajes_diarios"`
}

// healthTimeout bounds how long the health check waits for the writer.
const healthTimeout = 3 * time.Second

// health answers 200 only when the database accepts a write, so that a load
// balancer takes a node whose database is down or read-only out of service.
func (s *Server) health(r *http.Request) (Salud, error) {
	ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
	defer cancel()
	if err := s.Store.PuedeEscribir(ctx); err != nil {
		s.Log.Error("base de datos no disponible", "err", err)
		return Salud{}, domain.Unavailable(domain.MsgBaseNoDisponible)
	}
	return Salud{Status: "ok", Database: "ok"}, nil
}

// publicEmpresa is the contact block of the landing page.
func (s *Server) publicEmpresa(r *http.Request) (ContactoPublico, error) {
	e, ok, err := s.Store.EmpresaPublica(r.Context())
	if err != nil || !ok {
		return ContactoPublico{}, err
	}
	return ContactoPublico{&EmpresaPublica{Nombre: e.Nombre, Telefono: e.Telefono, Email: e.Email,
		Direccion: e.Direccion, LogoURL: e.LogoURL}}, nil
}

func (s *Server) publicStats(r *http.Request) (EstadisticasPublicas, error) {
	e, _, err := s.Store.EmpresaPublica(r.Context())
	if err != nil {
		return EstadisticasPublicas{}, err
	}
	st, err := s.Store.EstadisticasPublicas(r.Context(), e)
	return EstadisticasPublicas(st), err
}

// ConsultaPasajePublico is the link of the tickets' mail: the ticket's number
// and its signed QR code (the boarding credential the mail carries already).
type ConsultaPasajePublico struct {
	Numero string `query:"numero" required:"true" maxLength:"50" description:"El número del pasaje"`
	Codigo string `query:"codigo" maxLength:"500" description:"El código QR firmado del pasaje"`
}

// PasajePublico is a ticket as its holder sees it from the mail's link: what
// the printed ticket shows, without the customer's contact or document.
type PasajePublico struct {
	Empresa      string          `json:"empresa"`
	NumeroPasaje string          `json:"numero_pasaje"`
	Pasajero     string          `json:"pasajero"`
	FechaViaje   string          `json:"fecha_viaje" format:"date"`
	Seccion      string          `json:"seccion"`
	TipoViaje    string          `json:"tipo_viaje"`
	Estado       string          `json:"estado" enum:"activo,usado,cancelado"`
	Precio       domain.Centavos `json:"precio"`
	// Salida is the departure it was sold for: its time, boat and boarding stop (null: sold for its day).
	Salida *SalidaDelPasaje `json:"salida"`
	// QR is the code's image as a data: URL (PNG).
	QR string `json:"qr"`
}

// pasajePublico is the ticket of the mail's link. The code must be signed by
// its company's key and belong to that number; any failure (no code, a
// forged one, another ticket's) is the same 'Pasaje no encontrado', so the
// answer reveals nothing about which tickets exist.
func (s *Server) pasajePublico(r *http.Request, q ConsultaPasajePublico) (PasajePublico, error) {
	noEncontrado := domain.NotFound(domain.MsgPasajeNoEncontrado)
	qr, err := domain.LeerCodigoQR(q.Codigo)
	if err != nil || qr.NumeroPasaje != q.Numero {
		return PasajePublico{}, noEncontrado
	}
	pub, err := s.Store.ClavePublica(r.Context(), qr.EmpresaID)
	if err != nil {
		return PasajePublico{}, err
	}
	if _, err := domain.VerificarCodigoQR(pub, q.Codigo); err != nil {
		return PasajePublico{}, noEncontrado
	}
	p, found, err := s.Store.PasajePorCodigoQR(r.Context(), qr.EmpresaID, q.Numero, q.Codigo)
	if err != nil || !found {
		return PasajePublico{}, firstError(err, noEncontrado)
	}
	empresa, _, err := s.Store.Empresa(r.Context(), qr.EmpresaID)
	if err != nil {
		return PasajePublico{}, err
	}
	png, err := impresion.QRPNG(p.CodigoQR, 320)
	if err != nil {
		return PasajePublico{}, err
	}
	return PasajePublico{Empresa: empresa.Nombre, NumeroPasaje: p.NumeroPasaje, Pasajero: p.ClienteNombre,
		FechaViaje: p.FechaViaje, Seccion: p.SeccionNombre, TipoViaje: p.TipoViajeNombre, Estado: p.Estado,
		Precio: p.Precio, Salida: salidaDelPasaje(p.Salida), QR: "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)}, nil
}
