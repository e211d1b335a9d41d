package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// Comprobacion is a service's status at the time of a check: whether it is
// configured at all, whether it answered (SinProbar: configured, and nothing
// proved it works yet), what to tell about it, the technical detail of its
// failure (administrators only see the service status) and, for a service
// with clients (WhatsApp), how many are active.
type Comprobacion struct {
	Configurado     bool
	Conectado       bool
	SinProbar       bool
	Detalles        string
	Detalle         string
	ClientesActivos *int64
}

// ComprobarServicio checks a component now. The component that runs the
// service registers it on the Server (Servicios); none registered means the
// service is not configured.
type ComprobarServicio func(ctx context.Context) Comprobacion

// Servicios are the checks registered by components the Server does not hold:
// WhatsApp (nil: not built or not configured) and the HTTPS certificate (nil:
// served over plain HTTP). The database, the e-mail (the companies' SMTP
// configurations, in the database) and the event stream (SocketsAbiertos)
// are checked by the Server itself.
type Servicios struct {
	WhatsApp ComprobarServicio
	HTTPS    func() EstadoHTTPS
}

// ComprobarWhatsApp is the WhatsApp service's check: configured once a
// company linked its number, up while at least one is connected, with the
// connected companies as its active clients.
func ComprobarWhatsApp(activas func() (vinculadas, conectadas int64)) ComprobarServicio {
	return func(context.Context) Comprobacion {
		vinculadas, conectadas := activas()
		if vinculadas == 0 {
			return Comprobacion{Detalles: MsgServicioSinConfigurar}
		}
		return Comprobacion{Configurado: true, Conectado: conectadas > 0, ClientesActivos: &conectadas,
			Detalles: fmt.Sprintf("%s de %d", domain.Plural(conectadas, "empresa conectada", "empresas conectadas"),
				vinculadas)}
	}
}

// Messages of the service monitor.
const (
	MsgServicioSinConfigurar = "Sin configurar"
	msgBaseDatosConectada    = "Consulta respondida en %s (%s)"
	msgBaseDatosSinConexion  = "La base de datos no responde"
)

// Estados de un servicio.
const (
	servicioConectado     = "conectado"
	servicioDesconectado  = "desconectado"
	servicioSinConfigurar = "sin_configurar"
	servicioSinProbar     = "sin_probar"
)

// Servicio is one card of the service monitor (backoffice §2.13) and one
// entry of the dashboards' estado_servicios.
type Servicio struct {
	Clave     string `json:"clave" enum:"base_datos,email,whatsapp,websocket,https,tareas"`
	Nombre    string `json:"nombre"`
	Estado    string `json:"estado" enum:"conectado,desconectado,sin_configurar,sin_probar"`
	Conectado bool   `json:"conectado"`
	Detalles  string `json:"detalles"`
	// Detalle is the technical text behind a failure in detalles.
	Detalle            string    `json:"detalle,omitempty"`
	LatenciaMs         *float64  `json:"latencia_ms,omitempty"`
	ClientesActivos    *int64    `json:"clientes_activos,omitempty"`
	UltimaVerificacion time.Time `json:"ultima_verificacion"`
}

// monitorServicios is GET /admin/servicios.
func (s *Server) monitorServicios(r *http.Request) ([]Servicio, error) {
	out, _ := s.comprobarServicios(r.Context())
	return out, nil
}

// serviciosDeEmpresa are the admin dashboard's estado_servicios: its own
// company's e-mail and WhatsApp, checked now. Nothing of the installation
// (the database, the other companies' names, servers and errors, the sockets)
// leaves super_admin's views (comprobarServicios).
func (s *Server) serviciosDeEmpresa(ctx context.Context, empresaID int64) []Servicio {
	ahora := s.Store.Now()
	return []Servicio{servicioDe("email", "Email", s.comprobarEmailDe(ctx, empresaID), ahora),
		servicioDe("whatsapp", "WhatsApp", s.comprobarWhatsAppDe(ctx, empresaID), ahora)}
}

