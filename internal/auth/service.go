package auth

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// Settings that tune the login policy, stored in configuracion_sistema.
const (
	SettingIntentosLoginMax = "intentos_login_max"
	SettingBloqueoMinutos   = "bloqueo_login_minutos"
	SettingJWTSecret        = "jwt_secret"
)

// ActividadCada is how often at most a session's activity is written.
const ActividadCada = time.Minute

// Service runs the login, logout and token verification flows.
type Service struct {
	Store  *store.Store
	Tokens *Tokens
	Hasher Hasher
	// Limite bounds the logins per client address before anything else runs
	// (nil: no bound).
	Limite *LimiteDirecciones
	// Esperar waits d before a portal attempt goes on (the progressive delay
	// of a document, EsperaDocumentoCliente); nil waits for real, or until
	// the request ends.
	Esperar func(ctx context.Context, d time.Duration) error
}

// NewService loads (or creates once per installation) the token signing
// secret, stored sealed with the installation key.
func NewService(ctx context.Context, st *store.Store, ttl time.Duration, bcryptCost int) (*Service, error) {
	secret, err := st.SecretoOrCreate(ctx, SettingJWTSecret, RandomHex(32))
	if err != nil {
		return nil, err
	}
	tokens, err := NewTokens([]byte(secret), ttl)
	if err != nil {
		return nil, err
	}
	return &Service{Store: st, Tokens: tokens, Hasher: Hasher{Cost: bcryptCost},
		Limite: NuevoLimiteDirecciones(LoginsPorMinutoDefault)}, nil
}

// Session is a successful login: the signed token and who it belongs to.
type Session struct {
	Token   string
	Usuario store.UsuarioSesion
}

// Login checks the credentials. A wrong user, a wrong password and an inactive
// user all answer the same 401; too many failures of a login name from one
// client address lock that pair for a while (other addresses are not
// affected). Each attempt is counted before its password is checked, and an
// address that tries too many logins in a short time is refused before that.
func (s *Service) Login(ctx context.Context, nombreUsuario, password, ip string) (Session, error) {
	nombreUsuario = domain.NormalizarNombreUsuario(nombreUsuario)
	if err := domain.ValidarCredenciales(nombreUsuario, password); err != nil {
		return Session{}, err
	}
	if espera, ok := s.Limite.Tomar(ip, s.Store.Now()); !ok {
		return Session{}, domain.TooManyDurante(MsgLimiteDireccion, espera)
	}
	intento := store.IntentoLogin{NombreUsuario: nombreUsuario, IP: ip}
	ventana, err := s.reservarIntento(ctx, intento)
	if err != nil {
		return Session{}, err
	}
	u, found, err := s.Store.UsuarioPorNombre(ctx, nombreUsuario)
	if err != nil {
		return Session{}, err
	}
	if !s.Hasher.Check(u.PasswordHash, password) || !found || !u.Habilitado() {
		return Session{}, s.loginFallido(ctx, intento, ventana, u)
	}
	if u.EstadoClave(s.Store.Now()) == domain.ClaveExpirada {
		return Session{}, s.claveTemporalExpirada(ctx, u, ip)
	}
	token, err := s.Emitir(u)
	if err != nil {
		return Session{}, err
	}
	a := store.Auditoria{EmpresaID: u.EmpresaID, UsuarioID: u.ID, Accion: store.AccionLogin, IP: ip, Exito: true,
		Detalles: "Inicio de sesión"}
	if err := s.Store.LoginExitoso(ctx, u.ID, intento, a); err != nil {
		return Session{}, err
	}
	return Session{Token: token, Usuario: u}, nil
}

