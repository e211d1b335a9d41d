// Package whatsapptest is a fake WhatsApp for tests: a Red opens Clientes
// (whatsapp.Abridor) that behave like linked devices without a network. The
// test plays the phone and the servers: it rotates and scans QR codes, drops
// connections, ends sessions (logged out, banned), and reads what was sent.
package whatsapptest

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"muelle/internal/whatsapp"
)

// CodigoVinculacion is the code every fake device asks to type on the phone.
const CodigoVinculacion = "MUEL-1234"

// ErrSinConexion is what a fake device answers when asked to send while not
// connected.
var ErrSinConexion = errors.New("sin conexión con WhatsApp")

// Recibido is a message a fake device delivered.
type Recibido struct {
	Para, Texto string
	Imagen      []byte
}

// Red is the fake WhatsApp: the devices it linked (by JID), the numbers
// without an account, and every message delivered.
type Red struct {
	mu          sync.Mutex
	vinculados  map[string]bool
	clientes    []*Cliente
	sinWhatsApp map[string]bool
	recibidos   []Recibido
	// caida: the servers cannot be reached; Conectar fails.
	caida bool
}

// NuevaRed is an empty fake WhatsApp.
func NuevaRed() *Red {
	return &Red{vinculados: map[string]bool{}, sinWhatsApp: map[string]bool{}}
}

// SinWhatsApp makes a number (E.164) one without an account.
func (r *Red) SinWhatsApp(numero string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sinWhatsApp[numero] = true
}

// Cortar makes the servers unreachable (caida true) or reachable again.
func (r *Red) Cortar(caida bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.caida = caida
}

// Recibidos are the messages delivered so far.
func (r *Red) Recibidos() []Recibido {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Recibido(nil), r.recibidos...)
}

// Vinculado reports whether the device jid is still linked.
func (r *Red) Vinculado(jid string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.vinculados[jid]
}

// Clientes are the devices opened so far, in order.
func (r *Red) Clientes() []*Cliente {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*Cliente(nil), r.clientes...)
}

// Abrir is the whatsapp.Abridor of the fake.
func (r *Red) Abrir(_ context.Context, jid string, avisar func(whatsapp.Evento)) (whatsapp.Cliente, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := &Cliente{red: r, jid: jid, avisar: avisar}
	r.clientes = append(r.clientes, c)
	return c, nil
}

// Cliente is a fake device.
type Cliente struct {
	red    *Red
	avisar func(whatsapp.Evento)
	mu     sync.Mutex
	jid    string
	// conectado: logged in; esperandoQR: showing QR codes.
	conectado, esperandoQR bool
	qr                     int
}

// JID is the device's id ("" until linked).
func (c *Cliente) JID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.jid
}

// Conectar logs a linked device in; a new one shows its first QR code. It
// fails with ErrSinConexion while the Red is down.
func (c *Cliente) Conectar(context.Context) error {
	c.red.mu.Lock()
	caida := c.red.caida
	c.red.mu.Unlock()
	if caida {
		return ErrSinConexion
	}
	c.mu.Lock()
	vinculado := c.jid != "" && c.red.Vinculado(c.jid)
	if !vinculado {
		c.esperandoQR = true
	}
	c.conectado = vinculado
	c.mu.Unlock()
	if vinculado {
		c.avisar(whatsapp.Evento{Tipo: whatsapp.EventoConectado, Numero: numeroDe(c.jid), Nombre: "Empresa"})
		return nil
	}
	c.RotarQR()
	return nil
}

// RotarQR shows the next QR code, as WhatsApp does every 20 seconds.
func (c *Cliente) RotarQR() {
	c.mu.Lock()
	c.qr++
	codigo := fmt.Sprintf("2@codigo-%d,clave,identidad,secreto", c.qr)
	c.mu.Unlock()
	c.avisar(whatsapp.Evento{Tipo: whatsapp.EventoQR, Codigo: codigo})
}

