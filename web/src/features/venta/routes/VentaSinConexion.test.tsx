import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatosVentaLocales } from '@/lib/offline/datosVenta';
import type { VentaSinConexion } from '@/lib/offline/ventaSinConexion';
import { makeCaja, signInVendedor } from '@/testing/handlers/caja';
import { EMPRESA } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { VentaPasajesPage } from './VentaPasajesPage';

// The device's side is out of jsdom's reach (no IndexedDB): its registration, the saved data and the
// offline sale itself (lib/offline/ventaSinConexion, tested on its own) are stand-ins here.
const dispositivo = vi.hoisted(() => ({
  actual: null as null | { codigo: string; certificado: string; keyPair: { privateKey: object } },
  guardados: null as unknown,
}));
vi.mock('@/lib/dispositivo', async (original) => ({
  ...(await original<typeof import('@/lib/dispositivo')>()),
  dispositivoActual: async () => dispositivo.actual,
}));
vi.mock('@/lib/offline/datosVenta', async (original) => ({
  ...(await original<typeof import('@/lib/offline/datosVenta')>()),
  leerDatosVenta: async () => dispositivo.guardados,
  guardarCatalogoVenta: async () => {},
  guardarCajaVenta: async () => {},
  guardarEmpresaVenta: async () => {},
}));
const venderSinConexion = vi.hoisted(() => vi.fn());
vi.mock('@/lib/offline/ventaSinConexion', async (original) => ({
  ...(await original<typeof import('@/lib/offline/ventaSinConexion')>()),
  venderSinConexion,
}));

const item = (id: number, nombre: string) => ({ id, nombre, descripcion: '', activo: true });
const HORA = 3_600_000;

function guardados(antiguedad: number): DatosVentaLocales {
  const guardado_en = Date.now() - antiguedad;
  return {
    catalogo: {
      secciones: [item(1, 'Tigre – Tres Bocas')], tipos: [item(1, 'General'), item(2, 'Jubilado')], medios: [
        { ...item(2, 'QR Mercado Pago'), tipo: 'mercadopago_qr' }, { ...item(1, 'Efectivo'), tipo: 'efectivo' },
        { ...item(3, 'Débito'), tipo: 'tarjeta' },
      ],
      precios: [{ seccion_id: 1, tipo_viaje_id: 1, precio: 4500 }, { seccion_id: 1, tipo_viaje_id: 2, precio: 2250 }],
      guardado_en,
    },
    empresa: { id: EMPRESA.id, nombre: EMPRESA.nombre, prefijo_pasaje: 'LD', timezone: EMPRESA.timezone, logo_url: '', guardado_en },
    caja: { caja: makeCaja({ id: 7, monto_apertura: 10000 }), guardado_en },
  };
}

const VENTA: VentaSinConexion = {
  accionId: 'a1', ocurridoEn: Date.now(), total: 900000,
  datos: { caja_id: 7, seccion_id: 1, fecha_viaje: '2026-11-26', medio_pago_id: 1, pasajes: [] },
  pasajes: [1, 2].map((n) => ({ numero_pasaje: `LD-7K3M-20261126-00000${n}`, codigo_qr: `MUELLE2.p${n}.f`, tipo_viaje_id: 1, precio: 450000 })),
};

