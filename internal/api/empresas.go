package api

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"muelle/internal/auth"
	"muelle/internal/domain"
	"muelle/internal/store"
)

// GuardarEmpresa is the body of POST and PUT /config/empresas (super
// administrator); admin_usuario names the new company's administrator (POST).
type GuardarEmpresa struct {
	Nombre       string `json:"nombre,omitempty" maxLength:"100" description:"Obligatorio salvo en un PUT que solo cambia activo"`
	RUC          string `json:"ruc,omitempty" maxLength:"30" description:"Obligatorio salvo en un PUT que solo cambia activo"`
	Direccion    string `json:"direccion,omitempty" maxLength:"200"`
	Telefono     string `json:"telefono,omitempty" maxLength:"50"`
	Email        string `json:"email,omitempty" maxLength:"100"`
	Tipo         string `json:"tipo,omitempty" maxLength:"20" enum:"operativa,administrativa"`
	Timezone     string `json:"timezone,omitempty" maxLength:"64"`
	Activo       *bool  `json:"activo,omitempty"`
	AdminUsuario string `json:"admin_usuario,omitempty" maxLength:"50"`
}

// EmpresaListada is a company of the super administrator's list.
type EmpresaListada struct {
	Empresa
	UsuariosCount int64     `json:"usuarios_count"`
	CreatedAt     time.Time `json:"created_at"`
}

// EmpresaCreada is a new company and its administrator's temporary
// credentials, answered once (not on an idempotent replay).
type EmpresaCreada struct {
	Empresa                Empresa                 `json:"empresa"`
	CredencialesTemporales *CredencialesTemporales `json:"credenciales_temporales,omitempty"`
}

// EstadisticasEmpresa are a company's figures (super administrator).
type EstadisticasEmpresa struct {
	TotalUsuarios int64           `json:"total_usuarios"`
	TotalPasajes  int64           `json:"total_pasajes"`
	IngresosMes   domain.Centavos `json:"ingresos_mes"`
	CajasAbiertas int64           `json:"cajas_abiertas"`
}

// UsuariosEmpresa is the answer of GET /config/empresas/{id}/usuarios.
type UsuariosEmpresa struct {
	Usuarios []UsuarioDeEmpresa `json:"usuarios"`
}

// UsuarioDeEmpresa is a row of the users-by-company table.
type UsuarioDeEmpresa struct {
	ID            int64      `json:"id"`
	NombreUsuario string     `json:"nombre_usuario"`
	Nombre        string     `json:"nombre"`
	Apellido      string     `json:"apellido"`
	Rol           string     `json:"rol"`
	ColorBadge    string     `json:"color_badge"`
	Icono         string     `json:"icono"`
	Activo        bool       `json:"activo"`
	UltimoLogin   *time.Time `json:"ultimo_login"`
}

func (e GuardarEmpresa) datos() (store.Empresa, error) {
	d := domain.DatosEmpresa{Nombre: strings.TrimSpace(e.Nombre), RUC: strings.TrimSpace(e.RUC),
		Direccion: e.Direccion, Telefono: e.Telefono, Email: e.Email,
		Tipo: orDefault(e.Tipo, domain.EmpresaOperativa), Timezone: orDefault(e.Timezone, "America/Argentina/Buenos_Aires")}
	if err := domain.ValidarEmpresa(d, true); err != nil {
		return store.Empresa{}, err
	}
	return store.Empresa{Nombre: d.Nombre, RUC: d.RUC, Direccion: d.Direccion, Telefono: d.Telefono,
		Email: d.Email, Tipo: d.Tipo, Timezone: d.Timezone, Activa: e.Activo == nil || *e.Activo}, nil
}

func orDefault(v, def string) string {
	if strings.TrimSpace(v) == "" {
		return def
	}
	return v
}