// comprobarEmailDe is the company's own e-mail: its SMTP configuration and
// how its last test went.
func (s *Server) comprobarEmailDe(ctx context.Context, empresaID int64) Comprobacion {
	r, err := s.Store.ResumirCorreo(ctx, empresaID)
	switch {
	case err != nil:
		return Comprobacion{Configurado: true, Detalles: msgEmailIlegible}
	case r.Activas == 0:
		return Comprobacion{Detalles: MsgServicioSinConfigurar}
	case r.Ultima == nil:
		return Comprobacion{Configurado: true, SinProbar: true, Detalles: msgEmailSinPruebas}
	case r.Ultima.Error != "":
		f := domain.ClasificarFalla(r.Ultima.Error)
		return Comprobacion{Configurado: true, Detalles: "Última prueba: " + f.Categoria, Detalle: f.Detalle}
	}
	return Comprobacion{Configurado: true, Conectado: true, Detalles: "Última prueba: correcta"}
}

// comprobarWhatsAppDe is the company's own WhatsApp link, as the last state
// its client wrote (every instance reads it from the database).
func (s *Server) comprobarWhatsAppDe(ctx context.Context, empresaID int64) Comprobacion {
	w, err := s.Store.SesionWhatsAppDe(ctx, empresaID)
	switch {
	case err != nil:
		return Comprobacion{Configurado: true, Detalles: msgWhatsAppIlegible}
	case w.Estado == domain.WhatsAppSinInicializar:
		return Comprobacion{Detalles: MsgServicioSinConfigurar}
	case w.Estado == domain.WhatsAppConectado:
		return Comprobacion{Configurado: true, Conectado: true, Detalles: "Conectado al número " + w.Numero}
	case w.Error != "":
		f := domain.ClasificarFalla(w.Error)
		return Comprobacion{Configurado: true, Detalles: estadosWhatsApp[w.Estado] + ": " + f.Categoria,
			Detalle: f.Detalle}
	}
	return Comprobacion{Configurado: true, Detalles: estadosWhatsApp[w.Estado]}
}

// estadosWhatsApp names the states of a company's WhatsApp link that are not connected.
var estadosWhatsApp = map[string]string{
	domain.WhatsAppConectando:   "Conectando",
	domain.WhatsAppQRListo:      "Esperando que se escanee el código QR",
	domain.WhatsAppDesconectado: "Desconectado",
}

// comprobarServicios checks every service now: the database with a real
// query, the e-mail from the companies' configurations, WhatsApp through the
// check its component registered and the event stream through its hub. It is
// the one check behind the service monitor and the dashboards' estado_servicios,
// and also answers the database's latency.
func (s *Server) comprobarServicios(ctx context.Context) ([]Servicio, time.Duration) {
	ahora := s.Store.Now()
	bd, latencia := s.baseDatos(ctx)
	out := []Servicio{servicioBaseDatos(bd, ahora)}
	for _, sv := range []struct {
		clave, nombre string
		check         ComprobarServicio
	}{
		{"email", "Email", s.comprobarEmail},
		{"whatsapp", "WhatsApp", s.Servicios.WhatsApp},
		{"websocket", "WebSocket", s.comprobarSockets()},
		{"https", "HTTPS", s.comprobarHTTPS()},
		{"tareas", "Tareas en segundo plano", s.comprobarTareas()},
	} {
		out = append(out, servicioDe(sv.clave, sv.nombre, comprobar(ctx, sv.check), ahora))
	}
	return out, latencia
}

// comprobar runs a check; a service without one is not configured.
func comprobar(ctx context.Context, check ComprobarServicio) Comprobacion {
	if check == nil {
		return Comprobacion{Detalles: MsgServicioSinConfigurar}
	}
	return check(ctx)
}

func servicioDe(clave, nombre string, e Comprobacion, ahora time.Time) Servicio {
	estado := servicioDesconectado
	switch {
	case !e.Configurado:
		estado = servicioSinConfigurar
		e.Conectado = false
	case e.Conectado:
		estado = servicioConectado
	case e.SinProbar:
		estado = servicioSinProbar
	}
	return Servicio{Clave: clave, Nombre: nombre, Estado: estado, Conectado: e.Conectado, Detalles: e.Detalles,
		Detalle: e.Detalle, ClientesActivos: e.ClientesActivos, UltimaVerificacion: ahora}
}

