import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { reportesVentas } from '@/testing/handlers/reportes';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const PERMISOS = { rolInfo: { nombre: 'supervisor', permisos: { reportes: { ver: true, exportar: true } } } };

function renderPage(mock = reportesVentas(), route = '/admin/reportes-estadisticas') {
  server.use(...mock.handlers);
  signIn('supervisor', PERMISOS);
  return { ...renderApp(route), mock };
}

async function elegirTipo(user: ReturnType<typeof renderApp>['user'], tipo: string) {
  await user.click(screen.getByRole('combobox', { name: 'Tipo de reporte' }));
  await user.click(await screen.findByRole('option', { name: tipo, hidden: true }));
  await user.click(screen.getByRole('button', { name: 'Generar' }));
}

describe('ReportesEstadisticasPage', () => {
  it('shows the sales report of today on arrival, the cancelled apart, by seller and payment method', async () => {
    const { mock } = renderPage();
    const reporte = await screen.findByRole('region', { name: 'Reporte de ventas' });
    expect(await within(reporte).findByRole('group', { name: 'Total Ventas' })).toHaveTextContent('120');
    expect(within(reporte).getByRole('group', { name: 'Ingresos Totales' })).toHaveTextContent('$ 540.000,00');
    expect(within(reporte).getByRole('group', { name: 'Cancelados (no incluidos)' })).toHaveTextContent(/\$ 9\.000,00.*2 pasajes cancelados/);
    expect(within(within(reporte).getByRole('region', { name: 'Ventas por vendedor' })).getAllByRole('row')[1]).toHaveTextContent(/vendedor.*120.*\$ 540\.000,00.*100,0 %/);
    expect(within(reporte).getByRole('region', { name: 'Ventas por medio de pago' })).toHaveTextContent('Tarjeta de débito');
    expect(mock.consultas[0].q.toString()).toBe('periodo=hoy&base=venta');
  });

  it('generates the report by section, and by trip type, for the chosen period', async () => {
    const { user, mock } = renderPage();
    await screen.findByRole('region', { name: 'Reporte de ventas' });
    await user.click(screen.getByRole('radio', { name: 'Año completo' }));
    await elegirTipo(user, 'Secciones');
    const secciones = await screen.findByRole('region', { name: 'Reporte de secciones' });
    const filas = within(await within(secciones).findByRole('region', { name: 'Ventas por sección' })).getAllByRole('row');
    expect(filas[1]).toHaveTextContent(/Tigre - Paraná.*300.*\$ 1\.350\.000,00.*64,3 %/);
    expect(filas[2]).toHaveTextContent(/Tigre - Tres Bocas.*120.*\$ 750\.000,00.*35,7 %/);
    expect(mock.consultas.at(-1)!.q.get('periodo')).toBe('año');

    await elegirTipo(user, 'Tipos de viaje');
    const tipos = await screen.findByRole('region', { name: 'Reporte de tipos de viaje' });
    expect(within(tipos).getByRole('region', { name: 'Ventas por tipo de viaje' })).toHaveTextContent(/Ida y vuelta.*50.*\$ 225\.000,00/);
  });

  it('does not change the report until Generar is pressed', async () => {
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Reporte de ventas' });
    await user.click(screen.getByRole('combobox', { name: 'Tipo de reporte' }));
    await user.click(await screen.findByRole('option', { name: 'Secciones', hidden: true }));
    expect(screen.getByRole('region', { name: 'Reporte de ventas' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reporte de secciones' })).not.toBeInTheDocument();
  });

  it('leads to the register report of the same period for Caja', async () => {
    const { user } = renderPage(reportesVentas(), '/admin/reportes-estadisticas?periodo=mes&mes=10&anio=2026');
    await screen.findByRole('region', { name: 'Reporte de ventas' });
    await elegirTipo(user, 'Caja');
    const caja = await screen.findByRole('region', { name: 'Reporte de caja' });
    expect(within(caja).getByRole('link', { name: 'Ver el reporte de cajas del período' }))
      .toHaveAttribute('href', '/admin/reportes/cajas?periodo=mes&mes=10&anio=2026');
  });

  it('reads /admin/reportes as this screen', async () => {
    renderPage(reportesVentas(), '/admin/reportes');
    expect(await screen.findByRole('heading', { name: 'Reportes y Estadísticas' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/reportes-estadisticas'));
  });

  it('shows a 500 in Spanish', async () => {
    renderPage(reportesVentas({ falla: { status: 500, message: 'Error interno del servidor' } }));
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Error al cargar estadísticas');
    expect(alerta).toHaveTextContent('Error interno del servidor');
  });
});