func (s *Server) listarEmpresas(r *http.Request) ([]EmpresaListada, error) {
	rows, err := s.Store.ListarEmpresas(r.Context())
	return mapRows(rows, func(e store.EmpresaListada) EmpresaListada {
		return EmpresaListada{Empresa: empresaDe(e.Empresa), UsuariosCount: e.UsuariosCount, CreatedAt: e.CreatedAt}
	}), err
}

// crearEmpresa creates the company, its catalogs and its administrator
// (login admin_usuario, or "admin_" and the company's ticket prefix) with a
// generated temporary password, valid 24 hours and answered once, exactly as
// a user created with auto_generate_password.
func (s *Server) crearEmpresa(r *http.Request, body GuardarEmpresa) (createdReply[EmpresaCreada], error) {
	e, err := body.datos()
	if err != nil {
		return createdReply[EmpresaCreada]{}, err
	}
	usuario := domain.NormalizarNombreUsuario(orDefault(body.AdminUsuario,
		"admin_"+strings.ToLower(domain.PrefijoEmpresa(e.Nombre))))
	if err := domain.ValidarCredenciales(usuario, "x"); err != nil {
		return createdReply[EmpresaCreada]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return createdReply[EmpresaCreada]{}, err
	}
	password := auth.GenerarPassword(true)
	hash, err := s.Auth.Hasher.Hash(password)
	if err != nil {
		return createdReply[EmpresaCreada]{}, err
	}
	c, err := s.Store.CrearEmpresa(r.Context(), a, store.NuevaEmpresa{Empresa: e, Admin: store.DatosGestionUsuario{
		DatosUsuario: domain.DatosUsuario{NombreUsuario: usuario, Nombre: "Administrador", Email: e.Email,
			Rol: domain.RolAdmin}, PasswordHash: hash, Activo: true}})
	if err != nil {
		return createdReply[EmpresaCreada]{}, err
	}
	out := EmpresaCreada{Empresa: empresaDe(c.Empresa)}
	if c.Nueva {
		out.CredencialesTemporales = &CredencialesTemporales{Usuario: c.Admin.NombreUsuario, PasswordTemporal: password,
			ValidaHasta: *c.Admin.ClaveTemporalHasta}
	}
	return created(out, "Empresa creada exitosamente"), nil
}

// soloEstado: the body is {activo} alone, which changes the company's state
// and nothing else (backoffice §7: PUT with {activo: false} deactivates).
func (e GuardarEmpresa) soloEstado() bool {
	return e.Activo != nil && strings.TrimSpace(e.Nombre+e.RUC+e.Direccion+e.Telefono+e.Email+e.Tipo+e.Timezone+e.AdminUsuario) == ""
}

// actualizarEmpresa saves the company's data; a body of {activo} alone
// deactivates it exactly as DELETE does, or activates it again.
func (s *Server) actualizarEmpresa(r *http.Request, body GuardarEmpresa) (reply[Empresa], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[Empresa]{}, err
	}
	if body.soloEstado() {
		return s.cambiarEstadoEmpresa(r, id, *body.Activo)
	}
	e, err := body.datos()
	if err != nil {
		return reply[Empresa]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[Empresa]{}, err
	}
	out, err := s.Store.ActualizarEmpresa(r.Context(), a, id, e)
	return withMessage(empresaDe(out), "Empresa actualizada exitosamente"), err
}

func (s *Server) desactivarEmpresa(r *http.Request) (reply[Empresa], error) {
	id, err := pathID(r, "id")
	if err != nil {
		return reply[Empresa]{}, err
	}
	return s.cambiarEstadoEmpresa(r, id, false)
}

// cambiarEstadoEmpresa deactivates the company (its users are refused at once,
// DESACTIVACION_EMPRESA) or activates it again (ACTUALIZACION_EMPRESA).
func (s *Server) cambiarEstadoEmpresa(r *http.Request, id int64, activa bool) (reply[Empresa], error) {
	a, err := writeActor(r)
	if err != nil {
		return reply[Empresa]{}, err
	}
	if activa {
		out, err := s.Store.ActivarEmpresa(r.Context(), a, id)
		return withMessage(empresaDe(out), "Empresa activada exitosamente"), err
	}
	out, err := s.Store.DesactivarEmpresa(r.Context(), a, id)
	return withMessage(empresaDe(out), "Empresa desactivada exitosamente"), err
}

