package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"muelle/internal/domain"
)

// respuesta is an API answer: its status and, on success, the data.
type respuesta struct {
	estado int
	datos  json.RawMessage
}

// post sends a JSON body with the token and an Idempotency-Key, as the web app does.
func (e *Entorno) post(ctx context.Context, ruta, token, clave string, cuerpo any) (respuesta, error) {
	b, err := json.Marshal(cuerpo)
	if err != nil {
		return respuesta{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.url+ruta, bytes.NewReader(b))
	if err != nil {
		return respuesta{}, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", clave)
	res, err := e.cliente.Do(req)
	if err != nil {
		return respuesta{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return respuesta{estado: res.StatusCode}, err
	}
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return respuesta{estado: res.StatusCode}, fmt.Errorf("respuesta no JSON (%d): %.200s", res.StatusCode, raw)
	}
	return respuesta{estado: res.StatusCode, datos: env.Data}, nil
}

// pasajeVendido is what a sale answers of each ticket.
type pasajeVendido struct {
	ID           int64  `json:"id"`
	NumeroPasaje string `json:"numero_pasaje"`
	CodigoQR     string `json:"codigo_qr"`
}

// cuerpoVenta is the body of POST /api/pasajes/lote with n tickets for the
// travel day fecha.
func (e *Entorno) cuerpoVenta(n int, fecha string) map[string]any {
	return map[string]any{"seccion_id": e.venta.SeccionID, "fecha_viaje": fecha,
		"medio_pago_id": e.venta.MedioPagoID, "cliente_nombre": e.venta.ClienteNombre,
		"lineas": []map[string]any{{"tipo_viaje_id": e.venta.Lineas[0].TipoViajeID, "cantidad": n}}}
}

// vender sells n tickets for the travel day fecha as seller v over HTTP.
func (e *Entorno) vender(ctx context.Context, v usuario, clave string, n int, fecha string) (respuesta, []pasajeVendido, error) {
	r, err := e.post(ctx, "/api/pasajes/lote", v.token, clave, e.cuerpoVenta(n, fecha))
	if err != nil || r.estado != http.StatusCreated {
		return r, nil, err
	}
	var d struct {
		Pasajes []pasajeVendido `json:"pasajes"`
	}
	err = json.Unmarshal(r.datos, &d)
	return r, d.Pasajes, err
}

// embarcar boards a ticket by its code as crew member l over HTTP.
func (e *Entorno) embarcar(ctx context.Context, l usuario, clave, codigo string) (respuesta, error) {
	return e.post(ctx, "/api/pasajes/validar-qr", l.token, clave, map[string]string{"codigo_qr": codigo})
}

// Ventas has every seller sell 1 to 5 tickets at a time for today, as fast
// as the server answers, for dur or limite sales.
func (e *Entorno) Ventas(ctx context.Context, dur time.Duration, limite int) Medicion {
	return e.ventasDelDia(ctx, e.venta.FechaViaje, "venta", dur, limite)
}

func (e *Entorno) ventasDelDia(ctx context.Context, fecha, marca string, dur time.Duration, limite int) Medicion {
	return carga(ctx, len(e.vendedores), dur, limite, func(ctx context.Context, c, i int) resultado {
		r, ps, err := e.vender(ctx, e.vendedores[c], fmt.Sprintf("%s-%d", marca, i), 1+i%5, fecha)
		return resultado{estado: r.estado, ok: err == nil && r.estado == http.StatusCreated && len(ps) == 1+i%5, err: err}
	})
}

// VentasTrasVendidos measures the HTTP sales of the travel day diasDespues
// days after today, once vendidos tickets of it were sold in the section
// (through the store): a sale's cost must not grow with the day's volume
// (issue 39: the same p99 with 100 and with 20,000 sold).
func (e *Entorno) VentasTrasVendidos(ctx context.Context, diasDespues, vendidos int, dur time.Duration, limite int) (Medicion, error) {
	dia, err := time.Parse(time.DateOnly, e.venta.FechaViaje)
	if err != nil {
		return Medicion{}, err
	}
	fecha := dia.AddDate(0, 0, diasDespues).Format(time.DateOnly)
	if _, err := e.venderAntes(ctx, fecha, vendidos); err != nil {
		return Medicion{}, err
	}
	return e.ventasDelDia(ctx, fecha, fmt.Sprintf("tras-%d", vendidos), dur, limite), nil
}

// Codigos sells n tickets of today for boarding, straight through the store.
func (e *Entorno) Codigos(ctx context.Context, n int) ([]string, error) {
	return e.venderAntes(ctx, e.venta.FechaViaje, n)
}

// venderAntes sells n tickets for the travel day fecha straight through the
// store (50 a sale, the sellers taking turns so that no register nears its
// bound) and answers their codes.
func (e *Entorno) venderAntes(ctx context.Context, fecha string, n int) ([]string, error) {
	v := e.venta
	v.FechaViaje = fecha
	var codigos []string
	for venta := 0; len(codigos) < n; venta++ {
		v.Lineas = []domain.LineaVenta{{TipoViajeID: e.venta.Lineas[0].TipoViajeID, Cantidad: min(50, n-len(codigos))}}
		ps, err := e.St.Vender(ctx, e.vendedores[venta%len(e.vendedores)].actor, v)
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			codigos = append(codigos, p.CodigoQR)
		}
	}
	return codigos, nil
}

// Embarques has every crew member board distinct tickets of codigos, as fast
// as the server answers, until dur passes or the codes run out.
func (e *Entorno) Embarques(ctx context.Context, dur time.Duration, codigos []string) Medicion {
	return carga(ctx, len(e.escaneres), dur, len(codigos), func(ctx context.Context, c, i int) resultado {
		r, err := e.embarcar(ctx, e.escaneres[c], fmt.Sprintf("embarque-%d", i), codigos[i])
		return resultado{estado: r.estado, ok: err == nil && r.estado == http.StatusOK, err: err}
	})
}

// Carrera is the race of n crew members scanning one ticket at the same
// moment: it returns how many boarded it and how many were told it had
// already boarded.
func (e *Entorno) Carrera(ctx context.Context, n int, codigo string) (embarcados, yaEmbarcado, otros int) {
	var (
		wg       sync.WaitGroup
		salida   = make(chan struct{})
		ok, dup  atomic.Int64
		restante atomic.Int64
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-salida
			r, err := e.embarcar(ctx, e.escaneres[i%len(e.escaneres)], fmt.Sprintf("carrera-%d", i), codigo)
			switch {
			case err == nil && r.estado == http.StatusOK:
				ok.Add(1)
			case err == nil && r.estado == http.StatusConflict:
				dup.Add(1)
			default:
				restante.Add(1)
			}
		}()
	}
	close(salida)
	wg.Wait()
	return int(ok.Load()), int(dup.Load()), int(restante.Load())
}
