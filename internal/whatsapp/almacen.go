package whatsapp

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.mau.fi/util/dbutil"
	wastore "go.mau.fi/whatsmeow/store"
	"go.mau.fi/whatsmeow/store/sqlstore"
	"go.mau.fi/whatsmeow/types"
	"go.mau.fi/whatsmeow/util/keys"
)

// contenedor is whatsmeow's sqlstore container with every secret of a device
// sealed (sellado.go): the device's row through PutDevice and GetDevice, the
// rest through almacen. Devices must come from it, never from base.
type contenedor struct {
	base   *sqlstore.Container
	db     *dbutil.Database // base's, so that almacen's statements join its transactions
	sellos sellos
}

var _ wastore.DeviceContainer = (*contenedor)(nil)

// NewDevice is a new device, not stored until it is linked (Save).
func (c *contenedor) NewDevice() *wastore.Device {
	d := c.base.NewDevice()
	d.Container = c
	return d
}

// GetDevice reads a stored device and opens its secrets (nil when it is not stored).
func (c *contenedor) GetDevice(ctx context.Context, id types.JID) (*wastore.Device, error) {
	d, err := c.base.GetDevice(ctx, id)
	if err != nil || d == nil {
		return d, err
	}
	jid := d.ID.String()
	if d.AdvSecretKey, err = c.sellos.abrir(colAdv, jid, d.AdvSecretKey); err != nil {
		return nil, err
	}
	c.sellarClaves(d, jid)
	c.preparar(d)
	return d, nil
}

// sellarClaves masks, or unmasks, the private keys of the device's row.
func (c *contenedor) sellarClaves(d *wastore.Device, jid string) {
	d.NoiseKey = c.sellos.par(colRuido, jid, d.NoiseKey.Priv)
	d.IdentityKey = c.sellos.par(colIdentidad, jid, d.IdentityKey.Priv)
	pre := *d.SignedPreKey
	pre.KeyPair = *c.sellos.par(colPreFirmada, jid, pre.Priv)
	d.SignedPreKey = &pre
}

// PutDevice stores the device's row with its secrets sealed (whatsmeow
// writes the keys once, when it links; later saves change its names).
func (c *contenedor) PutDevice(ctx context.Context, d *wastore.Device) error {
	if d.ID == nil {
		return sqlstore.ErrDeviceIDMustBeSet
	}
	guardado := *d
	guardado.Initialized = true
	jid := d.ID.String()
	var err error
	if guardado.AdvSecretKey, err = c.sellos.sellar(colAdv, jid, d.AdvSecretKey); err != nil {
		return err
	}
	c.sellarClaves(&guardado, jid)
	err = c.base.PutDevice(ctx, &guardado)
	if !d.Initialized {
		c.preparar(d)
	}
	return err
}

func (c *contenedor) DeleteDevice(ctx context.Context, d *wastore.Device) error {
	return c.base.DeleteDevice(ctx, d)
}

// preparar gives a stored device its stores, as sqlstore does, sealed.
func (c *contenedor) preparar(d *wastore.Device) {
	a := &almacen{SQLStore: sqlstore.NewSQLStore(c.base, *d.ID), db: c.db, sellos: c.sellos, jid: d.ID.String()}
	d.Identities, d.Sessions, d.PreKeys, d.SenderKeys = a, a, a, a
	d.AppStateKeys, d.AppState, d.Contacts, d.ChatSettings = a, a, a, a
	d.MsgSecrets, d.PrivacyTokens, d.EventBuffer = a, a, a
	d.LIDs, d.Container, d.Initialized = c.base.LIDMap, c, true
}

// almacen is sqlstore's store of one device with its secrets sealed before
// they reach the database and opened when read back; what is not secret
// (identities of others, contacts, chat settings, app state versions) goes
// through unchanged.
type almacen struct {
	*sqlstore.SQLStore
	db        *dbutil.Database
	sellos    sellos
	jid       string
	preClaves sync.Mutex // one generation of pre-keys at a time, as sqlstore
}

var _ wastore.AllSessionSpecificStores = (*almacen)(nil)

func (a *almacen) sellar(c columna, v []byte) ([]byte, error) { return a.sellos.sellar(c, a.jid, v) }
func (a *almacen) abrir(c columna, v []byte) ([]byte, error)  { return a.sellos.abrir(c, a.jid, v) }

func (a *almacen) GetSession(ctx context.Context, address string) ([]byte, error) {
	v, err := a.SQLStore.GetSession(ctx, address)
	if err != nil {
		return nil, err
	}
	return a.abrir(colSesion, v)
}