// estadisticasEmpresa: ingresos_mes counts from the first of the month in the
// company's time zone.
func (s *Server) estadisticasEmpresa(r *http.Request) (EstadisticasEmpresa, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return EstadisticasEmpresa{}, err
	}
	st, err := s.Store.EstadisticasDeEmpresa(r.Context(), id)
	return EstadisticasEmpresa(st), err
}

func (s *Server) usuariosDeEmpresa(r *http.Request) (UsuariosEmpresa, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return UsuariosEmpresa{}, err
	}
	rows, err := s.Store.UsuariosDeEmpresa(r.Context(), id)
	return UsuariosEmpresa{Usuarios: mapRows(rows, func(u store.UsuarioDeEmpresa) UsuarioDeEmpresa {
		return UsuarioDeEmpresa(u)
	})}, err
}

// DatosContacto are the company's additional contact data.
type DatosContacto struct {
	Gerente         string `json:"gerente" maxLength:"200"`
	Whatsapp        string `json:"whatsapp" maxLength:"200"`
	HorarioAtencion string `json:"horario_atencion" maxLength:"200"`
	SitioWeb        string `json:"sitio_web" maxLength:"200"`
}

// GuardarEmpresaActual is the body of PUT /config/empresa (general
// configuration of the caller's company). VentaConfirmarMasDePasajes is
// stored in a 32-bit column: int32 bounds it.
type GuardarEmpresaActual struct {
	Nombre                     string          `json:"nombre" maxLength:"100"`
	RUC                        string          `json:"ruc,omitempty" maxLength:"30"`
	Direccion                  string          `json:"direccion,omitempty" maxLength:"200"`
	Telefono                   string          `json:"telefono,omitempty" maxLength:"50"`
	Email                      string          `json:"email,omitempty" maxLength:"100"`
	Timezone                   string          `json:"timezone" maxLength:"64"`
	DatosContacto              DatosContacto   `json:"datos_contacto"`
	DiasVentaAnticipada        int             `json:"dias_venta_anticipada"`
	VentaConfirmarMasDePasajes int32           `json:"venta_confirmar_mas_de_pasajes"`
	VentaConfirmarMontoMayorA  domain.Centavos `json:"venta_confirmar_monto_mayor_a"`
	// DiasRetencionPasajeros: absent keeps the stored value.
	DiasRetencionPasajeros *int `json:"dias_retencion_pasajeros,omitempty" minimum:"30" maximum:"3650" description:"Días después del viaje que se conservan los datos de los pasajeros; luego se anonimizan (Ley 25.326)"`
}

func (b GuardarEmpresaActual) validar() error {
	d := domain.DatosEmpresa{Nombre: b.Nombre, RUC: b.RUC, Tipo: domain.EmpresaOperativa, Timezone: b.Timezone}
	if err := domain.ValidarEmpresa(d, false); err != nil {
		return err
	}
	switch {
	case b.DiasVentaAnticipada < 1 || b.DiasVentaAnticipada > 730:
		return domain.Invalid("Los días de venta anticipada deben estar entre 1 y 730")
	case b.VentaConfirmarMasDePasajes < 1:
		return domain.Invalid("La cantidad de pasajes de una venta grande debe ser al menos 1")
	case b.VentaConfirmarMontoMayorA <= 0 || b.VentaConfirmarMontoMayorA > domain.MontoMaximo:
		return domain.Invalid("El monto de una venta grande debe ser mayor a cero y no superar el máximo")
	case b.DiasRetencionPasajeros != nil:
		return domain.ValidarDiasRetencion(*b.DiasRetencionPasajeros)
	}
	return nil
}

