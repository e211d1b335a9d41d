package api

import (
	"net/http"
	"testing"
)

// Bad query parameters are a 400 that names the parameter, never a silent default.
func TestPassengerListQueryParameters(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.vendidos(3)
		tok := e.token("lancha")
		refusals := []struct{ query, msg string }{
			{"seccion_id=abc", "El parámetro seccion_id debe ser un número entero mayor que cero"},
			{"tipo_viaje_id=-1", "El parámetro tipo_viaje_id debe ser un número entero mayor que cero"},
			{"embarcado=si", "El parámetro embarcado debe ser true o false"},
			{"fecha=20-11-2026", "El parámetro fecha debe ser una fecha con el formato AAAA-MM-DD"},
			{"tipo=otro", "El parámetro tipo debe ser uno de: programado"},
			{"limite=0", "El parámetro limite debe ser un número entero mayor que cero"},
			{"limite=501", "El parámetro limite no debe superar 500"},
			{"pagina=x&limite=2", "El parámetro pagina debe ser un número entero mayor que cero"},
			{"pagina=2", "El parámetro pagina requiere el parámetro limite"},
		}
		for _, tc := range refusals {
			t.Run(tc.query, func(t *testing.T) {
				e.do("GET", "/api/pasajes/por-fecha?"+tc.query, tok, nil).expect(t, http.StatusBadRequest, tc.msg)
			})
		}
		pages := []struct {
			query       string
			n           int
			total       int
			firstNumber int // index into the whole list
		}{
			{"", 3, 3, 0},
			{"seccion_id=&embarcado=", 3, 3, 0},
			{"limite=2", 2, 3, 0},
			{"limite=2&pagina=2", 1, 3, 2},
		}
		var all struct{ Pasajes []pasajeJSON }
		e.do("GET", "/api/pasajes/por-fecha", tok, nil).decode(t, &all)
		for _, tc := range pages {
			t.Run("página "+tc.query, func(t *testing.T) {
				var d struct {
					Pasajes []pasajeJSON
					Total   int
				}
				e.do("GET", "/api/pasajes/por-fecha?"+tc.query, tok, nil).decode(t, &d)
				if len(d.Pasajes) != tc.n || d.Total != tc.total || d.Pasajes[0].ID != all.Pasajes[tc.firstNumber].ID {
					t.Fatalf("%d pasajes, total %d: %+v", len(d.Pasajes), d.Total, d.Pasajes)
				}
			})
		}
	})
}

// The spec's nested aliases are still in the answers, built from the flat fields.
func TestTicketsAndRegistersKeepTheSpecsAliases(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.vendidos(1)
		var lista struct {
			Pasajes []struct {
				ClienteNombre string `json:"cliente_nombre"`
				Cliente       struct{ Nombre string }
				Seccion       struct{ Nombre string }
				TipoViaje     struct{ Nombre string } `json:"tipoViaje"`
				Usuario       struct {
					NombreUsuario string `json:"nombre_usuario"`
				}
			}
		}
		e.do("GET", "/api/pasajes/por-fecha", e.token("lancha"), nil).decode(t, &lista)
		p := lista.Pasajes[0]
		if p.Cliente.Nombre != p.ClienteNombre || p.Seccion.Nombre == "" || p.TipoViaje.Nombre != "General" ||
			p.Usuario.NombreUsuario != "vendedor" {
			t.Fatalf("pasaje = %+v", p)
		}
		type conUsuario struct {
			Usuario struct {
				NombreUsuario string `json:"nombre_usuario"`
			}
			Diferencia *float64
		}
		var estado struct{ Caja conUsuario }
		tok := e.token("vendedor")
		e.do("GET", "/api/caja/estado", tok, nil).decode(t, &estado)
		var tablero struct {
			MiCajaInfo conUsuario `json:"miCajaInfo"`
		}
		e.do("GET", "/api/dashboard/stats", tok, nil).decode(t, &tablero)
		if tablero.MiCajaInfo.Usuario.NombreUsuario != "vendedor" {
			t.Fatalf("tablero = %+v", tablero)
		}
		var cierre conUsuario
		e.do("POST", "/api/caja/cerrar", tok, map[string]any{"monto_cierre": 0}).decode(t, &cierre)
		if estado.Caja.Usuario.NombreUsuario != "vendedor" || cierre.Usuario.NombreUsuario != "vendedor" ||
			cierre.Diferencia == nil || *cierre.Diferencia >= 0 {
			t.Fatalf("estado = %+v, cierre = %+v", estado, cierre)
		}
	})
}

// The catalogs' activos filter is read by the same helpers: a bad value is a 400, not the whole list.
func TestCatalogFilterIsParsed(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		tok := e.token("vendedor")
		for _, base := range []string{"/api/config/secciones", "/api/config/tipos-viaje", "/api/config/medios-pago"} {
			e.do("GET", base+"?activos=1%20OR%201=1", tok, nil).
				expect(t, http.StatusBadRequest, "El parámetro activos debe ser true o false")
			e.do("GET", base+"?activos=true", tok, nil).expect(t, http.StatusOK, "")
		}
	})
}