describe('VentaPasajesPage offline', () => {
  beforeEach(() => {
    signInVendedor();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    dispositivo.actual = { codigo: '7K3M', certificado: 'MUELLEDISP1.c.d', keyPair: { privateKey: {} } };
    dispositivo.guardados = guardados(2 * HORA + 10 * 60_000);
    venderSinConexion.mockReset();
    // No link: every call fails without an answer.
    server.use(...['/api/caja/estado', '/api/config/*'].map((ruta) => http.get(ruta, () => HttpResponse.error())));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens on the offline splash, then sells from the saved data with the keyboard and shows the tickets made on the device', async () => {
    venderSinConexion.mockResolvedValue(VENTA);
    const user = userEvent.setup();
    renderWithProviders(<VentaPasajesPage />, { route: '/admin/venta-pasajes' });
    expect(screen.getByRole('status')).toHaveTextContent('Sistema en modo offline. Cargando...');

    const primera = await screen.findByRole('button', { name: /Tigre – Tres Bocas/ });
    await waitFor(() => expect(primera).toHaveFocus());
    // the notice's code loads when the link drops (a chunk apart, precached by the service worker)
    const aviso = await screen.findByRole('alert', { name: 'Sistema en modo offline' });
    expect(aviso).toHaveTextContent('Precios y catálogos guardados hace 2 h 10 min: pueden haber cambiado.');
    expect(aviso).toHaveTextContent('Caja verificada hace 2 h 10 min: si se cerró mientras tanto, la venta va a tu caja abierta al sincronizar.');
    expect(screen.getByText(/Caja abierta · Apertura \$\s10\.000,00/)).toBeInTheDocument();

    await user.keyboard('{Enter}2');
    // Mercado Pago's QR is confirmed by the provider: never charged offline; efectivo (by its tipo) is the default.
    expect(screen.queryByRole('radio', { name: 'QR Mercado Pago' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Débito' })).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    const dialogo = await screen.findByRole('dialog', { name: 'Venta guardada sin conexión' });
    expect(within(dialogo).getByText(/Se emitieron 2 pasajes por \$\s9\.000,00 sin conexión\./)).toBeInTheDocument();
    expect(venderSinConexion).toHaveBeenCalledTimes(1);
    const [carrito, ctx] = venderSinConexion.mock.calls[0];
    expect(carrito).toMatchObject({ seccion_id: 1, medio_pago_id: 1, lineas: [{ tipo_viaje_id: 1, cantidad: 2 }] });
    expect(ctx).toMatchObject({ empresaId: EMPRESA.id, prefijo: 'LD', cajaId: 7, dispositivo: { codigo: '7K3M', certificado: 'MUELLEDISP1.c.d' } });
    expect(within(dialogo).queryByRole('button', { name: /WhatsApp|Email|Anular/ })).not.toBeInTheDocument();

    await user.click(within(dialogo).getByRole('button', { name: 'Ver Códigos de Validación' }));
    const codigos = await screen.findByRole('dialog', { name: 'Códigos de Validación' });
    expect(within(codigos).getAllByRole('listitem')).toHaveLength(2);
    expect(within(codigos).getByText('MUELLE2.p1.f')).toBeInTheDocument();
    expect(within(codigos).getAllByText(/Tigre – Tres Bocas · General · \$\s4\.500,00 · Sin conexión/)).toHaveLength(2);
    await user.click(within(codigos).getByRole('button', { name: 'Listo' }));
    await waitFor(() => expect(primera).toHaveFocus());
  });

  it('says why a sale could not be made on the device and keeps the cart', async () => {
    venderSinConexion.mockRejectedValue(new Error('Un tipo de pasajero de la venta no tiene precio guardado en este dispositivo: conéctate para actualizar los precios'));
    const user = userEvent.setup();
    renderWithProviders(<VentaPasajesPage />, { route: '/admin/venta-pasajes' });
    const primera = await screen.findByRole('button', { name: /Tigre – Tres Bocas/ });
    await waitFor(() => expect(primera).toHaveFocus());
    await user.keyboard('{Enter}1{Control>}{Enter}{/Control}');
    expect(await screen.findByText(/no tiene precio guardado en este dispositivo/)).toBeInTheDocument();
    expect(screen.getByLabelText('Cantidad General')).toHaveValue('1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells an unregistered browser to register while online, and one with nothing saved to open the sale online once', async () => {
    dispositivo.actual = null;
    const { unmount } = renderWithProviders(<VentaPasajesPage />, { route: '/admin/venta-pasajes' });
    expect(await screen.findByRole('alert', { name: 'No se puede vender sin conexión' }, { timeout: 5_000 }))
      .toHaveTextContent('Este dispositivo no está registrado para vender sin conexión.');
    expect(screen.getByRole('form', { name: 'Venta de pasajes' })).toHaveAttribute('inert');
    unmount();

    dispositivo.guardados = { catalogo: null, empresa: null, caja: null };
    renderWithProviders(<VentaPasajesPage />, { route: '/admin/venta-pasajes' });
    expect(await screen.findByText(/no tiene datos guardados para vender sin conexión/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sistema en modo offline. Cargando...');
  });
});
