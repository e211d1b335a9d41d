import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Caja } from '@/api/caja';
import { GestionCajaPage } from '@/features/caja/routes/GestionCajaPage';
import { estadoCaja, makeCaja, signInVendedor } from '@/testing/handlers/caja';
import { catalogHandlers } from '@/testing/handlers/config';
import { renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn(), openPopup: vi.fn() }));

/** An open register as the server sends it to a blind role: no expected figures. */
function cajaCiega(): Caja {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { total_ingresos, total_egresos, monto_actual, total_ventas, efectivo_esperado, por_medio, ...resto } = makeCaja();
  return resto;
}

const DENOMINACIONES = [
  { codigo: 'b20000', tipo: 'billete', valor: 20000 },
  { codigo: 'b1000', tipo: 'billete', valor: 1000 },
  { codigo: 'm10', tipo: 'moneda', valor: 10 },
  { codigo: 'm2', tipo: 'moneda', valor: 2 },
];

function conteo(efectivo: number, esperado: number, tolerancia: number) {
  return {
    efectivo, efectivo_esperado: esperado, discrepancia: Math.abs(efectivo - esperado), tolerancia,
    medios: [{ medio_pago_id: 4, contado: 4500, esperado: 4500, diferencia: 0 }],
  };
}

describe('CierreCiego', () => {
  beforeEach(() => {
    signInVendedor();
    server.use(...catalogHandlers, estadoCaja(cajaCiega()),
      http.get('/api/caja/denominaciones', () => ok(DENOMINACIONES)));
  });

  it('counts by denomination without showing the expected cash, then a supervisor approves the difference', async () => {
    const cerrar: unknown[] = [];
    const aprobar: unknown[] = [];
    server.use(
      http.post('/api/caja/cerrar', async ({ request }) => {
        cerrar.push(await request.json());
        // a blind count waiting for approval: what was counted, nothing that gives what the register should hold
        return ok({ ...cajaCiega(), estado: 'abierta', pendiente_aprobacion: true, monto_cierre: 41026, diferencia: null });
      }),
      http.post('/api/caja/aprobar-cierre', async ({ request }) => {
        const body = await request.json() as { password: string };
        aprobar.push(body);
        if (body.password !== 'Muelle.2026') return fail(403, 'Usuario o contraseña del supervisor incorrectos');
        return ok({ ...cajaCiega(), estado: 'cerrada', monto_cierre: 41026, diferencia: -474, total_ventas: 31500,
          total_egresos: 0, efectivo_esperado: 41500, por_medio: [], montoFinal: 46000, conteo: conteo(41026, 41500, 0) });
      }),
    );
    const { user } = renderWithProviders(<GestionCajaPage />, { route: '/admin/gestion-caja' });
    // No figure of the register but its opening.
    expect(await screen.findByRole('group', { name: 'Monto Apertura' })).toHaveTextContent('$ 10.000,00');
    expect(screen.queryByRole('group', { name: 'Saldo Actual' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Por medio de pago' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cerrar Caja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar Caja' });
    expect(dialog).not.toHaveTextContent(/esperado/i);
    await user.type(await within(dialog).findByLabelText('Billetes de $ 20.000'), '2');
    await user.type(within(dialog).getByLabelText('Billetes de $ 1.000'), '1');
    await user.type(within(dialog).getByLabelText('Monedas de $ 10'), '2');
    await user.type(within(dialog).getByLabelText('Monedas de $ 2'), '3');
    // 40.000 + 1.000 + 20 + 6, computed for the cashier.
    expect(within(dialog).getByText('$ 41.026,00')).toBeInTheDocument();
    expect(within(dialog).getByText('= $ 40.000,00')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Débito contado'), '4500');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar conteo y cerrar' }));

    // The count waits for approval: what was counted shows, the expected cash and the difference do not.
    expect(await within(dialog).findByText('El cierre necesita la aprobación de un supervisor')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/Efectivo contado\s*\$\s41\.026,00/);
    expect(dialog).not.toHaveTextContent(/esperado|Diferencia en efectivo/);
    // the send button is gone: the keyboard goes on in the supervisor's user
    expect(within(dialog).getByLabelText(/Usuario del supervisor/)).toHaveFocus();
    expect(cerrar[0]).toEqual({
      monto_cierre: 41026,
      denominaciones: [{ codigo: 'b20000', cantidad: 2 }, { codigo: 'b1000', cantidad: 1 }, { codigo: 'm10', cantidad: 2 }, { codigo: 'm2', cantidad: 3 }],
      medios: [{ medio_pago_id: 4, contado: 4500 }, { medio_pago_id: 5, contado: 0 }],
      observaciones: '', generar_reporte: false,
    });

    await user.type(within(dialog).getByLabelText(/Usuario del supervisor/), 'supervisor');
    await user.type(within(dialog).getByLabelText(/Contraseña del supervisor/), 'mala');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar cierre' }));
    // A wrong password stays in the dialog: the server's message under the password, cleared and focused; the user kept.
    const clave = within(dialog).getByLabelText(/Contraseña del supervisor/);
    await waitFor(() => expect(clave).toHaveFocus());
    expect(clave).toHaveValue('');
    expect(clave).toHaveAccessibleDescription('Usuario o contraseña del supervisor incorrectos');
    expect(within(dialog).getByLabelText(/Usuario del supervisor/)).toHaveValue('supervisor');
    expect(screen.queryByRole('dialog', { name: 'Error al Cerrar Caja' })).not.toBeInTheDocument();

    await user.type(clave, 'Muelle.2026{Enter}');
    // Approved, the close is final: now its figures show.
    const resumen = await screen.findByRole('dialog', { name: 'Caja cerrada' });
    expect(resumen).toHaveTextContent('Caja cerrada exitosamente');
    expect(resumen).toHaveTextContent(/Efectivo esperado\s*\$\s41\.500,00/);
    expect(resumen).toHaveTextContent(/Diferencia\s*-\$\s474,00/);
    expect(aprobar).toEqual([{ nombre_usuario: 'supervisor', password: 'mala' }, { nombre_usuario: 'supervisor', password: 'Muelle.2026' }]);
  });

  it('shows the difference of a pending count to whom the server gives it', async () => {
    server.use(http.post('/api/caja/cerrar', () => ok({ ...cajaCiega(), estado: 'abierta', pendiente_aprobacion: true, monto_cierre: 41026,
      diferencia: -474, efectivo_esperado: 41500, montoFinal: 46000, conteo: conteo(41026, 41500, 0) })));
    const { user } = renderWithProviders(<GestionCajaPage />, { route: '/admin/gestion-caja' });
    await user.click(await screen.findByRole('button', { name: 'Cerrar Caja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar Caja' });
    await user.type(await within(dialog).findByLabelText('Billetes de $ 1.000'), '41');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar conteo y cerrar' }));
    expect(await within(dialog).findByText(/Diferencia en efectivo/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/Diferencia en efectivo\s*-\$\s474,00/);
    expect(dialog).toHaveTextContent(/Débito\s*contado \$\s4\.500,00, esperado \$\s4\.500,00\s*\$\s0,00/);
  });

  it('closes at once within the tolerance and shows the difference after the count', async () => {
    server.use(http.post('/api/caja/cerrar', () => ok({ ...cajaCiega(), estado: 'cerrada', monto_cierre: 1000, diferencia: 0,
      total_ventas: 0, total_egresos: 0, efectivo_esperado: 1000, por_medio: [], montoFinal: 1000, conteo: conteo(1000, 1000, 100) })));
    const { user } = renderWithProviders(<GestionCajaPage />, { route: '/admin/gestion-caja' });
    await user.click(await screen.findByRole('button', { name: 'Cerrar Caja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar Caja' });
    await user.type(await within(dialog).findByLabelText('Billetes de $ 1.000'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar conteo y cerrar' }));
    const resumen = await screen.findByRole('dialog', { name: 'Caja cerrada' });
    expect(resumen).toHaveTextContent('Caja cerrada exitosamente');
    expect(resumen).toHaveTextContent(/Efectivo esperado\s*\$\s1\.000,00/);
  });

  it('counts apart the methods by their tipo, not their name: not the cash ones, not Mercado Pago QR', async () => {
    const cerrar: unknown[] = [];
    server.use(
      http.get('/api/config/medios-pago', () => ok([
        { id: 1, nombre: 'Caja chica', descripcion: '', activo: true, tipo: 'efectivo' },
        { id: 6, nombre: 'QR integrado', descripcion: '', activo: true, tipo: 'mercadopago_qr' },
        { id: 7, nombre: 'Efectivo en dólares', descripcion: '', activo: true, tipo: 'otro' },
      ])),
      http.post('/api/caja/cerrar', async ({ request }) => {
        cerrar.push(await request.json());
        return ok({ ...cajaCiega(), estado: 'cerrada', monto_cierre: 1000, diferencia: 0, total_ventas: 0, total_egresos: 0,
          efectivo_esperado: 1000, por_medio: [], montoFinal: 1000, conteo: conteo(1000, 1000, 100) });
      }),
    );
    const { user } = renderWithProviders(<GestionCajaPage />, { route: '/admin/gestion-caja' });
    await user.click(await screen.findByRole('button', { name: 'Cerrar Caja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar Caja' });
    await user.type(await within(dialog).findByLabelText('Billetes de $ 1.000'), '1');
    await user.type(await within(dialog).findByLabelText('Efectivo en dólares contado'), '50');
    expect(within(dialog).queryByLabelText('Caja chica contado')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('QR integrado contado')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar conteo y cerrar' }));
    await screen.findByRole('dialog', { name: 'Caja cerrada' });
    expect(cerrar[0]).toMatchObject({ monto_cierre: 1000, medios: [{ medio_pago_id: 7, contado: 50 }] });
  });

  it('says when the bills and coins could not be loaded, retries them, and lets the cash total be typed meanwhile', async () => {
    let intentos = 0;
    server.use(http.get('/api/caja/denominaciones', () => (++intentos === 1 ? fail(500, 'Error interno') : ok(DENOMINACIONES))));
    const { user } = renderWithProviders(<GestionCajaPage />, { route: '/admin/gestion-caja' });
    await user.click(await screen.findByRole('button', { name: 'Cerrar Caja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar Caja' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudieron cargar los billetes y las monedas');
    expect(within(dialog).getByRole('button', { name: 'Ingresar el total del efectivo' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByLabelText('Billetes de $ 20.000')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
