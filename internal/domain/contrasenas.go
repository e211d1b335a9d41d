package domain

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ccojocar/zxcvbn-go/frequency"
)

// Password policy constants (backoffice §5 and §9).
const (
	MinLargoPassword = 8
	// LargoPasswordHolgado is the length from which a valid password is very strong.
	LargoPasswordHolgado = 12
	// VigenciaClaveTemporal is how long a password set by someone else is valid.
	VigenciaClaveTemporal = 24 * time.Hour
	// InactividadMaxima ends a session that made no request for this long,
	// on the server as in the web app (INACTIVITY_TIMEOUT_MS of
	// web/src/app/session/SessionProvider.tsx, checked by a test).
	InactividadMaxima = time.Hour
	// MaxCambiosClavePasajeroMes bounds the password changes of a passenger-role user per month.
	MaxCambiosClavePasajeroMes = 3
	// largoMinimoPersonal is the shortest piece of personal data looked for in a password.
	largoMinimoPersonal = 3
	// largoMinimoPalabraComun is the shortest base word looked up in the common list.
	largoMinimoPalabraComun = 4
)

// Password states (backoffice §4).
const (
	ClaveVigente           = "vigente"
	ClaveExpirada          = "expirada"
	ClaveReinicioPendiente = "reinicio_pendiente"
)

// Messages of the password rules.
const (
	MsgPasswordNoCumple        = "La contraseña no cumple con los requisitos de seguridad"
	MsgPasswordsNoCoinciden    = "Las contraseñas no coinciden"
	MsgClaveTemporalExpirada   = "La contraseña temporal expiró (vale 24 horas). Solicite a un administrador que la restablezca."
	MsgDebeCambiarClave        = "Debe cambiar su contraseña"
	MsgClaveActualRequerida    = "La contraseña actual es requerida"
	MsgClaveActualIncorrecta   = "La contraseña actual es incorrecta"
	MsgClaveNuevaIgualActual   = "La nueva contraseña debe ser distinta de la actual"
	MsgLimiteCambiosClave      = "Los pasajeros pueden cambiar su contraseña como máximo 3 veces por mes"
	msgPasswordCorta           = "La contraseña debe tener al menos 8 caracteres"
	msgPasswordSinMayuscula    = "La contraseña debe incluir al menos una letra mayúscula"
	msgPasswordSinMinuscula    = "La contraseña debe incluir al menos una letra minúscula"
	msgPasswordSinNumero       = "La contraseña debe incluir al menos un número"
	msgPasswordSinEspecial     = "La contraseña debe incluir al menos un símbolo especial"
	msgPasswordPersonal        = "La contraseña no debe contener el nombre de usuario, el email ni el nombre"
	msgPasswordConsecutiva     = "La contraseña no debe tener caracteres consecutivos o repetidos (como 123, abc o aaa)"
	msgPasswordComun           = "La contraseña es demasiado común"
	sugerenciaLargo            = "Usar 12 caracteres o más"
	sugerenciaMezcla           = "Combinar mayúsculas, minúsculas, números y símbolos"
	sugerenciaPersonal         = "Evitar datos personales como el nombre o el email"
	sugerenciaSecuencias       = "Evitar secuencias como 123, abc o letras repetidas"
	sugerenciaFrase            = "Preferir una frase propia en lugar de una palabra conocida"
	puntosPorRequisito         = 10
	puntosPorCaracterAdicional = 5
)

// Password strengths (backoffice §4) and their messages.
const (
	FuerzaMuyDebil  = "very_weak"
	FuerzaDebil     = "weak"
	FuerzaMedia     = "medium"
	FuerzaFuerte    = "strong"
	FuerzaMuyFuerte = "very_strong"
)

var mensajesFuerza = map[string]string{
	FuerzaMuyDebil: "Muy débil", FuerzaDebil: "Débil", FuerzaMedia: "Media", FuerzaFuerte: "Fuerte",
	FuerzaMuyFuerte: "Muy fuerte",
}

// ChequeosPassword are the individual requirements of the policy.
type ChequeosPassword struct {
	Length        bool `json:"length"`
	Uppercase     bool `json:"uppercase"`
	Lowercase     bool `json:"lowercase"`
	Numbers       bool `json:"numbers"`
	Special       bool `json:"special"`
	NoPersonal    bool `json:"no_personal"`
	NoConsecutive bool `json:"no_consecutive"`
	NoCommon      bool `json:"no_common"`
}

