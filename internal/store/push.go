package store

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store/sqldb"
)

// Web Push: the installation's VAPID key pair, the browsers subscribed by
// staff users (push_suscripciones) and the push outbox (push_envios), whose
// rows the notifications' own transaction writes (notificar) and
// mensajeria.WorkerPush sends.

// CanalPush wakes the push worker (AlEncolarMensaje) once a transaction that
// queued pushes has committed.
const CanalPush = "push"

// settingVAPID is the system setting of the VAPID private key, sealed.
const settingVAPID = "push_vapid_clave_privada"

// ClaveVAPID is the installation's VAPID key pair (RFC 8292), base64url
// without padding: the P-256 public key uncompressed (65 bytes, the browser's
// applicationServerKey) and the private scalar (32 bytes).
type ClaveVAPID struct {
	Publica, Privada string
}

// vapid caches the VAPID key pair once read: it never changes (a rotation of
// the installation key only re-seals it).
type vapid struct {
	mu    sync.Mutex
	clave ClaveVAPID
}

// ClaveVAPID returns the installation's VAPID key pair, made the first time
// it is asked for and stored as a sealed system setting (SecretoOrCreate:
// instances that start together agree on one).
func (s *Store) ClaveVAPID(ctx context.Context) (ClaveVAPID, error) {
	s.vapid.mu.Lock()
	defer s.vapid.mu.Unlock()
	if s.vapid.clave.Privada != "" {
		return s.vapid.clave, nil
	}
	nueva, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return ClaveVAPID{}, err
	}
	stored, err := s.SecretoOrCreate(ctx, settingVAPID, base64.RawURLEncoding.EncodeToString(nueva.Bytes()))
	if err != nil {
		return ClaveVAPID{}, err
	}
	raw, err := base64.RawURLEncoding.DecodeString(stored)
	if err != nil {
		return ClaveVAPID{}, fmt.Errorf("store: clave VAPID ilegible: %w", err)
	}
	priv, err := ecdh.P256().NewPrivateKey(raw)
	if err != nil {
		return ClaveVAPID{}, fmt.Errorf("store: clave VAPID ilegible: %w", err)
	}
	s.vapid.clave = ClaveVAPID{Publica: base64.RawURLEncoding.EncodeToString(priv.PublicKey().Bytes()), Privada: stored}
	return s.vapid.clave, nil
}

// SuscribirPush keeps the actor's browser subscription: an endpoint another
// user held moves to the actor (its pending pushes go: they were someone
// else's), the same endpoint again takes the new keys, and the actor keeps
// the newest domain.MaxSuscripcionesPush.
func (s *Store) SuscribirPush(ctx context.Context, a Actor, sus domain.SuscripcionPush) error {
	_, err := idempotent(ctx, s, a, "push.suscribir", func(c sqldb.Conn) (struct{}, error) {
		if _, err := c.Exec(ctx, `DELETE FROM push_suscripciones WHERE endpoint = ? AND (usuario_id <> ? OR empresa_id <> ?)`,
			sus.Endpoint, a.UsuarioID, a.EmpresaID); err != nil {
			return struct{}{}, wrap("suscribir push", err)
		}
		b64 := base64.RawURLEncoding.EncodeToString
		if _, err := c.Exec(ctx, `INSERT INTO push_suscripciones (empresa_id, usuario_id, endpoint, p256dh, auth,
			created_at, actualizada_en) VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (empresa_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
			actualizada_en = excluded.actualizada_en`,
			a.EmpresaID, a.UsuarioID, sus.Endpoint, b64(sus.P256dh), b64(sus.Auth), c.Now(), c.Now()); err != nil {
			return struct{}{}, wrap("suscribir push", err)
		}
		_, err := c.Exec(ctx, `DELETE FROM push_suscripciones WHERE id IN (
			SELECT id FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY actualizada_en DESC, id DESC) AS orden
				FROM push_suscripciones WHERE usuario_id = ?) recientes WHERE orden > ?)`,
			a.UsuarioID, domain.MaxSuscripcionesPush)
		return struct{}{}, wrap("recortar suscripciones push", err)
	})
	return err
}

