package auth

import (
	"net"
	"sync"
	"time"
)

// MsgLimiteDireccion refuses a login from an address that tried too many in
// a short time (429 with Retry-After), before its password is looked at.
const MsgLimiteDireccion = "Demasiados intentos de inicio de sesión desde esta conexión. Espera unos segundos e intenta nuevamente."

// LoginsPorMinutoDefault is how many logins one address may try per minute
// (and at once, after a quiet minute) unless MUELLE_LOGINS_POR_MINUTO says otherwise.
const LoginsPorMinutoDefault = 20

// maxDirecciones bounds the addresses remembered; past it, the addresses whose
// bucket has refilled are forgotten, and a new one is not remembered while
// none has.
const maxDirecciones = 10_000

// LimiteDirecciones is a token bucket per client address, in the memory of
// each instance: a login takes a token before the database and bcrypt, so a
// flood of guesses (random login names included) from one address costs
// almost nothing past the limit. IPv6 addresses count by their /64 (one
// subscriber's network). A nil limit lets everything through.
type LimiteDirecciones struct {
	rafaga float64       // tokens of a full bucket
	cada   time.Duration // one token comes back every cada

	mu    sync.Mutex
	cubos map[string]cubo
}

type cubo struct {
	fichas float64
	en     time.Time
}

// NuevoLimiteDirecciones lets each address try porMinuto logins a minute,
// all of them at once after a quiet minute.
func NuevoLimiteDirecciones(porMinuto int) *LimiteDirecciones {
	return &LimiteDirecciones{rafaga: float64(porMinuto), cada: time.Minute / time.Duration(porMinuto),
		cubos: map[string]cubo{}}
}

// Tomar takes a token of ip's bucket at now; without one, it answers how long
// until the next.
func (l *LimiteDirecciones) Tomar(ip string, now time.Time) (espera time.Duration, ok bool) {
	if l == nil {
		return 0, true
	}
	clave := claveDireccion(ip)
	l.mu.Lock()
	defer l.mu.Unlock()
	c, conocida := l.cubos[clave]
	if !conocida {
		c = cubo{fichas: l.rafaga, en: now}
	}
	c = l.rellenado(c, now)
	if c.fichas < 1 {
		return time.Duration((1 - c.fichas) * float64(l.cada)), false
	}
	c.fichas--
	if conocida || l.hayLugar(now) {
		l.cubos[clave] = c
	}
	return 0, true
}

func (l *LimiteDirecciones) rellenado(c cubo, now time.Time) cubo {
	if now.After(c.en) {
		c.fichas = min(l.rafaga, c.fichas+float64(now.Sub(c.en))/float64(l.cada))
		c.en = now
	}
	return c
}

// hayLugar makes room for a new address by forgetting the full buckets once
// the limit of addresses is reached.
func (l *LimiteDirecciones) hayLugar(now time.Time) bool {
	if len(l.cubos) < maxDirecciones {
		return true
	}
	for k, c := range l.cubos {
		if l.rellenado(c, now).fichas >= l.rafaga {
			delete(l.cubos, k)
		}
	}
	return len(l.cubos) < maxDirecciones
}

// claveDireccion is the bucket of an address: itself, or its /64 for IPv6.
func claveDireccion(ip string) string {
	a := net.ParseIP(ip)
	if a == nil || a.To4() != nil {
		return ip
	}
	return a.Mask(net.CIDRMask(64, 128)).String()
}