// ValidacionPassword is the verdict on a password (backoffice §3).
type ValidacionPassword struct {
	Valid           bool
	Strength        string
	Score           int
	Checks          ChequeosPassword
	Errors          []string
	Suggestions     []string
	StrengthMessage string
}

// DatosPersonales are what a password must not contain: the user's login
// name, e-mail and name; and what it must not merely be: the name of the
// user's company (Empresa), like the common words.
type DatosPersonales struct {
	NombreUsuario string
	Email         string
	Nombre        string
	Apellido      string
	Empresa       string
}

// requisito is one rule of the policy: whether the password meets it, the
// error when it does not and what to do about it.
type requisito struct {
	cumple     bool
	error      string
	sugerencia string
}

// ValidarPassword checks a password against the whole policy: length, the four
// character classes, no personal data, no runs of consecutive or repeated
// characters, not a common password. The score (0–100) gives 10 points per
// requirement met and 5 per character beyond 8, at most 100.
func ValidarPassword(password string, p DatosPersonales) ValidacionPassword {
	largo := utf8.RuneCountInString(password)
	c := ChequeosPassword{
		Length:        largo >= MinLargoPassword,
		Uppercase:     strings.ContainsFunc(password, unicode.IsUpper),
		Lowercase:     strings.ContainsFunc(password, unicode.IsLower),
		Numbers:       strings.ContainsFunc(password, unicode.IsDigit),
		Special:       strings.ContainsFunc(password, esEspecial),
		NoPersonal:    !contieneDatosPersonales(password, p),
		NoConsecutive: !tieneSecuencia(password),
		NoCommon:      !EsPasswordComun(password) && !esNombreDeEmpresa(password, p.Empresa),
	}
	reqs := []requisito{
		{c.Length, msgPasswordCorta, sugerenciaLargo},
		{c.Uppercase, msgPasswordSinMayuscula, sugerenciaMezcla},
		{c.Lowercase, msgPasswordSinMinuscula, sugerenciaMezcla},
		{c.Numbers, msgPasswordSinNumero, sugerenciaMezcla},
		{c.Special, msgPasswordSinEspecial, sugerenciaMezcla},
		{c.NoPersonal, msgPasswordPersonal, sugerenciaPersonal},
		{c.NoConsecutive, msgPasswordConsecutiva, sugerenciaSecuencias},
		{c.NoCommon, msgPasswordComun, sugerenciaFrase},
	}
	v := ValidacionPassword{Checks: c, Errors: []string{}, Suggestions: []string{}}
	for _, r := range reqs {
		if r.cumple {
			v.Score += puntosPorRequisito
			continue
		}
		v.Errors = append(v.Errors, r.error)
		v.Suggestions = agregarUnaVez(v.Suggestions, r.sugerencia)
	}
	if len(password) > MaxPasswordBytes {
		v.Errors = append(v.Errors, MsgPasswordDemasiadoLarga)
	}
	v.Score = min(100, v.Score+max(0, largo-MinLargoPassword)*puntosPorCaracterAdicional)
	v.Valid = len(v.Errors) == 0
	if v.Valid && largo < LargoPasswordHolgado {
		v.Suggestions = append(v.Suggestions, sugerenciaLargo)
	}
	v.Strength = fuerza(v.Score, v.Valid)
	v.StrengthMessage = mensajesFuerza[v.Strength]
	return v
}

// fuerza maps a score to a strength; an invalid password is at most medium.
func fuerza(score int, valida bool) string {
	switch {
	case score < 20:
		return FuerzaMuyDebil
	case score < 50:
		return FuerzaDebil
	case score < 80 || !valida:
		return FuerzaMedia
	case score < 100:
		return FuerzaFuerte
	}
	return FuerzaMuyFuerte
}

func agregarUnaVez(lista []string, s string) []string {
	for _, x := range lista {
		if x == s {
			return lista
		}
	}
	return append(lista, s)
}

// esEspecial is any printable character that is not a letter, digit or space.
func esEspecial(r rune) bool {
	return unicode.IsPrint(r) && !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsSpace(r)
}

// contieneDatosPersonales reports whether the password contains, ignoring
// case, the login name, the e-mail or its part before @, the name or the surname.
func contieneDatosPersonales(password string, p DatosPersonales) bool {
	lower := strings.ToLower(password)
	local, _, _ := strings.Cut(p.Email, "@")
	datos := []string{p.NombreUsuario, p.Email, local}
	datos = append(datos, strings.Fields(p.Nombre)...)
	datos = append(datos, strings.Fields(p.Apellido)...)
	for _, d := range datos {
		d = strings.ToLower(strings.TrimSpace(d))
		if utf8.RuneCountInString(d) >= largoMinimoPersonal && strings.Contains(lower, d) {
			return true
		}
	}
	return false
}