// DesuscribirPush forgets one of the actor's subscriptions, and its pending
// pushes; an endpoint that is not the actor's is 404.
func (s *Store) DesuscribirPush(ctx context.Context, a Actor, endpoint string) error {
	_, err := idempotent(ctx, s, a, "push.desuscribir", func(c sqldb.Conn) (struct{}, error) {
		res, err := c.Exec(ctx, `DELETE FROM push_suscripciones WHERE endpoint = ? AND usuario_id = ? AND empresa_id = ?`,
			endpoint, a.UsuarioID, a.EmpresaID)
		if err != nil {
			return struct{}{}, wrap("desuscribir push", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return struct{}{}, domain.NotFound(domain.MsgPushSuscripcionNoEncontrada)
		}
		return struct{}{}, nil
	})
	return err
}

// pushFilasPorInsert bounds the rows of one INSERT into push_envios (8
// parameters each, far below either engine's limit).
const pushFilasPorInsert = 500

// encolarPush queues, inside the notifications' transaction, a push of each
// notification that is pushed (domain.PushDeNotificacion) to every browser
// its user subscribed, and wakes the push worker once it has committed. A
// push carries the notification's own words: what its user reads through
// the API.
func (s *Store) encolarPush(ctx context.Context, c sqldb.Conn, ns []NuevaNotificacion) error {
	pushes := map[[2]int64][]domain.Push{} // by company and user
	var usuarios []any
	for _, n := range ns {
		p, ok := domain.PushDeNotificacion(n.Tipo, n.Titulo, n.Mensaje)
		if !ok {
			continue
		}
		k := [2]int64{n.EmpresaID, n.UsuarioID}
		if _, visto := pushes[k]; !visto {
			usuarios = append(usuarios, n.UsuarioID)
		}
		pushes[k] = append(pushes[k], p)
	}
	if len(usuarios) == 0 {
		return nil
	}
	type suscripcion struct{ id, empresaID, usuarioID int64 }
	subs, err := sqldb.QueryAll(ctx, c, func(sc sqldb.Scanner) (suscripcion, error) {
		var x suscripcion
		return x, sc.Scan(&x.id, &x.empresaID, &x.usuarioID)
	}, `SELECT id, empresa_id, usuario_id FROM push_suscripciones WHERE usuario_id IN (`+
		sqldb.Placeholders(len(usuarios))+`) ORDER BY id`, usuarios...)
	if err != nil {
		return wrap("leer suscripciones push", err)
	}
	var filas [][]any // a user's subscriptions, times the user's pushes
	for _, sub := range subs {
		for _, p := range pushes[[2]int64{sub.empresaID, sub.usuarioID}] {
			filas = append(filas, []any{sub.empresaID, sub.id, p.Tag, string(p.JSON()), c.Now().Add(p.Vigencia()), 0,
				c.Now(), c.Now()})
		}
	}
	for len(filas) > 0 {
		lote := filas[:min(len(filas), pushFilasPorInsert)]
		filas = filas[len(lote):]
		valores := strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?, ?), ", len(lote)), ", ")
		var args []any
		for _, f := range lote {
			args = append(args, f...)
		}
		if _, err := c.Exec(ctx, `INSERT INTO push_envios (empresa_id, suscripcion_id, tag, payload, vence_en, intentos,
			proximo_intento, created_at) VALUES `+valores, args...); err != nil {
			return wrap("encolar push", err)
		}
	}
	if len(subs) > 0 {
		c.AfterCommit(func() { s.despertarSalida(CanalPush) })
	}
	return nil
}

// EnvioPush is a claimed push: the subscription it goes to, its tag and JSON
// payload, until when it is worth delivering, and the attempt it is on.
// Vigente is false once its user or company is deactivated: it is dropped.
type EnvioPush struct {
	ID, EmpresaID, SuscripcionID int64
	Endpoint, P256dh, Auth       string
	Tag, Payload                 string
	VenceEn                      time.Time
	Intentos                     int
	Vigente                      bool
}

