package store

// Actor is who performs a write: the user, the company, the request's IP,
// the client's Idempotency-Key ("" when the client asked for none) and the
// request's fingerprint (a SHA-256 of method, route and canonical body) that
// the key is bound to. The api package builds it once per request.
type Actor struct {
	UsuarioID int64
	EmpresaID int64
	IP        string
	Clave     string
	Huella    string
}
