package whatsapp

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"go.mau.fi/whatsmeow/proto/waAdv"
	wastore "go.mau.fi/whatsmeow/store"
	"go.mau.fi/whatsmeow/store/sqlstore"
	"go.mau.fi/whatsmeow/types"
	"go.mau.fi/whatsmeow/util/keys"

	"muelle/internal/secretbox"
	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// A linked device's keys and everything whatsmeow keeps of its sessions
// reach the database sealed: a dump of every table of the database shows
// none of them, in any encoding. After a restart the device is read back
// whole, and another installation key does not open it.
func TestEveryWhatsAppDeviceSecretIsSealedInTheDatabase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		d := abrirDispositivos(t, st, st.SecretBox())
		s := guardarSecretos(t, d.contenedor.NewDevice())
		sinSecretosEnClaro(t, st, s.todos())

		s.comprobar(t, abrirDispositivos(t, st, st.SecretBox()))
		if _, err := AbrirDispositivos(ctx, st, storetest.Box(t), silencio()); !errors.Is(err, secretbox.ErrOpen) {
			t.Fatalf("otra clave de instalación abrió los dispositivos: %v", err)
		}
	})
}

// `muelle secret rotate` re-seals the devices' secrets in its transaction:
// the old key opens none of them any more, the new one opens them all.
func TestRotatingTheInstallationKeyReSealsTheWhatsAppDevices(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		vieja, nueva := st.SecretBox(), storetest.Box(t)
		s := guardarSecretos(t, abrirDispositivos(t, st, vieja).contenedor.NewDevice())
		jid := s.jid.String()
		antes := sesionGuardada(t, st, jid)

		n, err := st.RotarClaveSecreta(ctx, nueva, Resellar)
		// the device's 4 keys, 3 pre-keys, 2 sessions and one of each other secret
		if err != nil || n != 4+3+2+5 {
			t.Fatalf("rotados %d: %v", n, err)
		}
		despues := sesionGuardada(t, st, jid)
		if bytes.Equal(antes, despues) {
			t.Fatal("la sesión guardada no cambió")
		}
		contexto := colSesion.contexto(jid, nil)
		if _, err := vieja.Open(string(despues), contexto); !errors.Is(err, secretbox.ErrOpen) {
			t.Fatalf("la clave vieja abre la sesión rotada: %v", err)
		}
		if got, err := nueva.Open(string(despues), contexto); err != nil || !bytes.Equal(got, s.sesion) {
			t.Fatalf("la clave nueva no abre la sesión rotada: %v", err)
		}
		if _, err := AbrirDispositivos(ctx, st, vieja, silencio()); !errors.Is(err, secretbox.ErrOpen) {
			t.Fatalf("la clave vieja abrió los dispositivos: %v", err)
		}
		sinSecretosEnClaro(t, st, s.todos())
		s.comprobar(t, abrirDispositivos(t, st, nueva))
	})
}

// A device whatsmeow stored in plain form (linked before the sealing) is
// sealed when the device store opens, and still works.
func TestADeviceStoredInPlainFormIsSealedWhenTheStoreOpens(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		db, dialecto := st.BaseExterna()
		claro := sqlstore.NewWithDB(db, dialecto, nil)
		if err := claro.Upgrade(ctx); err != nil {
			t.Fatal(err)
		}
		s := guardarSecretos(t, claro.NewDevice())
		// the plain store left them in clear: the check below can fail
		var adv []byte
		if err := st.DB().QueryRow(`SELECT adv_key FROM whatsmeow_device`).Scan(&adv); err != nil || !bytes.Equal(adv, s.adv) {
			t.Fatalf("dispositivo en claro: %v", err)
		}

		d := abrirDispositivos(t, st, st.SecretBox())
		sinSecretosEnClaro(t, st, s.todos())
		s.comprobar(t, d)
		s.comprobar(t, abrirDispositivos(t, st, st.SecretBox()))
	})
}

