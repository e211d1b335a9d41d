package whatsapp

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"go.mau.fi/whatsmeow/proto/waAdv"
	"go.mau.fi/whatsmeow/types"

	"muelle/internal/store"
	"muelle/internal/store/storetest"
)

// The real device store opens in Muelle's own database on both engines, its
// upgrades run again harmlessly at the next start, its tables sit beside ours,
// and a saved device is found again by the JID a company keeps.
func TestTheWhatsmeowDeviceStoreLivesInMuellesDatabase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		d, err := AbrirDispositivos(ctx, st, st.SecretBox(), log)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := AbrirDispositivos(ctx, st, st.SecretBox(), log); err != nil {
			t.Fatalf("segundo arranque: %v", err)
		}
		var version, dispositivos int
		if err := st.DB().QueryRow(`SELECT version FROM whatsmeow_version`).Scan(&version); err != nil || version < 1 {
			t.Fatalf("versión de whatsmeow: %d %v", version, err)
		}
		if err := st.DB().QueryRow(`SELECT COUNT(*) FROM whatsmeow_device`).Scan(&dispositivos); err != nil || dispositivos != 0 {
			t.Fatalf("dispositivos: %d %v", dispositivos, err)
		}
		// our tables are untouched beside theirs
		if _, err := st.SesionWhatsAppDe(ctx, 1); err == nil {
			t.Fatal("una empresa inexistente tiene sesión")
		}

		nuevo := d.contenedor.NewDevice()
		jid := types.NewADJID("5491155550000", 0, 7)
		nuevo.ID = &jid
		// what the phone signs when it links the device
		nuevo.Account = &waAdv.ADVSignedDeviceIdentity{Details: []byte{1}, AccountSignature: make([]byte, 64),
			AccountSignatureKey: make([]byte, 32), DeviceSignature: make([]byte, 64)}
		if err := nuevo.Save(ctx); err != nil {
			t.Fatal(err)
		}
		cli, err := d.Abrir(ctx, jid.String(), func(Evento) {})
		if err != nil {
			t.Fatal(err)
		}
		if got := cli.(*clienteWhatsmeow).cli.Store; got.ID == nil || *got.ID != jid ||
			got.RegistrationID != nuevo.RegistrationID {
			t.Fatalf("dispositivo leído: %+v", got.ID)
		}
		cli, err = d.Abrir(ctx, "", func(Evento) {})
		if err != nil || cli.(*clienteWhatsmeow).cli.Store.ID != nil {
			t.Fatalf("dispositivo nuevo: %v", err)
		}
		// forgetting a device that is not connected deletes its session
		if cli, err = d.Abrir(ctx, jid.String(), func(Evento) {}); err != nil {
			t.Fatal(err)
		}
		if err := cli.Desvincular(ctx); err != nil {
			t.Fatal(err)
		}
		if err := st.DB().QueryRow(`SELECT COUNT(*) FROM whatsmeow_device`).Scan(&dispositivos); err != nil || dispositivos != 0 {
			t.Fatalf("dispositivos tras desvincular: %d %v", dispositivos, err)
		}
	})
}

// whatsmeow looks for its version table in every schema of a PostgreSQL
// database: a schema beside one already upgraded (another Muelle, another
// test) gets its own tables all the same.
func TestTheDeviceStoreUpgradesASchemaBesideAnother(t *testing.T) {
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, st := range []*store.Store{storetest.Postgres(t), storetest.Postgres(t)} {
		if _, err := AbrirDispositivos(ctx, st, st.SecretBox(), log); err != nil {
			t.Fatal(err)
		}
		var dispositivos int
		if err := st.DB().QueryRow(`SELECT COUNT(*) FROM whatsmeow_device`).Scan(&dispositivos); err != nil {
			t.Fatal(err)
		}
	}
}
