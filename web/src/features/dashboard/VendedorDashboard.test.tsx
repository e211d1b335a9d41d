import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { MODULOS, signIn } from '@/testing/fixtures';
import { makeCaja, signInVendedor } from '@/testing/handlers/caja';
import { renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import type { VendedorStats } from '@/api/dashboard';
import { VendedorDashboard } from './VendedorDashboard';

const ABIERTA: VendedorStats = {
  miCajaAbierta: true,
  miCajaInfo: makeCaja({ monto_actual: 21250 }),
  misVentasHoy: 3,
  misIngresosHoy: 11250,
  misUltimasVentas: [
    { id: 127, numero_pasaje: 'LD-20261122-000073', cliente: 'Cliente Anónimo', monto: 2250, hora: '2020-01-02T12:05:00Z', seccion: 'Tigre – Tres Bocas' },
  ],
};

const stats = (data: VendedorStats) => server.use(http.get('/api/dashboard/stats', () => ok(data)));

describe('VendedorDashboard', () => {
  beforeEach(() => {
    signInVendedor();
  });

  it('shows the open register, today figures, the latest sales and the shortcuts', async () => {
    stats(ABIERTA);
    renderWithProviders(<VendedorDashboard />);
    expect(await screen.findByRole('group', { name: 'Ventas de hoy' })).toHaveTextContent('3');
    expect(screen.getByRole('group', { name: 'Ingresos de hoy' })).toHaveTextContent('$ 11.250,00');
    expect(screen.getByText('Caja activa')).toBeInTheDocument();
    expect(screen.getByText('$ 21.250,00')).toBeInTheDocument();
    expect(screen.getByText('22/11/2026 08:30')).toBeInTheDocument();

    const fila = screen.getByRole('row', { name: /LD-20261122-000073/ });
    expect(within(fila).getByText('Cliente Anónimo')).toBeInTheDocument();
    expect(within(fila).getByText('Tigre – Tres Bocas')).toBeInTheDocument();
    expect(within(fila).getByText('02/01/2020 09:05')).toBeInTheDocument();
    expect(within(fila).getByText('$ 2.250,00')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Vender pasajes' })).toHaveAttribute('href', '/admin/venta-pasajes');
    expect(screen.getByRole('link', { name: 'Mi caja' })).toHaveAttribute('href', '/admin/gestion-caja');
    expect(screen.queryByText('Caja cerrada')).not.toBeInTheDocument();
  });

  it('counting blind, shows the sales without amounts nor the income of the day', async () => {
    stats({ ...ABIERTA, misIngresosHoy: null, misUltimasVentas: ABIERTA.misUltimasVentas.map((v) => ({ ...v, monto: null })) });
    renderWithProviders(<VendedorDashboard />);
    expect(await screen.findByRole('group', { name: 'Ventas de hoy' })).toHaveTextContent('3');
    expect(screen.queryByRole('group', { name: 'Ingresos de hoy' })).not.toBeInTheDocument();
    const tabla = screen.getByRole('table', { name: 'Últimas ventas' });
    expect(within(tabla).queryByRole('columnheader', { name: 'Monto' })).not.toBeInTheDocument();
    expect(within(tabla).getByRole('row', { name: /LD-20261122-000073/ })).not.toHaveTextContent('$');
  });

  it('warns when the register is closed and disables selling', async () => {
    stats({ miCajaAbierta: false, miCajaInfo: null, misVentasHoy: 0, misIngresosHoy: 0, misUltimasVentas: [] });
    renderWithProviders(<VendedorDashboard />);
    expect(await screen.findByText('Caja cerrada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir Caja' }));
    expect(await screen.findByRole('dialog', { name: 'Abrir Caja' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Monto de apertura/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vender pasajes' })).toBeDisabled();
    expect(screen.getByText('No hay ventas recientes')).toBeInTheDocument();
  });

  it('leaves out the shortcuts of a module the company lacks (an expired Caja)', async () => {
    signIn('vendedor', { modulos: MODULOS.filter((m) => m !== 'caja') });
    stats({ miCajaAbierta: false, miCajaInfo: null, misVentasHoy: 0, misIngresosHoy: 0, misUltimasVentas: [] });
    renderWithProviders(<VendedorDashboard />);
    expect(await screen.findByText('No hay ventas recientes')).toBeInTheDocument();
    expect(screen.queryByText('Caja cerrada')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mi caja' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vender pasajes' })).toBeDisabled();
  });

  it("shows 'Error al obtener estadísticas' when the call fails", async () => {
    server.use(http.get('/api/dashboard/stats', () => fail(500, 'Error interno')));
    renderWithProviders(<VendedorDashboard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al obtener estadísticas');
  });
});