// servicioBaseDatos is the database's card, from the one database check (baseDatos).
func servicioBaseDatos(bd BaseDatos, ahora time.Time) Servicio {
	e := Comprobacion{Configurado: true, Conectado: bd.Estado == "conectada", Detalles: msgBaseDatosSinConexion}
	if e.Conectado {
		e.Detalles = fmt.Sprintf(msgBaseDatosConectada, latenciaEnPalabras(bd.LatenciaMs), bd.Nombre)
	}
	out := servicioDe("base_datos", "Base de Datos", e, ahora)
	out.LatenciaMs = &bd.LatenciaMs
	return out
}

// latenciaEnPalabras writes a latency as es-AR reads it, one decimal ('1,3 ms');
// one under a tenth of a millisecond (a local SQLite) is 'menos de 0,1 ms', not '0.0 ms'.
func latenciaEnPalabras(ms float64) string {
	if ms < 0.1 {
		return "menos de 0,1 ms"
	}
	return strings.Replace(strconv.FormatFloat(ms, 'f', 1, 64), ".", ",", 1) + " ms"
}

// comprobarSockets is the event stream's check: up while its hub runs, with
// the sockets it holds open; without a hub, not configured.
func (s *Server) comprobarSockets() ComprobarServicio {
	if s.SocketsAbiertos == nil {
		return nil
	}
	return func(context.Context) Comprobacion {
		n := int64(s.SocketsAbiertos())
		return Comprobacion{Configurado: true, Conectado: true, ClientesActivos: &n,
			Detalles: domain.Plural(n, "conexión abierta", "conexiones abiertas")}
	}
}

// comprobarEmail reads the companies' SMTP configurations now: 'Sin
// configurar' while no active company has an active one; green only when
// every one of them was tested and its last test worked; 'sin probar' while
// none failed and some were never proved. The details count them and tell
// the most recent test and its error.
func (s *Server) comprobarEmail(ctx context.Context) Comprobacion {
	r, err := s.Store.ResumirCorreo(ctx, 0)
	if err != nil {
		return Comprobacion{Configurado: true, Detalles: msgEmailIlegible}
	}
	if r.Activas == 0 {
		return Comprobacion{Detalles: MsgServicioSinConfigurar}
	}
	detalles, detalle := detallesEmail(r)
	return Comprobacion{Configurado: true, Conectado: r.ConError == 0 && r.ProbadasBien == r.Activas,
		SinProbar: r.ConError == 0, Detalles: detalles, Detalle: detalle}
}

const (
	msgEmailIlegible    = "No se pudo leer la configuración de email"
	msgEmailSinPruebas  = "Todavía no se probó ni se envió ningún email"
	msgWhatsAppIlegible = "No se pudo leer el estado de WhatsApp"
)

// detallesEmail: "2 empresas con email activo; 1 sin probar. Última prueba
// (Lanchas del Delta): correcta", and the technical detail of that test's failure.
func detallesEmail(r store.ResumenCorreo) (detalles, detalle string) {
	partes := []string{domain.Plural(r.Activas, "empresa con email activo", "empresas con email activo")}
	if r.ConError > 0 {
		partes = append(partes, fmt.Sprintf("%d con error", r.ConError))
	}
	if sinProbar := r.Activas - r.ProbadasBien - r.ConError; sinProbar > 0 {
		partes = append(partes, fmt.Sprintf("%d sin probar", sinProbar))
	}
	out := strings.Join(partes, "; ")
	switch {
	case r.Ultima == nil:
		return out + ". Ninguna prueba realizada", ""
	case r.Ultima.Error != "":
		f := domain.ClasificarFalla(r.Ultima.Error)
		return out + ". Última prueba (" + r.Ultima.Empresa + "): " + f.Categoria, f.Detalle
	}
	return out + ". Última prueba (" + r.Ultima.Empresa + "): correcta", ""
}