func (a *almacen) GetManySessions(ctx context.Context, addresses []string) (map[string][]byte, error) {
	sesiones, err := a.SQLStore.GetManySessions(ctx, addresses)
	if err != nil {
		return nil, err
	}
	for addr, v := range sesiones {
		if sesiones[addr], err = a.abrir(colSesion, v); err != nil {
			return nil, err
		}
	}
	return sesiones, nil
}

func (a *almacen) PutSession(ctx context.Context, address string, session []byte) error {
	v, err := a.sellar(colSesion, session)
	if err != nil {
		return err
	}
	return a.SQLStore.PutSession(ctx, address, v)
}

func (a *almacen) PutManySessions(ctx context.Context, sessions map[string][]byte) error {
	selladas := make(map[string][]byte, len(sessions))
	for addr, s := range sessions {
		v, err := a.sellar(colSesion, s)
		if err != nil {
			return err
		}
		selladas[addr] = v
	}
	return a.SQLStore.PutManySessions(ctx, selladas)
}

func (a *almacen) PutSenderKey(ctx context.Context, group, user string, session []byte) error {
	v, err := a.sellar(colClaveEmisor, session)
	if err != nil {
		return err
	}
	return a.SQLStore.PutSenderKey(ctx, group, user, v)
}

func (a *almacen) GetSenderKey(ctx context.Context, group, user string) ([]byte, error) {
	v, err := a.SQLStore.GetSenderKey(ctx, group, user)
	if err != nil {
		return nil, err
	}
	return a.abrir(colClaveEmisor, v)
}

func (a *almacen) PutAppStateSyncKey(ctx context.Context, id []byte, key wastore.AppStateSyncKey) error {
	var err error
	if key.Data, err = a.sellar(colClaveAppState, key.Data); err != nil {
		return err
	}
	return a.SQLStore.PutAppStateSyncKey(ctx, id, key)
}

func (a *almacen) GetAppStateSyncKey(ctx context.Context, id []byte) (*wastore.AppStateSyncKey, error) {
	k, err := a.SQLStore.GetAppStateSyncKey(ctx, id)
	if err != nil || k == nil {
		return k, err
	}
	if k.Data, err = a.abrir(colClaveAppState, k.Data); err != nil {
		return nil, err
	}
	return k, nil
}

func (a *almacen) PutMessageSecrets(ctx context.Context, inserts []wastore.MessageSecretInsert) error {
	selladas := make([]wastore.MessageSecretInsert, len(inserts))
	for i, ins := range inserts {
		var err error
		if ins.Secret, err = a.sellar(colSecretoMensaje, ins.Secret); err != nil {
			return err
		}
		selladas[i] = ins
	}
	return a.SQLStore.PutMessageSecrets(ctx, selladas)
}

func (a *almacen) PutMessageSecret(ctx context.Context, chat, sender types.JID, id types.MessageID, secret []byte) error {
	v, err := a.sellar(colSecretoMensaje, secret)
	if err != nil {
		return err
	}
	return a.SQLStore.PutMessageSecret(ctx, chat, sender, id, v)
}

func (a *almacen) GetMessageSecret(ctx context.Context, chat, sender types.JID, id types.MessageID) ([]byte, types.JID, error) {
	v, quien, err := a.SQLStore.GetMessageSecret(ctx, chat, sender, id)
	if err == nil {
		v, err = a.abrir(colSecretoMensaje, v)
	}
	return v, quien, err
}

func (a *almacen) PutPrivacyTokens(ctx context.Context, tokens ...wastore.PrivacyToken) error {
	sellados := make([]wastore.PrivacyToken, len(tokens))
	for i, t := range tokens {
		var err error
		if t.Token, err = a.sellar(colTokenPrivacidad, t.Token); err != nil {
			return err
		}
		sellados[i] = t
	}
	return a.SQLStore.PutPrivacyTokens(ctx, sellados...)
}

func (a *almacen) GetPrivacyToken(ctx context.Context, user types.JID) (*wastore.PrivacyToken, error) {
	t, err := a.SQLStore.GetPrivacyToken(ctx, user)
	if err != nil || t == nil {
		return t, err
	}
	if t.Token, err = a.abrir(colTokenPrivacidad, t.Token); err != nil {
		return nil, err
	}
	return t, nil
}