// loginFallido records and audits a failed attempt, and answers the 401.
func (s *Service) loginFallido(ctx context.Context, i store.IntentoLogin, ventana time.Duration, u store.UsuarioSesion) error {
	a := store.Auditoria{EmpresaID: u.EmpresaID, UsuarioID: u.ID, Accion: store.AccionLogin, IP: i.IP,
		Detalles: "Intento fallido para el usuario " + domain.NombreAuditable(i.NombreUsuario)}
	if err := s.Store.LoginFallido(ctx, i, ventana, a); err != nil {
		return err
	}
	return domain.Unauthorized(domain.MsgCredencialesInvalidas)
}

// claveTemporalExpirada audits a login refused because the right temporary
// password is past its 24 hours, and says so.
func (s *Service) claveTemporalExpirada(ctx context.Context, u store.UsuarioSesion, ip string) error {
	err := s.Store.Audit(ctx, store.Auditoria{EmpresaID: u.EmpresaID, UsuarioID: u.ID, Accion: store.AccionLogin,
		IP: ip, Detalles: "Contraseña temporal expirada"})
	if err != nil {
		return err
	}
	return domain.Unauthorized(domain.MsgClaveTemporalExpirada)
}

// reservarIntento counts the attempt under the login policy, or refuses it
// while the pair is locked; it answers the policy's window.
func (s *Service) reservarIntento(ctx context.Context, i store.IntentoLogin) (time.Duration, error) {
	maxIntentos, ventana, err := s.loginPolicy(ctx)
	if err != nil {
		return 0, err
	}
	hasta, ok, err := s.Store.ReservarIntentoLogin(ctx, i, maxIntentos, ventana)
	if err != nil || ok {
		return ventana, err
	}
	restante := hasta.Sub(s.Store.Now())
	return ventana, domain.TooManyDurante(msgBloqueado(restante), restante)
}

func msgBloqueado(restante time.Duration) string {
	minutos := int(math.Ceil(restante.Minutes()))
	return fmt.Sprintf("Demasiados intentos fallidos. Intenta nuevamente en %s.", domain.Plural(int64(minutos), "minuto", "minutos"))
}

// Emitir signs a session token for u, whose credentials were checked (a
// login, a password change, the incoming seller of a shift handover).
func (s *Service) Emitir(u store.UsuarioSesion) (string, error) {
	token, _, err := s.Tokens.Issue(ClaimsFor(u), s.Store.Now())
	return token, err
}

// ClaimsFor is the token payload of a user.
func ClaimsFor(u store.UsuarioSesion) Claims {
	return Claims{UserID: u.ID, NombreUsuario: u.NombreUsuario, Rol: u.Rol, EmpresaID: u.EmpresaID,
		RolInfo: RolInfo{Nombre: u.Rol, Permisos: u.Permisos}, SesionVersion: u.SesionVersion}
}

// PoliticaLogin is the login policy in force: the attempt limit and how long
// a login name stays locked after it (the system configuration shows them).
func (s *Service) PoliticaLogin(ctx context.Context) (maxIntentos int, bloqueo time.Duration, err error) {
	return s.loginPolicy(ctx)
}

// loginPolicy reads the attempt limit and the lock duration, which is also the
// window the failures are counted in (defaults 5 and 15 minutes).
func (s *Service) loginPolicy(ctx context.Context) (int, time.Duration, error) {
	maxIntentos, err := s.intSetting(ctx, SettingIntentosLoginMax, 5)
	if err != nil {
		return 0, 0, err
	}
	minutos, err := s.intSetting(ctx, SettingBloqueoMinutos, 15)
	return maxIntentos, time.Duration(minutos) * time.Minute, err
}

func (s *Service) intSetting(ctx context.Context, clave string, def int) (int, error) {
	v, ok, err := s.Store.Setting(ctx, clave)
	if err != nil || !ok {
		return def, err
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return def, nil
	}
	return n, nil
}

