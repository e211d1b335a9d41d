package store_test

import (
	"context"
	"strings"
	"testing"

	"muelle/internal/domain"
	"muelle/internal/store"
)

func TestListarClientes(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		for _, c := range []domain.Cliente{
			{Nombre: "Juan", Apellido: "Gómez", Documento: "30111222", Telefono: "11 5555-0101", Email: "JUAN@correo.com"},
			{Nombre: "Ana", Apellido: "Peña", Documento: "27999888"},
			{Nombre: "Zoe", Apellido: "100%_real", Documento: "1"},
		} {
			if _, err := e.st.CrearCliente(ctx, e.vendedor, c); err != nil {
				t.Fatal(err)
			}
		}
		for _, tc := range []struct {
			name  string
			f     store.FiltroClientes
			want  string
			total int64
		}{
			{"todos, por nombre", store.FiltroClientes{}, "27999888,30111222,1", 3},
			{"sin acentos", store.FiltroClientes{Busqueda: "gomez"}, "30111222", 1},
			{"con acentos y mayúsculas", store.FiltroClientes{Busqueda: "PEÑA"}, "27999888", 1},
			{"email", store.FiltroClientes{Busqueda: "juan@correo"}, "30111222", 1},
			{"teléfono", store.FiltroClientes{Busqueda: "5555-01"}, "30111222", 1},
			{"comodines literales", store.FiltroClientes{Busqueda: "0%_"}, "1", 1},
			{"documento exacto", store.FiltroClientes{Documento: "2799988"}, "", 0},
			{"página", store.FiltroClientes{Pagina: store.Pagina{Limite: 1, Desplazamiento: 1}}, "30111222", 3},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got, total, err := e.st.ListarClientes(ctx, e.empresaID, tc.f)
				if err != nil {
					t.Fatal(err)
				}
				docs := strings.Join(mapear(got, func(c domain.Cliente) string { return c.Documento }), ",")
				if docs != tc.want || total != tc.total {
					t.Fatalf("%q (%d), quiero %q (%d)", docs, total, tc.want, tc.total)
				}
			})
		}
	})
}

func TestVenderConDocumentoVinculaOCreaElCliente(t *testing.T) {
	eachEmpresa(t, func(t *testing.T, e *empresaDePrueba) {
		ctx := context.Background()
		e.abrir(t, 0)
		conocido, err := e.st.CrearCliente(ctx, e.vendedor, domain.Cliente{Nombre: "Juan", Apellido: "Gómez",
			Documento: "30111222", Telefono: "11 5555-0101"})
		if err != nil {
			t.Fatal(err)
		}
		sinDocumento := e.vender(t, e.venta(e.norte, e.efectivo, hoy, 1))
		if sinDocumento[0].ClienteID != nil || sinDocumento[0].ClienteDocumento != "" {
			t.Fatalf("venta sin documento vinculada: %+v", sinDocumento[0])
		}
		v := e.venta(e.norte, e.efectivo, hoy, 2)
		v.ClienteNombre, v.ClienteDocumento = "", "30111222"
		for _, p := range e.vender(t, v) {
			if p.ClienteID == nil || *p.ClienteID != conocido.ID || p.ClienteNombre != "Juan Gómez" || p.ClienteTelefono != "11 5555-0101" {
				t.Fatalf("pasaje del cliente conocido: %+v", p)
			}
		}
		// The web sent the placeholder as a name when the seller pressed Enter right after
		// the document (issue 36 item 22): it is no name, the customer's is taken.
		v.ClienteNombre = domain.ClienteAnonimo
		if p := e.vender(t, v)[0]; p.ClienteNombre != "Juan Gómez" || p.ClienteID == nil || *p.ClienteID != conocido.ID {
			t.Fatalf("venta con el nombre por defecto y un documento conocido: %+v", p)
		}
		v.ClienteNombre, v.ClienteDocumento = "Marta Ríos", "40111222"
		nuevo := e.vender(t, v)[0]
		creado, err := e.st.ClientePorID(ctx, e.empresaID, *nuevo.ClienteID)
		if err != nil || creado.Nombre != "Marta Ríos" || creado.Documento != "40111222" || !creado.Activo {
			t.Fatalf("cliente creado por la venta: %+v %v", creado, err)
		}
		pasajes, total, err := e.st.PasajesDeCliente(ctx, e.empresaID, conocido.ID, 0, store.Pagina{})
		if err != nil || total != 4 || len(pasajes) != 4 {
			t.Fatalf("pasajes del cliente: %d %d %v", len(pasajes), total, err)
		}
	})
}
