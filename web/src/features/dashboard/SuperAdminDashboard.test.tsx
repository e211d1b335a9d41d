import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { EmpresaResumen, GlobalStats } from '@/api/dashboard';
import { signIn } from '@/testing/fixtures';
import { GLOBAL_VACIO } from '@/testing/handlers/dashboard';
import { renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { datosGrafico } from './GraficoEmpresas';
import { SuperAdminDashboard } from './SuperAdminDashboard';

const empresa = (id: number, nombre: string, overrides: Partial<EmpresaResumen> = {}): EmpresaResumen => ({
  id, nombre, activa: true, usuarios_activos: 5, pasajes_hoy: 2, ingresos_hoy: 9000, cajas_abiertas: 1,
  ultima_venta: '2026-11-22T13:00:00Z', ...overrides,
});

const GLOBAL: GlobalStats = {
  ...GLOBAL_VACIO,
  metricas_globales: {
    total_empresas: 2, empresas_activas: 1, empresas_inactivas: 1, volumen_movimientos_hoy: 13500, pasajes_hoy_sistema: 3,
    usuarios_activos_sistema: 8, cajas_abiertas_sistema: 2,
  },
  empresas: [empresa(1, 'Lanchas del Delta'), empresa(2, 'Interisleña Demo', { activa: false, ultima_venta: null, pasajes_hoy: 1 })],
  alertas: [
    { tipo: 'warning', mensaje: 'Lanchas del Delta: 1 caja abierta hace más de 12 horas', cantidad: 1 },
    { tipo: 'info', mensaje: '1 empresa inactiva', cantidad: 1 },
  ],
  monitoreo: {
    uptime_segundos: 2 * 3600 + 15 * 60, latencia_bd_ms: 0.4, sockets_abiertos: 12, peticiones_por_minuto: 87,
    errores_por_minuto: 1, peticiones_totales: 5400, errores_totales: 3,
  },
};

const stats = (data: GlobalStats) => server.use(http.get('/api/dashboard/stats', () => ok(data)));

describe('SuperAdminDashboard', () => {
  it('shows the metric cards, the alerts and the four tabs', async () => {
    signIn('super_admin');
    stats(GLOBAL);
    const { user } = renderWithProviders(<SuperAdminDashboard />);
    const empresas = await screen.findByRole('group', { name: 'Empresas' });
    expect(empresas).toHaveTextContent('2');
    expect(empresas).toHaveTextContent('1 activa · 1 inactiva');
    expect(screen.getByRole('group', { name: 'Volumen de hoy' })).toHaveTextContent('$ 13.500,00');
    expect(screen.getByRole('group', { name: 'Usuarios activos' })).toHaveTextContent('8');
    expect(await screen.findByRole('figure', { name: 'Pasajes de hoy y usuarios activos por empresa' })).toBeInTheDocument();
    expect(screen.getByText('Lanchas del Delta: 1 caja abierta hace más de 12 horas')).toBeInTheDocument();
    expect(screen.getByText('1 empresa inactiva')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Empresas' }));
    const delta = screen.getByRole('row', { name: /Lanchas del Delta/ });
    expect(within(delta).getByText('Activa')).toBeInTheDocument();
    expect(within(delta).getByText('$ 9.000,00')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Interisleña Demo/ })).getByText('Sin ventas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nueva empresa/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Servicios' }));
    expect(within(screen.getByRole('group', { name: 'Base de Datos' })).getByText('Conectado')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Monitoreo' }));
    expect(screen.getByRole('group', { name: 'Tiempo activo' })).toHaveTextContent('2 h 15 min');
    expect(screen.getByRole('group', { name: 'Latencia de la base de datos' })).toHaveTextContent('0,4 ms');
    expect(screen.getByRole('group', { name: 'Conexiones en tiempo real' })).toHaveTextContent('12');
    expect(screen.getByRole('group', { name: 'Peticiones por minuto' })).toHaveTextContent('87');
    expect(screen.getByRole('group', { name: 'Errores en el último minuto' })).toHaveTextContent('3 desde el inicio');
  });

  it("shows 'Sin datos disponibles' without companies, and no alerts banner", async () => {
    signIn('super_admin');
    stats(GLOBAL_VACIO);
    const { user } = renderWithProviders(<SuperAdminDashboard />);
    expect(await screen.findByText('Sin datos disponibles')).toBeInTheDocument();
    expect(screen.queryByText('Alertas del sistema')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Empresas' }));
    expect(screen.getByText('Sin datos disponibles')).toBeInTheDocument();
  });

  it('chooses the refresh interval, and turning auto-refresh off disables it', async () => {
    signIn('super_admin');
    stats(GLOBAL);
    const { user } = renderWithProviders(<SuperAdminDashboard />);
    await screen.findByRole('group', { name: 'Empresas' });
    const treinta = screen.getByRole('radio', { name: '30 s' });
    expect(treinta).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '10 s' }));
    expect(screen.getByRole('radio', { name: '10 s' })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Actualización automática' }));
    expect(screen.getByRole('radio', { name: '1 min' })).toBeDisabled();
  });

  it('shows the error box with Reintentar and Recargar Página', async () => {
    signIn('super_admin');
    server.use(http.get('/api/dashboard/stats', () => fail(503, 'Base de datos no disponible')));
    renderWithProviders(<SuperAdminDashboard />);
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Error al obtener estadísticas');
    expect(within(alerta).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(within(alerta).getByRole('button', { name: 'Recargar Página' })).toBeInTheDocument();
  });
});

describe('datosGrafico', () => {
  it('takes the first 10 companies and cuts their names at 15 characters', () => {
    const muchas = Array.from({ length: 12 }, (_, i) => empresa(i + 1, `Empresa de lanchas número ${i + 1}`, { pasajes_hoy: i }));
    const datos = datosGrafico(muchas);
    expect(datos).toHaveLength(10);
    expect(datos[0]).toEqual({ empresa: 'Empresa de lanc', pasajes: 0, usuarios: 5 });
    expect(datos[9]?.pasajes).toBe(9);
  });
});
