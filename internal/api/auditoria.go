package api

import (
	"fmt"
	"net/http"
	"time"

	"muelle/internal/domain"
	"muelle/internal/export"
	"muelle/internal/store"
)

// diasResumenAuditoria is the window of the audit summary (backoffice §9).
const diasResumenAuditoria = 7

// ConsultaAuditoria is the query of the audit list and of its export: the
// filters (dates are days of the system's time zone) and the page, of 25, 50,
// 100 or 200 entries (backoffice §9; the logs offer the first three).
type ConsultaAuditoria struct {
	EmpresaID  int64  `query:"empresa_id" minimum:"1" description:"Solo las entradas de esta empresa"`
	UsuarioID  int64  `query:"usuario_id" minimum:"1" description:"Solo las entradas de este usuario"`
	Accion     string `query:"accion" pattern:"^[A-Z][A-Z_]{0,49}$" mensaje:"debe ser un nombre de acción en mayúsculas, por ejemplo LOGIN" description:"Una acción, por ejemplo LOGIN"`
	FechaDesde string `query:"fecha_desde" format:"date" description:"Desde este día (AAAA-MM-DD)"`
	FechaHasta string `query:"fecha_hasta" format:"date" description:"Hasta este día (AAAA-MM-DD), incluido"`
	Pagina     int64  `query:"pagina" minimum:"1" maximum:"1000000" description:"Número de página, desde 1"`
	Limite     int64  `query:"limite" enum:"[25,50,100,200]" default:"50" description:"Entradas por página"`
}

func (c ConsultaAuditoria) comprobar() error {
	if c.FechaDesde != "" && c.FechaHasta != "" && c.FechaHasta < c.FechaDesde {
		return parametroInvalido("fecha_hasta", "El parámetro fecha_hasta no puede ser anterior a fecha_desde")
	}
	return nil
}

// ConsultaUsuariosAuditables is the query of the users an audit list may be filtered by.
type ConsultaUsuariosAuditables struct {
	Busqueda string `query:"busqueda" maxLength:"100" description:"Parte del usuario, del nombre o del apellido"`
}

// ListadoAuditoria is one page of the audit entries and where it is.
type ListadoAuditoria struct {
	Logs       []RegistroAuditoria `json:"logs"`
	Paginacion PaginacionAuditoria `json:"paginacion"`
}

// PaginacionAuditoria says which page this is, of how many, over how many
// entries. On a large trail the count stops 10,000 entries past the page:
// total_exacto false means "at least" that many (narrow the filters).
type PaginacionAuditoria struct {
	PaginaActual   int64 `json:"pagina_actual"`
	TotalPaginas   int64 `json:"total_paginas"`
	TotalRegistros int64 `json:"total_registros"`
	TotalExacto    bool  `json:"total_exacto"`
	Limite         int64 `json:"limite"`
}

// RegistroAuditoria is an audit entry (backoffice §3 Audit log): usuario is
// null for an entry without a user (a failed login of an unknown name),
// empresa_nombre "" for one without a company.
type RegistroAuditoria struct {
	ID            int64             `json:"id"`
	UsuarioID     *int64            `json:"usuario_id"`
	EmpresaID     *int64            `json:"empresa_id"`
	Usuario       *UsuarioAuditoria `json:"usuario"`
	EmpresaNombre string            `json:"empresa_nombre"`
	Accion        string            `json:"accion"`
	Detalles      string            `json:"detalles"`
	IPAddress     string            `json:"ip_address"`
	Exito         bool              `json:"exito"`
	CreatedAt     time.Time         `json:"created_at"`
}

// UsuarioAuditoria is the user of an audit entry.
type UsuarioAuditoria struct {
	NombreUsuario string `json:"nombre_usuario"`
	Nombre        string `json:"nombre"`
	Apellido      string `json:"apellido"`
}

func registroAuditoriaDe(r store.RegistroAuditoria) RegistroAuditoria {
	out := RegistroAuditoria{ID: r.ID, UsuarioID: r.UsuarioID, EmpresaID: r.EmpresaID, EmpresaNombre: r.EmpresaNombre,
		Accion: r.Accion, Detalles: r.Detalles, IPAddress: r.IP, Exito: r.Exito, CreatedAt: r.CreatedAt}
	if r.UsuarioID != nil {
		out.Usuario = &UsuarioAuditoria{NombreUsuario: r.NombreUsuario, Nombre: r.Nombre, Apellido: r.Apellido}
	}
	return out
}

