package whatsapp

import (
	"context"
	"fmt"

	"go.mau.fi/whatsmeow/util/keys"

	"muelle/internal/secretbox"
	"muelle/internal/store"
)

// columna is a whatsmeow column that holds a secret of a device (its owner
// column holds the device's jid): sealed with the installation key, or
// masked (secretbox.Mask) where whatsmeow's schema fixes it at 32 bytes (the
// private keys), so that a copy of the database alone yields nothing usable.
// The store reads and writes it (store.TablasExternas).
type columna struct {
	store.ColumnaExterna
	mascara bool
}

// sellada is a column of sealed secrets: table, column, owner column and the
// rest of the row's primary key.
func sellada(tabla, nombre, dueño string, claves ...string) columna {
	return columna{ColumnaExterna: store.ColumnaExterna{Tabla: tabla, Nombre: nombre, Dueño: dueño, Claves: claves}}
}

// enmascarada is a column of masked private keys.
func enmascarada(tabla, nombre, dueño string, claves ...string) columna {
	c := sellada(tabla, nombre, dueño, claves...)
	c.mascara = true
	return c
}

var (
	// colAdv goes first: the device's only sealed value in its row, it tells
	// whether the installation key is right (masked values cannot).
	colAdv             = sellada("whatsmeow_device", "adv_key", "jid")
	colRuido           = enmascarada("whatsmeow_device", "noise_key", "jid")
	colIdentidad       = enmascarada("whatsmeow_device", "identity_key", "jid")
	colPreFirmada      = enmascarada("whatsmeow_device", "signed_pre_key", "jid")
	colPreClave        = enmascarada("whatsmeow_pre_keys", "key", "jid", "key_id")
	colSesion          = sellada("whatsmeow_sessions", "session", "our_jid", "their_id")
	colClaveEmisor     = sellada("whatsmeow_sender_keys", "sender_key", "our_jid", "chat_id", "sender_id")
	colClaveAppState   = sellada("whatsmeow_app_state_sync_keys", "key_data", "jid", "key_id")
	colSecretoMensaje  = sellada("whatsmeow_message_secrets", "key", "our_jid", "chat_jid", "sender_jid", "message_id")
	colTokenPrivacidad = sellada("whatsmeow_privacy_tokens", "token", "our_jid", "their_jid")
	colEventoGuardado  = sellada("whatsmeow_event_buffer", "plaintext", "our_jid", "ciphertext_hash")

	secretas = []columna{colAdv, colRuido, colIdentidad, colPreFirmada, colPreClave, colSesion, colClaveEmisor,
		colClaveAppState, colSecretoMensaje, colTokenPrivacidad, colEventoGuardado}
)

// contexto binds a value to its column and device. A sealed value is bound
// to the device only: whatsmeow moves sessions and sender keys between rows
// of a device itself (MigratePNToLID). A masked value is bound to its row
// too (claves: the pre-key's id), since a mask must serve one secret only.
func (c columna) contexto(jid string, claves []any) string {
	ctx := c.Tabla + "." + c.Nombre + "/" + jid
	if c.mascara {
		for _, k := range claves {
			ctx += "/" + fmt.Sprint(k)
		}
	}
	return ctx
}

// sellos seals and opens a device's secrets with the installation key.
type sellos struct{ box *secretbox.Box }

func (s sellos) sellar(c columna, jid string, v []byte) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	sellado, err := s.box.Seal(v, c.contexto(jid, nil))
	return []byte(sellado), err
}

func (s sellos) abrir(c columna, jid string, v []byte) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	claro, err := s.box.Open(string(v), c.contexto(jid, nil))
	if err != nil {
		return nil, fmt.Errorf("whatsapp: %s.%s del dispositivo %s: %w", c.Tabla, c.Nombre, jid, err)
	}
	return claro, nil
}

// par masks or unmasks (the same operation) a private key, and answers it
// with its public key.
func (s sellos) par(c columna, jid string, priv *[32]byte, claves ...any) *keys.KeyPair {
	return keys.NewKeyPairFromPrivateKey([32]byte(s.box.Mask(priv[:], c.contexto(jid, claves))))
}

