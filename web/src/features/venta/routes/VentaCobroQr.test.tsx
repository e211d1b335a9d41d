import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ItemCatalogo } from '@/api/config';
import type { VentaCreada, VentaInput } from '@/api/pasajes';
import type { Pedido } from '@/api/pedidos';
import { makePasaje } from '@/testing/fixtures';
import { estadoCaja, makeCaja, signInVendedor } from '@/testing/handlers/caja';
import { catalogHandlers } from '@/testing/handlers/config';
import { renderHookWithProviders, renderWithProviders } from '@/testing/render';
import { ok, okWithMessage, server } from '@/testing/server';
import { useVenta } from '@/features/venta/useVenta';
import { useVentaRapida } from '@/features/venta/useVentaRapida';
import { VentaPasajesPage } from './VentaPasajesPage';

const medio = (id: number, nombre: string, tipo: NonNullable<ItemCatalogo['tipo']>): ItemCatalogo => ({ id, nombre, descripcion: '', activo: true, tipo });
const MEDIOS = [medio(1, 'Efectivo', 'efectivo'), medio(9, 'Mercado Pago QR', 'mercadopago_qr')];

const venta: VentaCreada = { pasajes: [makePasaje({ id: 100, estado: 'activo' }), makePasaje({ id: 101, estado: 'activo' })], total: 9000 };

function pedido(p: Partial<Pedido> = {}): Pedido {
  return {
    id: 55, estado: 'pendiente', total: 9000, cantidad: 2, medio_pago_nombre: 'Mercado Pago QR', qr_data: '00020101021243650016COM.MERCADOLIBRE',
    vence_en: new Date(Date.now() + 12 * 60_000).toISOString(), created_at: new Date().toISOString(), cerrado_en: null, falla: '', venta: null, ...p,
  };
}

/**
 * POST /pedidos records its bodies and keys and answers order 55; GET /pedidos/55 answers it
 * waiting until `actual.pedido` changes; POST …/cancelar cancels it.
 */
function servidorDePedidos() {
  const actual = { pedido: pedido(), posts: [] as { body: VentaInput; key: string | null }[], ventas: 0 };
  server.use(
    http.post('/api/pedidos', async ({ request }) => {
      actual.posts.push({ body: (await request.json()) as VentaInput, key: request.headers.get('Idempotency-Key') });
      return okWithMessage(pedido(), 'Esperando el pago…', { status: 201 });
    }),
    http.get('/api/pedidos/55', () => ok(actual.pedido)),
    http.post('/api/pedidos/55/cancelar', () => {
      actual.pedido = pedido({ estado: 'cancelado' });
      return okWithMessage(actual.pedido, 'Cobro cancelado');
    }),
    http.post('/api/pasajes/lote', () => {
      actual.ventas += 1;
      return ok(venta, { status: 201 });
    }),
  );
  return actual;
}

/** The sale screen with section 1, two General passengers and the QR method chosen. */
async function cargarCobroQr() {
  const vista = renderWithProviders(<VentaPasajesPage />, { route: '/admin/venta-pasajes' });
  await screen.findByRole('button', { name: /Tigre – Tres Bocas/ });
  await vista.user.keyboard('{Enter}2');
  expect(screen.getByRole('button', { name: /^Crear Pasajes —/ })).toBeInTheDocument();
  await vista.user.click(screen.getByRole('radio', { name: 'Mercado Pago QR' }));
  return vista;
}

describe('charging a sale with Mercado Pago QR', () => {
  beforeEach(() => {
    signInVendedor();
    server.use(...catalogHandlers, estadoCaja(makeCaja()));
    server.use(http.get('/api/config/medios-pago', () => ok(MEDIOS)));
  });

  it("makes one order from a double click, waits for the payment and goes on as after a sale", async () => {
    const actual = servidorDePedidos();
    const { user } = await cargarCobroQr();
    const cobrar = screen.getByRole('button', { name: /^Cobrar con QR — \$\s9\.000,00$/ });
    await user.dblClick(cobrar);

    const dialogo = await screen.findByRole('dialog', { name: 'Cobro con Mercado Pago' });
    expect(dialogo).toHaveTextContent('Cobro #55');
    expect(actual.posts[0].body).toMatchObject({ seccion_id: 1, medio_pago_id: 9, lineas: [{ tipo_viaje_id: 1, cantidad: 2 }] });
    expect(new Set(actual.posts.map((p) => p.key)).size).toBe(1);
    expect(actual.ventas).toBe(0);
    // The cart waits behind the dialog.
    expect(screen.getByLabelText('Cantidad General')).toHaveValue('2');

    actual.pedido = pedido({ estado: 'completado', venta, cerrado_en: new Date().toISOString() });
    // Read again every 2 s while it waits.
    expect(await screen.findByRole('dialog', { name: 'Venta registrada' }, { timeout: 5000 })).toHaveTextContent(/Se crearon 2 pasajes/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cobro con Mercado Pago' })).not.toBeInTheDocument());
    expect(screen.getByText('Elige una sección para cargar los pasajeros.')).toBeInTheDocument();
  });

  it('keeps the cart after a cancelled charge, to be sold another way', async () => {
    const actual = servidorDePedidos();
    const { user } = await cargarCobroQr();
    await user.click(screen.getByRole('button', { name: /^Cobrar con QR/ }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cobro con Mercado Pago' });
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar cobro' }));
    expect(await within(dialogo).findByRole('alert')).toHaveTextContent('Cobro cancelado');
    await user.click(within(dialogo).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cobro con Mercado Pago' })).not.toBeInTheDocument());

    expect(screen.getByLabelText('Cantidad General')).toHaveValue('2');
    await user.click(screen.getByRole('radio', { name: 'Efectivo' }));
    await user.click(screen.getByRole('button', { name: /^Crear Pasajes — \$\s9\.000,00$/ }));
    expect(await screen.findByRole('dialog', { name: 'Venta registrada' })).toBeInTheDocument();
    expect(actual.ventas).toBe(1);
    expect(actual.posts).toHaveLength(1);
  });
});

describe('the QR methods offline', () => {
  it('are not offered', () => {
    signInVendedor();
    const catalogo = { secciones: [], tipos: [], medios: MEDIOS, precios: [], caja: makeCaja() };
    const enLinea = renderHookWithProviders(() => useVentaRapida({ ...catalogo, sinConexion: false })).result;
    expect(enLinea.current.medios.map((m) => m.nombre)).toEqual(['Efectivo', 'Mercado Pago QR']);
    const sinConexion = renderHookWithProviders(() => useVentaRapida({ ...catalogo, sinConexion: true })).result;
    expect(sinConexion.current.medios.map((m) => m.nombre)).toEqual(['Efectivo']);
  });

  it('leave no payment method chosen when the link drops after one was chosen', () => {
    const catalogo = { tipos: [{ id: 1, nombre: 'General', descripcion: '', activo: true }], precios: [{ seccion_id: 1, tipo_viaje_id: 1, precio: 4500 }], hoy: '2026-12-02' };
    const { result, rerender } = renderHook((medios: ItemCatalogo[]) => useVenta({ ...catalogo, medios }), { initialProps: MEDIOS });
    act(() => {
      result.current.seleccionarSeccion(1);
      result.current.setCantidad(1, '2');
      result.current.setMedioPago(9);
    });
    expect(result.current.medioPagoId).toBe(9);
    rerender([MEDIOS[0]]);
    expect(result.current.medioPagoId).toBeNull();
    expect(result.current.validar('abierta')).toBe('Debe seleccionar un medio de pago');
  });
});
