package whatsapp

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"go.mau.fi/whatsmeow/util/keys"

	"muelle/internal/secretbox"
	"muelle/internal/store"
)

// columna is a whatsmeow column that holds a secret of a device: sealed with
// the installation key, or masked (secretbox.Mask) where whatsmeow's schema
// fixes it at 32 bytes (the private keys), so that a copy of the database
// alone yields nothing usable.
type columna struct {
	tabla, nombre string
	dueño         string   // the column of the device's jid
	claves        []string // the rest of the row's primary key
	mascara       bool
}

var (
	// colAdv goes first: the device's only sealed value in its row, it tells
	// whether the installation key is right (masked values cannot).
	colAdv             = columna{"whatsmeow_device", "adv_key", "jid", nil, false}
	colRuido           = columna{"whatsmeow_device", "noise_key", "jid", nil, true}
	colIdentidad       = columna{"whatsmeow_device", "identity_key", "jid", nil, true}
	colPreFirmada      = columna{"whatsmeow_device", "signed_pre_key", "jid", nil, true}
	colPreClave        = columna{"whatsmeow_pre_keys", "key", "jid", []string{"key_id"}, true}
	colSesion          = columna{"whatsmeow_sessions", "session", "our_jid", []string{"their_id"}, false}
	colClaveEmisor     = columna{"whatsmeow_sender_keys", "sender_key", "our_jid", []string{"chat_id", "sender_id"}, false}
	colClaveAppState   = columna{"whatsmeow_app_state_sync_keys", "key_data", "jid", []string{"key_id"}, false}
	colSecretoMensaje  = columna{"whatsmeow_message_secrets", "key", "our_jid", []string{"chat_jid", "sender_jid", "message_id"}, false}
	colTokenPrivacidad = columna{"whatsmeow_privacy_tokens", "token", "our_jid", []string{"their_jid"}, false}
	colEventoGuardado  = columna{"whatsmeow_event_buffer", "plaintext", "our_jid", []string{"ciphertext_hash"}, false}

	secretas = []columna{colAdv, colRuido, colIdentidad, colPreFirmada, colPreClave, colSesion, colClaveEmisor,
		colClaveAppState, colSecretoMensaje, colTokenPrivacidad, colEventoGuardado}
)