func (a *almacen) GetBufferedEvent(ctx context.Context, hash [32]byte) (*wastore.BufferedEvent, error) {
	ev, err := a.SQLStore.GetBufferedEvent(ctx, hash)
	if err != nil || ev == nil {
		return ev, err
	}
	if ev.Plaintext, err = a.abrir(colEventoGuardado, ev.Plaintext); err != nil {
		return nil, err
	}
	return ev, nil
}

func (a *almacen) PutBufferedEvent(ctx context.Context, hash [32]byte, plaintext []byte, serverTimestamp time.Time) error {
	v, err := a.sellar(colEventoGuardado, plaintext)
	if err != nil {
		return err
	}
	return a.SQLStore.PutBufferedEvent(ctx, hash, v, serverTimestamp)
}

// The pre-keys are generated here, not by sqlstore, so that their private
// keys reach the database masked (the same statements as sqlstore's).
const (
	ultimaPreClave    = `SELECT MAX(key_id) FROM whatsmeow_pre_keys WHERE jid=$1`
	insertarPreClave  = `INSERT INTO whatsmeow_pre_keys (jid, key_id, key, uploaded) VALUES ($1, $2, $3, $4)`
	preClavesSinSubir = `SELECT key_id, key FROM whatsmeow_pre_keys WHERE jid=$1 AND uploaded=false ORDER BY key_id LIMIT $2`
)

func (a *almacen) GetPreKey(ctx context.Context, id uint32) (*keys.PreKey, error) {
	k, err := a.SQLStore.GetPreKey(ctx, id)
	if err != nil || k == nil {
		return k, err
	}
	k.KeyPair = *a.sellos.par(colPreClave, a.jid, k.Priv, id)
	return k, nil
}

func (a *almacen) GenOnePreKey(ctx context.Context) (*keys.PreKey, error) {
	a.preClaves.Lock()
	defer a.preClaves.Unlock()
	id, err := a.siguientePreClave(ctx)
	if err != nil {
		return nil, err
	}
	return a.nuevaPreClave(ctx, id, true)
}

// GetOrGenPreKeys answers count pre-keys not yet uploaded: the stored ones
// first, then new ones.
func (a *almacen) GetOrGenPreKeys(ctx context.Context, count uint32) ([]*keys.PreKey, error) {
	a.preClaves.Lock()
	defer a.preClaves.Unlock()
	claves, err := a.preClavesSinSubir(ctx, count)
	if err != nil || uint32(len(claves)) == count {
		return claves, err
	}
	id, err := a.siguientePreClave(ctx)
	for ; err == nil && uint32(len(claves)) < count; id++ {
		var k *keys.PreKey
		if k, err = a.nuevaPreClave(ctx, id, false); err == nil {
			claves = append(claves, k)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("whatsapp: generar pre-claves: %w", err)
	}
	return claves, nil
}

func (a *almacen) preClavesSinSubir(ctx context.Context, count uint32) ([]*keys.PreKey, error) {
	rows, err := a.db.Query(ctx, preClavesSinSubir, a.jid, count)
	if err != nil {
		return nil, fmt.Errorf("whatsapp: leer pre-claves: %w", err)
	}
	claves := make([]*keys.PreKey, 0, count)
	for rows.Next() {
		var (
			id   uint32
			priv []byte
		)
		if err = rows.Scan(&id, &priv); err == nil && len(priv) != 32 {
			err = sqlstore.ErrInvalidLength
		}
		if err != nil {
			break
		}
		claves = append(claves, &keys.PreKey{KeyPair: *a.sellos.par(colPreClave, a.jid, (*[32]byte)(priv), id), KeyID: id})
	}
	if err := errors.Join(err, rows.Err(), rows.Close()); err != nil {
		return nil, fmt.Errorf("whatsapp: leer pre-claves: %w", err)
	}
	return claves, nil
}

func (a *almacen) siguientePreClave(ctx context.Context) (uint32, error) {
	var ultima *int64
	if err := a.db.QueryRow(ctx, ultimaPreClave, a.jid).Scan(&ultima); err != nil {
		return 0, fmt.Errorf("whatsapp: leer la última pre-clave: %w", err)
	}
	if ultima == nil {
		return 1, nil
	}
	return uint32(*ultima) + 1, nil
}

func (a *almacen) nuevaPreClave(ctx context.Context, id uint32, subida bool) (*keys.PreKey, error) {
	k := keys.NewPreKey(id)
	guardada := a.sellos.par(colPreClave, a.jid, k.Priv, id)
	_, err := a.db.Exec(ctx, insertarPreClave, a.jid, id, guardada.Priv[:], subida)
	return k, err
}
