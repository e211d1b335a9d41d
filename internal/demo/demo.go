// Package demo seeds the demonstration data: two companies so tenancy is visible
// from day one, and one user per role. Running it twice changes nothing.
package demo

import (
	"context"
	"time"

	"muelle/internal/auth"
	"muelle/internal/domain"
	"muelle/internal/store"
)

// Password is the password of every demo user.
const Password = "Muelle.2026"

// Login is one demo user as printed by `make run`.
type Login struct {
	Usuario string
	Rol     string
	Empresa string
}

type demoUser struct {
	store.NuevoUsuario
	empresa int // index into empresas
}

func fundada(year int) *time.Time {
	t := time.Date(year, time.March, 1, 0, 0, 0, 0, time.UTC)
	return &t
}

var empresas = []store.Empresa{
	{Nombre: "Lanchas del Delta", RUC: "30-71234567-8", Direccion: "Estación Fluvial de Tigre, Mitre 319, Tigre, Buenos Aires",
		Telefono: "+54 11 4731-0261", Email: "contacto@lanchasdeldelta.com.ar", FechaFundacion: fundada(1998)},
	{Nombre: "Interisleña Demo", RUC: "30-70987654-3", Direccion: "Lavalle 520, Tigre, Buenos Aires",
		Telefono: "+54 11 4749-0900", Email: "info@interislena-demo.com.ar", ColorPrimario: "#0E7490",
		FechaFundacion: fundada(2005)},
}

func u(empresa int, rol, usuario, nombre, apellido string) demoUser {
	return demoUser{empresa: empresa, NuevoUsuario: store.NuevoUsuario{Rol: rol, NombreUsuario: usuario,
		Nombre: nombre, Apellido: apellido, Email: usuario + "@muelle.demo", Activo: true}}
}

var usuarios = []demoUser{
	u(0, domain.RolSuperAdmin, "superadmin", "Valeria", "Quiroga"),
	u(0, domain.RolAdmin, "admin", "Martín", "Ferreyra"),
	u(0, domain.RolSupervisor, "supervisor", "Lucía", "Benítez"),
	u(0, domain.RolVendedor, "vendedor", "Diego", "Sosa"),
	u(0, domain.RolLancha, "lancha", "Ramón", "Acosta"),
	u(1, domain.RolAdmin, "admin2", "Carolina", "Méndez"),
	u(1, domain.RolVendedor, "vendedor2", "Julián", "Ortiz"),
	u(1, domain.RolLancha, "lancha2", "Héctor", "Giménez"),
}

// Logins lists the demo users for the README and `make run`.
func Logins() []Login {
	out := make([]Login, len(usuarios))
	for i, du := range usuarios {
		out[i] = Login{Usuario: du.NombreUsuario, Rol: du.Rol, Empresa: empresas[du.empresa].Nombre}
	}
	return out
}

// Seed creates whatever demo data is missing.
func Seed(ctx context.Context, st *store.Store, h auth.Hasher) error {
	if err := st.EnsureRolesIntegrados(ctx); err != nil {
		return err
	}
	ids := make([]int64, len(empresas))
	for i, e := range empresas {
		id, err := st.EnsureEmpresa(ctx, e)
		if err != nil {
			return err
		}
		ids[i] = id
	}
	hash, err := h.Hash(Password)
	if err != nil {
		return err
	}
	for _, du := range usuarios {
		n := du.NuevoUsuario
		n.EmpresaID, n.PasswordHash = ids[du.empresa], hash
		if _, err := st.EnsureUsuario(ctx, n); err != nil {
			return err
		}
	}
	for i, id := range ids {
		if err := seedOperaciones(ctx, st, id, vendedores[i], i == empresaConHorarios); err != nil {
			return err
		}
	}
	return nil
}

// vendedores names the seller whose past days each company's history replays.
var vendedores = []string{"vendedor", "vendedor2"}

// empresaConHorarios is the company whose demo boats run timetables: the
// other one starts with boats and no departures, so the end-to-end tests'
// validator (which boards into the day's departure) and the benchmark's sales
// do not depend on the time of day they run.
const empresaConHorarios = 1

// diasHistorial is how many past days of sales the demo shows.
const diasHistorial = 3

func seedOperaciones(ctx context.Context, st *store.Store, empresaID int64, vendedor string, conHorarios bool) error {
	c, err := seedCatalogo(ctx, st, empresaID)
	if err != nil {
		return err
	}
	if err := seedSalidas(ctx, st, empresaID, c, conHorarios); err != nil {
		return err
	}
	cajas, err := st.CantidadCajas(ctx, empresaID)
	if err != nil || cajas > 0 {
		return err
	}
	u, _, err := st.UsuarioPorNombre(ctx, vendedor)
	if err != nil {
		return err
	}
	return seedHistorial(ctx, st, empresaID, u.ID, c, diasHistorial)
}
