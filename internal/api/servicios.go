package api

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"muelle/internal/domain"
)

// Comprobacion is a service's status at the time of a check: whether it is
// configured at all, whether it answered, what to tell about it and, for a
// service with clients (WhatsApp), how many are active.
type Comprobacion struct {
	Configurado     bool
	Conectado       bool
	Detalles        string
	ClientesActivos *int64
}

// ComprobarServicio checks a component now. The component that runs the
// service registers it on the Server (Servicios); none registered means the
// service is not configured.
type ComprobarServicio func(ctx context.Context) Comprobacion

// Servicios are the checks of the services the monitor shows besides the
// database; a nil check is a service not built or not configured.
type Servicios struct {
	Email     ComprobarServicio
	WhatsApp  ComprobarServicio
	WebSocket ComprobarServicio
}

// ComprobarSockets is the event stream's check: up while its hub runs, with
// the sockets it holds open.
func ComprobarSockets(sockets func() int) ComprobarServicio {
	return func(context.Context) Comprobacion {
		n := int64(sockets())
		return Comprobacion{Configurado: true, Conectado: true, ClientesActivos: &n,
			Detalles: domain.Plural(n, "conexión abierta", "conexiones abiertas")}
	}
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
	msgBaseDatosConectada    = "Consulta respondida en %.1f ms (%s)"
	msgBaseDatosSinConexion  = "La base de datos no responde"
)

// Estados de un servicio.
const (
	servicioConectado     = "conectado"
	servicioDesconectado  = "desconectado"
	servicioSinConfigurar = "sin_configurar"
)

// Servicio is one card of the service monitor (backoffice §2.13).
type Servicio struct {
	Clave              string    `json:"clave" enum:"base_datos,email,whatsapp,websocket"`
	Nombre             string    `json:"nombre"`
	Estado             string    `json:"estado" enum:"conectado,desconectado,sin_configurar"`
	Conectado          bool      `json:"conectado"`
	Detalles           string    `json:"detalles"`
	LatenciaMs         *float64  `json:"latencia_ms,omitempty"`
	ClientesActivos    *int64    `json:"clientes_activos,omitempty"`
	UltimaVerificacion time.Time `json:"ultima_verificacion"`
}

// monitorServicios checks every service now: the database with a real query,
// the others through the check their component registered.
func (s *Server) monitorServicios(r *http.Request) ([]Servicio, error) {
	ctx := r.Context()
	out := []Servicio{s.servicioBaseDatos(ctx)}
	for _, sv := range []struct {
		clave, nombre string
		check         ComprobarServicio
	}{
		{"email", "Email", s.Servicios.Email},
		{"whatsapp", "WhatsApp", s.Servicios.WhatsApp},
		{"websocket", "WebSocket", s.Servicios.WebSocket},
	} {
		out = append(out, servicioDe(sv.clave, sv.nombre, comprobar(ctx, sv.check), s.Store.Now()))
	}
	return out, nil
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
	}
	return Servicio{Clave: clave, Nombre: nombre, Estado: estado, Conectado: e.Conectado, Detalles: e.Detalles,
		ClientesActivos: e.ClientesActivos, UltimaVerificacion: ahora}
}

// servicioBaseDatos times a real query on the database.
func (s *Server) servicioBaseDatos(ctx context.Context) Servicio {
	bd := s.baseDatos(ctx)
	e := Comprobacion{Configurado: true, Conectado: bd.Estado == "conectada", Detalles: msgBaseDatosSinConexion}
	if e.Conectado {
		e.Detalles = fmt.Sprintf(msgBaseDatosConectada, bd.LatenciaMs, bd.Nombre)
	}
	out := servicioDe("base_datos", "Base de Datos", e, s.Store.Now())
	out.LatenciaMs = &bd.LatenciaMs
	return out
}