// EstadisticasAuditoria is the summary of the last days of the audit trail
// and the choices of its filters: the actions ever audited and the companies.
type EstadisticasAuditoria struct {
	Dias               int64             `json:"dias"`
	Desde              time.Time         `json:"desde"`
	TotalEventos       int64             `json:"total_eventos"`
	Logins             int64             `json:"logins"`
	VentasPasajes      int64             `json:"ventas_pasajes"`
	UsuariosDistintos  int64             `json:"usuarios_distintos"`
	TiposEventos       []TotalAccion     `json:"tipos_eventos"`
	UsuariosMasActivos []UsuarioActivo   `json:"usuarios_mas_activos"`
	Acciones           []string          `json:"acciones"`
	Empresas           []EmpresaDeFiltro `json:"empresas"`
}

// TotalAccion is how many entries of an action the summary counted.
type TotalAccion struct {
	Accion string `json:"accion"`
	Total  int64  `json:"total"`
}

// UsuarioActivo is one of the users with most entries in the summary.
type UsuarioActivo struct {
	UsuarioID     int64  `json:"usuario_id"`
	NombreUsuario string `json:"nombre_usuario"`
	Nombre        string `json:"nombre"`
	Apellido      string `json:"apellido"`
	Total         int64  `json:"total"`
}

// EmpresaDeFiltro is a company a list may be filtered by.
type EmpresaDeFiltro struct {
	ID     int64  `json:"id"`
	Nombre string `json:"nombre"`
}

// UsuarioDeFiltro is a user the user logs may be filtered by.
type UsuarioDeFiltro struct {
	ID            int64  `json:"id"`
	NombreUsuario string `json:"nombre_usuario"`
	Nombre        string `json:"nombre"`
	Apellido      string `json:"apellido"`
	Rol           string `json:"rol"`
	EmpresaNombre string `json:"empresa_nombre"`
}

// filtroAuditoria is the audit list's filter and page; dates are days of the
// system's time zone.
func (s *Server) filtroAuditoria(r *http.Request, c ConsultaAuditoria) (store.FiltroAuditoria, error) {
	f := store.FiltroAuditoria{EmpresaID: c.EmpresaID, UsuarioID: c.UsuarioID, Accion: c.Accion,
		Pagina: paginaDe(c.Pagina, c.Limite)}
	var err error
	f.Desde, f.Hasta, err = s.diasAuditoria(r, c.FechaDesde, c.FechaHasta)
	return f, err
}

// diasAuditoria reads fecha_desde and fecha_hasta as the bounds of whole days
// in the system's time zone (zero: unbounded).
func (s *Server) diasAuditoria(r *http.Request, fechaDesde, fechaHasta string) (desde, hasta time.Time, err error) {
	cfg, err := s.Store.ConfiguracionSistema(r.Context())
	if err != nil {
		return desde, hasta, err
	}
	loc := domain.Location(cfg.Timezone)
	if fechaDesde != "" {
		t, _ := time.ParseInLocation(time.DateOnly, fechaDesde, loc)
		desde = domain.DiaDe(t, loc).Desde
	}
	if fechaHasta != "" {
		t, _ := time.ParseInLocation(time.DateOnly, fechaHasta, loc)
		hasta = domain.DiaDe(t, loc).Hasta
	}
	return desde, hasta, nil
}

func (s *Server) listarAuditoria(r *http.Request, c ConsultaAuditoria) (ListadoAuditoria, error) {
	f, err := s.filtroAuditoria(r, c)
	if err != nil {
		return ListadoAuditoria{}, err
	}
	logs, conteo, err := s.Store.ListarAuditoria(r.Context(), f)
	lim := f.Pagina.Limite
	return ListadoAuditoria{Logs: mapRows(logs, registroAuditoriaDe), Paginacion: PaginacionAuditoria{
		PaginaActual: f.Pagina.Desplazamiento/lim + 1, TotalPaginas: max((conteo.Total+lim-1)/lim, 1),
		TotalRegistros: conteo.Total, TotalExacto: conteo.Exacto, Limite: lim}}, err
}

