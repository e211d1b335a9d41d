package mensajeria

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"net/netip"
	"syscall"
)

// errDireccionNoPermitida refuses a connection to an address that is not
// public (MUELLE_SMTP_PERMITIR_PRIVADAS off): an SMTP server, a push service.
var errDireccionNoPermitida = errors.New("dirección de servidor no pública")

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
	// (issue 36 item 14): refused whole rather than decoded, as no mail
	// server or push service is reached through them.
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

// DireccionPublica reports whether an outbound connection (SMTP, Web Push) may go to ip: not
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

// marcador opens the TCP (and, for implicit TLS, TLS) connections to a mail
// server. Unless privadas, every address is checked when it is dialled, after
// the name was resolved: a name that resolves to a private address (or starts
// to, DNS rebinding) is refused all the same.
func marcador(privadas bool, t *tls.Config, implicito bool) func(ctx context.Context, network, addr string) (net.Conn, error) {
	d := dialer(privadas)
	if implicito {
		return (&tls.Dialer{NetDialer: d, Config: t}).DialContext
	}
	return d.DialContext
}

// dialer opens TCP connections; unless privadas, each to a public address
// only (DireccionPublica), checked once the name was resolved, when dialled.
func dialer(privadas bool) *net.Dialer {
	d := &net.Dialer{}
	if !privadas {
		d.Control = func(_, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !DireccionPublica(ap.Addr()) {
				return errDireccionNoPermitida
			}
			return nil
		}
	}
	return d
}
