package store

// Actor is who performs a write: the user, the company, the request's IP and
// the client's Idempotency-Key ("" when the client asked for none). The api
// package builds it once per request.
type Actor struct {
	UsuarioID int64
	EmpresaID int64
	IP        string
	Clave     string
}