// columnasAuditoria are the columns of the audit export, those of the report's table.
var columnasAuditoria = []string{"Fecha/Hora", "Usuario", "Empresa", "Acción", "Detalles", "IP", "Estado"}

// exportarAuditoria answers the page the report shows as a CSV, dates in the
// system's time zone.
func (s *Server) exportarAuditoria(r *http.Request, c ConsultaAuditoria) (archivo, error) {
	f, err := s.filtroAuditoria(r, c)
	if err != nil {
		return archivo{}, err
	}
	cfg, err := s.Store.ConfiguracionSistema(r.Context())
	if err != nil {
		return archivo{}, err
	}
	logs, _, err := s.Store.ListarAuditoria(r.Context(), f)
	if err != nil {
		return archivo{}, err
	}
	if len(logs) == 0 {
		return archivo{}, domain.NotFound(MsgSinDatosExportar)
	}
	loc := domain.Location(cfg.Timezone)
	nombre := "auditoria_" + domain.DiaDe(s.Store.Now(), loc).Fecha + ".csv"
	t := export.Table{Title: "Auditoría", Columns: columnasAuditoria}
	return exportarCSV(nombre, t, func(enc export.Encoder) error {
		fila := make([]export.Cell, 0, len(columnasAuditoria))
		for _, l := range logs {
			fila = filaAuditoria(fila[:0], l, loc)
			if err := enc.Encode(fila); err != nil {
				return err
			}
		}
		return nil
	}), nil
}

// filaAuditoria appends to fila an entry as the report's table shows it.
func filaAuditoria(fila []export.Cell, l store.RegistroAuditoria, loc *time.Location) []export.Cell {
	usuario, empresa, detalles, ip, estado := "Sistema", "N/A", "Sin detalles", "N/A", "Exitoso"
	if l.UsuarioID != nil {
		usuario = l.NombreUsuario
		if nombre := fmt.Sprintf("%s %s", l.Nombre, l.Apellido); nombre != " " {
			usuario += " (" + nombre + ")"
		}
	}
	if l.EmpresaNombre != "" {
		empresa = l.EmpresaNombre
	}
	if l.Detalles != "" {
		detalles = l.Detalles
	}
	if l.IP != "" {
		ip = l.IP
	}
	if !l.Exito {
		estado = "Fallido"
	}
	return append(fila, export.Text(l.CreatedAt.In(loc).Format("02/01/2006 15:04:05")), export.Text(usuario),
		export.Text(empresa), export.Text(l.Accion), export.Text(detalles), export.Text(ip), export.Text(estado))
}

func (s *Server) estadisticasAuditoria(r *http.Request) (EstadisticasAuditoria, error) {
	ctx := r.Context()
	desde := s.Store.Now().AddDate(0, 0, -diasResumenAuditoria)
	res, err := s.Store.ResumirAuditoria(ctx, desde)
	if err != nil {
		return EstadisticasAuditoria{}, err
	}
	acciones, err := s.Store.AccionesAuditadas(ctx)
	if err != nil {
		return EstadisticasAuditoria{}, err
	}
	empresas, err := s.Store.NombresEmpresas(ctx)
	return EstadisticasAuditoria{Dias: diasResumenAuditoria, Desde: desde, TotalEventos: res.TotalEventos,
		Logins: res.Logins, VentasPasajes: res.VentasPasajes, UsuariosDistintos: res.UsuariosDistintos,
		TiposEventos:       mapRows(res.TiposEventos, func(t store.TotalAccion) TotalAccion { return TotalAccion(t) }),
		UsuariosMasActivos: mapRows(res.UsuariosActivos, func(u store.UsuarioActivo) UsuarioActivo { return UsuarioActivo(u) }),
		Acciones:           acciones,
		Empresas:           mapRows(empresas, func(e store.EmpresaNombre) EmpresaDeFiltro { return EmpresaDeFiltro(e) }),
	}, err
}

func (s *Server) usuariosAuditables(r *http.Request, c ConsultaUsuariosAuditables) ([]UsuarioDeFiltro, error) {
	usuarios, err := s.Store.BuscarUsuariosAuditables(r.Context(), c.Busqueda)
	return mapRows(usuarios, func(u store.UsuarioAuditable) UsuarioDeFiltro { return UsuarioDeFiltro(u) }), err
}
