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
	msg := domain.MsgDispositivoRegistrado
	if out.Reemplazado != nil {
		msg = domain.MsgDispositivoReemplazado(out.Reemplazado.Nombre, out.Reemplazado.Codigo)
	}
	return created(out, msg), err
}

// ConsultaDispositivos is a page of the company's devices.
type ConsultaDispositivos struct {
	Pagina    int64 `query:"pagina" minimum:"1" maximum:"1000000" description:"Número de página, desde 1"`
	Limite    int64 `query:"limite" minimum:"1" maximum:"500" default:"50" description:"Dispositivos por página"`
	PorPagina int64 `query:"por_pagina" minimum:"1" maximum:"500" alias:"limite" description:"limite con otro nombre"`
}

// ListadoDispositivos is a page of the company's devices, newest first: how
// many it has, how many are active and the most it may have active.
type ListadoDispositivos struct {
	Dispositivos []store.Dispositivo `json:"dispositivos"`
	Total        int64               `json:"total"`
	Activos      int64               `json:"activos"`
	MaxActivos   int64               `json:"max_activos"`
}

func (s *Server) listarDispositivos(r *http.Request, c ConsultaDispositivos) (ListadoDispositivos, error) {
	empresaID := actorFrom(r).EmpresaID()
	lista, total, err := s.Store.ListarDispositivos(r.Context(), empresaID, paginaDe(c.Pagina, c.Limite))
	if err != nil {
		return ListadoDispositivos{}, err
	}
	activos, err := s.Store.DispositivosActivos(r.Context(), empresaID)
	return ListadoDispositivos{Dispositivos: lista, Total: total, Activos: activos, MaxActivos: domain.MaxDispositivosPorEmpresa}, err
}

// certificadosDispositivos lists the certificates of the caller's company's
// devices not revoked: a validator caches them to verify offline the short
// codes of tickets sold offline (domain.CertificadoDe).
func (s *Server) certificadosDispositivos(r *http.Request) ([]store.CertificadoDispositivo, error) {
	return s.Store.CertificadosDispositivos(r.Context(), actorFrom(r).EmpresaID())
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
