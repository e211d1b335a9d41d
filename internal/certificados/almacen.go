package certificados

import (
	"context"
	"sync"
	"time"

	"github.com/caddyserver/certmagic"

	"muelle/internal/store"
)

// Locks of the certificate storage: a lock is held for duracionBloqueo and
// renewed every renovarBloqueo while its holder works, so a crashed holder's
// lock goes stale within duracionBloqueo; a waiter asks again every
// esperaBloqueo.
const (
	duracionBloqueo = 30 * time.Second
	renovarBloqueo  = 10 * time.Second
	esperaBloqueo   = time.Second
)

// almacen is certmagic's storage over Muelle's database: every instance on
// one database shares the certificates, the ACME account and the locks, so
// only one of them asks the CA for a name at a time.
type almacen struct {
	st *store.Store

	mu     sync.Mutex
	vivos  map[string]context.CancelFunc // the locks this process holds, each renewed by a goroutine
	espera time.Duration
}

var _ certmagic.Storage = (*almacen)(nil)

func nuevoAlmacen(st *store.Store) *almacen {
	return &almacen{st: st, vivos: map[string]context.CancelFunc{}, espera: esperaBloqueo}
}

func (a *almacen) Store(ctx context.Context, key string, value []byte) error {
	return a.st.GuardarArchivoCertificado(ctx, key, value)
}

func (a *almacen) Load(ctx context.Context, key string) ([]byte, error) {
	return a.st.ArchivoCertificadoDe(ctx, key)
}

func (a *almacen) Delete(ctx context.Context, key string) error {
	return a.st.BorrarArchivosCertificado(ctx, key)
}

func (a *almacen) Exists(ctx context.Context, key string) bool {
	_, err := a.st.ArchivoCertificadoInfo(ctx, key)
	return err == nil
}

func (a *almacen) List(ctx context.Context, path string, recursive bool) ([]string, error) {
	claves, err := a.st.ListarArchivosCertificado(ctx, path, recursive)
	if err == nil && len(claves) == 0 {
		return nil, store.ErrCertificadoNoExiste
	}
	return claves, err
}

func (a *almacen) Stat(ctx context.Context, key string) (certmagic.KeyInfo, error) {
	info, err := a.st.ArchivoCertificadoInfo(ctx, key)
	return certmagic.KeyInfo{Key: info.Clave, Modified: info.Modificado, Size: info.Tamano, IsTerminal: info.Terminal}, err
}

// Lock waits until the named lock is free (or its holder's time ran out),
// takes it and keeps renewing it until Unlock.
func (a *almacen) Lock(ctx context.Context, name string) error {
	for {
		ok, err := a.st.TomarBloqueoCertificados(ctx, name, a.st.Now().Add(duracionBloqueo))
		if err != nil {
			return err
		}
		if ok {
			a.mantener(name)
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(a.espera):
		}
	}
}

// mantener renews the lock name while this process holds it.
func (a *almacen) mantener(name string) {
	ctx, cancel := context.WithCancel(context.Background())
	a.mu.Lock()
	a.vivos[name] = cancel
	a.mu.Unlock()
	go func() {
		t := time.NewTicker(renovarBloqueo)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				_ = a.st.ExtenderBloqueoCertificados(ctx, name, a.st.Now().Add(duracionBloqueo))
			}
		}
	}()
}

func (a *almacen) Unlock(ctx context.Context, name string) error {
	a.mu.Lock()
	if cancel, ok := a.vivos[name]; ok {
		cancel()
		delete(a.vivos, name)
	}
	a.mu.Unlock()
	return a.st.SoltarBloqueoCertificados(ctx, name)
}