// diasRetencion is the retention to save: 0 (keep the stored one) when absent.
func (b GuardarEmpresaActual) diasRetencion() int {
	if b.DiasRetencionPasajeros == nil {
		return 0
	}
	return *b.DiasRetencionPasajeros
}

func (s *Server) guardarEmpresaActual(r *http.Request, b GuardarEmpresaActual) (reply[Empresa], error) {
	if err := b.validar(); err != nil {
		return reply[Empresa]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[Empresa]{}, err
	}
	out, err := s.Store.GuardarEmpresaActual(r.Context(), a, store.Empresa{Nombre: strings.TrimSpace(b.Nombre),
		RUC: strings.TrimSpace(b.RUC), Direccion: b.Direccion, Telefono: b.Telefono, Email: b.Email,
		Timezone: b.Timezone, DatosContacto: store.DatosContacto(b.DatosContacto), DiasVentaAnticipada: b.DiasVentaAnticipada,
		VentaGrande: domain.VentaGrande{MasDePasajes: int(b.VentaConfirmarMasDePasajes),
			MontoMayorA: b.VentaConfirmarMontoMayorA}, DiasRetencionPasajeros: b.diasRetencion()})
	return withMessage(empresaDe(out), "Configuración actualizada exitosamente"), err
}

// LogoSubido is the answer of POST /config/empresa/logo.
type LogoSubido struct {
	URL string `json:"url"`
}

// subirLogo reads the multipart field logo (bounded to 5 MB plus the form's
// overhead), checks it by content and stores it in the database.
func (s *Server) subirLogo(r *http.Request) (reply[LogoSubido], error) {
	datos, err := leerArchivoLogo(r)
	if err != nil {
		return reply[LogoSubido]{}, err
	}
	tipo, err := domain.TipoLogo(datos)
	if err != nil {
		return reply[LogoSubido]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return reply[LogoSubido]{}, err
	}
	url, err := s.Store.GuardarLogo(r.Context(), a, tipo, datos)
	return withMessage(LogoSubido{URL: url}, "Logo subido exitosamente"), err
}

// margenMultipart is the room the multipart envelope takes beside the file.
const margenMultipart = 64 << 10

func leerArchivoLogo(r *http.Request) ([]byte, error) {
	r.Body = http.MaxBytesReader(nil, r.Body, domain.MaxLogoBytes+margenMultipart)
	f, _, err := r.FormFile("logo")
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, domain.Invalid(domain.MsgLogoGrande)
	case err != nil:
		return nil, domain.Invalid(domain.MsgLogoSinArchivo)
	}
	defer f.Close()
	datos, err := io.ReadAll(io.LimitReader(f, domain.MaxLogoBytes+1))
	if err != nil {
		return nil, domain.Invalid(domain.MsgLogoSinArchivo)
	}
	return datos, nil
}

// ConsultaLogo is the version a logo's URL carries (logo_url): a new logo has
// a new URL, so that no browser shows an old one from its cache.
type ConsultaLogo struct {
	V string `query:"v" maxLength:"100" description:"La versión del logo, que cambia con él"`
}

// logoEmpresa serves a company's stored logo to anyone (the landing page and
// printed tickets show it), cached by the browser and revalidated by ETag.
func (s *Server) logoEmpresa(r *http.Request, _ ConsultaLogo) (archivo, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return archivo{}, err
	}
	l, ok, err := s.Store.LogoDeEmpresa(r.Context(), id)
	if err != nil || !ok {
		return archivo{}, firstError(err, domain.NotFound("La empresa no tiene logo"))
	}
	f := bytesDe(l.Tipo, "", l.Datos)
	f.cache, f.etag = "public, max-age=86400", `"`+l.ETag+`"`
	f.noModificado = r.Header.Get("If-None-Match") == f.etag
	return f, nil
}
