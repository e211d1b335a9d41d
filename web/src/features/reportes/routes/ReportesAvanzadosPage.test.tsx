import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { INGRESOS_MENSUALES, makeVentaDetallada, reportesVentas } from '@/testing/handlers/reportes';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const PERMISOS = { rolInfo: { nombre: 'admin', permisos: { reportes: { ver: true, exportar: true, avanzados: true } } } };
const ventas = Array.from({ length: 23 }, (_, i) => makeVentaDetallada(200 - i, { estado: i === 0 ? 'usado' : 'activo' }));

function renderPage(mock = reportesVentas({ ventas })) {
  server.use(...mock.handlers);
  signIn('admin', PERMISOS);
  return { ...renderApp('/admin/reportes-avanzados'), mock };
}

afterEach(() => vi.restoreAllMocks());

describe('ReportesAvanzadosPage', () => {
  it('shows each KPI with its change against the previous period in text', async () => {
    renderPage();
    const ventasKpi = await screen.findByRole('group', { name: 'Total Ventas' });
    expect(ventasKpi).toHaveTextContent('120');
    expect(ventasKpi).toHaveTextContent('▲ +12,5 % vs. período anterior');
    const ingresos = screen.getByRole('group', { name: 'Ingresos Totales' });
    expect(ingresos).toHaveTextContent('$ 540.000,00');
    expect(ingresos).toHaveTextContent('▼ -3,0 % vs. período anterior');
    expect(screen.getByRole('group', { name: 'Ticket Promedio' })).toHaveTextContent('= 0,0 % vs. período anterior');
    const embarque = screen.getByRole('group', { name: 'Tasa de Embarque' });
    expect(embarque).toHaveTextContent('62,5 %');
    expect(embarque).toHaveTextContent('Sin datos previos');
    expect(screen.getByText('Período: 25/11/2026 · Fecha de venta')).toBeInTheDocument();
  });

  it('shows the income by payment method and the cancelled apart', async () => {
    renderPage();
    const medios = await screen.findByRole('region', { name: 'Ingresos por medio de pago' });
    const filas = within(medios).getAllByRole('row');
    expect(filas[1]).toHaveTextContent(/Efectivo.*80.*\$ 360\.000,00.*66,7 %/);
    expect(filas[2]).toHaveTextContent(/Tarjeta de débito.*40.*\$ 180\.000,00.*33,3 %/);
    expect(screen.getByText('Cancelados (no incluidos): 2 pasajes · $ 9.000,00')).toBeInTheDocument();
  });

  it('draws the monthly income of the last 6 months by default and switches to 3', async () => {
    const { user, mock } = renderPage();
    const grafico = await screen.findByRole('figure', { name: 'Ingresos mensuales' });
    const meses = () => mock.consultas.filter((c) => c.path === '/api/reportes/graficos/ingresos-mensuales').map((c) => c.q.get('meses'));
    expect(meses()).toEqual(['6']);
    expect(within(grafico).getAllByRole('row', { hidden: true })).toHaveLength(7);
    expect(within(grafico).getAllByRole('row', { hidden: true })[6]).toHaveTextContent(/Nov 2026.*120.*\$ 600\.000,00/);
    await user.click(within(grafico).getByRole('radio', { name: '3 meses' }));
    await waitFor(() => expect(within(grafico).getAllByRole('row', { hidden: true })).toHaveLength(4));
    expect(meses()).toEqual(['6', '3']);
    expect(screen.getByRole('heading', { name: 'Ingresos por sección (últimos 3 meses)' })).toBeInTheDocument();
    const secciones = screen.getByRole('region', { name: 'Ingresos por sección' });
    expect(within(secciones).getAllByRole('row')[1]).toHaveTextContent(/Tigre - Paraná.*300.*\$ 1\.350\.000,00/);
  });

  it("says 'No hay datos de ventas disponibles' for months without income", async () => {
    renderPage(reportesVentas({
      ventas, ingresos: { ...INGRESOS_MENSUALES, ingresos_mensuales: INGRESOS_MENSUALES.ingresos_mensuales.map((m) => ({ ...m, total_ingresos: 0, cantidad: 0 })) },
    }));
    const grafico = await screen.findByRole('figure', { name: 'Ingresos mensuales' });
    expect(within(grafico).getByText('No hay datos de ventas disponibles')).toBeInTheDocument();
  });

  it('lists the detailed sales 10 a page with every column and pages on', async () => {
    const { user, mock } = renderPage();
    expect(await screen.findByText('Mostrando 1 - 10 de 23 registros')).toBeInTheDocument();
    const filas = within(screen.getByRole('region', { name: 'Ventas detalladas' })).getAllByRole('row');
    expect(filas).toHaveLength(11);
    expect(filas[0]).toHaveTextContent(/Fecha de venta.*Fecha de viaje.*N° Pasaje.*Cliente.*Sección.*Tipo de viaje.*Medio de pago.*Vendedor.*Precio.*Estado/);
    expect(filas[1]).toHaveTextContent(/26\/11\/2026.*LD-20261125-000200.*Juan Gómez.*Ida.*Efectivo.*vendedor.*\$ 4\.500,00.*Usado/);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Mostrando 11 - 20 de 23 registros')).toBeInTheDocument();
    expect(mock.consultas.filter((c) => c.path === '/api/reportes/ventas-detalladas').at(-1)!.q.toString())
      .toBe('periodo=hoy&base=venta&pagina=2&limite=10');
  });

  it('turns the exports off with no sales', async () => {
    renderPage(reportesVentas({ ventas: [] }));
    expect(await screen.findByText('No hay ventas en el período')).toBeInTheDocument();
    const exportar = screen.getByRole('group', { name: 'Exportar' });
    for (const nombre of ['PDF', 'Excel', 'CSV']) expect(within(exportar).getByRole('button', { name: nombre })).toBeDisabled();
  });

  it('shows the server refusal (403) in Spanish', async () => {
    renderPage(reportesVentas({ falla: { status: 403, message: 'No tiene permiso para ver reportes avanzados' } }));
    const alertas = await screen.findAllByRole('alert');
    expect(alertas[0]).toHaveTextContent('Error al cargar los datos del reporte');
    expect(alertas[0]).toHaveTextContent('No tiene permiso para ver reportes avanzados');
  });

  it('is denied to a supervisor', async () => {
    signIn('supervisor');
    renderApp('/admin/reportes-avanzados');
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
  });
});