// contexto binds a value to its column and device. A sealed value is bound
// to the device only: whatsmeow moves sessions and sender keys between rows
// of a device itself (MigratePNToLID). A masked value is bound to its row
// too (claves: the pre-key's id), since a mask must serve one secret only.
func (c columna) contexto(jid string, claves []any) string {
	ctx := c.tabla + "." + c.nombre + "/" + jid
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
		return nil, fmt.Errorf("whatsapp: %s.%s del dispositivo %s: %w", c.tabla, c.nombre, jid, err)
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
func Resellar(ctx context.Context, q store.Consultas, vieja, nueva *secretbox.Box) (int, error) {
	return resellarDispositivos(ctx, q, vieja, nueva, true)
}

// ComprobarClave is the store.Comprobador of the WhatsApp devices: every
// sealed secret whatsmeow keeps of every device opens with box (a masked one
// cannot tell a wrong key: its device's adv_key does). It changes nothing.
func ComprobarClave(ctx context.Context, q store.Consultas, box *secretbox.Box) (int, error) {
	n := 0
	for _, c := range secretas {
		if c.mascara {
			continue
		}
		filas, err := c.leer(ctx, q, "")
		if err != nil {
			return 0, err
		}
		for _, f := range filas {
			if _, err := (sellos{box}).abrir(c, f.dueño, f.valor); err != nil {
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
func resellarDispositivos(ctx context.Context, q store.Consultas, vieja, nueva *secretbox.Box, todos bool) (int, error) {
	if _, err := q.ExecContext(ctx, `DELETE FROM whatsmeow_privacy_tokens
		WHERE our_jid NOT IN (SELECT jid FROM whatsmeow_device)`); err != nil {
		return 0, fmt.Errorf("whatsapp: tokens de dispositivos borrados: %w", err)
	}
	advs, err := colAdv.leer(ctx, q, "")
	if err != nil {
		return 0, err
	}
	n := 0
	for _, fila := range advs {
		jid, adv := fila.dueño, fila.valor
		abrir := vieja
		if !secretbox.IsSealed(string(adv)) {
			abrir = nil
		} else if _, err := (sellos{vieja}).abrir(colAdv, jid, adv); err != nil {
			return 0, err
		} else if !todos {
			continue
		}
		m, err := resellarDispositivo(ctx, q, jid, abrir, nueva)
		if err != nil {
			return 0, err
		}
		n += m
	}
	return n, nil
}

// resellarDispositivo re-seals every secret of device jid: opened with vieja
// (nil: stored plain), sealed with nueva; it returns how many.
func resellarDispositivo(ctx context.Context, q store.Consultas, jid string, vieja, nueva *secretbox.Box) (int, error) {
	n := 0
	for _, c := range secretas {
		filas, err := c.leer(ctx, q, jid)
		if err != nil {
			return 0, err
		}
		for _, f := range filas {
			v, err := c.resellar(f, vieja, nueva)
			if err != nil {
				return 0, err
			}
			if err := c.escribir(ctx, q, f, v); err != nil {
				return 0, err
			}
		}
		n += len(filas)
	}
	return n, nil
}

// resellar opens a stored value with vieja (nil: plain) and seals it with nueva.
func (c columna) resellar(f fila, vieja, nueva *secretbox.Box) ([]byte, error) {
	ctx := c.contexto(f.dueño, f.claves)
	claro := f.valor
	switch {
	case vieja != nil && c.mascara:
		claro = vieja.Mask(f.valor, ctx)
	case vieja != nil:
		var err error
		if claro, err = (sellos{vieja}).abrir(c, f.dueño, f.valor); err != nil {
			return nil, err
		}
	}
	if c.mascara {
		return nueva.Mask(claro, ctx), nil
	}
	return (sellos{nueva}).sellar(c, f.dueño, claro)
}

// fila is a stored secret: its device, the rest of its key, its value.
type fila struct {
	dueño  string
	claves []any
	valor  []byte
}

// leer reads the column's values of device jid ("": of every device).
func (c columna) leer(ctx context.Context, q store.Consultas, jid string) ([]fila, error) {
	cols := append([]string{c.dueño}, c.claves...)
	sel := "SELECT " + strings.Join(append(cols, c.nombre), ", ") + " FROM " + c.tabla +
		" WHERE " + c.nombre + " IS NOT NULL AND ($1 = '' OR " + c.dueño + " = $1)"
	rows, err := q.QueryContext(ctx, sel, jid)
	if err != nil {
		return nil, fmt.Errorf("whatsapp: leer %s: %w", c.tabla, err)
	}
	var filas []fila
	for rows.Next() {
		f := fila{claves: make([]any, len(c.claves))}
		dest := []any{&f.dueño}
		for i := range f.claves {
			dest = append(dest, &f.claves[i])
		}
		if err := rows.Scan(append(dest, &f.valor)...); err != nil {
			rows.Close()
			return nil, fmt.Errorf("whatsapp: leer %s: %w", c.tabla, err)
		}
		filas = append(filas, f)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, fmt.Errorf("whatsapp: leer %s: %w", c.tabla, err)
	}
	return filas, nil
}

// escribir replaces a stored value.
func (c columna) escribir(ctx context.Context, q store.Consultas, f fila, v []byte) error {
	upd := "UPDATE " + c.tabla + " SET " + c.nombre + " = $1 WHERE " + c.dueño + " = $2"
	for i, k := range c.claves {
		upd += fmt.Sprintf(" AND %s = $%d", k, i+3)
	}
	if _, err := q.ExecContext(ctx, upd, append([]any{v, f.dueño}, f.claves...)...); err != nil {
		return fmt.Errorf("whatsapp: guardar %s: %w", c.tabla, err)
	}
	return nil
}

// sellarAlAbrir seals, in one transaction, the devices stored in plain form
// and checks that the installation key opens the others.
func sellarAlAbrir(ctx context.Context, db *sql.DB, box *secretbox.Box) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := resellarDispositivos(ctx, tx, box, box, false); err != nil {
		return errors.Join(err, tx.Rollback())
	}
	return tx.Commit()
}
