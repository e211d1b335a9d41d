package api

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
)

// ProxiesConfiables are the reverse proxies whose forwarding headers are
// believed (MUELLE_PROXIES_CONFIABLES): a request whose TCP peer is one of
// them comes from the client those headers name. The zero value trusts none:
// the headers are ignored and the peer is the client.
type ProxiesConfiables struct {
	redes []netip.Prefix
}

// LeerProxiesConfiables reads a comma-separated list of IP addresses and CIDR
// networks, IPv4 or IPv6 (empty entries are skipped); an entry that is
// neither is an error naming it.
func LeerProxiesConfiables(lista string) (ProxiesConfiables, error) {
	var p ProxiesConfiables
	for entrada := range strings.SplitSeq(lista, ",") {
		entrada = strings.TrimSpace(entrada)
		if entrada == "" {
			continue
		}
		red, err := leerRed(entrada)
		if err != nil {
			return ProxiesConfiables{}, err
		}
		p.redes = append(p.redes, red)
	}
	return p, nil
}

// leerRed reads one entry: a network (its host bits cleared) or an address
// (a network of that address alone). An IPv4-mapped IPv6 entry is its IPv4
// form; an address with a zone is refused.
func leerRed(entrada string) (netip.Prefix, error) {
	red, err := netip.ParsePrefix(entrada)
	if err != nil {
		a, errDir := netip.ParseAddr(entrada)
		if errDir != nil || a.Zone() != "" {
			return netip.Prefix{}, fmt.Errorf("%q no es una dirección IP ni una red CIDR (por ejemplo 10.0.0.2, 10.0.0.0/8 o fd00::/8)", entrada)
		}
		red = netip.PrefixFrom(a, a.BitLen())
	}
	if a := red.Addr(); a.Is4In6() && red.Bits() >= 96 {
		red = netip.PrefixFrom(a.Unmap(), red.Bits()-96)
	}
	return red.Masked(), nil
}

// Entradas are the trusted networks as text, an address alone without its
// prefix length (never nil: an empty list is shown as one).
func (p ProxiesConfiables) Entradas() []string {
	out := make([]string, 0, len(p.redes))
	for _, red := range p.redes {
		if red.IsSingleIP() {
			out = append(out, red.Addr().String())
		} else {
			out = append(out, red.String())
		}
	}
	return out
}

// confiable tells whether a is one of the trusted proxies.
func (p ProxiesConfiables) confiable(a netip.Addr) bool {
	a = a.Unmap().WithZone("")
	for _, red := range p.redes {
		if red.Contains(a) {
			return true
		}
	}
	return false
}

// httpsReenviadoKey marks a request that a trusted proxy received over HTTPS.
type httpsReenviadoKey struct{}

// resolverCliente puts the client's address where clientIP reads it. From a
// trusted proxy r.RemoteAddr becomes the client's address (and port when the
// headers give it), so every per-address rule (login limits, lockout, the
// portal's limits, the body readers), the audit's IP and the sockets follow
// the client; the scheme the proxy was reached with is kept for
// solicitudHTTPS. From any other peer the forwarding headers are ignored.
func (p ProxiesConfiables) resolverCliente(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		peer, err := netip.ParseAddrPort(r.RemoteAddr)
		if err != nil || !p.confiable(peer.Addr()) {
			next.ServeHTTP(w, r)
			return
		}
		cliente, https := p.origen(peer, r.Header)
		ctx := r.Context()
		if https {
			ctx = context.WithValue(ctx, httpsReenviadoKey{}, true)
		}
		r = r.WithContext(ctx) // a copy: the caller's request stays as it came
		r.RemoteAddr = cliente.String()
		next.ServeHTTP(w, r)
	})
}

// solicitudHTTPS tells whether the original request was HTTPS: over TLS to
// this server, or to the trusted proxy that forwarded it.
func solicitudHTTPS(r *http.Request) bool {
	return r.TLS != nil || r.Context().Value(httpsReenviadoKey{}) != nil
}

// salto is one hop of a forwarding chain: the address a proxy received the
// request from (ok false when it is none: "unknown", an obfuscated name or a
// malformed value) and, in Forwarded, the scheme it was received with.
type salto struct {
	dir   netip.AddrPort
	ok    bool
	proto string
}