// Authenticate verifies a bearer token and loads its user fresh from the
// database with the token's revocation and activity in the same query, so a
// logout, a role change or a deactivation applies at once, with one round
// trip per request. A token issued before the user's sessions were ended (a
// deactivation, a password change or reset) is refused too, and so is one
// idle past domain.InactividadMaxima or whose temporary password expired.
func (s *Service) Authenticate(ctx context.Context, token string) (Claims, store.UsuarioSesion, error) {
	now := s.Store.Now()
	claims, err := s.Tokens.Parse(token, now)
	if err == ErrExpired {
		return claims, store.UsuarioSesion{}, domain.Unauthorized(domain.MsgSesionExpirada)
	}
	if err != nil {
		return claims, store.UsuarioSesion{}, domain.Unauthorized(domain.MsgNoAutenticado)
	}
	u, found, err := s.Store.UsuarioDeToken(ctx, claims.ID, claims.UserID)
	if err != nil {
		return claims, u, err
	}
	if !found || !u.Habilitado() || claims.SesionVersion != u.SesionVersion {
		return claims, u, domain.Unauthorized(domain.MsgNoAutenticado)
	}
	return claims, u, sesionVigente(claims, u, now)
}

// sesionVigente refuses a session idle for domain.InactividadMaxima or whose
// temporary password expired.
func sesionVigente(c Claims, u store.UsuarioSesion, now time.Time) error {
	if now.Sub(ultimaActividad(c, u)) >= domain.InactividadMaxima {
		return domain.Unauthorized(domain.MsgSesionInactiva)
	}
	if u.EstadoClave(now) == domain.ClaveExpirada {
		return domain.Unauthorized(domain.MsgClaveTemporalExpirada)
	}
	return nil
}

// ultimaActividad is the session's last recorded request, or its login.
func ultimaActividad(c Claims, u store.UsuarioSesion) time.Time {
	t := c.IssuedAt.Time
	if u.UltimaActividad != nil && u.UltimaActividad.After(t) {
		t = *u.UltimaActividad
	}
	return t
}

// RegistrarActividad records a request of an authenticated session (the
// inactivity limit counts from the last one), writing at most once every
// ActividadCada per token. A socket's checks are no activity.
func (s *Service) RegistrarActividad(ctx context.Context, c Claims, u store.UsuarioSesion) error {
	if s.Store.Now().Sub(ultimaActividad(c, u)) < ActividadCada {
		return nil
	}
	return s.Store.RegistrarActividad(ctx, c.ID, c.ExpiresAt.Time)
}

// FinDeSesion is when a session ends by itself: its token's expiry, or its
// temporary password's when that comes first.
func FinDeSesion(c Claims, u store.UsuarioSesion) time.Time {
	fin := c.ExpiresAt.Time
	if u.ClaveTemporalHasta != nil && u.ClaveTemporalHasta.Before(fin) {
		fin = *u.ClaveTemporalHasta
	}
	return fin
}

// TerminarSesion ends a session the server will not carry on (its device
// was revoked since it began): its token is revoked until it would have
// expired, audited with detalles, and the answer is a 401 with motivo.
func (s *Service) TerminarSesion(ctx context.Context, c Claims, ip, detalles, motivo string) error {
	err := s.Store.RevocarToken(ctx, c.ID, c.ExpiresAt.Time, store.Auditoria{EmpresaID: c.EmpresaID,
		UsuarioID: c.UserID, Accion: store.AccionSesionTerminada, IP: ip, Exito: true, Detalles: detalles})
	if err != nil {
		return err
	}
	return domain.Unauthorized(motivo)
}

// Logout revokes the token until it would have expired and audits it.
func (s *Service) Logout(ctx context.Context, c Claims, ip string) error {
	return s.Store.RevocarToken(ctx, c.ID, c.ExpiresAt.Time, store.Auditoria{EmpresaID: c.EmpresaID,
		UsuarioID: c.UserID, Accion: store.AccionLogout, IP: ip, Exito: true, Detalles: "Cierre de sesión"})
}

