package domain

import (
	"bytes"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// clavesNavegador are a browser's subscription keys, base64url as it sends them.
func clavesNavegador(t *testing.T) (p256dh, auth string) {
	t.Helper()
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	secreto := make([]byte, 16)
	_, _ = rand.Read(secreto)
	return base64.RawURLEncoding.EncodeToString(priv.PublicKey().Bytes()), base64.RawURLEncoding.EncodeToString(secreto)
}

func TestPushSubscriptionChecksEndpointAndKeys(t *testing.T) {
	p256dh, auth := clavesNavegador(t)
	ok := "https://fcm.googleapis.com/fcm/send/abc:APA91b"
	s, err := NuevaSuscripcionPush(ok, p256dh, auth, false)
	if err != nil || s.Endpoint != ok || len(s.P256dh) != 65 || len(s.Auth) != 16 {
		t.Fatalf("suscripción válida: %+v %v", s, err)
	}
	if _, err := NuevaSuscripcionPush(ok, p256dh+"=", auth+"==", false); err != nil {
		t.Fatalf("con relleno: %v", err)
	}
	noCurva := base64.RawURLEncoding.EncodeToString(append([]byte{4}, bytes.Repeat([]byte{1}, 64)...))
	casos := []struct {
		nombre, endpoint, p256dh, auth string
		cualquierPuerto                bool
		msg                            string
	}{
		{"http", "http://push.example.com/x", p256dh, auth, false, MsgPushEndpointInvalido},
		{"sin esquema", "push.example.com/x", p256dh, auth, false, MsgPushEndpointInvalido},
		{"sin host", "https:///x", p256dh, auth, false, MsgPushEndpointInvalido},
		{"con usuario", "https://u:p@push.example.com/x", p256dh, auth, false, MsgPushEndpointInvalido},
		{"con fragmento", "https://push.example.com/x#y", p256dh, auth, false, MsgPushEndpointInvalido},
		{"largo", "https://push.example.com/" + strings.Repeat("a", MaxEndpointPush), p256dh, auth, false, MsgPushEndpointInvalido},
		{"otro puerto", "https://push.example.com:8443/x", p256dh, auth, false, MsgPushEndpointNoPermitido},
		{"p256dh corta", ok, p256dh[:40], auth, false, MsgPushClaveP256dhInvalida},
		{"p256dh fuera de la curva", ok, noCurva, auth, false, MsgPushClaveP256dhInvalida},
		{"p256dh no base64url", ok, strings.Repeat("+", 87), auth, false, MsgPushClaveP256dhInvalida},
		{"auth corta", ok, p256dh, auth[:10], false, MsgPushClaveAuthInvalida},
	}
	for _, c := range casos {
		_, err := NuevaSuscripcionPush(c.endpoint, c.p256dh, c.auth, c.cualquierPuerto)
		var de *Error
		if !errors.As(err, &de) || de.Kind != KindInvalid || de.Message != c.msg {
			t.Errorf("%s: %v, esperaba %q", c.nombre, err, c.msg)
		}
	}
	if _, err := NuevaSuscripcionPush("https://127.0.0.1:8443/x", p256dh, auth, true); err != nil {
		t.Errorf("una instalación con direcciones privadas acepta cualquier puerto: %v", err)
	}
}

func TestPushOfEachNotificationType(t *testing.T) {
	casos := []struct {
		tipo, tag, url string
		interaccion    bool
	}{
		{NotifVenta, TagVentaRealizada, "/admin/listado-pasajes", false},
		{NotifCajaAbierta, TagCajaAbierta, "/admin/monitoreo-vendedores", false},
		{NotifCajaCerrada, TagCajaCerrada, "/admin/monitoreo-vendedores", false},
		{NotifAlerta, TagErrorSistema, "/admin/notificaciones", true},
	}
	for _, c := range casos {
		p, ok := PushDeNotificacion(c.tipo, "Título", "Texto")
		want := Push{Title: "Título", Body: "Texto", Tag: c.tag, URL: c.url, RequireInteraction: c.interaccion}
		if !ok || p != want {
			t.Errorf("%s: %+v %v, esperaba %+v", c.tipo, p, ok, want)
		}
	}
	for _, tipo := range []string{NotifEmbarque, NotifInfo, NotifWhatsapp} {
		if _, ok := PushDeNotificacion(tipo, "T", "M"); ok {
			t.Errorf("%s no se envía por push", tipo)
		}
	}
	alerta, _ := PushDeNotificacion(NotifAlerta, "T", "M")
	venta, _ := PushDeNotificacion(NotifVenta, "T", "M")
	if alerta.Vigencia() <= venta.Vigencia() || Urgencia(alerta.Tag) != "high" || Urgencia(venta.Tag) != "normal" {
		t.Error("una alerta dura más y despierta el teléfono")
	}
}

func TestPushPayloadFitsOneRecord(t *testing.T) {
	p, _ := PushDeNotificacion(NotifAlerta, strings.Repeat("Título largo ", 50), strings.Repeat("<ñandú> \"x\" ", 2000))
	b := p.JSON()
	var got Push
	if err := json.Unmarshal(b, &got); err != nil || len(b) > MaxPayloadPush {
		t.Fatalf("%d bytes: %v", len(b), err)
	}
	if !utf8.ValidString(got.Body) || !strings.HasSuffix(got.Body, "…") || !strings.HasPrefix(got.Body, "<ñandú>") ||
		got.Tag != TagErrorSistema || !got.RequireInteraction {
		t.Fatalf("recortado mal: %+v", got)
	}
	corto, _ := PushDeNotificacion(NotifVenta, "Nueva venta", "Ana vendió 2 pasajes")
	if err := json.Unmarshal(corto.JSON(), &got); err != nil || got != corto {
		t.Fatalf("un aviso corto va entero: %+v", got)
	}
}