// tieneSecuencia reports three characters in a row that repeat (aaa) or go up
// or down by one (abc, 321), ignoring case.
func tieneSecuencia(password string) bool {
	rs := []rune(strings.ToLower(password))
	for i := 2; i < len(rs); i++ {
		d1, d2 := rs[i-1]-rs[i-2], rs[i]-rs[i-1]
		if d1 == d2 && (d1 == 0 || d1 == 1 || d1 == -1) {
			return true
		}
	}
	return false
}

// passwordsComunes is the list of common passwords shipped in the binary: the
// zxcvbn password frequency list (7,141 leaked passwords) and its English word
// list (32,545 words), as published in github.com/ccojocar/zxcvbn-go.
var passwordsComunes = func() map[string]struct{} {
	m := map[string]struct{}{}
	for _, lista := range []string{"Passwords", "English"} {
		for _, w := range frequency.Lists[lista].List {
			m[w] = struct{}{}
		}
	}
	return m
}()

// palabrasLocales are the words a password guesser tries first here, beyond
// the English lists: the product's own name and trade, the river and its
// towns, the country, its teams and its common words. A password that is one
// of them plus digits and symbols is common ('Muelle.2026', 'Tigre2026!').
var palabrasLocales = func() map[string]struct{} {
	m := map[string]struct{}{}
	for _, w := range strings.Fields(`muelle muelles lancha lanchas pasaje pasajes boleto boletos embarque
		catamaran barco barcos puerto riodelaplata delta tigre parana isla islas canal terminal fluvial
		argentina argentino argentinos buenosaires bsas baires caba porteno portena capital rosario cordoba
		mendoza laplata olivos nordelta sanisidro escobar campana zarate carmelo colonia uruguay
		river riverplate boca bocajuniors racing independiente sanlorenzo huracan velez estudiantes
		messi maradona diego scaloni seleccion campeon campeones mundial
		mate tango asado fernet gaucho pampa malvinas patria bandera celeste albiceleste boludo
		dulcedeleche empanada milanesa alfajor hola contrasena clave usuario admin administrador`) {
		m[w] = struct{}{}
	}
	return m
}()

// CantidadPasswordsComunes is the size of the shipped lists.
func CantidadPasswordsComunes() int { return len(passwordsComunes) + len(palabrasLocales) }

// EsPasswordComun reports whether the password, ignoring case, is on the
// common list, whole or once the digits and symbols around its letters are
// taken off ("Dragon2024!" is "dragon"), or is one of the local words so
// ("Argentina1!", "Buenos.Aires.2026", accents ignored).
func EsPasswordComun(password string) bool {
	lower := strings.ToLower(password)
	if _, ok := passwordsComunes[lower]; ok {
		return true
	}
	base := strings.TrimFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) })
	if utf8.RuneCountInString(base) < largoMinimoPalabraComun {
		return false
	}
	_, ok := passwordsComunes[base]
	_, local := palabrasLocales[letrasDe(base)]
	return ok || local
}

// esNombreDeEmpresa reports whether the password, once its digits and symbols
// are taken off, is words of the company's name in a row ("Delta2026!" or
// "LanchasDelDelta.7" for "Lanchas del Delta S.A."), accents and case ignored.
func esNombreDeEmpresa(password, empresa string) bool {
	base := letrasDe(password)
	if utf8.RuneCountInString(base) < largoMinimoPalabraComun {
		return false
	}
	palabras := strings.Fields(empresa)
	for i := range palabras {
		for j := i + 1; j <= len(palabras); j++ {
			if letrasDe(strings.Join(palabras[i:j], "")) == base {
				return true
			}
		}
	}
	return false
}

// letrasDe is the letters of s alone, lower-cased and without accents.
func letrasDe(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) {
			return r
		}
		return -1
	}, NormalizarBusqueda(s))
}

// EstadoClave is the state of a user's password at now: expirada once a
// temporary password is past its validity, reinicio_pendiente while a change
// is required, vigente otherwise.
func EstadoClave(debeCambiar bool, temporalHasta *time.Time, now time.Time) string {
	switch {
	case temporalHasta != nil && !now.Before(*temporalHasta):
		return ClaveExpirada
	case debeCambiar:
		return ClaveReinicioPendiente
	}
	return ClaveVigente
}
