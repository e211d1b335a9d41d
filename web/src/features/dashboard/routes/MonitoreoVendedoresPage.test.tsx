import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { makeVendedor } from '@/testing/handlers/dashboard';
import { renderApp, renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { MonitoreoVendedoresPage } from './MonitoreoVendedoresPage';

describe('MonitoreoVendedoresPage', () => {
  it('shows the totals and one card per seller', async () => {
    signIn('supervisor');
    server.use(http.get('/api/dashboard/vendedores', () => ok({
      totales: { vendedores: 2, activos: 1, inactivos: 1, ventas: 3, ingresos: 13500 },
      vendedores: [
        makeVendedor(),
        makeVendedor({ id: 8, vendedor: 'Julia Paz', nombre_usuario: 'jpaz', caja_estado: 'cerrada', fecha_apertura: null, ventas_hoy: 0, total_ventas: 0 }),
      ],
    })));
    renderWithProviders(<MonitoreoVendedoresPage />);
    expect(await screen.findByRole('group', { name: 'Vendedores' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Activos' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Inactivos' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Ventas de hoy' })).toHaveTextContent('3');
    expect(screen.getByRole('group', { name: 'Recaudado hoy' })).toHaveTextContent('$ 13.500,00');

    const diego = screen.getByRole('article', { name: 'Diego Sosa' });
    expect(within(diego).getByText('Activo')).toBeInTheDocument();
    expect(within(diego).getByText('ID 4 · vendedor')).toBeInTheDocument();
    expect(within(diego).getByText(/^Caja abierta hace /)).toBeInTheDocument();
    expect(within(diego).getByText('$ 13.500,00')).toBeInTheDocument();
    const julia = screen.getByRole('article', { name: 'Julia Paz' });
    expect(within(julia).getByText('Inactivo')).toBeInTheDocument();
    expect(within(julia).getByText('Caja cerrada')).toBeInTheDocument();
  });

  it("says 'Error al cargar datos de vendedores' when the call fails", async () => {
    signIn('admin');
    server.use(http.get('/api/dashboard/vendedores', () => fail(500, 'Error interno del servidor')));
    renderWithProviders(<MonitoreoVendedoresPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar datos de vendedores');
  });

  it('is refused to a seller', async () => {
    signIn('vendedor');
    renderApp('/admin/monitoreo-vendedores');
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Monitoreo de Vendedores' })).not.toBeInTheDocument();
  });
});
