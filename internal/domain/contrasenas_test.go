package domain

import (
	"slices"
	"testing"
	"time"
)

func TestValidarPasswordTabla(t *testing.T) {
	personal := DatosPersonales{NombreUsuario: "mferreyra", Email: "martin.f@lanchas.com.ar", Nombre: "Martín",
		Apellido: "Ferreyra"}
	cases := []struct {
		name     string
		password string
		valid    bool
		falla    func(ChequeosPassword) bool // the check that must fail ("" when valid)
		error    string
	}{
		{"válida", "Garz4!Re", true, nil, ""},
		{"corta", "Ga4!rz", false, func(c ChequeosPassword) bool { return !c.Length }, msgPasswordCorta},
		{"sin mayúscula", "garza47!remo", false, func(c ChequeosPassword) bool { return !c.Uppercase }, msgPasswordSinMayuscula},
		{"sin minúscula", "GARZA47!REMO", false, func(c ChequeosPassword) bool { return !c.Lowercase }, msgPasswordSinMinuscula},
		{"sin número", "Garza!!Remo?", false, func(c ChequeosPassword) bool { return !c.Numbers }, msgPasswordSinNumero},
		{"sin símbolo", "Garza47Remo9", false, func(c ChequeosPassword) bool { return !c.Special }, msgPasswordSinEspecial},
		{"usuario", "Xmferreyra7!", false, func(c ChequeosPassword) bool { return !c.NoPersonal }, msgPasswordPersonal},
		{"email", "Martin.F@9zq", false, func(c ChequeosPassword) bool { return !c.NoPersonal }, msgPasswordPersonal},
		{"nombre", "Ferreyra#47Q", false, func(c ChequeosPassword) bool { return !c.NoPersonal }, msgPasswordPersonal},
		{"consecutivos 123", "Garza123!Rem", false, func(c ChequeosPassword) bool { return !c.NoConsecutive }, msgPasswordConsecutiva},
		{"consecutivos cba", "Gcbaz47!Rem", false, func(c ChequeosPassword) bool { return !c.NoConsecutive }, msgPasswordConsecutiva},
		{"repetidos", "Garzaaa4!Re", false, func(c ChequeosPassword) bool { return !c.NoConsecutive }, msgPasswordConsecutiva},
		{"común", "Password", false, func(c ChequeosPassword) bool { return !c.NoCommon }, msgPasswordComun},
		{"común con adornos", "Football2024!", false, func(c ChequeosPassword) bool { return !c.NoCommon }, msgPasswordComun},
		{"común qwerty", "qwerty", false, func(c ChequeosPassword) bool { return !c.NoCommon }, msgPasswordComun},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := ValidarPassword(tc.password, personal)
			if v.Valid != tc.valid {
				t.Fatalf("%q: valid=%v, esperaba %v (%v)", tc.password, v.Valid, tc.valid, v.Errors)
			}
			if tc.valid {
				if len(v.Errors) != 0 || v.Score < 80 || v.Strength != FuerzaFuerte {
					t.Fatalf("%q: %+v", tc.password, v)
				}
				return
			}
			if !tc.falla(v.Checks) || !slices.Contains(v.Errors, tc.error) || len(v.Suggestions) == 0 {
				t.Fatalf("%q: %+v", tc.password, v)
			}
			if v.Strength == FuerzaFuerte || v.Strength == FuerzaMuyFuerte {
				t.Fatalf("%q: una contraseña inválida no puede ser %s", tc.password, v.Strength)
			}
		})
	}
}

func TestValidarPasswordPuntaje(t *testing.T) {
	if v := ValidarPassword("", DatosPersonales{}); v.Strength != FuerzaDebil || v.Score != 30 || v.StrengthMessage != "Débil" {
		// empty meets only no_personal, no_consecutive and no_common
		t.Fatalf("vacía: %+v", v)
	}
	if v := ValidarPassword("Garza47!Remo#Junco", DatosPersonales{}); !v.Valid || v.Score != 100 ||
		v.Strength != FuerzaMuyFuerte || v.StrengthMessage != "Muy fuerte" {
		t.Fatalf("larga: %+v", v)
	}
	if v := ValidarPassword("Garza47!Remo"+string(make([]byte, 70)), DatosPersonales{}); v.Valid {
		t.Fatal("más de 72 bytes debe ser inválida")
	}
}

func TestListaComunEsGrande(t *testing.T) {
	if n := CantidadPasswordsComunes(); n < 10000 {
		t.Fatalf("la lista de contraseñas comunes tiene %d entradas", n)
	}
	for _, p := range []string{"123456", "password", "dragon", "iloveyou", "Sunshine1!"} {
		if !EsPasswordComun(p) {
			t.Errorf("%q debería ser común", p)
		}
	}
}

func TestEstadoClave(t *testing.T) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	antes, despues := now.Add(-time.Second), now.Add(time.Hour)
	cases := []struct {
		debe  bool
		hasta *time.Time
		want  string
	}{
		{false, nil, ClaveVigente},
		{true, nil, ClaveReinicioPendiente},
		{true, &despues, ClaveReinicioPendiente},
		{true, &antes, ClaveExpirada},
		{true, &now, ClaveExpirada},
	}
	for _, c := range cases {
		if got := EstadoClave(c.debe, c.hasta, now); got != c.want {
			t.Errorf("%v %v: %s, esperaba %s", c.debe, c.hasta, got, c.want)
		}
	}
}

func TestLasPalabrasLocalesYLaEmpresaSonComunes(t *testing.T) {
	empresa := DatosPersonales{NombreUsuario: "mferreyra", Empresa: "Lanchas del Delta S.A."}
	for _, p := range []string{"Muelle.2026", "Tigre2026!", "Argentina1!", "Buenos.Aires.2026", "Paraná#2026",
		"River1901!", "Delta.2026", "Lanchas!2026", "LanchasDelDelta9!"} {
		v := ValidarPassword(p, empresa)
		if v.Valid || v.Checks.NoCommon || !slices.Contains(v.Errors, msgPasswordComun) {
			t.Errorf("%q: %+v", p, v)
		}
	}
	// the company's words count only for its own users; a local word inside a longer password is fine
	for _, p := range []string{"Lanchas!Garza47", "Tigre.Garza47!Remo"} {
		if v := ValidarPassword(p, DatosPersonales{Empresa: "Interisleña"}); !v.Valid {
			t.Errorf("%q: %v", p, v.Errors)
		}
	}
	if v := ValidarPassword("Interislena#7", DatosPersonales{Empresa: "Interisleña"}); v.Checks.NoCommon {
		t.Errorf("el nombre de la empresa sin acento pasó: %+v", v)
	}
}
