import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { KPIS, makeVentaDetallada, reportesVentas } from '@/testing/handlers/reportes';
import { renderApp } from '@/testing/render';
import { fail, server } from '@/testing/server';

const PERMISOS = { rolInfo: { nombre: 'admin', permisos: { reportes: { ver: true, exportar: true, avanzados: true } } } };
const ventas = Array.from({ length: 32 }, (_, i) =>
  makeVentaDetallada(100 - i, { estado: i === 0 ? 'usado' : i === 1 ? 'cancelado' : 'activo', cliente_nombre: `Cliente ${i + 1}` }));

function renderPage(mock = reportesVentas({ ventas }), route = '/admin/reportes/ventas') {
  server.use(...mock.handlers);
  signIn('admin', PERMISOS);
  return { ...renderApp(route), mock };
}

afterEach(() => vi.restoreAllMocks());

describe('ReporteVentasPage', () => {
  it('shows the KPIs, the best day and the cancelled apart, for today by default', async () => {
    const { mock } = renderPage();
    const total = await screen.findByRole('group', { name: 'Total Ventas' });
    expect(total).toHaveTextContent('120');
    expect(screen.getByRole('group', { name: 'Ingresos Totales' })).toHaveTextContent('$ 540.000,00');
    expect(screen.getByRole('group', { name: 'Promedio por Venta' })).toHaveTextContent('$ 4.500,00');
    expect(screen.getByRole('group', { name: 'Mejor Día' })).toHaveTextContent('22/11/2026');
    expect(screen.getByRole('group', { name: 'Mejor Día' })).toHaveTextContent('45 pasajes · $ 202.500,00');
    expect(screen.getByText('Cancelados (no incluidos en ventas ni ingresos)').parentElement!.parentElement).toHaveTextContent('2 pasajes · $ 9.000,00');
    const kpis = mock.consultas.find((c) => c.path === '/api/reportes/graficos/kpis')!;
    expect(kpis.q.toString()).toBe('periodo=hoy&base=venta');
    const serie = mock.consultas.find((c) => c.path === '/api/reportes/graficos/ventas-periodo')!;
    expect(serie.q.get('agrupar')).toBe('dia');
  });

  it("says 'N/A' without a best day and 'No hay datos de ventas disponibles' with an empty series", async () => {
    renderPage(reportesVentas({ kpis: { ...KPIS, mejor_dia: null }, serie: [{ periodo: '2026-11-25', cantidad_pasajes: 0, ingreso_total: 0 }] }));
    expect(await screen.findByRole('group', { name: 'Mejor Día' })).toHaveTextContent('N/A');
    const grafico = screen.getByRole('figure', { name: 'Evolución de Ventas' });
    expect(within(grafico).getByText('No hay datos de ventas disponibles')).toBeInTheDocument();
  });

  it('gives the chart a text alternative with es-AR figures', async () => {
    renderPage();
    const grafico = await screen.findByRole('figure', { name: 'Evolución de Ventas' });
    expect(grafico).toHaveTextContent('120 pasajes, $ 540.000,00 en el período');
    const tabla = within(grafico).getByRole('table', { hidden: true });
    expect(within(tabla).getAllByRole('row', { hidden: true })[1]).toHaveTextContent(/24\/11\/2026.*70.*\$ 315\.000,00/);
  });

  it('lists 15 sales a page with their state badges, and pages on', async () => {
    const { user, mock } = renderPage();
    expect(await screen.findByText('Mostrando 1 - 15 de 32 registros')).toBeInTheDocument();
    const tabla = screen.getByRole('region', { name: 'Ventas detalladas' });
    const filas = within(tabla).getAllByRole('row');
    expect(filas).toHaveLength(16);
    expect(filas[1]).toHaveTextContent(/25\/11\/2026.*LD-20261125-000100.*Cliente 1.*Tigre - Paraná.*\$ 4\.500,00.*Usado/);
    expect(filas[2]).toHaveTextContent('Cancelado');
    expect(filas[3]).toHaveTextContent('Activo');
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Mostrando 31 - 32 de 32 registros')).toBeInTheDocument();
    expect(mock.consultas.filter((c) => c.path === '/api/reportes/ventas-detalladas').at(-1)!.q.toString())
      .toBe('periodo=hoy&base=venta&pagina=3&limite=15');
  });

  it('asks for the chosen period, month by month for a year, back on page 1', async () => {
    const { user, mock } = renderPage();
    await screen.findByText('Mostrando 1 - 15 de 32 registros');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await screen.findByText('Mostrando 16 - 30 de 32 registros');
    await user.click(screen.getByRole('radio', { name: 'Año completo' }));
    await waitFor(() => expect(mock.consultas.at(-1)!.q.get('periodo')).toBe('año'));
    expect(await screen.findByText('Mostrando 1 - 15 de 32 registros')).toBeInTheDocument();
    const serie = mock.consultas.filter((c) => c.path === '/api/reportes/graficos/ventas-periodo').at(-1)!;
    expect(serie.q.get('agrupar')).toBe('mes');
    expect(serie.q.get('anio')).toMatch(/^\d{4}$/);
  });

  it("turns every export off with no sales: 'No hay datos para exportar'", async () => {
    renderPage(reportesVentas({ ventas: [] }));
    expect(await screen.findByText('No hay ventas en el período')).toBeInTheDocument();
    const exportar = screen.getByRole('group', { name: 'Exportar' });
    for (const nombre of ['PDF', 'Excel', 'CSV', 'Imprimir']) expect(within(exportar).getByRole('button', { name: nombre })).toBeDisabled();
    expect(within(exportar).getByText('No hay datos para exportar')).toBeInTheDocument();
  });

  it('downloads the Excel under the server name and says so', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:xlsx'), revokeObjectURL: vi.fn() });
    const nombres: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      nombres.push(this.download);
    });
    const { user, mock } = renderPage();
    await screen.findByText('Mostrando 1 - 15 de 32 registros');
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    expect(await screen.findByText('✅ Reporte Excel descargado exitosamente')).toBeInTheDocument();
    expect(nombres).toEqual(['reporte-ventas-hoy-2026-11-25.xlsx']);
    expect(mock.consultas.find((c) => c.path === '/api/reportes/excel')!.q.toString()).toBe('periodo=hoy&base=venta&formato=xlsx');
  });

  it('opens the server PDF in a new window and prints it after 500 ms', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    const print = vi.fn();
    const ventana = { document: { write: vi.fn() }, location: { href: '' }, print, focus: vi.fn(), close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(ventana as unknown as Window);
    const { user, mock } = renderPage();
    await screen.findByText('Mostrando 1 - 15 de 32 registros');
    await user.click(screen.getByRole('button', { name: 'PDF' }));
    expect(await screen.findByText('✅ Reporte PDF preparado para imprimir')).toBeInTheDocument();
    expect(ventana.location.href).toBe('blob:pdf');
    expect(mock.consultas.find((c) => c.path === '/api/reportes/excel')!.q.get('formato')).toBe('pdf');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('says how much of a slow download has arrived and cancels it', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderPage();
    await screen.findByText('Mostrando 1 - 15 de 32 registros');
    server.use(http.get('/api/reportes/excel', () => new HttpResponse(new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array(3072));
      },
    }))));
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    const estado = await screen.findByRole('status', { name: 'Descarga' });
    await waitFor(() => expect(estado).toHaveTextContent('Descargando… 3 KB'));
    expect(screen.getByRole('button', { name: 'Excel' })).toBeDisabled();
    await user.click(within(estado).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Descarga cancelada')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Descarga' })).not.toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it('says why a download failed in the spec words', async () => {
    const mock = reportesVentas({ ventas });
    const { user } = renderPage(mock);
    await screen.findByText('Mostrando 1 - 15 de 32 registros');
    server.use(http.get('/api/reportes/excel', () => fail(500, 'Error interno del servidor')));
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    expect(await screen.findByText('❌ Error al descargar reporte Excel')).toBeInTheDocument();
  });

  it('shows the server refusal (403) as the report error', async () => {
    renderPage(reportesVentas({ falla: { status: 403, message: 'No tiene permiso para ver reportes' } }));
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Error al cargar los datos del reporte');
    expect(alerta).toHaveTextContent('No tiene permiso para ver reportes');
  });

  it('shows a 500 as the report error, with a retry', async () => {
    renderPage(reportesVentas({ falla: { status: 500, message: 'Error interno del servidor' } }));
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Error al cargar los datos del reporte');
    expect(within(alerta).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('is listed under Reportes for admin and supervisor, not for a seller', async () => {
    signIn('vendedor');
    renderApp('/admin/reportes/ventas');
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
  });
});
