package api

import (
	"net/http"

	"muelle/internal/domain"
	"muelle/internal/store"
)

// RegistrarDispositivo is the body of POST /dispositivos: the device's name
// and the public key of the Ed25519 pair it made (WebCrypto, its private key
// never leaves it), the base64url (no padding) of its 32 raw bytes.
type RegistrarDispositivo struct {
	Nombre       string `json:"nombre" maxLength:"60"`
	ClavePublica string `json:"clave_publica" maxLength:"43"`
}

// RenombrarDispositivo is the body of PUT /dispositivos/{id}.
type RenombrarDispositivo struct {
	Nombre string `json:"nombre" maxLength:"60"`
}

// registrarDispositivo registers the caller's device and answers its code,
// its certificate and the company's public key.
func (s *Server) registrarDispositivo(r *http.Request, b RegistrarDispositivo) (createdReply[store.DispositivoRegistrado], error) {
	nombre, err := domain.NombreDispositivo(b.Nombre)
	if err != nil {
		return createdReply[store.DispositivoRegistrado]{}, err
	}
	clave, err := domain.ClaveDispositivo(b.ClavePublica)
	if err != nil {
		return createdReply[store.DispositivoRegistrado]{}, err
	}
	a, err := writeActor(r)
	if err != nil {
		return createdReply[store.DispositivoRegistrado]{}, err
	}
	out, err := s.Store.RegistrarDispositivo(r.Context(), a, nombre, clave)
	return created(out, domain.MsgDispositivoRegistrado), err
}

func (s *Server) listarDispositivos(r *http.Request) ([]store.Dispositivo, error) {
	return s.Store.ListarDispositivos(r.Context(), actorFrom(r).EmpresaID())
}

func (s *Server) renombrarDispositivo(r *http.Request, b RenombrarDispositivo) (reply[store.Dispositivo], error) {
	id, a, err := dispositivoYActor(r)
	if err != nil {
		return reply[store.Dispositivo]{}, err
	}
	nombre, err := domain.NombreDispositivo(b.Nombre)
	if err != nil {
		return reply[store.Dispositivo]{}, err
	}
	out, err := s.Store.RenombrarDispositivo(r.Context(), a, id, nombre)
	return withMessage(out, domain.MsgDispositivoRenombrado), err
}

// revocarDispositivo revokes a device; revoking a revoked one answers it unchanged.
func (s *Server) revocarDispositivo(r *http.Request) (reply[store.Dispositivo], error) {
	id, a, err := dispositivoYActor(r)
	if err != nil {
		return reply[store.Dispositivo]{}, err
	}
	out, err := s.Store.RevocarDispositivo(r.Context(), a, id)
	return withMessage(out, domain.MsgDispositivoRevocado), err
}

// dispositivoYActor is the device of the path and the writing actor.
func dispositivoYActor(r *http.Request) (int64, store.Actor, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return 0, store.Actor{}, err
	}
	a, err := writeActor(r)
	return id, a, err
}
