import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SupervisorStats } from '@/api/dashboard';
import { signInSupervisor } from '@/testing/handlers/pasajes';
import { makeCaja } from '@/testing/handlers/caja';
import { makeVendedor } from '@/testing/handlers/dashboard';
import { renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { SupervisorDashboard } from './SupervisorDashboard';

const HOY: SupervisorStats = {
  miCajaAbierta: true, miCajaInfo: makeCaja({ monto_actual: 14500 }), misVentasHoy: 1, misIngresosHoy: 4500, misUltimasVentas: [],
  vendedoresActivos: 1, pasajesEmbarcados: 7,
  vendedoresSupervisados: [
    makeVendedor(),
    makeVendedor({ id: 8, vendedor: 'Julia Paz', nombre_usuario: 'jpaz', caja_estado: 'cerrada', fecha_apertura: null, ventas_hoy: 0, total_ventas: 0 }),
  ],
};

const stats = (data: SupervisorStats) => server.use(http.get('/api/dashboard/stats', () => ok(data)));

describe('SupervisorDashboard', () => {
  it('shows the figures, the own register, the sellers and the shortcuts', async () => {
    signInSupervisor();
    stats(HOY);
    renderWithProviders(<SupervisorDashboard />);
    expect(await screen.findByRole('group', { name: 'Vendedores activos' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Embarcados hoy' })).toHaveTextContent('7');
    expect(screen.getByRole('group', { name: 'Mis ingresos de hoy' })).toHaveTextContent('$ 4.500,00');
    expect(screen.getByText('Caja activa')).toBeInTheDocument();
    expect(screen.getByText('$ 14.500,00')).toBeInTheDocument();

    const diego = screen.getByRole('row', { name: /Diego Sosa/ });
    expect(within(diego).getByText('Caja abierta')).toBeInTheDocument();
    expect(within(diego).getByText('22/11/2026 08:30')).toBeInTheDocument();
    expect(within(diego).getByText('$ 13.500,00')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Julia Paz/ })).getByText('Caja cerrada')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Monitoreo de Vendedores' })).toHaveAttribute('href', '/admin/monitoreo-vendedores');
    expect(screen.getByRole('link', { name: 'Validador' })).toHaveAttribute('href', '/admin/validador');
  });

  it('offers to open the own register when it is closed', async () => {
    signInSupervisor();
    stats({ ...HOY, miCajaAbierta: false, miCajaInfo: null, vendedoresSupervisados: [] });
    renderWithProviders(<SupervisorDashboard />);
    expect(await screen.findByText('No tienes una caja abierta.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mi Caja' })).toHaveAttribute('href', '/admin/gestion-caja');
    expect(screen.getByText('No hay vendedores activos en la empresa')).toBeInTheDocument();
  });

  it('shows the error box when the figures do not load', async () => {
    signInSupervisor();
    server.use(http.get('/api/dashboard/stats', () => fail(500, 'Error interno del servidor')));
    renderWithProviders(<SupervisorDashboard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al obtener estadísticas');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
