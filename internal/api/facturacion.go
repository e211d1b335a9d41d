package api

import (
	"encoding/json"
	"net/http"
	"time"

	"muelle/internal/arca"
	"muelle/internal/domain"
	"muelle/internal/store"
)

// Electronic invoicing with ARCA (docs/features/facturacion.md): the
// company's tax profile, its certificate and its sections' tax treatment.

// Facturacion is a company's tax profile as the admin screen shows it.
type Facturacion struct {
	// Configurado is false until the profile is saved (the other fields are then empty).
	Configurado            bool                     `json:"configurado"`
	CUIT                   string                   `json:"cuit" description:"11 dígitos, sin guiones"`
	CondicionIVA           string                   `json:"condicion_iva" enum:"responsable_inscripto,monotributo,exento,"`
	PuntoVentaCAE          int32                    `json:"punto_venta_cae"`
	PuntoVentaCAEA         int32                    `json:"punto_venta_caea"`
	Entorno                string                   `json:"entorno" enum:"homologacion,produccion,"`
	ComprobantesPermitidos []domain.TipoComprobante `json:"comprobantes_permitidos"`
	// Certificado is what may be shown of the certificate; null when none was uploaded.
	Certificado *CertificadoFacturacion `json:"certificado"`
	Secciones   []SeccionFiscal         `json:"secciones"`
}

// CertificadoFacturacion is what is shown of the company's ARCA certificate:
// never the certificate or its key.
type CertificadoFacturacion struct {
	CN    string    `json:"cn"`
	Vence time.Time `json:"vence"`
}

// SeccionFiscal is a section with its tax treatment.
type SeccionFiscal struct {
	ID             int64  `json:"id"`
	Nombre         string `json:"nombre"`
	TratamientoIVA string `json:"tratamiento_iva" enum:"exento,iva_10_5,iva_21"`
}

// GuardarFacturacion is the body of PUT /config/facturacion.
type GuardarFacturacion struct {
	CUIT           string `json:"cuit" maxLength:"13" description:"11 dígitos, con o sin guiones (20-12345678-6)"`
	CondicionIVA   string `json:"condicion_iva" maxLength:"25" enum:"responsable_inscripto,monotributo,exento"`
	PuntoVentaCAE  int32  `json:"punto_venta_cae" minimum:"1" maximum:"99999"`
	PuntoVentaCAEA int32  `json:"punto_venta_caea" minimum:"1" maximum:"99999" description:"Distinto del de CAE: ARCA lo dedica a CAEA"`
	Entorno        string `json:"entorno" maxLength:"15" enum:"homologacion,produccion"`
}

// SubirCertificado is the body of PUT /config/facturacion/certificado: the
// certificate ARCA gave and its private key, both PEM.
type SubirCertificado struct {
	Certificado string `json:"certificado" maxLength:"16384" multilinea:"true" description:"PEM: -----BEGIN CERTIFICATE-----"`
	Clave       string `json:"clave" maxLength:"16384" multilinea:"true" description:"PEM de la clave privada, sin contraseña"`
}

// GuardarTratamientoIVA is the body of PUT /config/secciones/{id}/tratamiento-iva.
type GuardarTratamientoIVA struct {
	TratamientoIVA string `json:"tratamiento_iva" maxLength:"10" enum:"exento,iva_10_5,iva_21"`
}

func (s *Server) facturacion(r *http.Request) (Facturacion, error) {
	return s.facturacionDe(r, actorFrom(r).EmpresaID())
}

// facturacionEmpresa is any company's profile, for the super-admin.
func (s *Server) facturacionEmpresa(r *http.Request) (Facturacion, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return Facturacion{}, err
	}
	if _, found, err := s.Store.Empresa(r.Context(), id); err != nil || !found {
		return Facturacion{}, firstError(err, domain.NotFound(domain.MsgEmpresaNoEncontrada))
	}
	return s.facturacionDe(r, id)
}