// CambiarClave changes the session user's own password: the current one is
// required unless a change is forced, the new one must differ from it, match
// its confirmation (checked by the caller) and meet the policy. Every session
// of the user ends; the answer is a fresh token for the caller's.
func (s *Service) CambiarClave(ctx context.Context, a store.Actor, u store.UsuarioSesion, actual, nueva string) (string, error) {
	if err := s.comprobarCambio(u, actual, nueva); err != nil {
		return "", err
	}
	hash, err := s.Hasher.Hash(nueva)
	if err != nil {
		return "", err
	}
	version, err := s.Store.CambiarClave(ctx, a, hash, u.Rol == domain.RolPasajero)
	if err != nil {
		return "", err
	}
	u.SesionVersion, u.DebeCambiarClave, u.ClaveTemporalHasta = version, false, nil
	return s.Emitir(u)
}

func (s *Service) comprobarCambio(u store.UsuarioSesion, actual, nueva string) error {
	if !u.DebeCambiarClave {
		if actual == "" {
			return domain.Invalid(domain.MsgClaveActualRequerida)
		}
		if !s.Hasher.Check(u.PasswordHash, actual) {
			return domain.Invalid(domain.MsgClaveActualIncorrecta)
		}
	}
	if v := domain.ValidarPassword(nueva, PersonalesDe(u)); !v.Valid {
		return domain.Invalid(domain.MsgPasswordNoCumple + ": " + strings.Join(v.Errors, "; "))
	}
	if s.Hasher.Check(u.PasswordHash, nueva) {
		return domain.Invalid(domain.MsgClaveNuevaIgualActual)
	}
	return nil
}

// PersonalesDe are the personal data of a user a password must not contain
// (and the name of its company, that it must not merely be).
func PersonalesDe(u store.UsuarioSesion) domain.DatosPersonales {
	return domain.DatosPersonales{NombreUsuario: u.NombreUsuario, Email: u.Email, Nombre: u.Nombre,
		Apellido: u.Apellido, Empresa: u.EmpresaNombre}
}

// Verificar checks another user's credentials typed on the screen's owner's
// session (a supervisor approving a register's close, the incoming seller of
// a shift handover) without opening a session: the same limits, lockout and
// audit of failed attempts as Login, but a wrong user or password answers 403
// rechazo (a 401 would end the session of the screen's owner). A success is
// audited as motivo.
func (s *Service) Verificar(ctx context.Context, nombreUsuario, password, ip, motivo, rechazo string) (store.UsuarioSesion, error) {
	nombreUsuario = domain.NormalizarNombreUsuario(nombreUsuario)
	if err := domain.ValidarCredenciales(nombreUsuario, password); err != nil {
		return store.UsuarioSesion{}, err
	}
	if espera, ok := s.Limite.Tomar(ip, s.Store.Now()); !ok {
		return store.UsuarioSesion{}, domain.TooManyDurante(MsgLimiteDireccion, espera)
	}
	intento := store.IntentoLogin{NombreUsuario: nombreUsuario, IP: ip}
	ventana, err := s.reservarIntento(ctx, intento)
	if err != nil {
		return store.UsuarioSesion{}, err
	}
	u, found, err := s.Store.UsuarioPorNombre(ctx, nombreUsuario)
	if err != nil {
		return store.UsuarioSesion{}, err
	}
	if !s.Hasher.Check(u.PasswordHash, password) || !found || !u.Habilitado() ||
		u.EstadoClave(s.Store.Now()) == domain.ClaveExpirada {
		var de *domain.Error
		if err := s.loginFallido(ctx, intento, ventana, u); !errors.As(err, &de) || de.Kind != domain.KindUnauthorized {
			return store.UsuarioSesion{}, err
		}
		return store.UsuarioSesion{}, domain.Forbidden(rechazo)
	}
	a := store.Auditoria{EmpresaID: u.EmpresaID, UsuarioID: u.ID, Accion: store.AccionLogin, IP: ip, Exito: true,
		Detalles: motivo}
	return u, s.Store.LoginExitoso(ctx, u.ID, intento, a)
}
