package mensajeria

import (
	"context"
	"crypto/tls"
	"net"

	"muelle/internal/externo"
)

// marcador opens the TCP (and, for implicit TLS, TLS) connections to a mail
// server through the guarded dialer of outbound connections: unless
// privadas, every address is checked when it is dialled, after the name was
// resolved (externo.Dialer).
func marcador(privadas bool, t *tls.Config, implicito bool) func(ctx context.Context, network, addr string) (net.Conn, error) {
	d := externo.Dialer(privadas)
	if implicito {
		return (&tls.Dialer{NetDialer: d, Config: t}).DialContext
	}
	return d.DialContext
}
