package events

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strconv"
	"testing"

	"muelle/internal/domain"
)

func TestLocalDeliversEveryEventToEverySubscriberInOrder(t *testing.T) {
	var l Local
	a, b := &Recorder{}, &Recorder{}
	l.Subscribe(a.Record)
	l.Subscribe(b.Record)
	evs := []Event{{Nombre: CajaAbierta, EmpresaID: 1}, {Nombre: PasajeCreado, EmpresaID: 1, Datos: 7}}
	l.Publish(context.Background(), evs)
	l.Publish(context.Background(), nil)
	if !reflect.DeepEqual(a.Events(), evs) || !reflect.DeepEqual(b.Events(), evs) {
		t.Fatalf("a = %v, b = %v", a.Events(), b.Events())
	}
	var p Publisher = Nop{}
	p.Publish(context.Background(), evs) // discards without failing
}

func TestAlcanzaOnlyTheCompanyUserAndRolesOfTheEvent(t *testing.T) {
	casos := []struct {
		ev      Event
		empresa int64
		usuario int64
		rol     string
		alcanza bool
	}{
		{Event{EmpresaID: 1}, 1, 5, "vendedor", true},
		{Event{EmpresaID: 1}, 2, 5, "vendedor", false},
		{Event{EmpresaID: 1, UsuarioID: 5}, 1, 5, "vendedor", true},
		{Event{EmpresaID: 1, UsuarioID: 5}, 1, 6, "vendedor", false},
		{Event{EmpresaID: 1, UsuarioID: 5}, 2, 5, "vendedor", false},
		{Event{EmpresaID: 1, Roles: []string{"admin", "supervisor"}}, 1, 5, "supervisor", true},
		{Event{EmpresaID: 1, Roles: []string{"admin", "supervisor"}}, 1, 5, "vendedor", false},
		{Event{EmpresaID: 1, Roles: []string{"admin"}}, 2, 5, "admin", false},
	}
	for i, c := range casos {
		if got := c.ev.Alcanza(Lector{EmpresaID: c.empresa, UsuarioID: c.usuario, Rol: c.rol}); got != c.alcanza {
			t.Errorf("caso %d: Alcanza = %v, want %v", i, got, c.alcanza)
		}
	}
}

// An event with reads reaches the sessions the API would answer: the
// permission of the built-in role, and a seller's own sale or register only.
func TestAlcanzaAppliesTheReadsOfTheAPI(t *testing.T) {
	lector := func(rol string, usuario int64) Lector {
		r, _ := domain.RolIntegrado(rol)
		return Lector{EmpresaID: 1, UsuarioID: usuario, Rol: rol, Permisos: r.Permisos}
	}
	venta := Event{EmpresaID: 1, Lecturas: []domain.Lectura{{Permiso: "pasajes.ver", VendedorID: 5}}}
	embarque := Event{EmpresaID: 1, Lecturas: []domain.Lectura{{Permiso: "validacion.embarque"},
		{Permiso: "pasajes.ver", VendedorID: 5}}}
	caja := Event{EmpresaID: 1, Lecturas: []domain.Lectura{{Permiso: "caja.ver", VendedorID: 5}}}
	casos := []struct {
		nombre  string
		ev      Event
		l       Lector
		alcanza bool
	}{
		{"el vendedor, su venta", venta, lector(domain.RolVendedor, 5), true},
		{"otro vendedor", venta, lector(domain.RolVendedor, 6), false},
		{"el supervisor ve todas", venta, lector(domain.RolSupervisor, 7), true},
		{"super_admin", venta, lector(domain.RolSuperAdmin, 1), true},
		{"sin el permiso, aunque sea suya", venta, Lector{EmpresaID: 1, UsuarioID: 5, Rol: "cajero"}, false},
		{"un rol propio con el permiso: solo lo suyo", venta,
			Lector{EmpresaID: 1, UsuarioID: 6, Rol: "cajero", Permisos: domain.Permisos{"pasajes": {"ver": true}}}, false},
		{"lancha: el embarque de la empresa", embarque, lector(domain.RolLancha, 8), true},
		{"el vendedor: el embarque de su pasaje", embarque, lector(domain.RolVendedor, 5), true},
		{"otro vendedor: embarque ajeno", embarque, lector(domain.RolVendedor, 6), false},
		{"lancha: cajas no", caja, lector(domain.RolLancha, 5), false},
		{"el vendedor, su caja", caja, lector(domain.RolVendedor, 5), true},
		{"el admin, toda caja", caja, lector(domain.RolAdmin, 2), true},
	}
	for _, c := range casos {
		if got := c.ev.Alcanza(c.l); got != c.alcanza {
			t.Errorf("%s: Alcanza = %v, want %v", c.nombre, got, c.alcanza)
		}
	}
}

// Every event a client may receive has its payload declared in Cargas, once;
// the instances' own SesionRevocada has none.
func TestEveryEventNameHasItsPayload(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "events.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declarados := map[string]bool{}
	for _, c := range Cargas {
		if declarados[c.Nombre] || c.Datos == nil {
			t.Errorf("%s: declarado dos veces o sin carga", c.Nombre)
		}
		declarados[c.Nombre] = true
	}
	n := 0
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			for _, v := range spec.(*ast.ValueSpec).Values {
				lit, ok := v.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				nombre, _ := strconv.Unquote(lit.Value)
				n++
				if nombre != SesionRevocada && !declarados[nombre] {
					t.Errorf("el evento %s no declara su carga en Cargas", nombre)
				}
			}
		}
	}
	if n != len(Cargas)+1 {
		t.Errorf("%d nombres de eventos, %d cargas", n, len(Cargas))
	}
}
