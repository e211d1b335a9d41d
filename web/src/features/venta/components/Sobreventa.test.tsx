import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cupo, RechazoSobreventa, SalidaDisponible, VentaInput } from '@/api/pasajes';
import { makePasaje, signIn } from '@/testing/fixtures';
import { estadoCaja, makeCaja, signInVendedor } from '@/testing/handlers/caja';
import { catalogHandlers } from '@/testing/handlers/config';
import { renderWithProviders } from '@/testing/render';
import { ok, server } from '@/testing/server';
import { VentaPasajesPage } from '@/features/venta/routes/VentaPasajesPage';
import { proximaSalida, VistaLugares } from './LugaresDisponibles';

const cupo = (c: Partial<Cupo>): Cupo => ({ limitado: true, origen: 'seccion', capacidad: 60, vendidos: 59, quedan: 1, salidas: 0, ...c });
const MENSAJE = 'No quedan lugares para esa fecha y sección (quedan 1). Requiere confirmación de un supervisor.';

/**
 * The seats are one left; POST /pasajes/lote refuses a sale past them without a confirmation (409 with
 * its data), a wrong supervisor password with 403, and sells with the right one.
 */
function servidorSinLugares() {
  const calls: VentaInput[] = [];
  server.use(
    http.get('/api/pasajes/disponibilidad', () => ok({ ...cupo({}), salidas_del_dia: [] })),
    http.post('/api/pasajes/lote', async ({ request }) => {
      const body = (await request.json()) as VentaInput;
      calls.push(body);
      if (!body.sobreventa) {
        const data: RechazoSobreventa = { ...cupo({}), solicitados: 2, exceso: 1 };
        return HttpResponse.json({ success: false, message: MENSAJE, data }, { status: 409 });
      }
      if (body.sobreventa.nombre_usuario && body.sobreventa.password !== 'clave-buena') {
        return HttpResponse.json({ success: false, message: 'Usuario o contraseña del supervisor incorrectos' }, { status: 403 });
      }
      return ok({ pasajes: [makePasaje({ id: 100, estado: 'activo' }), makePasaje({ id: 101, estado: 'activo' })], total: 9000 }, { status: 201 });
    }),
  );
  return calls;
}

describe('seats left on the quick sale', () => {
  it('says how many are left, warns when the sale goes past them and alerts when none are left', () => {
    let vista = renderWithProviders(<VistaLugares cupo={cupo({ quedan: 12, vendidos: 48 })} fecha="2026-11-20" pedidos={2} />);
    const rerender = (ui: React.ReactElement) => {
      vista.unmount();
      vista = renderWithProviders(ui);
    };
    expect(screen.getByRole('status')).toHaveTextContent('Quedan 12 lugares de 60 (la sección el 20/11/2026)');
    expect(screen.queryByText(/supera los lugares/)).not.toBeInTheDocument();
    rerender(<VistaLugares cupo={cupo({ quedan: 1, origen: 'salidas', salidas: 2 })} fecha="2026-11-20" pedidos={3} />);
    expect(screen.getByRole('status')).toHaveTextContent('Quedan 1 lugar de 60 (las 2 salidas del 20/11/2026)');
    expect(screen.getByText(/La venta lleva 3 pasajeros: supera los lugares/)).toBeInTheDocument();
    rerender(<VistaLugares cupo={cupo({ quedan: -20, vendidos: 80 })} fecha="2026-11-20" pedidos={0} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No quedan lugares (80 vendidos de 60)');
    expect(screen.getByRole('alert')).toHaveTextContent('Vender más requiere la confirmación de un supervisor.');
    rerender(<VistaLugares cupo={cupo({ limitado: false, origen: 'libre', capacidad: 0 })} fecha="2026-11-20" pedidos={5} />);
    expect(screen.getByRole('status')).toHaveTextContent('no hay límite de lugares');
  });
});

describe('a sale past the seats', () => {
  beforeEach(() => {
    server.use(...catalogHandlers, estadoCaja(makeCaja()));
  });

  it("asks a supervisor's credentials from the keyboard, shows a wrong password and sells with the right one", async () => {
    signInVendedor();
    const calls = servidorSinLugares();
    const { user } = renderWithProviders(<VentaPasajesPage />, { route: '/admin/venta-pasajes' });
    await screen.findByRole('button', { name: /Tigre – Tres Bocas/ });
    await user.keyboard('{Enter}2');
    expect(await screen.findByText(/Quedan 1 lugar/)).toBeInTheDocument();
    expect(screen.getByText(/La venta lleva 2 pasajeros: supera los lugares/)).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');

    const dialogo = await screen.findByRole('dialog', { name: 'Venta sin lugares' });
    expect(within(dialogo).getByText(MENSAJE)).toBeInTheDocument();
    expect(within(dialogo).getByText(/La venta lleva 2 pasajeros: 1 de más/)).toBeInTheDocument();
    const usuario = within(dialogo).getByLabelText(/Usuario del supervisor/);
    expect(usuario).toHaveFocus();
    await user.keyboard('supervisor{Tab}mala{Enter}');
    expect(await within(dialogo).findByText('Usuario o contraseña del supervisor incorrectos')).toHaveAttribute('role', 'alert');
    expect(calls[1].sobreventa).toEqual({ nombre_usuario: 'supervisor', password: 'mala' });

    await user.clear(within(dialogo).getByLabelText(/Contraseña del supervisor/));
    await user.type(within(dialogo).getByLabelText(/Contraseña del supervisor/), 'clave-buena{Enter}');
    const venta = await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(venta).toBeInTheDocument();
    expect(calls).toHaveLength(3);
    expect(calls[2]).toMatchObject({ lineas: [{ tipo_viaje_id: 1, cantidad: 2 }], sobreventa: { nombre_usuario: 'supervisor', password: 'clave-buena' } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Venta sin lugares' })).not.toBeInTheDocument());
  });

  it('lets a role with pasajes.sobreventa confirm it with one button, and nothing is sold when it cancels', async () => {
    signIn('supervisor', {
      rolInfo: { nombre: 'supervisor', permisos: { caja: { abrir: true, ver: true }, pasajes: { crear: true, sobreventa: true } } },
    });
    const calls = servidorSinLugares();
    const { user } = renderWithProviders(<VentaPasajesPage />, { route: '/admin/venta-pasajes' });
    await screen.findByRole('button', { name: /Tigre – Tres Bocas/ });
    await user.keyboard('{Enter}2');
    await user.click(screen.getByRole('button', { name: /^Crear Pasajes? —/ }));
    let dialogo = await screen.findByRole('dialog', { name: 'Venta sin lugares' });
    expect(within(dialogo).queryByLabelText(/Usuario del supervisor/)).not.toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    expect(calls).toHaveLength(1);
    expect(screen.getByText(MENSAJE)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Crear Pasajes? —/ }));
    dialogo = await screen.findByRole('dialog', { name: 'Venta sin lugares' });
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar venta sin lugares' }));
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls[2].sobreventa).toEqual({});
  });
});

