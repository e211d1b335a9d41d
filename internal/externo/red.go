// Package externo is how Muelle talks to a server outside the installation:
// the address policy every outbound connection follows (SMTP, Web Push, the
// outside services' HTTP APIs), the one constructor of outbound HTTP clients
// and a service's client over it (Nuevo), and the categories a failed call is
// shown to users as (domain.MsgServicio…). A service of its own (ARCA,
// Mercado Pago) lives in internal/<servicio> on top of it, with its fake
// server in internal/<servicio>/<servicio>test (docs/architecture.md,
// "Outside services").
package externo

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"net/netip"
	"syscall"
)

// Red is the installation's policy for outbound connections.
type Red struct {
	// PermitirPrivadas lets connections reach loopback, private, link-local
	// and reserved addresses (MUELLE_SMTP_PERMITIR_PRIVADAS: tests, an
	// on-premise server); otherwise only public ones (DireccionPublica).
	PermitirPrivadas bool
	// TLS trusts the servers' certificates (nil: the system's roots;
	// ConfigTLS adds a CA of the installation's or a test server's).
	TLS *tls.Config
}

// ErrDireccionNoPermitida refuses a connection to an address that is not
// public while the installation does not allow them.
var ErrDireccionNoPermitida = errors.New("dirección de servidor no pública")

// redesNoPublicas are the ranges that are not public and that netip's own
// tests (loopback, private, link-local, multicast, unspecified) let through.
var redesNoPublicas = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),     // "this network"
	netip.MustParsePrefix("100.64.0.0/10"), // shared address space (CGNAT; Alibaba Cloud's metadata 100.100.100.200)
	netip.MustParsePrefix("192.0.0.0/24"),  // IETF protocol assignments
	netip.MustParsePrefix("198.18.0.0/15"), // benchmarking
	netip.MustParsePrefix("240.0.0.0/4"),   // reserved, and the broadcast address
	netip.MustParsePrefix("fec0::/10"),     // IPv6 site-local (deprecated, still routed inside some networks)
	// IPv6 forms that carry an IPv4 address a router or the host may reach
	// (issue 36 item 14): refused whole rather than decoded, as no server
	// Muelle talks to is reached through them.
	netip.MustParsePrefix("::/96"),           // IPv4-compatible (deprecated): ::7f00:1 is 127.0.0.1
	netip.MustParsePrefix("::ffff:0:0:0/96"), // IPv4-translated (SIIT): ::ffff:0:7f00:1 (IPv4-mapped ::ffff:0:0/96 is unmapped above)
	netip.MustParsePrefix("64:ff9b:1::/48"),  // local-use NAT64 (RFC 8215)
	netip.MustParsePrefix("2002::/16"),       // 6to4: 2002:7f00:1::1
	netip.MustParsePrefix("2001::/32"),       // Teredo
}

// nat64 is the well-known NAT64 prefix: its addresses stand for the IPv4
// address in their last four bytes, which is checked instead (a public
// server reached through a NAT64 gateway passes).
var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// DireccionPublica reports whether an outbound connection may go to ip: not
// loopback, private (RFC 1918, fc00::/7), link-local (169.254.0.0/16, the
// cloud metadata address among them; fe80::/10), multicast, unspecified or
// reserved, also when written as IPv4-mapped IPv6 or NAT64; and never an
// IPv6 form that embeds an IPv4 address otherwise (IPv4-compatible,
// IPv4-translated, local-use NAT64, 6to4, Teredo).
func DireccionPublica(ip netip.Addr) bool {
	ip = ip.Unmap()
	if nat64.Contains(ip) {
		b := ip.As16()
		ip = netip.AddrFrom4([4]byte(b[12:]))
	}
	if !ip.IsGlobalUnicast() || ip.IsPrivate() {
		return false
	}
	for _, p := range redesNoPublicas {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// Dialer opens TCP connections; unless privadas, each to a public address
// only (DireccionPublica), checked once the name was resolved, when dialled:
// a name that resolves to a private address (or starts to, DNS rebinding) is
// refused all the same, with ErrDireccionNoPermitida.
func Dialer(privadas bool) *net.Dialer {
	d := &net.Dialer{}
	if !privadas {
		d.Control = func(_, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !DireccionPublica(ap.Addr()) {
				return ErrDireccionNoPermitida
			}
			return nil
		}
	}
	return d
}

// ErrSinCertificados is a CA file or text that holds no PEM certificate.
var ErrSinCertificados = errors.New("no tiene certificados PEM")

// ConfigTLS is the TLS of outbound connections trusting the system's roots
// and, besides them, the certificates of the PEM text ca (a server with a
// private CA, a test server's own). Certificates are always verified.
func ConfigTLS(ca []byte) (*tls.Config, error) {
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(ca) {
		return nil, ErrSinCertificados
	}
	return &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}, nil
}

// configTLS is the TLS configuration of r's connections: its own, or the
// system's roots.
func (r Red) configTLS() *tls.Config {
	if r.TLS != nil {
		return r.TLS.Clone()
	}
	return &tls.Config{MinVersion: tls.VersionTLS12}
}