// Escanear links the device from the phone of numero (digits after +) and
// logs it in.
func (c *Cliente) Escanear(numero, nombre string) {
	jid := numero + ":7@s.whatsapp.net"
	c.mu.Lock()
	c.jid, c.esperandoQR, c.conectado = jid, false, true
	c.mu.Unlock()
	c.red.mu.Lock()
	c.red.vinculados[jid] = true
	c.red.mu.Unlock()
	c.avisar(whatsapp.Evento{Tipo: whatsapp.EventoVinculado, JID: jid, Numero: "+" + numero, Nombre: nombre})
	c.avisar(whatsapp.Evento{Tipo: whatsapp.EventoConectado, Numero: "+" + numero, Nombre: nombre})
}

// VencerQR ends the QR codes before one was scanned.
func (c *Cliente) VencerQR() {
	c.mu.Lock()
	c.esperandoQR = false
	c.mu.Unlock()
	c.avisar(whatsapp.Evento{Tipo: whatsapp.EventoQRVencido})
}

// Caer drops the connection (the client would reconnect by itself).
func (c *Cliente) Caer() {
	c.mu.Lock()
	c.conectado = false
	c.mu.Unlock()
	c.avisar(whatsapp.Evento{Tipo: whatsapp.EventoDesconectado})
}

// Reconectar logs the device in again after Caer.
func (c *Cliente) Reconectar() {
	c.mu.Lock()
	c.conectado = true
	jid := c.jid
	c.mu.Unlock()
	c.avisar(whatsapp.Evento{Tipo: whatsapp.EventoConectado, Numero: numeroDe(jid), Nombre: "Empresa"})
}

// Baja ends the session from WhatsApp's side with a reason; olvidar: the
// device is unlinked (logged out) rather than banned.
func (c *Cliente) Baja(motivo string, olvidar bool) {
	c.mu.Lock()
	c.conectado = false
	jid := c.jid
	c.mu.Unlock()
	if olvidar {
		c.red.mu.Lock()
		delete(c.red.vinculados, jid)
		c.red.mu.Unlock()
	}
	c.avisar(whatsapp.Evento{Tipo: whatsapp.EventoBaja, Motivo: motivo, Olvidar: olvidar})
}

// VincularPorTelefono answers the pairing code while QR codes are shown.
func (c *Cliente) VincularPorTelefono(_ context.Context, telefono string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.esperandoQR {
		return "", errors.New("el dispositivo no está esperando vincularse")
	}
	if telefono == "" || telefono[0] != '+' {
		return "", fmt.Errorf("número inválido %q", telefono)
	}
	return CodigoVinculacion, nil
}

// EnviarTexto delivers a text.
func (c *Cliente) EnviarTexto(_ context.Context, telefono, texto string) error {
	return c.entregar(Recibido{Para: telefono, Texto: texto})
}

// EnviarImagen delivers an image with its caption.
func (c *Cliente) EnviarImagen(_ context.Context, telefono string, png []byte, epigrafe string) error {
	return c.entregar(Recibido{Para: telefono, Texto: epigrafe, Imagen: png})
}

func (c *Cliente) entregar(m Recibido) error {
	c.mu.Lock()
	conectado := c.conectado
	c.mu.Unlock()
	if !conectado {
		return ErrSinConexion
	}
	c.red.mu.Lock()
	defer c.red.mu.Unlock()
	if c.red.sinWhatsApp[m.Para] {
		return whatsapp.ErrSinWhatsApp
	}
	c.red.recibidos = append(c.red.recibidos, m)
	return nil
}

// Desvincular unlinks the device.
func (c *Cliente) Desvincular(context.Context) error {
	c.mu.Lock()
	jid := c.jid
	c.conectado, c.esperandoQR = false, false
	c.mu.Unlock()
	c.red.mu.Lock()
	delete(c.red.vinculados, jid)
	c.red.mu.Unlock()
	return nil
}

// Desconectar closes the connection.
func (c *Cliente) Desconectar() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.conectado, c.esperandoQR = false, false
}

// numeroDe is the number of a device id: +digits before the ':'.
func numeroDe(jid string) string {
	for i, r := range jid {
		if r == ':' || r == '@' {
			return "+" + jid[:i]
		}
	}
	return "+" + jid
}