// origen is the client of a request from the trusted proxy peer and whether
// it reached the first proxy over HTTPS. X-Forwarded-For names the chain when
// present, else Forwarded; the scheme is the right-most X-Forwarded-Proto,
// else the proto= of the Forwarded element the walk ended at.
func (p ProxiesConfiables) origen(peer netip.AddrPort, h http.Header) (netip.AddrPort, bool) {
	var saltos []salto
	if xff := h.Values("X-Forwarded-For"); len(xff) > 0 {
		saltos = saltosXFF(xff)
	} else {
		saltos = saltosForwarded(h.Values("Forwarded"))
	}
	cliente, ultimo := p.recorrer(saltos)
	dir, proto := peer, ultimoValor(h.Values("X-Forwarded-Proto"))
	if cliente >= 0 {
		dir = saltos[cliente].dir
	}
	if proto == "" && ultimo >= 0 {
		proto = saltos[ultimo].proto
	}
	return dir, strings.EqualFold(proto, "https")
}

// recorrer walks a chain from the right (the hop the peer received the
// request from) and answers the client's hop: the first one that is not a
// trusted proxy, or the left-most when every one is. A hop that is no address
// ends the walk: the client is the last address reached (-1: the peer
// itself), since nothing left of it can be told apart from what a client
// wrote. ultimo is the hop the walk ended at (-1: none).
func (p ProxiesConfiables) recorrer(saltos []salto) (cliente, ultimo int) {
	cliente = -1
	for i := len(saltos) - 1; i >= 0; i-- {
		if !saltos[i].ok {
			return cliente, i
		}
		if cliente = i; !p.confiable(saltos[i].dir.Addr()) {
			break
		}
	}
	return cliente, cliente
}

// saltosXFF reads X-Forwarded-For: addresses separated by commas, over any
// number of header lines, left-most first.
func saltosXFF(valores []string) []salto {
	var out []salto
	for _, entrada := range elementos(valores, ",") {
		dir, ok := direccionReenviada(entrada)
		out = append(out, salto{dir: dir, ok: ok})
	}
	return out
}

// saltosForwarded reads the for= and proto= of each element of Forwarded
// (RFC 7239). None of their values (addresses, "unknown", obfuscated names,
// schemes) holds a comma or a semicolon, so elements and pairs are split on
// them regardless of quotes: a client's broken quoting cannot swallow the
// elements the proxies appended after it. An element without for=, or with
// it twice, is no address.
func saltosForwarded(valores []string) []salto {
	var out []salto
	for _, elemento := range elementos(valores, ",") {
		var s salto
		fors := 0
		for _, par := range elementos([]string{elemento}, ";") {
			clave, valor, _ := strings.Cut(par, "=")
			switch valor = sinComillas(strings.TrimSpace(valor)); strings.ToLower(strings.TrimSpace(clave)) {
			case "for":
				fors++
				s.dir, s.ok = direccionReenviada(valor)
			case "proto":
				s.proto = valor
			}
		}
		s.ok = s.ok && fors == 1
		out = append(out, s)
	}
	return out
}

// elementos splits header values on sep, trimmed, without empty elements
// (which a list header may carry and its reader ignores).
func elementos(valores []string, sep string) []string {
	var out []string
	for _, v := range valores {
		for e := range strings.SplitSeq(v, sep) {
			if e = strings.TrimSpace(e); e != "" {
				out = append(out, e)
			}
		}
	}
	return out
}

// ultimoValor is the right-most element of a list header ("" when none).
func ultimoValor(valores []string) string {
	es := elementos(valores, ",")
	if len(es) == 0 {
		return ""
	}
	return es[len(es)-1]
}

// sinComillas is a quoted-string's content (its quoted pairs unescaped), or
// v itself when it is not quoted.
func sinComillas(v string) string {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return v
	}
	var b strings.Builder
	escapado := false
	for _, c := range v[1 : len(v)-1] {
		if c == '\\' && !escapado {
			escapado = true
			continue
		}
		escapado = false
		b.WriteRune(c)
	}
	return b.String()
}

// direccionReenviada reads a forwarded node: an IPv4 or IPv6 address, the
// latter possibly in brackets, either with a port ("192.0.2.1:4711",
// "[2001:db8::1]:4711"). A port that is no number (an obfuscated "_p") is
// dropped, and so is a zone; an IPv4-mapped address is its IPv4 form.
func direccionReenviada(s string) (netip.AddrPort, bool) {
	host, puerto, err := net.SplitHostPort(s)
	if err != nil {
		host, puerto = s, ""
		if len(s) > 2 && s[0] == '[' && s[len(s)-1] == ']' {
			host = s[1 : len(s)-1]
		}
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.AddrPort{}, false
	}
	n, err := strconv.ParseUint(puerto, 10, 16)
	if err != nil {
		n = 0
	}
	return netip.AddrPortFrom(a.Unmap().WithZone(""), uint16(n)), true
}
