// Package mercadopago is Mercado Pago's API as Muelle uses it: the account
// behind an access token, the company's store and one point of sale (POS)
// per seller (docs/features/mercadopago.md). Every call goes through
// internal/externo (the guarded dialer, bounded times and sizes, failures
// as Spanish categories with their technical detail apart).
package mercadopago

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"muelle/internal/domain"
	"muelle/internal/externo"
)

// URLProduccion is Mercado Pago's API.
const URLProduccion = "https://api.mercadopago.com"

// maxRespuesta bounds an answer: a search of one store or POS, an account.
const maxRespuesta = 256 << 10

// Red is how an installation reaches Mercado Pago: its base URL (tests and
// a company's proxy give another) and the network rules of every outside
// call.
type Red struct {
	URL string
	Red externo.Red
}

// Cliente calls Mercado Pago with one company's access token.
type Cliente struct {
	api   *externo.Cliente
	token string
}

// Nuevo is the client of the company whose access token is token.
func (r Red) Nuevo(token string) (*Cliente, error) {
	api, err := externo.Nuevo(externo.Config{Servicio: "Mercado Pago", URL: r.URL, Red: r.Red, MaxRespuesta: maxRespuesta})
	if err != nil {
		return nil, err
	}
	return &Cliente{api: api, token: token}, nil
}

// Cuenta is the Mercado Pago account behind a token: its user id (the
// collector) and its nickname.
type Cuenta struct {
	ID    int64  `json:"id"`
	Apodo string `json:"nickname"`
}

// Cuenta asks whose the token is (GET /users/me): the credentials' test.
func (c *Cliente) Cuenta(ctx context.Context) (Cuenta, error) {
	var cu Cuenta
	err := c.llamar(ctx, externo.Pedido{Ruta: "/users/me"}, nil, &cu)
	if err == nil && cu.ID <= 0 {
		err = errRespuesta("/users/me", "sin id de usuario")
	}
	return cu, err
}

// Local is the store as Mercado Pago creates it.
type Local struct {
	Nombre     string    `json:"name"`
	IDExterno  string    `json:"external_id"`
	Ubicacion  Ubicacion `json:"location"`
	Encontrado bool      `json:"-"`
}

// Ubicacion is a store's location.
type Ubicacion struct {
	Numero    string  `json:"street_number"`
	Calle     string  `json:"street_name"`
	Ciudad    string  `json:"city_name"`
	Provincia string  `json:"state_name"`
	Latitud   float64 `json:"latitude"`
	Longitud  float64 `json:"longitude"`
}

// LocalDe is l as Mercado Pago takes it, under the company's external id.
func LocalDe(empresaID int64, l domain.LocalMercadoPago) Local {
	return Local{Nombre: l.Nombre, IDExterno: domain.IDExternoLocalMP(empresaID), Ubicacion: Ubicacion{
		Numero: l.Numero, Calle: l.Calle, Ciudad: l.Ciudad, Provincia: l.Provincia, Latitud: l.Latitud,
		Longitud: l.Longitud}}
}

// conID is an answer that names what was created or found.
type conID struct {
	ID json.Number `json:"id"`
}

// busqueda is a search's answer.
type busqueda struct {
	Resultados []conID `json:"results"`
}

// AsegurarLocal is the id of the account's store with l's external id: the
// one found (a store created before a crash, or by an earlier set-up) or a
// new one. Looking first makes the creation safe to repeat.
func (c *Cliente) AsegurarLocal(ctx context.Context, cuenta int64, l Local) (string, error) {
	usuario := "/users/" + strconv.FormatInt(cuenta, 10) + "/stores"
	var b busqueda
	if err := c.llamar(ctx, externo.Pedido{Ruta: usuario + "/search", Consulta: url.Values{"external_id": {l.IDExterno}}}, nil, &b); err != nil {
		return "", err
	}
	if len(b.Resultados) > 0 && b.Resultados[0].ID != "" {
		return b.Resultados[0].ID.String(), nil
	}
	return c.crear(ctx, usuario, l)
}

// Caja is a point of sale (POS) in the company's store.
type Caja struct {
	Nombre         string      `json:"name"`
	MontoFijo      bool        `json:"fixed_amount"`
	LocalID        json.Number `json:"store_id"`
	IDExternoLocal string      `json:"external_store_id"`
	IDExterno      string      `json:"external_id"`
	CategoriaMCC   int         `json:"category"`
}

// categoriaTransporte is Mercado Pago's POS category for passenger
// transport (MCC 4111, "Transporte": local and suburban passenger transport,
// ferries included).
const categoriaTransporte = 4111

// CajaDe is a seller's POS in the store localID of the company.
func CajaDe(empresaID, usuarioID int64, nombre string, localID string) Caja {
	return Caja{Nombre: nombre, MontoFijo: true, LocalID: json.Number(localID), IDExternoLocal: domain.IDExternoLocalMP(empresaID),
		IDExterno: domain.IDExternoCajaMP(empresaID, usuarioID), CategoriaMCC: categoriaTransporte}
}

// AsegurarCaja is the id of the POS with p's external id: found, or created.
func (c *Cliente) AsegurarCaja(ctx context.Context, p Caja) (string, error) {
	var b busqueda
	if err := c.llamar(ctx, externo.Pedido{Ruta: "/pos", Consulta: url.Values{"external_id": {p.IDExterno}}}, nil, &b); err != nil {
		return "", err
	}
	if len(b.Resultados) > 0 && b.Resultados[0].ID != "" {
		return b.Resultados[0].ID.String(), nil
	}
	return c.crear(ctx, "/pos", p)
}

// crear POSTs cuerpo to ruta and answers the new resource's id.
func (c *Cliente) crear(ctx context.Context, ruta string, cuerpo any) (string, error) {
	var creado conID
	if err := c.llamar(ctx, externo.Pedido{Metodo: http.MethodPost, Ruta: ruta}, cuerpo, &creado); err != nil {
		return "", err
	}
	if creado.ID == "" {
		return "", errRespuesta(ruta, "sin id")
	}
	return creado.ID.String(), nil
}

// llamar sends p (its method, route, query and own headers, such as an
// idempotency key) with the token and cuerpo as JSON (none when nil), and
// decodes the JSON answer into out. A refused token is
// domain.MsgMercadoPagoTokenRechazado; any other failure is the
// *externo.Error the caller shows by its category.
func (c *Cliente) llamar(ctx context.Context, p externo.Pedido, cuerpo, out any) error {
	if p.Encabezados == nil {
		p.Encabezados = http.Header{}
	}
	p.Encabezados.Set("Authorization", "Bearer "+c.token)
	p.Encabezados.Set("Accept", "application/json")
	if cuerpo != nil {
		b, err := json.Marshal(cuerpo)
		if err != nil {
			return err
		}
		p.Cuerpo = b
		p.Encabezados.Set("Content-Type", "application/json")
	}
	r, err := c.api.Hacer(ctx, p)
	if e := (*externo.Error)(nil); errors.As(err, &e) && e.Categoria == domain.MsgServicioCredenciales {
		e.Categoria = domain.MsgMercadoPagoTokenRechazado
		return e
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(r.Cuerpo, out); err != nil {
		return errRespuesta(p.Ruta, err.Error())
	}
	return nil
}

// errRespuesta is an answer Muelle cannot read.
func errRespuesta(ruta, detalle string) *externo.Error {
	return &externo.Error{Categoria: domain.MsgServicioError, Enviado: true,
		Detalle: fmt.Errorf("Mercado Pago %s: respuesta ilegible: %s", ruta, detalle)}
}