const salidaDisponible = (id: number, hora: string, s: Partial<SalidaDisponible> = {}): SalidaDisponible => ({
  id, hora, sentido: 'ida', estado: 'programada', embarcacion: 'Delta I', parada_embarque: 'Tigre', capacidad: 3, vendidos: 0, quedan: 3, ...s,
});

describe("the day's departures on the quick sale", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('chooses the next open outbound departure that has not left yet', () => {
    const salidas = [salidaDisponible(1, '08:00', { estado: 'zarpo' }), salidaDisponible(4, '08:45', { sentido: 'vuelta' }),
      salidaDisponible(2, '09:00'), salidaDisponible(3, '10:30')];
    expect(proximaSalida(salidas, true, '08:30')?.id).toBe(2);
    expect(proximaSalida(salidas, true, '09:15')?.id).toBe(3);
    expect(proximaSalida(salidas, true, '11:00')).toBeNull();
    expect(proximaSalida(salidas, false, '23:59')?.id).toBe(2);
  });

  it('offers them with boat, stop and seats, preselects the next one and sells the one chosen with the keyboard', async () => {
    server.use(...catalogHandlers, estadoCaja(makeCaja()));
    signInVendedor();
    const calls: VentaInput[] = [];
    server.use(
      http.get('/api/pasajes/disponibilidad', () => ok({
        ...cupo({ origen: 'salidas', capacidad: 6, vendidos: 1, quedan: 5, salidas: 2 }),
        salidas_del_dia: [
          salidaDisponible(6, '08:00'),
          salidaDisponible(7, '10:30', { vendidos: 3, quedan: 0 }),
          salidaDisponible(8, '12:00', { embarcacion: 'Caracol', vendidos: 1, quedan: 2 }),
          salidaDisponible(9, '13:00', { estado: 'cancelada' }),
        ],
      })),
      http.post('/api/pasajes/lote', async ({ request }) => {
        calls.push((await request.json()) as VentaInput);
        return ok({ pasajes: [makePasaje({ id: 100 })], total: 4500 }, { status: 201 });
      }),
    );
    // 09:00 of the company's day: the 08:00 has left, the 10:30 is the next one
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T09:00:00-03:00'));
    const { user } = renderWithProviders(<VentaPasajesPage />, { route: '/admin/venta-pasajes' });
    await screen.findByRole('button', { name: /Tigre – Tres Bocas/ });
    await user.keyboard('{Enter}1');
    const grupo = await screen.findByRole('radiogroup', { name: 'Salida' });
    const primera = within(grupo).getByRole('radio', { name: /10:30 · Delta I/ });
    expect(within(grupo).getByText('Sin lugares (requiere supervisor) · embarca en Tigre')).toBeInTheDocument();
    expect(within(grupo).getByText('Quedan 2 lugares de 3 · embarca en Tigre')).toBeInTheDocument();
    expect(within(grupo).getByRole('radio', { name: /13:00/ })).toBeDisabled();
    expect(within(grupo).getByText('Cancelada')).toBeInTheDocument();
    // the next one is chosen; the seller moves to the 12:00 with the arrows
    await waitFor(() => expect(primera).toBeChecked());
    await user.click(primera);
    await user.keyboard('{ArrowRight}');
    expect(within(grupo).getByRole('radio', { name: /12:00 · Caracol/ })).toBeChecked();
    expect(screen.getByRole('region', { name: 'Resumen de la venta' })).toHaveTextContent('Salida12:00 · Caracol');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls[0]).toMatchObject({ salida_id: 8, lineas: [{ tipo_viaje_id: 1, cantidad: 1 }] });
  });
});
