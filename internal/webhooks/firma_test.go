package webhooks

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

// The signature header is read as Mercado Pago and Stripe write it; anything
// else is a signature error, never a panic nor a guess.
func TestCamposFirma(t *testing.T) {
	for valor, quiero := range map[string]map[string][]string{
		"ts=1704908010,v1=618c85":       {"ts": {"1704908010"}, "v1": {"618c85"}},
		" ts=1 , v1=ab ":                {"ts": {"1"}, "v1": {"ab"}},
		"t=1,v1=aa,v1=bb,v0=cc":         {"t": {"1"}, "v1": {"aa", "bb"}, "v0": {"cc"}},
		"ts=1,v1=a=b":                   {"ts": {"1"}, "v1": {"a=b"}},
		"v1=618c85,ts=1704908010,x=y,z": nil,
		"":                              nil,
		"   ":                           nil,
		"ts=1,,v1=aa":                   nil,
		"ts=1,v1=":                      nil,
		"=1,v1=aa":                      nil,
		"ts1704908010":                  nil,
	} {
		campos, err := CamposFirma(valor)
		if quiero == nil {
			if !errors.Is(err, ErrFirma) {
				t.Errorf("%q: %v, %v; quiero ErrFirma", valor, campos, err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(campos, quiero) {
			t.Errorf("%q: %v, %v; quiero %v", valor, campos, err, quiero)
		}
	}
}

func TestHoraUnix(t *testing.T) {
	if h, err := HoraUnix("1704908010"); err != nil || !h.Equal(time.Date(2024, 1, 10, 17, 33, 30, 0, time.UTC)) {
		t.Fatalf("1704908010: %v, %v", h, err)
	}
	for _, mala := range []string{"", "0", "-5", "17049e8", "1704908010.5", "99999999999999999999"} {
		if _, err := HoraUnix(mala); !errors.Is(err, ErrFirma) {
			t.Errorf("%q: %v; quiero ErrFirma", mala, err)
		}
	}
}

// The HMAC is compared with hmac.Equal (constant time), against every
// signature given and every secret (a rotation): only an exact match of
// the whole MAC passes; a MAC one bit off, cut short, longer, of another
// message or another secret, or not hexadecimal, fails.
func TestComprobarHMAC(t *testing.T) {
	nuevo, viejo := []byte("secreto-nuevo"), []byte("secreto-viejo")
	mensaje := []byte("id:abc;request-id:r-1;ts:1704908010;")
	buena := FirmarHMAC(nuevo, mensaje)
	if len(buena) != 64 {
		t.Fatalf("la firma es %q; quiero 32 bytes en hexadecimal", buena)
	}
	ultimoCambiado := buena[:63] + map[bool]string{true: "1", false: "0"}[buena[63] == '0']
	casos := []struct {
		nombre   string
		secretos [][]byte
		firmas   []string
		ok       bool
	}{
		{"exacta", [][]byte{nuevo}, []string{buena}, true},
		{"en mayúsculas", [][]byte{nuevo}, []string{strings.ToUpper(buena)}, true},
		{"la del secreto viejo durante la rotación", [][]byte{nuevo, viejo}, []string{FirmarHMAC(viejo, mensaje)}, true},
		{"la buena tras una mala", [][]byte{viejo, nuevo}, []string{"00", buena}, true},
		{"el último dígito cambiado", [][]byte{nuevo}, []string{ultimoCambiado}, false},
		{"cortada", [][]byte{nuevo}, []string{buena[:62]}, false},
		{"con un byte de más", [][]byte{nuevo}, []string{buena + "00"}, false},
		{"de otro mensaje", [][]byte{nuevo}, []string{FirmarHMAC(nuevo, []byte("id:abd;"))}, false},
		{"de un secreto que ya no está", [][]byte{nuevo}, []string{FirmarHMAC(viejo, mensaje)}, false},
		{"no hexadecimal", [][]byte{nuevo}, []string{"zz" + buena[2:]}, false},
		{"sin firmas", [][]byte{nuevo}, nil, false},
		{"sin secretos", nil, []string{buena}, false},
		{"un secreto vacío no firma", [][]byte{{}}, []string{FirmarHMAC(nil, mensaje)}, false},
	}
	for _, c := range casos {
		err := ComprobarHMAC(c.secretos, mensaje, c.firmas)
		if c.ok && err != nil || !c.ok && !errors.Is(err, ErrFirma) {
			t.Errorf("%s: %v", c.nombre, err)
		}
	}
}

// The tolerance holds both ways: a time too old (a replay) and one too far
// ahead (a clock ahead, or a signature made to outlive the window) are both
// refused; the edges are inside.
func TestComprobarHora(t *testing.T) {
	ahora := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	for d, ok := range map[time.Duration]bool{
		0: true, -5 * time.Minute: true, 5 * time.Minute: true, -4 * time.Minute: true, 4 * time.Minute: true,
		-5*time.Minute - time.Second: false, 5*time.Minute + time.Second: false, -24 * time.Hour: false, 24 * time.Hour: false,
	} {
		err := ComprobarHora(ahora.Add(d), ahora, 5*time.Minute)
		if ok && err != nil || !ok && !errors.Is(err, ErrVencida) {
			t.Errorf("%s de diferencia: %v", d, err)
		}
	}
}