// ReclamarPush claims the oldest due push for lease, like ReclamarMensaje:
// exactly one worker gets each (SKIP LOCKED on PostgreSQL, the conditional
// UPDATE's row count on both); a claim whose lease ran out is due again.
func (s *Store) ReclamarPush(ctx context.Context, lease time.Duration) (e EnvioPush, ok bool, err error) {
	err = s.db.InTx(ctx, func(c sqldb.Conn) error {
		id, reclamado, err := reclamarFila(ctx, c, filaReclamable{tabla: "push_envios", vence: "proximo_intento",
			intentos: true}, lease)
		if err != nil || !reclamado {
			return err
		}
		var usuarioActivo, empresaActiva bool
		err = c.QueryRow(ctx, `SELECT e.id, e.empresa_id, e.suscripcion_id, s.endpoint, s.p256dh, s.auth, e.tag,
			e.payload, e.vence_en, e.intentos, u.activo, em.activa
			FROM push_envios e JOIN push_suscripciones s ON s.id = e.suscripcion_id
			JOIN usuarios u ON u.id = s.usuario_id JOIN empresas em ON em.id = s.empresa_id
			WHERE e.id = ?`, id).Scan(&e.ID, &e.EmpresaID, &e.SuscripcionID, &e.Endpoint, &e.P256dh, &e.Auth, &e.Tag,
			&e.Payload, &e.VenceEn, &e.Intentos, &usuarioActivo, &empresaActiva)
		if err != nil {
			return wrap("leer push", err)
		}
		e.VenceEn, e.Vigente, ok = e.VenceEn.UTC(), usuarioActivo && empresaActiva, true
		return nil
	})
	return e, ok, err
}

// TerminarPush deletes the claimed push: delivered, expired, or failed for
// good. false: the claim was lost (its lease ran out and another worker holds it).
func (s *Store) TerminarPush(ctx context.Context, e EnvioPush) (bool, error) {
	return s.cerrarPush(ctx, e, `DELETE FROM push_envios`)
}

// ReintentarPush leaves the claimed push pending until en, with motivo as its last error.
func (s *Store) ReintentarPush(ctx context.Context, e EnvioPush, en time.Time, motivo string) (bool, error) {
	return s.cerrarPush(ctx, e, `UPDATE push_envios SET proximo_intento = ?, error = ?, reclamado_hasta = NULL`, en, motivo)
}

// SoltarPush frees the claimed push at once, the attempt not counted: a send
// cut short by a shutdown is due again for another worker.
func (s *Store) SoltarPush(ctx context.Context, e EnvioPush) (bool, error) {
	return s.cerrarPush(ctx, e, `UPDATE push_envios SET intentos = intentos - 1, reclamado_hasta = NULL`)
}

// OlvidarSuscripcionPush deletes the subscription of the claimed push (the
// push service answered that it no longer exists), with its pending pushes.
func (s *Store) OlvidarSuscripcionPush(ctx context.Context, e EnvioPush) (bool, error) {
	var ok bool
	err := s.db.InTx(ctx, func(c sqldb.Conn) error {
		var err error
		if ok, err = reclamoVigente(ctx, c, e); err != nil || !ok {
			return err
		}
		_, err = c.Exec(ctx, `DELETE FROM push_suscripciones WHERE id = ?`, e.SuscripcionID)
		return wrap("borrar suscripción push", err)
	})
	return ok, err
}

// cerrarPush runs stmt (an UPDATE or DELETE of push_envios, without WHERE)
// on the push if this claim still holds it.
func (s *Store) cerrarPush(ctx context.Context, e EnvioPush, stmt string, args ...any) (bool, error) {
	res, err := s.db.Conn().Exec(ctx, stmt+` WHERE id = ? AND intentos = ? AND reclamado_hasta IS NOT NULL`,
		append(args, e.ID, e.Intentos)...)
	if err != nil {
		return false, wrap("cerrar push", err)
	}
	n, err := res.RowsAffected()
	return n == 1, wrap("cerrar push", err)
}

// reclamoVigente reports whether the claim of e still holds, locking its row.
func reclamoVigente(ctx context.Context, c sqldb.Conn, e EnvioPush) (bool, error) {
	var id int64
	err := c.QueryRow(ctx, `SELECT id FROM push_envios WHERE id = ? AND intentos = ? AND reclamado_hasta IS NOT NULL`+
		c.Dialect().ForUpdate(), e.ID, e.Intentos).Scan(&id)
	missing, err := sqldb.NoRows(err)
	return !missing && err == nil, wrap("leer push", err)
}