func silencio() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func abrirDispositivos(t *testing.T, st *store.Store, box *secretbox.Box) *Dispositivos {
	t.Helper()
	d, err := AbrirDispositivos(context.Background(), st, box, silencio())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func aleatorio(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}

// secretos is what a linked device keeps, as whatsmeow uses it.
type secretos struct {
	jid                          types.JID
	ruido, identidad, preFirmada keys.KeyPair
	adv                          []byte
	preClaves                    []*keys.PreKey
	sesion, otraSesion           []byte
	emisor, appState, mensaje    []byte
	token, evento                []byte
	hash                         [32]byte
}

var (
	contacto       = types.NewJID("5491166660000", types.DefaultUserServer)
	grupo          = types.NewJID("120363000000000000", types.GroupServer)
	direccion      = "5491166660000.0:0"
	otraDireccion  = "5491166660000.0:1"
	idClaveAppSync = []byte{7, 7}
)

// guardarSecretos links a new device as pairing does (its JID, the identity
// the phone signs, Save) and has whatsmeow store one of each secret.
func guardarSecretos(t *testing.T, dev *wastore.Device) secretos {
	t.Helper()
	ctx := context.Background()
	jid := types.NewADJID("5491155550000", 0, 7)
	dev.ID = &jid
	dev.Account = &waAdv.ADVSignedDeviceIdentity{Details: []byte{1}, AccountSignature: make([]byte, 64),
		AccountSignatureKey: make([]byte, 32), DeviceSignature: make([]byte, 64)}
	s := secretos{jid: jid, ruido: *dev.NoiseKey, identidad: *dev.IdentityKey, preFirmada: dev.SignedPreKey.KeyPair,
		adv: dev.AdvSecretKey, sesion: aleatorio(120), otraSesion: aleatorio(90), emisor: aleatorio(80),
		appState: aleatorio(32), mensaje: aleatorio(32), token: aleatorio(24), evento: aleatorio(60), hash: [32]byte(aleatorio(32))}
	err := errors.Join(dev.Save(ctx),
		dev.Sessions.PutSession(ctx, direccion, s.sesion),
		dev.Sessions.PutManySessions(ctx, map[string][]byte{otraDireccion: s.otraSesion}),
		dev.SenderKeys.PutSenderKey(ctx, grupo.String(), direccion, s.emisor),
		dev.AppStateKeys.PutAppStateSyncKey(ctx, idClaveAppSync, wastore.AppStateSyncKey{Data: s.appState, Fingerprint: []byte{1}, Timestamp: 1}),
		dev.MsgSecrets.PutMessageSecret(ctx, contacto, contacto, "MSG1", s.mensaje),
		dev.PrivacyTokens.PutPrivacyTokens(ctx, wastore.PrivacyToken{User: contacto, Token: s.token, Timestamp: time.Unix(1_700_000_000, 0)}),
		dev.EventBuffer.PutBufferedEvent(ctx, s.hash, s.evento, time.Unix(1_700_000_000, 0)),
		dev.Identities.PutIdentity(ctx, direccion, [32]byte(aleatorio(32))))
	if err != nil {
		t.Fatal(err)
	}
	if s.preClaves, err = dev.PreKeys.GetOrGenPreKeys(ctx, 3); err != nil || len(s.preClaves) != 3 {
		t.Fatalf("pre-claves: %d %v", len(s.preClaves), err)
	}
	return s
}

// todos are the secrets' bytes.
func (s secretos) todos() [][]byte {
	todos := [][]byte{s.ruido.Priv[:], s.identidad.Priv[:], s.preFirmada.Priv[:], s.adv, s.sesion, s.otraSesion,
		s.emisor, s.appState, s.mensaje, s.token, s.evento}
	for _, k := range s.preClaves {
		todos = append(todos, k.Priv[:])
	}
	return todos
}

// comprobar reads the device back through d and finds every secret as it was.
func (s secretos) comprobar(t *testing.T, d *Dispositivos) {
	t.Helper()
	ctx := context.Background()
	cli, err := d.Abrir(ctx, s.jid.String(), func(Evento) {})
	if err != nil {
		t.Fatal(err)
	}
	dev := cli.(*clienteWhatsmeow).cli.Store
	if dev.ID == nil || *dev.ID != s.jid || !mismoPar(dev.NoiseKey, &s.ruido) || !mismoPar(dev.IdentityKey, &s.identidad) ||
		!mismoPar(&dev.SignedPreKey.KeyPair, &s.preFirmada) || !bytes.Equal(dev.AdvSecretKey, s.adv) {
		t.Fatalf("claves del dispositivo leídas: %v", dev.ID)
	}
	sesiones, err := dev.Sessions.GetManySessions(ctx, []string{direccion, otraDireccion})
	if err != nil || !bytes.Equal(sesiones[direccion], s.sesion) || !bytes.Equal(sesiones[otraDireccion], s.otraSesion) {
		t.Fatalf("sesiones: %v", err)
	}
	preClaves, err := dev.PreKeys.GetOrGenPreKeys(ctx, 3)
	if err != nil || len(preClaves) != 3 {
		t.Fatalf("pre-claves: %v", err)
	}
	for i, k := range s.preClaves {
		guardada, err := dev.PreKeys.GetPreKey(ctx, k.KeyID)
		if err != nil || preClaves[i].KeyID != k.KeyID || !mismoPar(&preClaves[i].KeyPair, &k.KeyPair) ||
			guardada == nil || !mismoPar(&guardada.KeyPair, &k.KeyPair) {
			t.Fatalf("pre-clave %d: %v", k.KeyID, err)
		}
	}
	s.comprobarResto(t, dev)
}

func mismoPar(a, b *keys.KeyPair) bool { return *a.Priv == *b.Priv && *a.Pub == *b.Pub }

func (s secretos) comprobarResto(t *testing.T, dev *wastore.Device) {
	t.Helper()
	ctx := context.Background()
	emisor, err1 := dev.SenderKeys.GetSenderKey(ctx, grupo.String(), direccion)
	appState, err2 := dev.AppStateKeys.GetAppStateSyncKey(ctx, idClaveAppSync)
	mensaje, _, err3 := dev.MsgSecrets.GetMessageSecret(ctx, contacto, contacto, "MSG1")
	token, err4 := dev.PrivacyTokens.GetPrivacyToken(ctx, contacto)
	evento, err5 := dev.EventBuffer.GetBufferedEvent(ctx, s.hash)
	if err := errors.Join(err1, err2, err3, err4, err5); err != nil || appState == nil || token == nil || evento == nil {
		t.Fatalf("secretos de las sesiones: %v", err)
	}
	for nombre, par := range map[string][2][]byte{"clave de emisor": {emisor, s.emisor},
		"clave de app state": {appState.Data, s.appState}, "secreto de mensaje": {mensaje, s.mensaje},
		"token de privacidad": {token.Token, s.token}, "evento guardado": {evento.Plaintext, s.evento}} {
		if !bytes.Equal(par[0], par[1]) {
			t.Errorf("%s: %x, esperaba %x", nombre, par[0], par[1])
		}
	}
}

// sesionGuardada is the stored form of the device's first session.
func sesionGuardada(t *testing.T, st *store.Store, jid string) []byte {
	t.Helper()
	var v []byte
	if err := st.DB().QueryRow(st.Rebind(`SELECT session FROM whatsmeow_sessions WHERE our_jid = ? AND their_id = ?`),
		jid, direccion).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// sinSecretosEnClaro reads every column of every table of the database and
// fails when one holds a secret, raw, in hexadecimal or in base64.
func sinSecretosEnClaro(t *testing.T, st *store.Store, secretos [][]byte) {
	t.Helper()
	tablas := `SELECT name FROM sqlite_master WHERE type = 'table'`
	if st.Dialect() == "postgres" {
		tablas = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
	}
	nombres := consultar(t, st, tablas)
	if len(nombres) < 20 {
		t.Fatalf("tablas: %d", len(nombres))
	}
	for _, tabla := range nombres {
		for _, valor := range consultar(t, st, `SELECT * FROM `+string(tabla)) {
			for i, s := range secretos {
				for _, forma := range [][]byte{s, []byte(hex.EncodeToString(s)), []byte(base64.StdEncoding.EncodeToString(s))} {
					if bytes.Contains(bytes.ToLower(valor), bytes.ToLower(forma)) {
						t.Fatalf("el secreto %d está en claro en %s", i, tabla)
					}
				}
			}
		}
	}
}

// consultar answers every value of every row of a query, as bytes.
func consultar(t *testing.T, st *store.Store, q string) [][]byte {
	t.Helper()
	rows, err := st.DB().Query(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var valores [][]byte
	for rows.Next() {
		fila := make([]any, len(cols))
		dest := make([]any, len(cols))
		for i := range fila {
			dest[i] = &fila[i]
		}
		if err := rows.Scan(dest...); err != nil {
			t.Fatal(err)
		}
		for _, v := range fila {
			switch v := v.(type) {
			case []byte:
				valores = append(valores, v)
			default:
				valores = append(valores, fmt.Append(nil, v))
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return valores
}
