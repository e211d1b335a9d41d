import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GlobalStats } from '@/api/dashboard';
import type { ComparativoEmpresas } from '@/api/reportesEmpresas';
import { signIn } from '@/testing/fixtures';
import { GLOBAL_VACIO } from '@/testing/handlers/dashboard';
import { EMPRESAS, mockEmpresas } from '@/testing/handlers/empresas';
import { renderApp } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';

const GLOBAL: GlobalStats = {
  ...GLOBAL_VACIO,
  metricas_globales: {
    total_empresas: 2, empresas_activas: 1, empresas_inactivas: 1, volumen_movimientos_hoy: 13500.5, pasajes_hoy_sistema: 3,
    usuarios_activos_sistema: 8, cajas_abiertas_sistema: 2,
  },
  empresas: [
    { id: 1, nombre: 'Lanchas del Delta', activa: true, usuarios_activos: 5, pasajes_hoy: 2, ingresos_hoy: 9000, cajas_abiertas: 1,
      ultima_venta: '2026-11-22T13:00:00Z' },
    { id: 2, nombre: 'Interisleña Demo', activa: false, usuarios_activos: 3, pasajes_hoy: 1, ingresos_hoy: 4500, cajas_abiertas: 1,
      ultima_venta: null },
  ],
};

const cifras = { pasajes: 0, ingresos: 0, cancelados: 0, importe_cancelado: 0, cajas_abiertas: 0, cajas_cerradas: 0,
  cajas_con_faltante: 0, diferencia_cajas: 0 };
const COMPARATIVO: ComparativoEmpresas = {
  periodo: { tipo: 'mes', desde: '2026-11-01', hasta: '2026-11-30', base: 'venta' },
  empresas: [
    { id: 1, nombre: 'Lanchas del Delta', activa: true, ...cifras, pasajes: 120, ingresos: 540000, cancelados: 2, importe_cancelado: 9000,
      cajas_cerradas: 10, cajas_con_faltante: 1, diferencia_cajas: -100 },
    { id: 2, nombre: 'Interisleña Demo', activa: false, ...cifras, pasajes: 40, ingresos: 180000, cajas_abiertas: 1 },
  ],
  totales: { ...cifras, pasajes: 160, ingresos: 720000, cancelados: 2, importe_cancelado: 9000, cajas_abiertas: 1, cajas_cerradas: 10,
    cajas_con_faltante: 1, diferencia_cajas: -100 },
};

describe('Reportes Generales', () => {
  it('adds up the installation and lists each company, N/A without a sale', async () => {
    signIn('super_admin');
    server.use(http.get('/api/dashboard/stats', () => ok(GLOBAL)));
    renderApp('/admin/reportes/generales');
    expect(await screen.findByRole('group', { name: 'Empresas' })).toHaveTextContent('21 activa · 1 inactiva');
    expect(screen.getByRole('group', { name: 'Movimientos de hoy' })).toHaveTextContent('$ 13.500,503 pasajes');
    const filas = within(screen.getByRole('table')).getAllByRole('row');
    expect(filas[1]).toHaveTextContent('Lanchas del Delta 52122/11/2026 10:00');
    expect(filas[2]).toHaveTextContent('Interisleña Demo Inactiva311N/A');
  });

  it('is refused to an admin', async () => {
    signIn('admin');
    renderApp('/admin/reportes/generales');
    expect(await screen.findByText('Acceso Denegado')).toBeInTheDocument();
  });
});

describe('Reportes Multiempresa', () => {
  it('counts the companies, lists them and compares them over the chosen period', async () => {
    signIn('super_admin');
    mockEmpresas();
    const pedidos: string[] = [];
    server.use(http.get('/api/reportes/empresas', ({ request }) => {
      pedidos.push(new URL(request.url).search);
      return ok(COMPARATIVO);
    }));
    const { user } = renderApp('/admin/reportes/empresas');
    expect(await screen.findByRole('group', { name: 'Total de empresas' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Inactivas' })).toHaveTextContent('1');
    const empresas = screen.getByRole('table', { name: 'Empresas' });
    expect(within(empresas).getAllByRole('row')[2]).toHaveTextContent(`Interisleña Demo${EMPRESAS[1].email}30-70987654-3InactivaOperativa01/02/2026`);

    const comparativo = await screen.findByRole('table', { name: 'Desempeño por empresa' });
    expect(within(comparativo).getAllByRole('row')[1]).toHaveTextContent('Lanchas del Delta120$ 540.000,002 ($ 9.000,00)0101-$ 100,00 faltante');
    expect(within(comparativo).getAllByRole('row')[3]).toHaveTextContent('Total160$ 720.000,00');
    expect(pedidos[0]).toBe('?periodo=hoy&base=venta');

    await user.click(screen.getByRole('radio', { name: 'Mes específico' }));
    await screen.findByText(/Del 01\/11\/2026 al 30\/11\/2026, por fecha de venta/);
    expect(pedidos.at(-1)).toMatch(/^\?periodo=mes&base=venta&mes=\d+&anio=\d{4}$/);
  });

  it("says so when the comparison can't be read", async () => {
    signIn('super_admin');
    mockEmpresas();
    server.use(http.get('/api/reportes/empresas', () => fail(500, 'Error interno del servidor')));
    renderApp('/admin/reportes/empresas');
    expect(await screen.findByText('Error al cargar los datos del reporte')).toBeInTheDocument();
  });
});
