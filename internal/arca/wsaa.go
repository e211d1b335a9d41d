package arca

import (
	"context"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/smallstep/pkcs7"

	"muelle/internal/domain"
	"muelle/internal/externo"
)

// URLsWSAA are WSAA's LoginCms endpoints by environment.
var URLsWSAA = map[string]string{
	domain.EntornoHomologacion: "https://wsaahomo.afip.gov.ar/ws/services/LoginCms",
	domain.EntornoProduccion:   "https://wsaa.afip.gov.ar/ws/services/LoginCms",
}

// ServicioWSFE is the service (WSN) of electronic invoicing.
const ServicioWSFE = "wsfe"

// zonaARCA is the time zone of the TRA's times (ARCA writes -03:00).
var zonaARCA = time.FixedZone("ART", -3*60*60)

// ventanaTRA is how far before and after now a TRA is valid: WSAA refuses
// one whose times are off by more than its tolerance.
const ventanaTRA = 10 * time.Minute

// maxRespuestaWSAA bounds WSAA's answer (a ticket is about 2 KB).
const maxRespuestaWSAA = 64 << 10

// tra is the login ticket request WSAA's loginCms receives, signed.
type tra struct {
	XMLName xml.Name `xml:"loginTicketRequest"`
	Version string   `xml:"version,attr"`
	Header  struct {
		UniqueID       uint32 `xml:"uniqueId"`
		GenerationTime string `xml:"generationTime"`
		ExpirationTime string `xml:"expirationTime"`
	} `xml:"header"`
	Service string `xml:"service"`
}

// TRA is the login ticket request for servicio at ahora, as XML.
func TRA(servicio string, ahora time.Time) ([]byte, error) {
	t := tra{Version: "1.0", Service: servicio}
	t.Header.UniqueID = uint32(ahora.Unix())
	t.Header.GenerationTime = ahora.Add(-ventanaTRA).In(zonaARCA).Format(time.RFC3339)
	t.Header.ExpirationTime = ahora.Add(ventanaTRA).In(zonaARCA).Format(time.RFC3339)
	out, err := xml.Marshal(t)
	return append([]byte(xml.Header), out...), err
}

// FirmarTRA signs the TRA as CMS SignedData (SHA-256, the content attached
// and the certificate included), as loginCms wants it.
func FirmarTRA(contenido []byte, c Certificado) ([]byte, error) {
	sd, err := pkcs7.NewSignedData(contenido)
	if err != nil {
		return nil, err
	}
	sd.SetDigestAlgorithm(pkcs7.OIDDigestAlgorithmSHA256)
	if err := sd.AddSigner(c.Cert, c.Clave, pkcs7.SignerInfoConfig{}); err != nil {
		return nil, err
	}
	return sd.Finish()
}

// sobreLogin is loginCms's SOAP request with the signed TRA in base64.
func sobreLogin(cms []byte) []byte {
	return []byte(`<?xml version="1.0" encoding="UTF-8"?>` +
		`<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ` +
		`xmlns:wsaa="http://wsaa.view.sua.dvadac.desein.afip.gov"><soapenv:Header/><soapenv:Body>` +
		`<wsaa:loginCms><wsaa:in0>` + base64.StdEncoding.EncodeToString(cms) + `</wsaa:in0></wsaa:loginCms>` +
		`</soapenv:Body></soapenv:Envelope>`)
}

// respuestaSOAP is loginCms's answer: the ticket's XML as text, or a fault.
type respuestaSOAP struct {
	Retorno string `xml:"Body>loginCmsResponse>loginCmsReturn"`
	Falla   *struct {
		Codigo string `xml:"faultcode"`
		Texto  string `xml:"faultstring"`
	} `xml:"Body>Fault"`
}

// ticketRespuesta is the loginTicketResponse inside loginCmsReturn.
type ticketRespuesta struct {
	Expira string `xml:"header>expirationTime"`
	Token  string `xml:"credentials>token"`
	Sign   string `xml:"credentials>sign"`
}

// WSAA is the client of one environment's WSAA.
type WSAA struct{ cliente *externo.Cliente }

// NuevoWSAA is the client of the WSAA at url (URLsWSAA, or a fake's) over red.
func NuevoWSAA(url string, red externo.Red) (*WSAA, error) {
	c, err := externo.Nuevo(externo.Config{Servicio: "ARCA WSAA", URL: url, Red: red,
		Tiempos: externo.Tiempos{Total: 30 * time.Second}, MaxRespuesta: maxRespuestaWSAA})
	return &WSAA{cliente: c}, err
}

// Login asks WSAA for a ticket for servicio signed with c: a SOAP fault is
// an *ErrorWSAA, a failed call an *externo.Error.
func (w *WSAA) Login(ctx context.Context, servicio string, c Certificado, ahora time.Time) (domain.TicketAcceso, error) {
	contenido, err := TRA(servicio, ahora)
	if err != nil {
		return domain.TicketAcceso{}, err
	}
	cms, err := FirmarTRA(contenido, c)
	if err != nil {
		return domain.TicketAcceso{}, fmt.Errorf("arca: firmar el TRA: %w", err)
	}
	resp, err := w.cliente.Hacer(ctx, externo.Pedido{Metodo: http.MethodPost, Cuerpo: sobreLogin(cms),
		Encabezados: http.Header{"Content-Type": {"text/xml; charset=utf-8"}, "Soapaction": {`""`}}})
	if resp == nil {
		return domain.TicketAcceso{}, err
	}
	var sobre respuestaSOAP
	if xml.Unmarshal(resp.Cuerpo, &sobre) != nil {
		return domain.TicketAcceso{}, firstErr(err, errIlegible("la respuesta no es SOAP"))
	}
	if sobre.Falla != nil {
		return domain.TicketAcceso{}, nuevoErrorWSAA(sobre.Falla.Codigo, sobre.Falla.Texto)
	}
	if err != nil {
		return domain.TicketAcceso{}, err
	}
	return leerTicket(sobre.Retorno)
}

func leerTicket(texto string) (domain.TicketAcceso, error) {
	var r ticketRespuesta
	if err := xml.Unmarshal([]byte(texto), &r); err != nil || r.Token == "" || r.Sign == "" {
		return domain.TicketAcceso{}, errIlegible("el ticket no trae token y sign")
	}
	expira, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(r.Expira))
	if err != nil {
		return domain.TicketAcceso{}, errIlegible("expirationTime " + strconv.Quote(r.Expira))
	}
	return domain.TicketAcceso{Token: r.Token, Sign: r.Sign, Expira: expira.UTC()}, nil
}

func errIlegible(detalle string) error {
	return &externo.Error{Categoria: domain.MsgServicioError, Enviado: true,
		Detalle: errors.New("ARCA WSAA: " + detalle)}
}

func firstErr(err, otro error) error {
	if err != nil {
		return err
	}
	return otro
}