func (s *Server) facturacionDe(r *http.Request, empresaID int64) (Facturacion, error) {
	p, found, err := s.Store.PerfilFacturacion(r.Context(), empresaID)
	if err != nil {
		return Facturacion{}, err
	}
	secciones, err := s.Store.SeccionesFiscales(r.Context(), empresaID)
	out := facturacionDe(p, found)
	out.Secciones = mapRows(secciones, seccionFiscalDe)
	return out, err
}

func facturacionDe(p store.PerfilFacturacion, found bool) Facturacion {
	out := Facturacion{Configurado: found, CUIT: p.CUIT, CondicionIVA: p.CondicionIVA, PuntoVentaCAE: int32(p.PuntoVentaCAE),
		PuntoVentaCAEA: int32(p.PuntoVentaCAEA), Entorno: p.Entorno,
		ComprobantesPermitidos: domain.ComprobantesPermitidos(p.CondicionIVA), Secciones: []SeccionFiscal{}}
	if out.ComprobantesPermitidos == nil {
		out.ComprobantesPermitidos = []domain.TipoComprobante{}
	}
	if p.Certificado != nil {
		out.Certificado = &CertificadoFacturacion{CN: p.Certificado.CN, Vence: p.Certificado.Vence}
	}
	return out
}

func seccionFiscalDe(f store.SeccionFiscal) SeccionFiscal {
	return SeccionFiscal{ID: f.ID, Nombre: f.Nombre, TratamientoIVA: f.Tratamiento}
}

func (s *Server) guardarFacturacion(r *http.Request, b GuardarFacturacion) (reply[Facturacion], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[Facturacion]{}, err
	}
	if _, err := s.Store.GuardarPerfilFacturacion(r.Context(), a, a.EmpresaID, domain.PerfilFiscal{CUIT: b.CUIT,
		CondicionIVA: b.CondicionIVA, PuntoVentaCAE: int(b.PuntoVentaCAE), PuntoVentaCAEA: int(b.PuntoVentaCAEA),
		Entorno: b.Entorno}); err != nil {
		return reply[Facturacion]{}, err
	}
	out, err := s.facturacionDe(r, a.EmpresaID)
	return withMessage(out, domain.MsgFacturacionGuardada), err
}

// subirCertificado checks the certificate and its key (they parse, the key
// is the certificate's, it is not expired, its CUIT is the profile's) and
// stores them sealed.
func (s *Server) subirCertificado(r *http.Request, b SubirCertificado) (reply[Facturacion], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[Facturacion]{}, err
	}
	cred := arca.Credenciales{Certificado: b.Certificado, Clave: b.Clave}
	cert, err := arca.LeerCertificado(cred, s.Store.Now())
	if err != nil {
		return reply[Facturacion]{}, err
	}
	p, found, err := s.Store.PerfilFacturacion(r.Context(), a.EmpresaID)
	switch {
	case err != nil:
		return reply[Facturacion]{}, err
	case !found:
		return reply[Facturacion]{}, domain.Conflict(domain.MsgFacturacionSinPerfil)
	case cert.CUIT != "" && cert.CUIT != p.CUIT:
		return reply[Facturacion]{}, domain.Invalid(arca.MsgCertificadoOtroCUIT)
	}
	datos, err := json.Marshal(cred)
	if err != nil {
		return reply[Facturacion]{}, err
	}
	if _, err := s.Store.GuardarCertificadoFacturacion(r.Context(), a, a.EmpresaID,
		store.CertificadoFiscal{CN: cert.Cert.Subject.CommonName, Vence: cert.Cert.NotAfter}, datos); err != nil {
		return reply[Facturacion]{}, err
	}
	out, err := s.facturacionDe(r, a.EmpresaID)
	return withMessage(out, domain.MsgCertificadoGuardado), err
}

func (s *Server) guardarTratamientoIVA(r *http.Request, b GuardarTratamientoIVA) (reply[SeccionFiscal], error) {
	id, a, err := idAndWriteActor(r)
	if err != nil {
		return reply[SeccionFiscal]{}, err
	}
	f, err := s.Store.GuardarTratamientoIVA(r.Context(), a, id, b.TratamientoIVA)
	return withMessage(seccionFiscalDe(f), domain.MsgTratamientoGuardado), err
}
