import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RechazoSobreventa, VentaInput } from '@/api/pasajes';
import { makePasaje } from '@/testing/fixtures';
import { makeCaja, signInVendedor } from '@/testing/handlers/caja';
import { renderHookWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { MSG_QR_SIN_CONEXION } from './pedido';
import { MSG_NO_REGISTRADO, useVender } from './useVender';

const body: VentaInput = {
  seccion_id: 1, fecha_viaje: '2026-12-02', medio_pago_id: 1, cliente_telefono: '', cliente_email: '', observaciones: '',
  lineas: [{ tipo_viaje_id: 1, cantidad: 2 }],
};

const puerta = () =>
  renderHookWithProviders(() => useVender({ secciones: [], tipos: [], medios: [], precios: [], caja: makeCaja(), hoy: '2026-12-02' })).result;

/** Posts `body` through the door, online, and answers what it became. */
async function venderEnLinea(respuesta: () => Response) {
  const keys: (string | null)[] = [];
  server.use(http.post('/api/pasajes/lote', ({ request }) => {
    keys.push(request.headers.get('Idempotency-Key'));
    return respuesta();
  }));
  const result = puerta();
  await waitFor(() => expect(result.current).not.toBeNull());
  let resultado: Awaited<ReturnType<typeof result.current.vender>> | undefined;
  await act(async () => {
    resultado = await result.current.vender(body, { offline: false });
  });
  return { resultado, keys, result };
}

describe('useVender, the one door a sale goes through', () => {
  beforeEach(() => {
    signInVendedor();
  });

  it('answers vendida with the tickets the server recorded', async () => {
    const { resultado, keys } = await venderEnLinea(() => ok({ pasajes: [makePasaje({ id: 7 })], total: 4500 }, { status: 201 }));
    expect(resultado).toMatchObject({ tipo: 'vendida', venta: { total: 4500, pasajes: [{ id: 7 }] } });
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/.{16,}/);
  });

  it('answers rechazada with the seats data when the server refused for lack of seats', async () => {
    const data: RechazoSobreventa = { limitado: true, origen: 'seccion', capacidad: 10, vendidos: 10, quedan: 0, salidas: 0, solicitados: 2, exceso: 2 };
    const { resultado } = await venderEnLinea(() => HttpResponse.json({ success: false, message: 'No quedan lugares', data }, { status: 409 }));
    expect(resultado).toMatchObject({ tipo: 'rechazada', mensaje: 'No quedan lugares', sinLugares: { exceso: 2 } });
  });

  it('answers incierta when the server failed, and the retry of the same body keeps its key', async () => {
    const { resultado, keys, result } = await venderEnLinea(() => fail(500, 'Error interno'));
    expect(resultado).toEqual({ tipo: 'incierta' });
    await act(async () => {
      await result.current.reenviar(body);
    });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('offline on a browser that is not a registered device, refuses with the registration message and posts nothing', async () => {
    let posts = 0;
    server.use(http.post('/api/pasajes/lote', () => {
      posts += 1;
      return ok({ pasajes: [], total: 0 });
    }));
    const result = puerta();
    await waitFor(() => expect(result.current.noRegistrado).toBe(true));
    let resultado: Awaited<ReturnType<typeof result.current.vender>> | undefined;
    await act(async () => {
      resultado = await result.current.vender(body, { offline: true });
    });
    expect(resultado).toEqual({ tipo: 'rechazada', mensaje: MSG_NO_REGISTRADO, sinLugares: null, detalle: MSG_NO_REGISTRADO });
    expect(posts).toBe(0);
  });

  describe('with a Mercado Pago QR method', () => {
    const qr = { id: 9, nombre: 'Mercado Pago QR', descripcion: '', activo: true, tipo: 'mercadopago_qr' as const };
    const cobro = { ...body, medio_pago_id: 9 };
    const puertaQr = () =>
      renderHookWithProviders(() => useVender({ secciones: [], tipos: [], medios: [qr], precios: [], caja: makeCaja(), hoy: '2026-12-02' })).result;

    /** Records the posts of a sale and of an order; the order answers 55 waiting. */
    function posts() {
      const hechos: { path: string; key: string | null }[] = [];
      const registrar = (request: Request) => hechos.push({ path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key') });
      server.use(
        http.post('/api/pasajes/lote', ({ request }) => {
          registrar(request);
          return ok({ pasajes: [], total: 0 }, { status: 201 });
        }),
        http.post('/api/pedidos', ({ request }) => {
          registrar(request);
          return ok({ id: 55, estado: 'pendiente' }, { status: 201 });
        }),
      );
      return hechos;
    }

    it("makes an order, not a sale, with the attempt's Idempotency-Key", async () => {
      const hechos = posts();
      const result = puertaQr();
      let resultado: Awaited<ReturnType<typeof result.current.vender>> | undefined;
      await act(async () => {
        resultado = await result.current.vender(cobro, { offline: false });
      });
      expect(resultado).toMatchObject({ tipo: 'pedido', pedido: { id: 55, estado: 'pendiente' } });
      expect(hechos.map((h) => h.path)).toEqual(['/api/pedidos']);
      expect(hechos[0].key).toMatch(/.{16,}/);
    });

    it('refuses offline with its own message and posts nothing', async () => {
      const hechos = posts();
      const result = puertaQr();
      let resultado: Awaited<ReturnType<typeof result.current.vender>> | undefined;
      await act(async () => {
        resultado = await result.current.vender(cobro, { offline: true });
      });
      expect(resultado).toMatchObject({ tipo: 'rechazada', mensaje: MSG_QR_SIN_CONEXION });
      expect(hechos).toHaveLength(0);
    });
  });
});