// Resellar is the store.Resellador of the WhatsApp devices: every secret
// whatsmeow keeps of every device, opened with vieja and sealed with nueva.
// The tables must exist (AbrirDispositivos creates them).
func Resellar(ctx context.Context, t store.TablasExternas, vieja, nueva *secretbox.Box) (int, error) {
	return resellarDispositivos(ctx, t, vieja, nueva, true)
}

// ComprobarClave is the store.Comprobador of the WhatsApp devices: every
// sealed secret whatsmeow keeps of every device opens with box (a masked one
// cannot tell a wrong key: its device's adv_key does). It changes nothing.
func ComprobarClave(ctx context.Context, t store.TablasExternas, box *secretbox.Box) (int, error) {
	n := 0
	for _, c := range secretas {
		if c.mascara {
			continue
		}
		filas, err := t.Leer(ctx, c.ColumnaExterna, "")
		if err != nil {
			return 0, err
		}
		for _, f := range filas {
			if _, err := (sellos{box}).abrir(c, f.Dueño, f.Valor); err != nil {
				return 0, err
			}
		}
		n += len(filas)
	}
	return n, nil
}

// resellarDispositivos re-seals the devices' secrets with nueva: every device
// (todos), or only those stored in plain form (linked before the sealing).
// A sealed device whose adv_key vieja does not open stops it: the
// installation key is wrong. It drops the privacy tokens of devices that are
// gone (whatsmeow keeps them), which no key would open.
func resellarDispositivos(ctx context.Context, t store.TablasExternas, vieja, nueva *secretbox.Box, todos bool) (int, error) {
	if err := t.BorrarSinDueño(ctx, colTokenPrivacidad.ColumnaExterna, colAdv.ColumnaExterna); err != nil {
		return 0, err
	}
	advs, err := t.Leer(ctx, colAdv.ColumnaExterna, "")
	if err != nil {
		return 0, err
	}
	n := 0
	for _, fila := range advs {
		jid, adv := fila.Dueño, fila.Valor
		abrir := vieja
		if !secretbox.IsSealed(string(adv)) {
			abrir = nil
		} else if _, err := (sellos{vieja}).abrir(colAdv, jid, adv); err != nil {
			return 0, err
		} else if !todos {
			continue
		}
		m, err := resellarDispositivo(ctx, t, jid, abrir, nueva)
		if err != nil {
			return 0, err
		}
		n += m
	}
	return n, nil
}

// resellarDispositivo re-seals every secret of device jid: opened with vieja
// (nil: stored plain), sealed with nueva; it returns how many.
func resellarDispositivo(ctx context.Context, t store.TablasExternas, jid string, vieja, nueva *secretbox.Box) (int, error) {
	n := 0
	for _, c := range secretas {
		filas, err := t.Leer(ctx, c.ColumnaExterna, jid)
		if err != nil {
			return 0, err
		}
		for _, f := range filas {
			v, err := c.resellar(f, vieja, nueva)
			if err != nil {
				return 0, err
			}
			if err := t.Guardar(ctx, c.ColumnaExterna, f, v); err != nil {
				return 0, err
			}
		}
		n += len(filas)
	}
	return n, nil
}

// resellar opens a stored value with vieja (nil: plain) and seals it with nueva.
func (c columna) resellar(f store.SecretoExterno, vieja, nueva *secretbox.Box) ([]byte, error) {
	ctx := c.contexto(f.Dueño, f.Claves)
	claro := f.Valor
	switch {
	case vieja != nil && c.mascara:
		claro = vieja.Mask(f.Valor, ctx)
	case vieja != nil:
		var err error
		if claro, err = (sellos{vieja}).abrir(c, f.Dueño, f.Valor); err != nil {
			return nil, err
		}
	}
	if c.mascara {
		return nueva.Mask(claro, ctx), nil
	}
	return (sellos{nueva}).sellar(c, f.Dueño, claro)
}

// sellarAlAbrir seals, in one transaction, the devices stored in plain form
// and checks that the installation key opens the others.
func sellarAlAbrir(ctx context.Context, st *store.Store, box *secretbox.Box) error {
	return st.EnTablasExternas(ctx, func(t store.TablasExternas) error {
		_, err := resellarDispositivos(ctx, t, box, box, false)
		return err
	})
}
